import type { FastifyPluginAsync } from "fastify";
import { staffInvoiceEndpoints } from "@ems/contracts/billing";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendPdf, sendXml } from "../../lib/pdf-reply.ts";
import {
  createInvoice,
  staffInvoicePdf,
  staffInvoicesPage,
  staffInvoiceXml,
  type PaymentMethodsNow,
} from "./invoices-service.ts";

/**
 * The back office's invoices: every company's, and issuing new ones. `paymentMethods` answers the
 * methods customers can pay with now, which the invoice mail offers.
 */
export const staffInvoicesRoutes: FastifyPluginAsync<{ paymentMethods: PaymentMethodsNow }> = async (
  app,
  { paymentMethods },
) => {
  implement(app, staffInvoiceEndpoints, {
    list: (request) => staffInvoicesPage(request.context(), request.query),
    create: (request) => createInvoice(request.context(), request.body, paymentMethods),
    pdf: async (request, reply) => {
      const { number, pdf } = await staffInvoicePdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
    xml: async (request, reply) => {
      const { number, xml } = await staffInvoiceXml(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendXml(reply, number, xml);
    },
  });
};
