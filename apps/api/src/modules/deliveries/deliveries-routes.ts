import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  billingIdParamSchema,
  deliveryListQuerySchema,
  deliveryNotePageSchema,
} from "@ems/contracts/billing";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import type { DocumentContext } from "../orders/orders-service.ts";
import { deliveriesPage, deliveryPdf } from "./deliveries-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const noQuery = z.strictObject({});
/** Fastify sends a Buffer as is (no JSON serialisation); OpenAPI shows it as any. */

/** SPEC §7 Delivery note: getAll and PDF. Every member of the company reads its delivery notes. */
export const deliveriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest): DocumentContext => ({
    db: app.db,
    mailer: app.mailer,
    auth: request.auth!,
    publicUrl: app.env.PUBLIC_URL,
    request,
  });
  const member = { onRequest: app.requireCompanyRole(...COMPANY_ROLES) };
  const tags = ["deliveries"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/deliveries",
    {
      ...member,
      schema: {
        tags,
        summary: "One page of the company's delivery notes (SPEC Delivery note getAll)",
        querystring: deliveryListQuerySchema,
        response: { 200: envelopeSchema(deliveryNotePageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await deliveriesPage(ctx(request), request.query));
    },
  );

  app.get(
    "/api/deliveries/:id/pdf",
    {
      ...member,
      schema: {
        tags,
        summary: "The delivery note as a PDF in the caller's language (SPEC Delivery note PDF)",
        params: billingIdParamSchema,
        querystring: noQuery,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await deliveryPdf(ctx(request), request.params.id);
      noStore(reply);
      return sendPdf(reply, number, pdf);
    },
  );
};
