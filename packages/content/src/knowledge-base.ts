import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { siteConfig } from "@ems/config/site";
import { LOCALES, type Locale } from "@ems/i18n/locales";
import { pagePath } from "@ems/i18n/route-map";
import type { PageKey } from "@ems/i18n/pages";
import { PAGES } from "@ems/i18n/pages";
import { z } from "zod";

import { contentRoot, publicRoot } from "@ems/i18n/content-root";
import { splitFrontmatter } from "./frontmatter.ts";
import { ContentError, renderMarkdown, stripTags, type Heading } from "./markdown.ts";
import { SearchIndex } from "./search.ts";
import { contentValues } from "./values.ts";

const ROUTE_OPTIONS = { productSlug: siteConfig.brand.productSlug };
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const categoryTextSchema = z.strictObject({
  name: z.string().min(1),
  slug: z.string().regex(SLUG),
  description: z.string().min(1),
});
const categoriesSchema = z.record(
  z.string().regex(SLUG),
  z.strictObject(
    Object.fromEntries(LOCALES.map((l) => [l, categoryTextSchema])) as Record<
      Locale,
      typeof categoryTextSchema
    >,
  ),
);

const frontmatterSchema = z.strictObject({
  title: z.string().min(1).max(90),
  description: z.string().min(1).max(200),
  slug: z.string().regex(SLUG),
  category: z.string(),
  updated: z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.date()]),
  related: z.array(z.string()).max(6).default([]),
  draft: z.boolean().default(false),
});

export interface Category {
  id: string;
  locale: Locale;
  name: string;
  slug: string;
  description: string;
  path: string;
}

export interface ArticleMeta {
  id: string;
  locale: Locale;
  slug: string;
  title: string;
  description: string;
  category: string;
  /** ISO date (YYYY-MM-DD) of the last substantive change. */
  updated: string;
  related: string[];
  draft: boolean;
  path: string;
}

export interface Article extends ArticleMeta {
  html: string;
  headings: Heading[];
  text: string;
  wordCount: number;
}

export interface VisibilityOptions {
  /** Drafts are shown only in preview mode. */
  includeDrafts?: boolean;
}

function isoDate(value: string | Date): string {
  return typeof value === "string" ? value : value.toISOString().slice(0, 10);
}

/**
 * The knowledge base of content/knowledge-base: categories and articles in every language, read once
 * per process. Articles are rendered on first use and kept; each language's search index is built on
 * its first search. Content ships with the build and is the same on every instance, so nothing here
 * is state shared between requests.
 */
export class KnowledgeBase {
  private readonly categoryMap: Map<string, Record<Locale, z.infer<typeof categoryTextSchema>>>;
  private readonly metas = new Map<Locale, Map<string, ArticleMeta & { body: string; file: string }>>();
  private readonly rendered = new Map<string, Article>();
  private readonly indexes = new Map<string, SearchIndex>();
  private readonly imageSizes = new Map<string, { width: number; height: number } | null>();
  readonly contentDir: string;

  constructor(private readonly root: string = contentRoot()) {
    this.contentDir = root;
    const categoriesFile = path.join(root, "knowledge-base", "categories.json");
    const parsed = categoriesSchema.safeParse(JSON.parse(readFileSync(categoriesFile, "utf8")));
    if (!parsed.success) throw new ContentError(`${categoriesFile}: ${parsed.error.message}`);
    this.categoryMap = new Map(Object.entries(parsed.data));
    for (const locale of LOCALES) this.metas.set(locale, this.readLocale(locale));
  }

