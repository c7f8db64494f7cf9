import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { deliveryEndpoints } from "@ems/contracts/billing";
import { sendPdf } from "../../lib/pdf-reply.ts";
import { deliveriesPage, deliveryPdf } from "./deliveries-service.ts";

/**
 * Delivery note: getAll and PDF (docs/behaviour/orders.md#delivery-notes). Every member of the company
 * reads its delivery notes.
 */
export const deliveriesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, deliveryEndpoints, {
    list: (request) => deliveriesPage(request.context(), request.query),
    pdf: async (request, reply) => {
      const { number, pdf } = await deliveryPdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
  });
};
