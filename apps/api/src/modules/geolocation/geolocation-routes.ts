import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { envelopeSchema } from "@ems/contracts/envelope";
import { geolocationQuerySchema, geolocationSchema } from "@ems/contracts/geolocation";
import { ok } from "../../lib/envelope.ts";
import { isFromChina } from "./geolocation-service.ts";

/**
 * GET /api/geolocation → { isFromChina } (docs/behaviour/data.md#calling-the-api). The client address
 * is the socket's, or the one a trusted proxy reports when TRUST_PROXY is set (Fastify's request.ip
 * follows that setting).
 */
export const geolocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/geolocation",
    {
      schema: {
        tags: ["geolocation"],
        summary: "Whether the caller's address is in mainland China",
        querystring: geolocationQuerySchema,
        response: { 200: envelopeSchema(geolocationSchema) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok({ isFromChina: isFromChina(request.ip) });
    },
  );
};
