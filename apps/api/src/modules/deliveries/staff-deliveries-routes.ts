import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { staffDeliveryEndpoints } from "@ems/contracts/billing";
import { sendPdf } from "../../lib/pdf-reply.ts";
import { createDeliveryNote, staffDeliveriesPage, staffDeliveryPdf } from "./deliveries-service.ts";

/** The back office's delivery notes: every company's, and issuing new ones (staff roles). */
export const staffDeliveriesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffDeliveryEndpoints, {
    list: (request) => staffDeliveriesPage(request.context(), request.query),
    create: (request) => createDeliveryNote(request.context(), request.body),
    pdf: async (request, reply) => {
      const { number, pdf } = await staffDeliveryPdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
  });
};
