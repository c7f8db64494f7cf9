import { performance } from "node:perf_hooks";
import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ERROR_CODES } from "@ems/contracts/errors";
import { healthSchema, readySchema } from "@ems/contracts/system";
import { AppError } from "../../lib/app-error.ts";
import { ok } from "../../lib/envelope.ts";

/** Liveness (the process answers) and readiness (the database answers). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness",
        response: { 200: envelopeSchema(healthSchema) },
      },
    },
    async () => ok({ status: "ok" as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    "/api/ready",
    {
      schema: {
        tags: ["system"],
        summary: "Readiness: the database is reachable",
        response: { 200: envelopeSchema(readySchema), 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const start = performance.now();
      try {
        await app.dbHandle.ping();
      } catch (error) {
        request.log.warn({ err: error }, "database not reachable");
        throw new AppError(503, ERROR_CODES.notReady, "Database is not reachable");
      }
      return ok({
        status: "ready" as const,
        database: "up" as const,
        latencyMs: Math.round(performance.now() - start),
      });
    },
  );
};
