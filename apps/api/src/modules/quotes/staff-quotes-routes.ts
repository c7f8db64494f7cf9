import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  quoteIdParamSchema,
  staffQuoteCreateSchema,
  staffQuoteDetailSchema,
  staffQuoteLinesSchema,
  staffQuoteListQuerySchema,
  staffQuoteLostSchema,
  staffQuotePageSchema,
  staffQuoteSendSchema,
} from "@ems/contracts/quotes";
import { staffPdfQuerySchema } from "@ems/contracts/documents";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import {
  staffCreateQuote,
  staffMarkLost,
  staffQuote,
  staffQuotePage,
  staffReplaceLines,
  staffSendQuote,
  staffQuotePdf,
} from "./quotes-service.ts";

const noQuery = z.strictObject({});
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The back office's quotes across all customer companies (staff roles only). */
export const staffQuotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: app.requireStaff };
  const tags = ["staff"];
  const detail = { 200: envelopeSchema(staffQuoteDetailSchema), ...errors };

  app.get(
    "/api/staff/quotes",
    {
      ...staff,
      schema: {
        tags,
        summary: "Quotes of every customer company, filtered, searched, sorted and paginated",
        querystring: staffQuoteListQuerySchema,
        response: { 200: envelopeSchema(staffQuotePageSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await staffQuotePage(request.context(), request.query));
    },
  );

  app.get(
    "/api/staff/quotes/:id",
    {
      ...staff,
      schema: {
        tags,
        summary: "One quote with its company and people",
        params: quoteIdParamSchema,
        querystring: noQuery,
        response: detail,
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await staffQuote(request.context(), request.params.id));
    },
  );

  app.post(
    "/api/staff/quotes",
    {
      ...staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Prepares a Draft quote for a customer company",
        description: "An unknown company or the operator's own answers 404.",
        body: staffQuoteCreateSchema,
        response: { 201: envelopeSchema(staffQuoteDetailSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await staffCreateQuote(request.context(), request.body), 201, "Created");
    },
  );

  app.put(
    "/api/staff/quotes/:id/lines",
    {
      ...staff,
      schema: {
        tags,
        summary: "Replaces the lines (prices) of a Draft or In Progress quote",
        description: "Other statuses answer 409 CONFLICT.",
        params: quoteIdParamSchema,
        body: staffQuoteLinesSchema,
        response: detail,
      },
    },
    async (request) => ok(await staffReplaceLines(request.context(), request.params.id, request.body.lines)),
  );

  app.post(
    "/api/staff/quotes/:id/send",
    {
      ...staff,
      schema: {
        tags,
        summary: "Sends a priced Draft, In Progress or Expired quote to the customer (→ Open)",
        description: "An unpriced quote or another status answers 409 CONFLICT.",
        params: quoteIdParamSchema,
        body: staffQuoteSendSchema,
        response: detail,
      },
    },
    async (request) =>
      ok(await staffSendQuote(request.context(), request.params.id, request.body.valid_until)),
  );

  app.post(
    "/api/staff/quotes/:id/lost",
    {
      ...staff,
      schema: {
        tags,
        summary: "Marks a Draft, In Progress or Open quote as Lost",
        description: "Other statuses answer 409 CONFLICT.",
        params: quoteIdParamSchema,
        body: staffQuoteLostSchema.nullish(),
        response: detail,
      },
    },
    async (request) => ok(await staffMarkLost(request.context(), request.params.id, request.body?.reason)),
  );

  app.get(
    "/api/staff/quotes/:id/pdf",
    {
      ...staff,
      schema: {
        tags,
        summary: "Any company's quote as the customer's PDF; 409 until its lines are priced",
        description: "In the staff member's language unless `language` names another of the 12.",
        params: quoteIdParamSchema,
        querystring: staffPdfQuerySchema,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await staffQuotePdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
  );
};
