import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import type { Locale } from "@ems/i18n/locales";
import type { PageKey } from "@ems/i18n/pages";

import { ContentError, type RenderedMarkdown } from "./markdown.ts";
import { knowledgeBase } from "./knowledge-base.ts";

/** The path of a marketing page's Markdown body in a language. */
export function pageBodyFile(root: string, locale: Locale, key: PageKey): string {
  return path.join(root, "pages", locale, `${key}.md`);
}

const cache = new Map<string, RenderedMarkdown | null>();

/** The rendered body of a marketing page (content/pages/<lang>/<key>.md), or null where none exists. */
export function pageBody(locale: Locale, key: PageKey, kb = knowledgeBase()): RenderedMarkdown | null {
  const cacheKey = `${locale}:${key}`;
  if (cache.has(cacheKey)) return cache.get(cacheKey)!;
  const file = pageBodyFile(kb.contentDir, locale, key);
  let result: RenderedMarkdown | null = null;
  if (existsSync(file)) {
    try {
      result = kb.renderBody(locale, readFileSync(file, "utf8"));
    } catch (error) {
      throw new ContentError(`${file}: ${(error as Error).message}`);
    }
  }
  cache.set(cacheKey, result);
  return result;
}
