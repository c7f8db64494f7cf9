import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import {
  billingIdParamSchema,
  deliveryListQuerySchema,
  deliveryNotePageSchema,
} from "@ems/contracts/billing";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import { deliveriesPage, deliveryPdf } from "./deliveries-service.ts";
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
 * Delivery note: getAll and PDF (docs/behaviour/orders.md#delivery-notes). Every member of the company
 * reads its delivery notes.
 */
export const deliveriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { onRequest: app.requireCompanyRole(...rolesWith("company.read")) };
  const tags = ["deliveries"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/deliveries",
    {
      ...member,
      schema: {
        tags,
        summary: "One page of the company's delivery notes",
        querystring: deliveryListQuerySchema,
        response: { 200: envelopeSchema(deliveryNotePageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await deliveriesPage(request.context(), request.query));
    },
  );

  app.get(
    "/api/deliveries/:id/pdf",
    {
      ...member,
      schema: {
        tags,
        summary: "The delivery note as a PDF in the caller's language",
        params: billingIdParamSchema,
        querystring: noQuery,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await deliveryPdf(request.context(), request.params.id);
      noStore(reply);
      return sendPdf(reply, number, pdf);
    },
  );
};
