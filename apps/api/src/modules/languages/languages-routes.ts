import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { languageEndpoints } from "@ems/contracts/languages";
import { LANGUAGES } from "@ems/i18n/locales";
import { implement } from "../../lib/endpoint-routes.ts";
import { ok } from "../../lib/envelope.ts";

/**
 * "Language: get all" (docs/behaviour/data.md#calling-the-api): the client fetches it with POST and
 * an empty body; GET serves the same list so that browsers and caches can keep it.
 */
export const languagesRoutes: FastifyPluginAsync = async (app) => {
  // The list never changes while the process runs: serialise it once (the test checks the body
  // against the schema).
  const payload = JSON.stringify(ok(LANGUAGES));
  const send = (reply: FastifyReply) => reply.type("application/json; charset=utf-8").send(payload);
  implement(app, languageEndpoints, {
    list: (_request, reply) => send(reply),
    listByPost: (_request, reply) => send(reply),
  });
};
