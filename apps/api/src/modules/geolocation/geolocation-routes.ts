import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { geolocationEndpoints } from "@ems/contracts/geolocation";
import { isFromChina } from "./geolocation-service.ts";

/**
 * GET /api/geolocation → { isFromChina } (docs/behaviour/data.md#calling-the-api). The client address
 * is the socket's, or the one a trusted proxy reports when TRUST_PROXY is set (Fastify's request.ip
 * follows that setting).
 */
export const geolocationRoutes: FastifyPluginAsync = async (app) => {
  implement(app, geolocationEndpoints, {
    get: (request) => ({ isFromChina: isFromChina(request.ip) }),
  });
};
