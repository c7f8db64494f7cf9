import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import {
  billingIdParamSchema,
  invoiceDetailsSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
} from "@ems/contracts/billing";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import { invoiceDetails, invoicePdf, invoicesPage } from "./invoices-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const noQuery = z.strictObject({});
/** Fastify sends a Buffer as is (no JSON serialisation); OpenAPI shows it as any. */

/**
 * Sales invoice: getAll and PDF, plus one invoice with its payments (docs/behaviour/billing.md#invoices).
 * Administrators, finance users, buyers and viewers read invoices; engineers do not (roles.ts).
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = { onRequest: app.requireCompanyRole(...rolesWith("invoices.read")) };
  const tags = ["invoices"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/invoices",
    {
      ...readers,
      schema: {
        tags,
        summary: "One page of the company's invoices",
        description: "status filters by display status: overdue is unpaid with due_on before today (UTC).",
        querystring: invoiceListQuerySchema,
        response: { 200: envelopeSchema(invoicePageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await invoicesPage(request.context(), request.query));
    },
  );

  app.get(
    "/api/invoices/:id",
    {
      ...readers,
      schema: {
        tags,
        summary: "One invoice with its billing address and payments",
        params: billingIdParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(invoiceDetailsSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await invoiceDetails(request.context(), request.params.id));
    },
  );

  app.get(
    "/api/invoices/:id/pdf",
    {
      ...readers,
      schema: {
        tags,
        summary: "The invoice as a PDF in the caller's language",
        params: billingIdParamSchema,
        querystring: noQuery,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await invoicePdf(request.context(), request.params.id);
      noStore(reply);
      return sendPdf(reply, number, pdf);
    },
  );
};
