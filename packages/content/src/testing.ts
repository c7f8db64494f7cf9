import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { contentRoot } from "@ems/i18n/content-root";

export interface TestArticle {
  locale: string;
  id: string;
  slug?: string;
  title?: string;
  description?: string;
  category?: string;
  related?: string[];
  draft?: boolean;
  body?: string;
}

/** An article file with sensible defaults; overrides change any frontmatter field or the body. */
export function articleSource(article: TestArticle): string {
  const lines = [
    "---",
    `title: "${article.title ?? `Article ${article.id}`}"`,
    `description: "${article.description ?? `What ${article.id} is about, in one sentence for the test.`}"`,
    `slug: ${article.slug ?? article.id}`,
    `category: ${article.category ?? "design"}`,
    "updated: 2026-11-01",
    `related: [${(article.related ?? []).join(", ")}]`,
    ...(article.draft ? ["draft: true"] : []),
    "---",
    "",
    article.body ?? `Text about ${article.id}.\n\n## First part\n\nMore text.\n`,
  ];
  return lines.join("\n");
}

/**
 * A content folder for tests in a temporary directory: the real categories, the given articles and
 * page bodies. Returns its path and a function that removes it.
 */
export function createTestContent(
  articles: readonly TestArticle[],
  pages: readonly { locale: string; key: string; body: string }[] = [],
): { root: string; remove(): void } {
  const root = path.join(mkdtempSync(path.join(tmpdir(), "ems-content-")), "content");
  mkdirSync(path.join(root, "knowledge-base"), { recursive: true });
  cpSync(
    path.join(contentRoot(), "knowledge-base", "categories.json"),
    path.join(root, "knowledge-base", "categories.json"),
  );
  for (const article of articles) {
    const dir = path.join(root, "knowledge-base", article.locale);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${article.id}.md`), articleSource(article));
  }
  for (const page of pages) {
    const dir = path.join(root, "pages", page.locale);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${page.key}.md`), page.body);
  }
  return { root, remove: () => rmSync(path.dirname(root), { recursive: true, force: true }) };
}
