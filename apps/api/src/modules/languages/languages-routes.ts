import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { envelopeSchema } from "@ems/contracts/envelope";
import { languageListSchema, languagesRequestSchema, type Language } from "@ems/contracts/languages";
import { LANGUAGES } from "@ems/i18n/locales";
import { ok, type SuccessEnvelope } from "../../lib/envelope.ts";

/**
 * "Language: get all" (docs/behaviour/data.md#calling-the-api): the client fetches it with POST and
 * an empty body; GET serves the same list so that browsers and caches can keep it.
 */
export const languagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: envelopeSchema(languageListSchema) };
  // The list never changes while the process runs: serialise it once. The cast is the typed reply's
  // price for a pre-serialised body; the test checks the body against the schema.
  const payload = JSON.stringify(ok(LANGUAGES)) as unknown as SuccessEnvelope<Language[]>;

  app.get(
    "/api/languages",
    { schema: { tags: ["languages"], summary: "The 12 languages with native names and flags", response } },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=3600");
      return reply.type("application/json; charset=utf-8").send(payload);
    },
  );

  app.post(
    "/api/languages",
    {
      schema: {
        tags: ["languages"],
        summary: "The 12 languages (the call's form: POST, empty body)",
        body: languagesRequestSchema,
        response,
      },
    },
    async (_request, reply) => reply.type("application/json; charset=utf-8").send(payload),
  );
};
