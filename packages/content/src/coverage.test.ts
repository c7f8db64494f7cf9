import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { LOCALES } from "@ems/i18n/locales";
import { describe, expect, it } from "vitest";

import { contentCoverage, percent } from "./coverage.ts";
import { knowledgeBase } from "./knowledge-base.ts";
import { createTestContent } from "./testing.ts";

/**
 * The CI gate of issue 7: every page body, article and interface string exists in all 12 languages,
 * and rendering all of it finds no broken link, unknown placeholder or length out of range.
 */
describe("the site's content (content/)", () => {
  const report = contentCoverage();

  it("has no problems", () => {
    expect(report.problems).toEqual([]);
  });

  it.each(LOCALES)("%s is complete", (locale) => {
    const language = report.languages.find((l) => l.locale === locale)!;
    expect(language.pages.missing, "pages").toEqual([]);
    expect(language.articles.missing, "articles").toEqual([]);
    expect(language.strings.missing, "interface strings").toEqual([]);
    expect(language.articles.total).toBeGreaterThanOrEqual(40);
  });

  it.each(LOCALES)("%s: searching an article's title finds that article among the first three", (locale) => {
    const kb = knowledgeBase();
    for (const article of kb.articles(locale)) {
      const found = kb
        .search(locale, article.title)
        .slice(0, 3)
        .map((a) => a.id);
      expect(found, `${locale}: ${article.title}`).toContain(article.id);
    }
  });
});

describe("contentCoverage", () => {
  it("reports missing translations and broken links of a content folder", () => {
    const content = createTestContent(
      [
        { locale: "en", id: "a", body: "See [b](kb:b).\n\n" + "word ".repeat(650) },
        { locale: "en", id: "b", body: "word ".repeat(650) },
        { locale: "de", id: "a", slug: "a-de", body: "Siehe [b](kb:b)." },
      ],
      [{ locale: "en", key: "em-smt-assembly", body: "## SMT\n\n" + "Placement text. ".repeat(40) }],
    );
    try {
      const report = contentCoverage(content.root);
      const de = report.languages.find((l) => l.locale === "de")!;
      expect(de.articles).toMatchObject({ done: 1, total: 2, missing: ["b"] });
      expect(de.pages).toMatchObject({ done: 0, total: 1, missing: ["em-smt-assembly"] });
      expect(
        report.problems.some((p) => p.includes("de/a.md") && p.includes("Unknown link target kb:b")),
      ).toBe(true);
      expect(percent(de.articles.done, de.articles.total)).toBe(50);
      expect(percent(2, 3)).toBe(66.6);
    } finally {
      content.remove();
    }
  });

  it("reports a text copied from English unless it is a reviewed cognate", () => {
    const content = createTestContent([], []);
    try {
      const catalog = (locale: string, texts: Record<string, string>) => {
        mkdirSync(path.join(content.root, "locales", locale), { recursive: true });
        writeFileSync(path.join(content.root, "locales", locale, "messages.json"), JSON.stringify(texts));
      };
      const english = { "home.cta_quote": "Request a quote", "list.status": "Status" };
      for (const locale of LOCALES) catalog(locale, english);
      catalog("es", { "home.cta_quote": "Solicitar presupuesto", "list.status": "Estado" });
      const cognates = {
        de: { Status: { why: "the same word in German", keys: ["messages.json:list.status"] } },
      };
      writeFileSync(path.join(content.root, "locales", "cognates.json"), JSON.stringify(cognates));

      const copied = contentCoverage(content.root).problems.filter((p) => p.includes("copied from English"));
      expect(copied.find((p) => p.startsWith("content/locales/de/"))).toMatch(/: home\.cta_quote$/);
      expect(copied.find((p) => p.startsWith("content/locales/fr/"))).toMatch(
        /: home\.cta_quote, list\.status$/,
      );
      expect(copied.some((p) => p.startsWith("content/locales/es/"))).toBe(false);
      expect(copied.some((p) => p.startsWith("content/locales/en/"))).toBe(false);
    } finally {
      content.remove();
    }
  });
});
