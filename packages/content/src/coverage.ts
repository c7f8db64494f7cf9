import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { siteConfig } from "@ems/config/site";
import { COGNATES_FILE, copiedStrings, type CognateAllowlist } from "@ems/i18n/copied-strings";
import { LOCALES, type Locale } from "@ems/i18n/locales";
import { PAGE_KEYS, PAGES, type PageKey } from "@ems/i18n/pages";
import { pagePath } from "@ems/i18n/route-map";

import { contentRoot } from "@ems/i18n/content-root";
import { glossary } from "./glossary.ts";
import { KnowledgeBase } from "./knowledge-base.ts";
import { fillPlaceholders } from "./markdown.ts";
import { contentValues } from "./values.ts";

/** Limits the checks hold every language to (docs/content.md). */
export const LIMITS = {
  articleWords: { min: 600, max: 1500 },
  articleTitle: { min: 20, max: 70 },
  /** Meta descriptions: long enough to say something, short enough not to be cut in results. */
  description: { min: 70, max: 165 },
  /** The whole <title>, brand included. */
  pageTitle: { max: 75 },
  glossaryTerms: 150,
} as const;

export interface LanguageCoverage {
  locale: Locale;
  pages: { done: number; total: number; missing: string[] };
  articles: { done: number; total: number; missing: string[] };
  strings: { done: number; total: number; missing: string[] };
  /** Article word counts, for the report. */
  words: { min: number; max: number };
}

export interface CoverageReport {
  languages: LanguageCoverage[];
  /** Every problem found: broken links, unknown placeholders, lengths out of range, unreadable files. */
  problems: string[];
}

/** Marketing pages whose text lives in Markdown (the rest are built from catalogs and data). */
export function pagesWithBody(root: string): PageKey[] {
  const dir = path.join(root, "pages", "en");
  const english = existsSync(dir)
    ? new Set(
        readdirSync(dir)
          .filter((f) => f.endsWith(".md"))
          .map((f) => f.slice(0, -3)),
      )
    : new Set<string>();
  return PAGE_KEYS.filter((key) => english.has(key));
}

function readCatalogs(root: string, locale: Locale): Map<string, Record<string, string>> {
  const dir = path.join(root, "locales", locale);
  const result = new Map<string, Record<string, string>>();
  if (!existsSync(dir)) return result;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    result.set(file, JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, string>);
  }
  return result;
}

/**
 * Coverage of the public site per language: page bodies, knowledge-base articles and interface
 * strings against English, plus every content problem found while rendering all of it.
 */
