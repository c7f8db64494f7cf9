import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { emptyBodySchema } from "@ems/contracts/auth";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  quoteDeclineSchema,
  quoteDetailSchema,
  quoteIdParamSchema,
  quoteListQuerySchema,
  quotePageSchema,
  quoteRequestSchema,
} from "@ems/contracts/quotes";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import {
  customerQuote,
  customerQuotePage,
  customerQuotePdf,
  declineQuote,
  renewQuote,
  requestQuote,
} from "./quotes-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

/** Requests for quotes are throttled per client address, like the other mail-sending calls. */
export interface QuotesRouteOptions {
  rateLimit: { max: number; timeWindow: number };
}

const noQuery = z.strictObject({});
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * Quotation for customers (docs/behaviour/quotes.md; tenant = the caller's company). Every member
 * reads; admins, buyers and engineers ask for quotes; admins and buyers decline them or ask again.
 */
export const quotesRoutes: FastifyPluginAsyncZod<QuotesRouteOptions> = async (app, { rateLimit }) => {
  const member = { onRequest: app.requireCompanyRole(...rolesWith("company.read")) };
  const requester = { onRequest: app.requireCompanyRole(...rolesWith("quotes.request")) };
  const decider = { onRequest: app.requireCompanyRole(...rolesWith("quotes.decide")) };
  const tags = ["quotes"];
  const detail = { 200: envelopeSchema(quoteDetailSchema), ...errors };

  app.get(
    "/api/quotes",
    {
      ...member,
      schema: {
        tags,
        summary: "The company's quotes",
        querystring: quoteListQuerySchema,
        response: { 200: envelopeSchema(quotePageSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await customerQuotePage(request.context(), request.query));
    },
  );

  app.get(
    "/api/quotes/:id",
    {
      ...member,
      schema: {
        tags,
        summary: "One quote with lines, tiers, delivery dates and what the caller may do",
        params: quoteIdParamSchema,
        querystring: noQuery,
        response: detail,
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await customerQuote(request.context(), request.params.id));
    },
  );

  app.get(
    "/api/quotes/:id/pdf",
    {
      ...member,
      schema: {
        tags,
        summary: "The quote as a PDF in the caller's language",
        description: "A quote that has not been priced and sent yet answers 409 CONFLICT.",
        params: quoteIdParamSchema,
        querystring: noQuery,
        produces: ["application/pdf"],
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await customerQuotePdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
  );

  app.post(
    "/api/quotes",
    {
      config: { rateLimit, idempotent: true },
      ...requester,
      schema: {
        tags,
        summary: "Asks for a quote; it starts In Progress (administrators, buyers, engineers)",
        body: quoteRequestSchema,
        response: { 201: envelopeSchema(quoteDetailSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await requestQuote(request.context(), request.body), 201, "Created");
    },
  );

  app.post(
    "/api/quotes/:id/decline",
    {
      ...decider,
      schema: {
        tags,
        summary: "Declines an Open quote with a reason (administrators, buyers)",
        description: "A quote that is not Open answers 409 CONFLICT.",
        params: quoteIdParamSchema,
        body: quoteDeclineSchema,
        response: detail,
      },
    },
    async (request) => ok(await declineQuote(request.context(), request.params.id, request.body.reason)),
  );

  app.post(
    "/api/quotes/:id/renew",
    {
      ...decider,
      schema: {
        tags,
        summary:
          "Asks again for an Expired or Declined quote; it goes back In Progress (administrators, buyers)",
        description: "Any other status answers 409 CONFLICT.",
        params: quoteIdParamSchema,
        body: emptyBodySchema.optional(),
        response: detail,
      },
    },
    async (request) => ok(await renewQuote(request.context(), request.params.id)),
  );
};
