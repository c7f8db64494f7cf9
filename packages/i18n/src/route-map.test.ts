import { describe, expect, it } from "vitest";
import { languageRedirect } from "./language-redirect.ts";
import { LOCALES } from "./locales.ts";
import { PAGE_KEYS } from "./pages.ts";
import {
  aliases,
  alternates,
  legacyCaseStudyTarget,
  pagePath,
  parseRouteId,
  routeEntries,
} from "./route-map.ts";

const options = { productSlug: "acme" };

describe("route map", () => {
  it("gives every page a path in every language, except the glossary outside en and de", () => {
    for (const key of PAGE_KEYS) {
      for (const locale of LOCALES) {
        const path = pagePath(key, locale, options, {
          "*": "x",
          pcb: "1",
          assembly: "2",
          quote: "3",
          order: "4",
          customer: "5",
        });
        if (key === "resources-pcb-glossary" && locale !== "en" && locale !== "de") expect(path).toBeNull();
        else expect(path, `${key} ${locale}`).toMatch(/^\//);
      }
    }
  });

  it("never gives two routes the same path", () => {
    // Exact spellings: /de/elektronikfertigung/Serienproduktion and its lower-case twin are both wanted.
    const paths = routeEntries(options).map((e) => e.path);
    const seen = new Map<string, number>();
    for (const p of paths) seen.set(p, (seen.get(p) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  });

  it("keeps the documented public paths", () => {
    expect(pagePath("about-company", "en", options)).toBe("/about/company");
    expect(pagePath("legal-terms", "en", options)).toBe("/legal/terms-and-conditions");
    expect(pagePath("em-tht-assembly", "de", options)).toBe("/de/elektronikfertigung/tht-montage");
    expect(pagePath("about-elexess-part-search", "de", options)).toBe("/de/ueber/elexess-part-search");
    expect(pagePath("resources-case-studies", "de", options)).toBe("/de/ressourcen/fallstudien");
    expect(pagePath("resources-case-studies", "it", options)).toBe("/it/risorse/casi-studio");
    expect(pagePath("resources-case-studies", "ro", options)).toBe("/ro/resurse/studii-de-caz");
    expect(pagePath("resources-product-vs-traditional-ems", "en", options)).toBe(
      "/resources/acme-vs-traditional-ems",
    );
    expect(pagePath("my-desk", "fi", options)).toBe("/fi/my/desk");
    expect(pagePath("my-cam", "de", options, { pcb: "PCB 7" })).toBe("/de/my/cam/PCB%207");
    expect(pagePath("my-cam", "de", options)).toBeNull();
    expect(pagePath("knowledge-base-article", "en", options, { "*": "design/fiducials" })).toBe(
      "/knowledge-base/design/fiducials",
    );
  });

  it("serves the German content paths and their doubled-prefix twins as aliases of the German page", () => {
    const list = aliases(options);
    const find = (path: string) => list.find((a) => a.path === path);
    expect(find("/de/elektronikfertigung/Serienproduktion")).toMatchObject({
      key: "em-pcba-volume-production",
      locale: "de",
    });
    expect(find("/de/resources/faq")).toMatchObject({ key: "resources-faq", locale: "de" });
    expect(find("/de/resources/acme-vs-traditionelle-ems")).toMatchObject({ locale: "de" });
    expect(find("/it/de/elektronikfertigung/tht-montage")).toMatchObject({
      key: "em-tht-assembly",
      locale: "de",
    });
    expect(find("/fi/de/resources/leiterplatten-glossar")).toMatchObject({
      key: "resources-pcb-glossary",
      locale: "de",
    });
    expect(find("/de/ressourcen/case-studies")).toMatchObject({
      key: "resources-case-studies",
      locale: "de",
    });
    expect(find("/it/risorse/case-studies")).toBeDefined();
    expect(find("/ro/resurse/case-studies")).toBeDefined();
  });

  it("lists hreflang alternates only where the page exists", () => {
    expect(alternates("resources-pcb-glossary", options).map((a) => a.locale)).toEqual(["en", "de"]);
    expect(alternates("contact", options)).toHaveLength(12);
  });

  it("round-trips route ids", () => {
    for (const entry of routeEntries(options)) {
      expect(parseRouteId(entry.id)).toEqual({ key: entry.key, locale: entry.locale, alias: entry.alias });
    }
    expect(parseRouteId("page:nope:de")).toBeNull();
    expect(parseRouteId("page:contact:xx")).toBeNull();
  });
});

describe("legacyCaseStudyTarget", () => {
  it.each([
    ["/case-studies", "/resources/case-studies"],
    ["/fallstudien", "/de/ressourcen/fallstudien"],
    ["/de/fallstudien", "/de/ressourcen/fallstudien"],
    ["/de/case-studies", "/de/ressourcen/case-studies"],
    ["/casi-studio", "/it/risorse/casi-studio"],
    ["/it/casi-studio", "/it/risorse/casi-studio"],
    ["/it/case-studies", "/it/risorse/case-studies"],
    ["/studii-de-caz", "/ro/resurse/studii-de-caz"],
    ["/ro/case-studies", "/ro/resurse/case-studies"],
  ])("%s → %s", (from, to) => {
    expect(legacyCaseStudyTarget(from, options)).toBe(to);
  });

  it("sends other languages' legacy path to their localised page and ignores the rest", () => {
    expect(legacyCaseStudyTarget("/fr/case-studies", options)).toBe(
      pagePath("resources-case-studies", "fr", options),
    );
    expect(legacyCaseStudyTarget("/resources/case-studies", options)).toBeNull();
    expect(legacyCaseStudyTarget("/xx/case-studies", options)).toBeNull();
    expect(legacyCaseStudyTarget("/", options)).toBeNull();
  });
});

describe("languageRedirect", () => {
  it("sends a returning visitor on / to the language they chose", () => {
    expect(languageRedirect("/", "de", false)).toBe("/de");
    expect(languageRedirect("/", "pt-PT", false)).toBe("/pt");
  });

  it("leaves crawlers, English, unknown values and other paths alone", () => {
    expect(languageRedirect("/", "de", true)).toBeNull();
    expect(languageRedirect("/", "en", false)).toBeNull();
    expect(languageRedirect("/", "xx", false)).toBeNull();
    expect(languageRedirect("/", undefined, false)).toBeNull();
    expect(languageRedirect("/contact", "de", false)).toBeNull();
  });

  it("lets the cookie win over Accept-Language", () => {
    expect(languageRedirect("/", "fr", false, "de-DE,de;q=0.9")).toBe("/fr");
    expect(languageRedirect("/", "en", false, "de-DE,de;q=0.9")).toBeNull();
  });

  it("sends a first visit to the best supported language of Accept-Language", () => {
    expect(languageRedirect("/", undefined, false, "de")).toBe("/de");
    expect(languageRedirect("/", undefined, false, "ja;q=1, sv-SE;q=0.8, de;q=0.9")).toBe("/de");
    expect(languageRedirect("/", undefined, false, "pt-BR;q=0.5, nb-NO")).toBe("/no");
    expect(languageRedirect("/", undefined, false, "en-GB, fr;q=0.9")).toBeNull();
    expect(languageRedirect("/", undefined, false, "fr;q=0, it;q=0.3")).toBe("/it");
    expect(languageRedirect("/contact", undefined, false, "de")).toBeNull();
  });

  it("keeps English for unsupported languages, no header and crawlers", () => {
    expect(languageRedirect("/", undefined, false, "ja, zh-CN;q=0.8, *;q=0.1")).toBeNull();
    expect(languageRedirect("/", undefined, false, "")).toBeNull();
    expect(languageRedirect("/", undefined, false, undefined)).toBeNull();
    expect(languageRedirect("/", undefined, true, "de")).toBeNull();
  });
});
