import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  orderDetailsSchema,
  orderIdParamSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderProgressSchema,
} from "@ems/contracts/orders";
import { orderPlacedSchema, placeOrderSchema, termsSchema } from "@ems/contracts/ordering";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import {
  orderDetails,
  orderPdf,
  orderProgress,
  ordersPage,
  placeOrder,
  salesOrderTerms,
} from "./orders-service.ts";
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
 * Sales order (docs/behaviour/orders.md): getSalesOrderTerms (every member) and placeOrder
 * (administrators, buyers); then getAllRaw, fetch_row_details, get_wo_progress_data and the order
 * confirmation PDF. Every member of the company reads its orders (tenant = caller's company).
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { onRequest: app.requireCompanyRole(...rolesWith("company.read")) };
  const tags = ["orders"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/orders/terms",
    {
      ...member,
      schema: {
        tags,
        summary: "The terms of sale in the caller's language and their version",
        querystring: noQuery,
        response: { 200: envelopeSchema(termsSchema), ...errors, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(salesOrderTerms(request.auth!.user.language));
    },
  );

  app.post(
    "/api/orders",
    {
      onRequest: app.requireCompanyRole(...rolesWith("quotes.decide")),
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Orders an Open quote, all of it or some lines (administrators, buyers)",
        description:
          "Each line's quantity must be one of its tiers; terms_version must be the current one. A quote " +
          "that is not Open (or was ordered meanwhile) answers 409 CONFLICT; another company's quote, " +
          "address or an inactive parcel service answers 404.",
        body: placeOrderSchema,
        response: { 200: envelopeSchema(orderPlacedSchema), ...errors, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await placeOrder(request.context(), request.body)),
  );

  app.get(
    "/api/orders",
    {
      ...member,
      schema: {
        tags,
        summary: "One page of the company's orders with production progress",
        querystring: orderListQuerySchema,
        response: { 200: envelopeSchema(orderPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await ordersPage(request.context(), request.query));
    },
  );

  app.get(
    "/api/orders/:id",
    {
      ...member,
      schema: {
        tags,
        summary: "One order: lines, addresses, totals, delivery notes and invoices",
        description: "Engineers, who may not see invoices, get an empty invoice list.",
        params: orderIdParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(orderDetailsSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await orderDetails(request.context(), request.params.id));
    },
  );

  app.get(
    "/api/orders/:id/progress",
    {
      ...member,
      schema: {
        tags,
        summary: "Production progress of every line, stage by stage",
        params: orderIdParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(orderProgressSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await orderProgress(request.context(), request.params.id));
    },
  );

  app.get(
    "/api/orders/:id/pdf",
    {
      ...member,
      schema: {
        tags,
        summary: "The order confirmation as a PDF in the caller's language",
        params: orderIdParamSchema,
        querystring: noQuery,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await orderPdf(request.context(), request.params.id);
      noStore(reply);
      return sendPdf(reply, number, pdf);
    },
  );
};
