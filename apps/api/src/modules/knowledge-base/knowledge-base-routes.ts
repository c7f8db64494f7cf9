import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { knowledgeBaseEndpoints } from "@ems/contracts/knowledge-base";
import type { KnowledgeBase } from "@ems/content/knowledge-base";
import { isPreviewToken } from "@ems/content/preview";
import { getArticle, listArticles, listCategories } from "./knowledge-base-service.ts";

/**
 * Knowledge base (docs/behaviour/public-site.md#knowledge-base): categories, articles (with search),
 * one article. The articles are the Markdown files of content/knowledge-base, read once per process;
 * drafts only with the preview token.
 */
export const knowledgeBaseRoutes: FastifyPluginAsync<{ knowledgeBase: KnowledgeBase }> = async (
  app,
  options,
) => {
  const kb = options.knowledgeBase;
  const preview = (token: string | undefined) => isPreviewToken(token, app.env.PREVIEW_TOKEN);
  const cache = (reply: { header(name: string, value: string): unknown }, token: string | undefined) =>
    reply.header("Cache-Control", token ? "private, no-store" : "public, max-age=300");
  implement(app, knowledgeBaseEndpoints, {
    categories: async (request, reply) => {
      cache(reply, request.query.preview);
      return listCategories(kb, request.query.language, preview(request.query.preview));
    },
    articles: async (request, reply) => {
      const { language, category, q } = request.query;
      cache(reply, request.query.preview);
      return listArticles(kb, language, { category, q, includeDrafts: preview(request.query.preview) });
    },
    article: async (request, reply) => {
      cache(reply, request.query.preview);
      return getArticle(kb, request.query.language, request.params.slug, preview(request.query.preview));
    },
  });
};
