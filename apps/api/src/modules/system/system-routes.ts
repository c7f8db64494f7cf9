import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { systemEndpoints } from "@ems/contracts/system";
import { performance } from "node:perf_hooks";
import { ERROR_CODES } from "@ems/contracts/errors";
import { AppError } from "../../lib/app-error.ts";

/** Liveness (the process answers) and readiness (the database answers). */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  implement(app, systemEndpoints, {
    health: async () => ({ status: "ok" as const, uptimeSeconds: Math.round(process.uptime()) }),
    ready: async (request) => {
      const start = performance.now();
      try {
        await app.dbHandle.ping();
      } catch (error) {
        request.log.warn({ err: error }, "database not reachable");
        throw new AppError(503, ERROR_CODES.notReady, "Database is not reachable");
      }
      return {
        status: "ready" as const,
        database: "up" as const,
        latencyMs: Math.round(performance.now() - start),
      };
    },
  });
};
