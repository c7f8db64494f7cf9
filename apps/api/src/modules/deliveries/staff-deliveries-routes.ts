import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  billingIdParamSchema,
  deliveryNoteCreateSchema,
  staffDeliveryListQuerySchema,
  staffDeliveryNotePageSchema,
  staffDeliveryNoteSchema,
} from "@ems/contracts/billing";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { staffPdfQuerySchema } from "@ems/contracts/documents";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import { createDeliveryNote, staffDeliveriesPage, staffDeliveryPdf } from "./deliveries-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The back office's delivery notes: every company's, and issuing new ones (staff roles). */
export const staffDeliveriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: app.requireStaff };
  const tags = ["staff"];

  app.get(
    "/api/staff/deliveries",
    {
      ...staff,
      schema: {
        tags,
        summary: "Every company's delivery notes",
        querystring: staffDeliveryListQuerySchema,
        response: { 200: envelopeSchema(staffDeliveryNotePageSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await staffDeliveriesPage(request.context(), request.query));
    },
  );

  app.post(
    "/api/staff/deliveries",
    {
      ...staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Issues a delivery note (DN-…) for (part of) an order; the customer is told by e-mail",
        description:
          "Quantities above what is left to deliver, and cancelled or completed orders, answer 409. Fully delivered lines get their shipped stage at 100 %; the order becomes shipped once everything is delivered.",
        body: deliveryNoteCreateSchema,
        response: { 201: envelopeSchema(staffDeliveryNoteSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createDeliveryNote(request.context(), request.body), 201, "Created");
    },
  );

  app.get(
    "/api/staff/deliveries/:id/pdf",
    {
      ...staff,
      schema: {
        tags,
        summary: "Any company's delivery note as a PDF, to pack with the goods",
        description: "In the staff member's language unless `language` names another of the 12.",
        params: billingIdParamSchema,
        querystring: staffPdfQuerySchema,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await staffDeliveryPdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
  );
};
