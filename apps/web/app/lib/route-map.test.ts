import { afterEach, describe, expect, it, vi } from "vitest";

import { currentPage, href, pageAtPath, pageTranslations, switchLocaleHref } from "./route-map";

const match = (id: string, params: Record<string, string> = {}) => ({ id, params });

describe("currentPage", () => {
  it("finds the deepest route-map page among the matches", () => {
    expect(currentPage([match("root"), match("routes/layouts/default"), match("page:contact:de")])).toEqual({
      key: "contact",
      locale: "de",
      alias: false,
      params: {},
    });
    expect(currentPage([match("root"), match("not-found")])).toBeNull();
  });
});

describe("switchLocaleHref (language switching)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("goes to the target language's root from home and to its index from the knowledge base", () => {
    expect(switchLocaleHref({ key: "home", locale: "en", alias: false, params: {} }, "/", "de")).toBe("/de");
    expect(switchLocaleHref({ key: "home", locale: "de", alias: false, params: {} }, "/de", "en")).toBe("/");
    expect(
      switchLocaleHref(
        { key: "knowledge-base", locale: "en", alias: false, params: {} },
        "/knowledge-base",
        "de",
      ),
    ).toBe(href("knowledge-base", "de"));
  });

  it("maps an inner page to its translated path", () => {
    const page = { key: "em-tht-assembly" as const, locale: "en" as const, alias: false, params: {} };
    expect(switchLocaleHref(page, "/electronics-manufacturing/tht-assembly", "de")).toBe(
      "/de/elektronikfertigung/tht-montage",
    );
    expect(switchLocaleHref(page, "/electronics-manufacturing/tht-assembly", "en")).toBe(
      "/electronics-manufacturing/tht-assembly",
    );
  });

  it("keeps the path under the new prefix for a page the route map does not know", () => {
    expect(switchLocaleHref(null, "/de/gibt-es-nicht", "fr")).toBe("/fr/gibt-es-nicht");
    expect(switchLocaleHref(null, "/nothing", "it")).toBe("/it/nothing");
  });

  it("leads to the target language's knowledge base where the page has no translation, warning once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const glossary = {
      key: "resources-pcb-glossary" as const,
      locale: "de" as const,
      alias: false,
      params: {},
    };
    const path = "/de/ressourcen/leiterplatten-glossar";
    expect(switchLocaleHref(glossary, path, "fr")).toBe(href("knowledge-base", "fr"));
    expect(switchLocaleHref(glossary, path, "fi")).toBe("/fi/tietopankki");
    // Every render of the selector asks again for every language: one warning per page and process.
    for (let render = 0; render < 3; render++)
      for (const target of ["es", "it", "fr"] as const) switchLocaleHref(glossary, path, target);
    expect(warn).toHaveBeenCalledOnce();
    expect(switchLocaleHref(glossary, path, "en")).toBe("/resources/pcb-glossary");
    warn.mockRestore();
  });
});

describe("pages of content with slugs of their own", () => {
  const article = {
    key: "knowledge-base-article" as const,
    locale: "de" as const,
    alias: false,
    params: { "*": "leiterplattendesign/passermarken" },
  };
  const translations = {
    de: "/de/wissensdatenbank/leiterplattendesign/passermarken",
    en: "/knowledge-base/pcb-design/fiducial-marks",
  };

  it("switch language to the article's translation, or that language's knowledge base", () => {
    expect(switchLocaleHref(article, translations.de, "en", translations)).toBe(translations.en);
    expect(switchLocaleHref(article, translations.de, "fi", translations)).toBe("/fi/tietopankki");
  });

  it("find the translations in the data of the deepest route that has them", () => {
    expect(pageTranslations([{ data: { translations: { en: "/a" } } }, { data: { other: 1 } }])).toEqual({
      en: "/a",
    });
    expect(pageTranslations([{ data: null }, {}])).toBeNull();
  });
});

describe("pageAtPath", () => {
  it("knows route-map pages by path, aliases and trailing slashes included", () => {
    expect(pageAtPath("/de/kontakt")).toEqual({ key: "contact", locale: "de" });
    expect(pageAtPath("/electronics-manufacturing/smt-assembly/")).toEqual({
      key: "em-smt-assembly",
      locale: "en",
    });
    expect(pageAtPath("/it/de/resources/faq")).toEqual({ key: "resources-faq", locale: "de" });
    expect(pageAtPath("/")).toEqual({ key: "home", locale: "en" });
    expect(pageAtPath("/fr/ressources/pcb-glossary")).toBeNull();
    expect(pageAtPath("/my/quotes/123")).toBeNull();
  });
});
