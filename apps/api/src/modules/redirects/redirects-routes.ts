import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema } from "@ems/contracts/envelope";
import { redirectRuleListSchema } from "@ems/contracts/redirects";
import { ok } from "../../lib/envelope.ts";
import type { RedirectRuleCache } from "./redirects-service.ts";

/**
 * The operator's redirect rules, read by the web app for client-side navigations (full page loads
 * are redirected by the server before rendering). Staff edit them through the back office.
 */
export const redirectsRoutes: FastifyPluginAsyncZod<{ cache: RedirectRuleCache }> = async (
  app,
  { cache },
) => {
  app.get(
    "/api/redirect-rules",
    {
      schema: {
        tags: ["redirects"],
        summary: "All redirect rules: path → target with status 301 or 302",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(redirectRuleListSchema) },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=60");
      return ok(await cache.list());
    },
  );
};
