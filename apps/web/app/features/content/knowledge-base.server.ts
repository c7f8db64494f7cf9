import { knowledgeBase, type ArticleMeta } from "@ems/content/knowledge-base";
import { LOCALES, type Locale } from "@ems/i18n/locales";

/** What a list shows of an article. */
export interface ArticleCard {
  id: string;
  title: string;
  description: string;
  path: string;
  draft: boolean;
}

const card = (meta: ArticleMeta): ArticleCard => ({
  id: meta.id,
  title: meta.title,
  description: meta.description,
  path: meta.path,
  draft: meta.draft,
});

/** The knowledge-base index: every category with its articles, and search results for a query. */
export function knowledgeBaseIndex(locale: Locale, options: { query: string; includeDrafts: boolean }) {
  const kb = knowledgeBase();
  const articles = kb.articles(locale, { includeDrafts: options.includeDrafts });
  const query = options.query.trim().slice(0, 200);
  return {
    query,
    results: query ? kb.search(locale, query, { includeDrafts: options.includeDrafts }).map(card) : null,
    categories: kb.categories(locale).map((category) => ({
      id: category.id,
      name: category.name,
      description: category.description,
      path: category.path,
      articles: articles.filter((article) => article.category === category.id).map(card),
    })),
  };
}

/**
 * A path under the knowledge base: one segment is a category, two are an article in its category.
 * Null when nothing lives there (including an article under another category's slug).
 */
export function knowledgeBaseEntry(locale: Locale, splat: string, options: { includeDrafts: boolean }) {
  const kb = knowledgeBase();
  const segments = splat.split("/").filter(Boolean);
  const category = segments[0] ? kb.categoryBySlug(locale, segments[0]) : null;
  if (!category || segments.length > 2) return null;
  const translations = (pathOf: (locale: Locale) => string | null) =>
    Object.fromEntries(
      LOCALES.flatMap((other) => {
        const path = pathOf(other);
        return path ? [[other, path]] : [];
      }),
    ) as Partial<Record<Locale, string>>;

  if (segments.length === 1) {
    return {
      kind: "category" as const,
      category: {
        id: category.id,
        name: category.name,
        description: category.description,
        path: category.path,
      },
      articles: kb.articles(locale, { ...options, category: category.id }).map(card),
      translations: translations((other) => kb.category(other, category.id)?.path ?? null),
    };
  }
  const article = kb.findBySlug(locale, segments[1]!, { ...options, category: category.id });
  if (!article) return null;
  return {
    kind: "article" as const,
    category: { id: category.id, name: category.name, path: category.path },
    article: {
      id: article.id,
      title: article.title,
      description: article.description,
      updated: article.updated,
      draft: article.draft,
      html: article.html,
      headings: article.headings,
      wordCount: article.wordCount,
      path: article.path,
    },
    related: kb.related(article, options).map(card),
    translations: translations((other) => kb.meta(other, article.id, options)?.path ?? null),
  };
}

export type KnowledgeBaseEntry = NonNullable<ReturnType<typeof knowledgeBaseEntry>>;

/** Chosen articles of a language as cards, in the order given (missing ones left out). */
export function featuredArticles(locale: Locale, ids: readonly string[]): ArticleCard[] {
  const kb = knowledgeBase();
  return ids.flatMap((id) => {
    const meta = kb.meta(locale, id);
    return meta ? [card(meta)] : [];
  });
}

/** The published knowledge-base categories and articles of a language, with their translations. */
export function knowledgeBaseSitemap(locale: Locale) {
  const kb = knowledgeBase();
  const alternates = (pathOf: (other: Locale) => string | null | undefined) =>
    LOCALES.flatMap((other) => {
      const path = pathOf(other);
      return path ? [{ locale: other, path }] : [];
    });
  return [
    ...kb.categories(locale).map((category) => ({
      path: category.path,
      alternates: alternates((other) => kb.category(other, category.id)?.path),
    })),
    ...kb.articles(locale).map((article) => ({
      path: article.path,
      alternates: alternates((other) => kb.meta(other, article.id)?.path),
    })),
  ];
}
