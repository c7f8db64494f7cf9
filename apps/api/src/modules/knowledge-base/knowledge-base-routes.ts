import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import type { KnowledgeBase } from "@ems/content/knowledge-base";
import { isPreviewToken } from "@ems/content/preview";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  kbArticleParamsSchema,
  kbArticleQuerySchema,
  kbArticleSchema,
  kbArticleSummarySchema,
  kbArticlesQuerySchema,
  kbCategoriesQuerySchema,
  kbCategorySchema,
} from "@ems/contracts/knowledge-base";
import { ok } from "../../lib/envelope.ts";
import { getArticle, listArticles, listCategories } from "./knowledge-base-service.ts";

/**
 * Knowledge base (docs/behaviour/public-site.md#knowledge-base): categories, articles (with search),
 * one article. The articles are the Markdown files of content/knowledge-base, read once per process;
 * drafts only with the preview token.
 */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod<{ knowledgeBase: KnowledgeBase }> = async (
  app,
  options,
) => {
  const tags = ["knowledge-base"];
  const kb = options.knowledgeBase;
  const preview = (token: string | undefined) => isPreviewToken(token, app.env.PREVIEW_TOKEN);
  const cache = (reply: { header(name: string, value: string): unknown }, token: string | undefined) =>
    reply.header("Cache-Control", token ? "private, no-store" : "public, max-age=300");

  app.get(
    "/api/knowledge-base/categories",
    {
      schema: {
        tags,
        summary: "The knowledge base's categories in a language, with their article counts",
        querystring: kbCategoriesQuerySchema,
        response: { 200: envelopeSchema(z.array(kbCategorySchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      cache(reply, request.query.preview);
      return ok(listCategories(kb, request.query.language, preview(request.query.preview)));
    },
  );

  app.get(
    "/api/knowledge-base/articles",
    {
      schema: {
        tags,
        summary: "Articles in a language: all, one category's, or those matching a search (stemmed)",
        querystring: kbArticlesQuerySchema,
        response: {
          200: envelopeSchema(z.array(kbArticleSummarySchema)),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { language, category, q } = request.query;
      cache(reply, request.query.preview);
      return ok(listArticles(kb, language, { category, q, includeDrafts: preview(request.query.preview) }));
    },
  );

  app.get(
    "/api/knowledge-base/articles/:slug",
    {
      schema: {
        tags,
        summary: "One article by its slug in the language, rendered, with related articles and translations",
        params: kbArticleParamsSchema,
        querystring: kbArticleQuerySchema,
        response: {
          200: envelopeSchema(kbArticleSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      cache(reply, request.query.preview);
      return ok(getArticle(kb, request.query.language, request.params.slug, preview(request.query.preview)));
    },
  );
};
