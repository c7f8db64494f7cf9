import type { FastifyPluginAsync } from "fastify";
import { staffInvoiceEndpoints } from "@ems/contracts/billing";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendPdf } from "../../lib/pdf-reply.ts";
import { createInvoice, staffInvoicePdf, staffInvoicesPage } from "./invoices-service.ts";

/** The back office's invoices: every company's, and issuing new ones. */
export const staffInvoicesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffInvoiceEndpoints, {
    list: (request) => staffInvoicesPage(request.context(), request.query),
    create: (request) => createInvoice(request.context(), request.body),
    pdf: async (request, reply) => {
      const { number, pdf } = await staffInvoicePdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
  });
};
