import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { materialRequestEndpoints, staffMaterialRequestEndpoints } from "@ems/contracts/material-requests";
import { sendPdf } from "../../lib/pdf-reply.ts";
import {
  createMaterialRequest,
  getMaterialRequest,
  materialRequestPage,
  materialRequestPdf,
  receiveMaterialRequest,
  staffMaterialRequestPage,
} from "./material-requests-service.ts";

/** New requests are throttled per client address, like the other mail-sending calls. */
export interface MaterialRequestsRouteOptions {
  rateLimit: { max: number; timeWindow: number };
}

/**
 * Material request (getAll, PDF; docs/behaviour/billing.md#material-requests): customers announce
 * parts they supply (every member reads; administrators, buyers and engineers announce); the back
 * office lists all of them and checks deliveries in.
 */
export const materialRequestsRoutes: FastifyPluginAsync<MaterialRequestsRouteOptions> = async (
  app,
  { rateLimit },
) => {
  implement(app, materialRequestEndpoints, {
    list: (request) => materialRequestPage(request.context(), request.query),
    create: {
      config: { rateLimit },
      handle: (request) => createMaterialRequest(request.context(), request.body),
    },
    detail: (request) => getMaterialRequest(request.context(), request.params.id),
    pdf: async (request, reply) => {
      const { number, pdf } = await materialRequestPdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
  });

  implement(app, staffMaterialRequestEndpoints, {
    list: (request) => staffMaterialRequestPage(request.context(), request.query),
    receive: (request) => receiveMaterialRequest(request.context(), request.params.id),
  });
};
