import { LOCALES } from "@ems/i18n/locales";
import { describe, expect, it } from "vitest";

import { sitemapXml } from "~/lib/sitemap";

import { knowledgeBaseEntry, knowledgeBaseIndex, knowledgeBaseSitemap } from "./knowledge-base.server";

const origin = "https://ems.example.test";
const locs = (xml: string) => xml.match(/<loc>/g)?.length ?? 0;

describe("the knowledge base on the site", () => {
  it("every language's sitemap lists as many pages as the English one, except the en/de glossary", () => {
    const english = locs(sitemapXml(origin, "en", knowledgeBaseSitemap("en")));
    expect(english).toBeGreaterThanOrEqual(80);
    for (const locale of LOCALES) {
      const count = locs(sitemapXml(origin, locale, knowledgeBaseSitemap(locale)));
      expect(count, locale).toBe(locale === "de" || locale === "en" ? english : english - 1);
    }
  });

  it("sitemap entries of articles name their translations", () => {
    const xml = sitemapXml(origin, "de", knowledgeBaseSitemap("de"));
    expect(xml).toContain(`<loc>${origin}/de/wissensdatenbank/leiterplattendesign/passermarken</loc>`);
    expect(xml).toContain(`hreflang="en" href="${origin}/knowledge-base/pcb-design/fiducial-marks"`);
  });

  it("resolves categories and articles only under their own category", () => {
    expect(knowledgeBaseEntry("de", "leiterplattendesign", { includeDrafts: false })?.kind).toBe("category");
    const article = knowledgeBaseEntry("de", "leiterplattendesign/passermarken", { includeDrafts: false });
    expect(article?.kind).toBe("article");
    expect(article?.translations.en).toBe("/knowledge-base/pcb-design/fiducial-marks");
    expect(knowledgeBaseEntry("de", "bauteile/passermarken", { includeDrafts: false })).toBeNull();
    expect(
      knowledgeBaseEntry("de", "leiterplattendesign/passermarken/mehr", { includeDrafts: false }),
    ).toBeNull();
    expect(knowledgeBaseEntry("en", "leiterplattendesign", { includeDrafts: false })).toBeNull();
  });

  it("the index lists every category and searches when asked", () => {
    const index = knowledgeBaseIndex("fr", { query: "", includeDrafts: false });
    expect(index.results).toBeNull();
    expect(index.categories).toHaveLength(5);
    expect(index.categories.flatMap((c) => c.articles)).toHaveLength(40);
    const search = knowledgeBaseIndex("fr", { query: "mires", includeDrafts: false });
    expect(search.results?.[0]?.id).toBe("fiducial-marks");
  });
});
