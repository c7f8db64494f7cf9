import type { FastifyPluginAsync } from "fastify";
import { languageEndpoints, type Language } from "@ems/contracts/languages";
import { LANGUAGES } from "@ems/i18n/locales";
import { implement } from "../../lib/endpoint-routes.ts";
import { ok, type SuccessEnvelope } from "../../lib/envelope.ts";

/**
 * "Language: get all" (docs/behaviour/data.md#calling-the-api): the client fetches it with POST and
 * an empty body; GET serves the same list so that browsers and caches can keep it.
 */
export const languagesRoutes: FastifyPluginAsync = async (app) => {
  // The list never changes while the process runs: serialise it once. The cast is the typed reply's
  // price for a pre-serialised body; the test checks the body against the schema.
  const payload = JSON.stringify(ok(LANGUAGES)) as unknown as SuccessEnvelope<Language[]>;
  const send = (reply: { type(type: string): { send(body: unknown): unknown } }) =>
    reply.type("application/json; charset=utf-8").send(payload);
  implement(app, languageEndpoints, {
    list: (_request, reply) => send(reply) as typeof reply,
    listByPost: (_request, reply) => send(reply) as typeof reply,
  });
};
