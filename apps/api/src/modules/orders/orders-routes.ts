import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  orderDetailsSchema,
  orderIdParamSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderProgressSchema,
} from "@ems/contracts/orders";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import { orderDetails, orderPdf, orderProgress, ordersPage, type DocumentContext } from "./orders-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const noQuery = z.strictObject({});
/** Fastify sends a Buffer as is (no JSON serialisation); OpenAPI shows it as any. */

/**
 * SPEC §7 Sales order after placeOrder: getAllRaw, fetch_row_details, get_wo_progress_data and the
 * order confirmation PDF. Every member of the company reads its orders (tenant = caller's company).
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest): DocumentContext => ({
    db: app.db,
    mailer: app.mailer,
    auth: request.auth!,
    publicUrl: app.env.PUBLIC_URL,
    request,
  });
  const member = { onRequest: app.requireCompanyRole(...COMPANY_ROLES) };
  const tags = ["orders"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/orders",
    {
      ...member,
      schema: {
        tags,
        summary: "One page of the company's orders with production progress (SPEC getAllRaw)",
        querystring: orderListQuerySchema,
        response: { 200: envelopeSchema(orderPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await ordersPage(ctx(request), request.query));
    },
  );

  app.get(
    "/api/orders/:id",
    {
      ...member,
      schema: {
        tags,
        summary: "One order: lines, addresses, totals, delivery notes and invoices (SPEC fetch_row_details)",
        description: "Engineers, who may not see invoices, get an empty invoice list.",
        params: orderIdParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(orderDetailsSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await orderDetails(ctx(request), request.params.id));
    },
  );

  app.get(
    "/api/orders/:id/progress",
    {
      ...member,
      schema: {
        tags,
        summary: "Production progress of every line, stage by stage (SPEC get_wo_progress_data)",
        params: orderIdParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(orderProgressSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await orderProgress(ctx(request), request.params.id));
    },
  );

  app.get(
    "/api/orders/:id/pdf",
    {
      ...member,
      schema: {
        tags,
        summary: "The order confirmation as a PDF in the caller's language (SPEC Sales order PDF)",
        params: orderIdParamSchema,
        querystring: noQuery,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await orderPdf(ctx(request), request.params.id);
      noStore(reply);
      return sendPdf(reply, number, pdf);
    },
  );
};
