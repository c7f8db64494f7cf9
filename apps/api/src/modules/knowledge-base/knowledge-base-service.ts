import type { ArticleMeta, KnowledgeBase } from "@ems/content/knowledge-base";
import type { KbArticle, KbArticleSummary, KbCategory } from "@ems/contracts/knowledge-base";
import { LOCALES, type Locale } from "@ems/i18n/locales";
import { notFound } from "../../lib/app-error.ts";

function summary(meta: ArticleMeta): KbArticleSummary {
  return {
    id: meta.id,
    slug: meta.slug,
    title: meta.title,
    description: meta.description,
    category: meta.category,
    updated: meta.updated,
    draft: meta.draft,
    path: meta.path,
  };
}

export function listCategories(kb: KnowledgeBase, language: Locale, includeDrafts: boolean): KbCategory[] {
  const articles = kb.articles(language, { includeDrafts });
  return kb.categories(language).map((category) => ({
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    path: category.path,
    articleCount: articles.filter((article) => article.category === category.id).length,
  }));
}

export function listArticles(
  kb: KnowledgeBase,
  language: Locale,
  options: { category?: string | undefined; q?: string | undefined; includeDrafts: boolean },
): KbArticleSummary[] {
  if (options.category && !kb.category(language, options.category)) throw notFound("No such category");
  const found = options.q
    ? kb.search(language, options.q, { includeDrafts: options.includeDrafts })
    : kb.articles(language, { includeDrafts: options.includeDrafts });
  return found.filter((meta) => !options.category || meta.category === options.category).map(summary);
}

export function getArticle(
  kb: KnowledgeBase,
  language: Locale,
  slug: string,
  includeDrafts: boolean,
): KbArticle {
  const article = kb.findBySlug(language, slug, { includeDrafts });
  if (!article) throw notFound("No such article");
  const translations: Record<string, string> = {};
  for (const locale of LOCALES) {
    const other = kb.meta(locale, article.id, { includeDrafts });
    if (other) translations[locale] = other.path;
  }
  return {
    ...summary(article),
    language,
    html: article.html,
    headings: article.headings,
    wordCount: article.wordCount,
    related: kb.related(article, { includeDrafts }).map(summary),
    translations,
  };
}
