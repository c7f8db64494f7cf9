import { z } from "zod";
import { singleLine } from "./text.ts";
import { LOCALES } from "@ems/i18n/locales";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

/** Knowledge base: categories, articles, one article (issue 7; docs/api.md#public-content-issue-7). */
const language = z.enum(LOCALES).default("en");
/** A preview token: drafts are included when it matches the configured one. */
const preview = z.string().min(1).max(200).optional();

export const kbCategoriesQuerySchema = z.strictObject({ language, preview });

export const kbArticlesQuerySchema = z.strictObject({
  language,
  category: z
    .string()
    .max(60)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  /** Full-text search, stemmed per language. */
  q: singleLine().min(1).max(200).optional(),
  preview,
});

export const kbArticleQuerySchema = z.strictObject({ language, preview });
export const kbArticleParamsSchema = z.strictObject({
  slug: z
    .string()
    .max(120)
    .regex(/^[a-z0-9-]+$/, "lowercase letters, digits and hyphens"),
});

export const kbCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    path: z.string(),
    articleCount: z.number().int(),
  })
  .meta({ id: "KnowledgeBaseCategory" });

export const kbArticleSummarySchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    updated: z.string(),
    draft: z.boolean(),
    path: z.string(),
  })
  .meta({ id: "KnowledgeBaseArticleSummary" });

export const kbArticleSchema = kbArticleSummarySchema
  .extend({
    language: z.enum(LOCALES),
    html: z.string(),
    headings: z.array(z.object({ id: z.string(), text: z.string(), depth: z.number().int() })),
    wordCount: z.number().int(),
    related: z.array(kbArticleSummarySchema),
    /** The same article in the other languages, by language code. */
    translations: z.record(z.string(), z.string()),
  })
  .meta({ id: "KnowledgeBaseArticle" });

export type KbCategory = z.infer<typeof kbCategorySchema>;
export type KbArticleSummary = z.infer<typeof kbArticleSummarySchema>;
export type KbArticle = z.infer<typeof kbArticleSchema>;

export const knowledgeBaseEndpoints = defineEndpoints("knowledge-base", {
  categories: {
    method: "GET",
    path: "/api/knowledge-base/categories",
    summary: "The knowledge base's categories in a language, with their article counts",
    access: PUBLIC,
    query: kbCategoriesQuerySchema,
    response: z.array(kbCategorySchema),
    caching: "route",
  },
  articles: {
    method: "GET",
    path: "/api/knowledge-base/articles",
    summary: "Articles in a language: all, one category's, or those matching a search (stemmed)",
    access: PUBLIC,
    query: kbArticlesQuerySchema,
    response: z.array(kbArticleSummarySchema),
    errors: [404],
    caching: "route",
  },
  article: {
    method: "GET",
    path: "/api/knowledge-base/articles/:slug",
    summary: "One article by its slug in the language, rendered, with related articles and translations",
    access: PUBLIC,
    params: kbArticleParamsSchema,
    query: kbArticleQuerySchema,
    response: kbArticleSchema,
    errors: [404],
    caching: "route",
  },
});