export function contentCoverage(root = contentRoot()): CoverageReport {
  const problems: string[] = [];
  let kb: KnowledgeBase;
  try {
    kb = new KnowledgeBase(root);
  } catch (error) {
    return { languages: [], problems: [(error as Error).message] };
  }
  const options = { productSlug: siteConfig.brand.productSlug };
  const bodies = pagesWithBody(root);
  const articleIds = kb.articleIds("en");
  const englishCatalogs = readCatalogs(root, "en");
  const cognatesPath = path.join(root, "locales", COGNATES_FILE);
  const cognates = existsSync(cognatesPath)
    ? (JSON.parse(readFileSync(cognatesPath, "utf8")) as CognateAllowlist)
    : {};
  const brandSuffix = ` – ${siteConfig.brand.name}`;

  const languages = LOCALES.map((locale): LanguageCoverage => {
    // Pages: every page with an English body, where the page exists in the language.
    const expectedPages = bodies.filter((key) => pagePath(key, locale, options) !== null);
    const missingPages: string[] = [];
    for (const key of expectedPages) {
      const file = path.join(root, "pages", locale, `${key}.md`);
      if (!existsSync(file)) {
        missingPages.push(key);
        continue;
      }
      try {
        const rendered = kb.renderBody(locale, readFileSync(file, "utf8"));
        if (rendered.text.length < 200) problems.push(`${file}: the body is almost empty`);
      } catch (error) {
        problems.push(`${file}: ${(error as Error).message}`);
      }
    }

    // Articles: every English article, rendered, within the limits.
    const missingArticles: string[] = [];
    const words: number[] = [];
    for (const id of articleIds) {
      const meta = kb.meta(locale, id, { includeDrafts: true });
      if (!meta) {
        missingArticles.push(id);
        continue;
      }
      const where = `content/knowledge-base/${locale}/${id}.md`;
      try {
        const article = kb.article(locale, id, { includeDrafts: true })!;
        words.push(article.wordCount);
        const { articleWords, articleTitle, description } = LIMITS;
        if (article.wordCount < articleWords.min || article.wordCount > articleWords.max)
          problems.push(`${where}: ${article.wordCount} words (${articleWords.min}–${articleWords.max})`);
        if (meta.title.length < articleTitle.min || meta.title.length > articleTitle.max)
          problems.push(
            `${where}: title has ${meta.title.length} characters (${articleTitle.min}–${articleTitle.max})`,
          );
        if (meta.description.length < description.min || meta.description.length > description.max)
          problems.push(
            `${where}: description has ${meta.description.length} characters (${description.min}–${description.max})`,
          );
        for (const id of meta.related)
          if (!kb.meta(locale, id, { includeDrafts: true }))
            problems.push(`${where}: related ${id} is unknown`);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    }

    // Interface strings: every key of every English catalog.
    const catalogs = readCatalogs(root, locale);
    const missingStrings: string[] = [];
    let totalStrings = 0;
    for (const [file, english] of englishCatalogs) {
      const translated = catalogs.get(file) ?? {};
      for (const key of Object.keys(english)) {
        totalStrings += 1;
        if (typeof translated[key] !== "string" || translated[key].trim() === "")
          missingStrings.push(`${file}:${key}`);
      }
      // Issue 20: a text left as the English one is untranslated unless it is a reviewed cognate.
      if (locale === "en") continue;
      const copied = copiedStrings(locale, file, english, translated, cognates);
      if (copied.length > 0)
        problems.push(
          `content/locales/${locale}/${file}: ${copied.length} text(s) copied from English (translate them, or add true cognates to content/locales/${COGNATES_FILE}): ${copied.join(", ")}`,
        );
    }

    // Titles and descriptions of the marketing pages, as the <head> shows them.
    const pages = catalogs.get("pages.json") ?? {};
    const values = contentValues(locale);
    for (const key of PAGE_KEYS) {
      if (PAGES[key].kind !== "marketing" || key === "knowledge-base-article") continue;
      if (pagePath(key, locale, options) === null) continue;
      const title = pages[`page.${key}.title`];
      const description = pages[`page.${key}.description`];
      if (!title || !description) continue; // reported as missing strings
      try {
        const fullTitle = fillPlaceholders(title, values) + brandSuffix;
        const text = fillPlaceholders(description, values);
        if (fullTitle.length > LIMITS.pageTitle.max)
          problems.push(`${locale} page ${key}: title "${fullTitle}" has ${fullTitle.length} characters`);
        if (text.length < LIMITS.description.min || text.length > LIMITS.description.max)
          problems.push(`${locale} page ${key}: description has ${text.length} characters`);
      } catch (error) {
        problems.push(`${locale} page ${key}: ${(error as Error).message}`);
      }
    }

    return {
      locale,
      pages: {
        done: expectedPages.length - missingPages.length,
        total: expectedPages.length,
        missing: missingPages,
      },
      articles: {
        done: articleIds.length - missingArticles.length,
        total: articleIds.length,
        missing: missingArticles,
      },
      strings: { done: totalStrings - missingStrings.length, total: totalStrings, missing: missingStrings },
      words: { min: words.length ? Math.min(...words) : 0, max: words.length ? Math.max(...words) : 0 },
    };
  });

  // docs/behaviour/public-site.md#glossary-languages: the glossary exists in English and German only, with at least 150 terms each.
  for (const locale of ["en", "de"] as const) {
    try {
      const letters = glossary(locale, root);
      const count = letters?.reduce((sum, letter) => sum + letter.entries.length, 0) ?? 0;
      if (count < LIMITS.glossaryTerms)
        problems.push(`content/glossary/${locale}.json: ${count} terms (at least ${LIMITS.glossaryTerms})`);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { languages, problems };
}

/** Percentage, floored, so 99.9 % never reads as 100 %. */
export function percent(done: number, total: number): number {
  return total === 0 ? 100 : Math.floor((done / total) * 1000) / 10;
}