  private readLocale(locale: Locale) {
    const dir = path.join(this.root, "knowledge-base", locale);
    const result = new Map<string, ArticleMeta & { body: string; file: string }>();
    if (!existsSync(dir)) return result;
    const slugs = new Set<string>();
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".md")) continue;
      const id = name.slice(0, -3);
      const file = path.join(dir, name);
      const { data, body } = splitFrontmatter(readFileSync(file, "utf8"), file);
      const parsed = frontmatterSchema.safeParse(data);
      if (!parsed.success) throw new ContentError(`${file}: ${parsed.error.message}`);
      const meta = parsed.data;
      const category = this.categoryMap.get(meta.category);
      if (!category) throw new ContentError(`${file}: unknown category ${meta.category}`);
      if (slugs.has(meta.slug)) throw new ContentError(`${file}: the slug ${meta.slug} is used twice`);
      slugs.add(meta.slug);
      result.set(id, {
        id,
        locale,
        slug: meta.slug,
        title: meta.title,
        description: meta.description,
        category: meta.category,
        updated: isoDate(meta.updated),
        related: meta.related,
        draft: meta.draft,
        path: this.pathOf(locale, `${category[locale].slug}/${meta.slug}`),
        body,
        file,
      });
    }
    return result;
  }

  private pathOf(locale: Locale, splat: string): string {
    const result = pagePath("knowledge-base-article", locale, ROUTE_OPTIONS, { "*": splat });
    if (result === null) throw new ContentError(`No knowledge-base path in ${locale}`);
    return result;
  }

  categories(locale: Locale): Category[] {
    return [...this.categoryMap.entries()].map(([id, texts]) => ({
      id,
      locale,
      ...texts[locale],
      path: this.pathOf(locale, texts[locale].slug),
    }));
  }

  category(locale: Locale, id: string): Category | null {
    return this.categories(locale).find((category) => category.id === id) ?? null;
  }

  categoryBySlug(locale: Locale, slug: string): Category | null {
    return this.categories(locale).find((category) => category.slug === slug) ?? null;
  }

  /** The article ids of the English knowledge base: the reference every language must cover. */
  articleIds(locale: Locale = "en"): string[] {
    return [...this.metas.get(locale)!.keys()];
  }

  /** Articles of a language (optionally one category), ordered by category, then title. */
  articles(locale: Locale, options: VisibilityOptions & { category?: string } = {}): ArticleMeta[] {
    const order = [...this.categoryMap.keys()];
    return [...this.metas.get(locale)!.values()]
      .filter(
        (meta) =>
          (options.includeDrafts || !meta.draft) && (!options.category || meta.category === options.category),
      )
      .sort(
        (a, b) =>
          order.indexOf(a.category) - order.indexOf(b.category) || a.title.localeCompare(b.title, locale),
      )
      .map(({ body: _body, file: _file, ...meta }) => meta);
  }

  meta(locale: Locale, id: string, options: VisibilityOptions = {}): ArticleMeta | null {
    const meta = this.metas.get(locale)!.get(id);
    if (!meta || (meta.draft && !options.includeDrafts)) return null;
    const { body: _body, file: _file, ...rest } = meta;
    return rest;
  }

  /** An article by its translated slug, or by category slug and slug as its path has them. */
  /** The article with this slug, only if it is in `category` when one is given (checked before rendering). */
  findBySlug(
    locale: Locale,
    slug: string,
    options: VisibilityOptions & { category?: string } = {},
  ): Article | null {
    for (const meta of this.metas.get(locale)!.values()) {
      if (meta.slug !== slug) continue;
      if (meta.draft && !options.includeDrafts) return null;
      if (options.category !== undefined && meta.category !== options.category) return null;
      return this.render(locale, meta.id);
    }
    return null;
  }

  article(locale: Locale, id: string, options: VisibilityOptions = {}): Article | null {
    const meta = this.metas.get(locale)!.get(id);
    if (!meta || (meta.draft && !options.includeDrafts)) return null;
    return this.render(locale, id);
  }

  /** The related articles: the ones the article names, then others of its category, up to three. */
  related(article: ArticleMeta, options: VisibilityOptions = {}): ArticleMeta[] {
    const named = article.related
      .map((id) => this.meta(article.locale, id, options))
      .filter((meta): meta is ArticleMeta => meta !== null);
    const sameCategory = this.articles(article.locale, { ...options, category: article.category }).filter(
      (meta) => meta.id !== article.id && !named.some((n) => n.id === meta.id),
    );
    return [...named, ...sameCategory].slice(0, 3);
  }

  /** Articles matching a query in a language, best first (stemmed per language). */
  search(locale: Locale, query: string, options: VisibilityOptions = {}): ArticleMeta[] {
    const key = `${locale}:${options.includeDrafts ? "drafts" : "published"}`;
    let index = this.indexes.get(key);
    if (!index) {
      const documents = this.articles(locale, options).map((meta) => {
        const article = this.render(locale, meta.id);
        return {
          id: meta.id,
          fields: [
            { text: article.title, weight: 8 },
            { text: article.description, weight: 3 },
            { text: article.headings.map((h) => h.text).join(" "), weight: 3 },
            { text: article.text, weight: 1 },
          ],
        };
      });
      index = new SearchIndex(locale, documents);
      this.indexes.set(key, index);
    }
    return index
      .search(query)
      .map((id) => this.meta(locale, id, options))
      .filter((meta): meta is ArticleMeta => meta !== null);
  }

  /** Resolves `page:` and `kb:` links of a body in a language. */
  resolveLink(locale: Locale, scheme: "page" | "kb", target: string): string | null {
    if (scheme === "kb") return this.metas.get(locale)!.get(target)?.path ?? null;
    if (!(target in PAGES)) return null;
    return pagePath(target as PageKey, locale, ROUTE_OPTIONS);
  }

  imageSize(src: string): { width: number; height: number } | null {
    if (this.imageSizes.has(src)) return this.imageSizes.get(src)!;
    const file = path.join(publicRoot(), src);
    let size: { width: number; height: number } | null = null;
    if (existsSync(file) && file.endsWith(".svg")) {
      const svg = readFileSync(file, "utf8");
      const viewBox = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
      if (viewBox) size = { width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])) };
    }
    this.imageSizes.set(src, size);
    return size;
  }

  /** Renders any Markdown body of the site (an article or a page) in a language. */
  renderBody(locale: Locale, body: string) {
    return renderMarkdown(body, {
      values: contentValues(locale),
      resolveLink: (scheme, target) => this.resolveLink(locale, scheme, target),
      imageSize: (src) => this.imageSize(src),
    });
  }

  private render(locale: Locale, id: string): Article {
    const key = `${locale}:${id}`;
    const cached = this.rendered.get(key);
    if (cached) return cached;
    const meta = this.metas.get(locale)!.get(id)!;
    let rendered;
    try {
      rendered = this.renderBody(locale, meta.body);
    } catch (error) {
      throw new ContentError(`${meta.file}: ${(error as Error).message}`);
    }
    const { body: _body, file: _file, ...rest } = meta;
    const article: Article = {
      ...rest,
      html: rendered.html,
      headings: rendered.headings,
      text: rendered.text,
      wordCount: meta.body.split(/\s+/).filter(Boolean).length,
    };
    this.rendered.set(key, article);
    return article;
  }
}

let shared: KnowledgeBase | null = null;

/** The process's knowledge base, read from the content folder on first use. */
export function knowledgeBase(): KnowledgeBase {
  shared ??= new KnowledgeBase();
  return shared;
}

export interface ChecklistSection {
  title: string;
  items: string[];
}

/**
 * The tick-box items of a checklist article: every list item, grouped under its section heading,
 * as plain text (links and emphasis dropped). The design-rule checklist PDF is made from these.
 */
export function checklistSections(kb: KnowledgeBase, locale: Locale, id: string): ChecklistSection[] {
  const article = kb.article(locale, id);
  if (!article) return [];
  const sections: ChecklistSection[] = [];
  let current: ChecklistSection | null = null;
  const text = (html: string) => stripTags(html, "").replace(/\s+/g, " ").trim();
  for (const match of article.html.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>|<li>([\s\S]*?)<\/li>/g)) {
    if (match[1] !== undefined) {
      current = { title: text(match[1]), items: [] };
      sections.push(current);
    } else if (match[2] !== undefined && current) {
      current.items.push(text(match[2]));
    }
  }
  return sections.filter((section) => section.items.length > 0);
}
