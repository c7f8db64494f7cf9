import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  orderIdParamSchema,
  orderProgressSchema,
  orderStatusChangeSchema,
  progressUpdateSchema,
  staffOrderDetailsSchema,
  staffOrderListQuerySchema,
  staffOrderPageSchema,
} from "@ems/contracts/orders";
import { staffPdfQuerySchema } from "@ems/contracts/documents";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import {
  changeOrderStatus,
  staffOrderDetails,
  staffOrderPdf,
  staffOrderProgress,
  staffOrdersPage,
  updateProgress,
} from "./orders-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const noQuery = z.strictObject({});

/** The back office's orders: every company's, with production progress and status changes (staff roles). */
export const staffOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: app.requireStaff };
  const tags = ["staff"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/staff/orders",
    {
      ...staff,
      schema: {
        tags,
        summary: "Every company's orders; q also matches the company name",
        querystring: staffOrderListQuerySchema,
        response: { 200: envelopeSchema(staffOrderPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await staffOrdersPage(request.context(), request.query));
    },
  );

  app.get(
    "/api/staff/orders/:id",
    {
      ...staff,
      schema: {
        tags,
        summary: "One order with its company and the statuses it may change to",
        params: orderIdParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(staffOrderDetailsSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await staffOrderDetails(request.context(), request.params.id));
    },
  );

  app.get(
    "/api/staff/orders/:id/progress",
    {
      ...staff,
      schema: {
        tags,
        summary: "The production stages of every line of any company's order",
        params: orderIdParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(orderProgressSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await staffOrderProgress(request.context(), request.params.id));
    },
  );

  app.put(
    "/api/staff/orders/:id/progress",
    {
      ...staff,
      schema: {
        tags,
        summary: "Records one production stage of one line; the placer is told by e-mail",
        description:
          "The first progress moves a confirmed order into production. Completed and cancelled orders answer 409.",
        params: orderIdParamSchema,
        body: progressUpdateSchema,
        response: { 200: envelopeSchema(orderProgressSchema), ...errors },
      },
    },
    async (request) => ok(await updateProgress(request.context(), request.params.id, request.body)),
  );

  app.put(
    "/api/staff/orders/:id/status",
    {
      ...staff,
      schema: {
        tags,
        summary: "Changes the order's status",
        description:
          "Allowed: confirmed → in_production | cancelled, in_production → shipped | cancelled, shipped → completed; anything else answers 409.",
        params: orderIdParamSchema,
        body: orderStatusChangeSchema,
        response: { 200: envelopeSchema(staffOrderDetailsSchema), ...errors },
      },
    },
    async (request) => ok(await changeOrderStatus(request.context(), request.params.id, request.body)),
  );

  app.get(
    "/api/staff/orders/:id/pdf",
    {
      ...staff,
      schema: {
        tags,
        summary: "Any company's order confirmation as a PDF",
        description: "In the staff member's language unless `language` names another of the 12.",
        params: orderIdParamSchema,
        querystring: staffPdfQuerySchema,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await staffOrderPdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
  );
};
