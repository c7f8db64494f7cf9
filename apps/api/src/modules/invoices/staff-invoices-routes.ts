import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  billingIdParamSchema,
  invoiceCreateSchema,
  staffInvoiceListQuerySchema,
  staffInvoicePageSchema,
  staffInvoiceSchema,
} from "@ems/contracts/billing";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { staffPdfQuerySchema } from "@ems/contracts/documents";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import { createInvoice, staffInvoicePdf, staffInvoicesPage } from "./invoices-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The back office's invoices: every company's, and issuing new ones (staff roles). */
export const staffInvoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: app.requireStaff };
  const tags = ["staff"];

  app.get(
    "/api/staff/invoices",
    {
      ...staff,
      schema: {
        tags,
        summary: "Every company's invoices",
        querystring: staffInvoiceListQuerySchema,
        response: { 200: envelopeSchema(staffInvoicePageSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await staffInvoicesPage(request.context(), request.query));
    },
  );

  app.post(
    "/api/staff/invoices",
    {
      ...staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Issues an invoice (INV-…) for an order; the company's finance and admin users are told by e-mail",
        description:
          "Without lines: every order line not yet invoiced, plus the shipping once. Billing a line twice, a cancelled order or nothing left answers 409.",
        body: invoiceCreateSchema,
        response: { 201: envelopeSchema(staffInvoiceSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createInvoice(request.context(), request.body), 201, "Created");
    },
  );

  app.get(
    "/api/staff/invoices/:id/pdf",
    {
      ...staff,
      schema: {
        tags,
        summary: "Any company's invoice as a PDF",
        description: "In the staff member's language unless `language` names another of the 12.",
        params: billingIdParamSchema,
        querystring: staffPdfQuerySchema,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await staffInvoicePdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
  );
};
