import type { FastifyPluginAsync } from "fastify";
import { invoiceEndpoints } from "@ems/contracts/billing";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendPdf, sendXml } from "../../lib/pdf-reply.ts";
import { invoiceDetails, invoicePdf, invoicesPage, invoiceXml } from "./invoices-service.ts";

/** Sales invoices of the caller's company: the list, one invoice with its payments, the PDF and XML e-invoices. */
export const invoicesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, invoiceEndpoints, {
    list: (request) => invoicesPage(request.context(), request.query),
    detail: (request) => invoiceDetails(request.context(), request.params.id),
    pdf: async (request, reply) => {
      const { number, pdf } = await invoicePdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
    xml: async (request, reply) => {
      const { number, xml } = await invoiceXml(request.context(), request.params.id);
      return sendXml(reply, number, xml);
    },
  });
};
