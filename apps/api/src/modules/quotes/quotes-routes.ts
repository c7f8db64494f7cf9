import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { quoteEndpoints } from "@ems/contracts/quotes";
import { sendPdf } from "../../lib/pdf-reply.ts";
import {
  customerQuote,
  customerQuotePage,
  customerQuotePdf,
  declineQuote,
  renewQuote,
  requestQuote,
} from "./quotes-service.ts";

/** Requests for quotes are throttled per client address, like the other mail-sending calls. */
export interface QuotesRouteOptions {
  rateLimit: { max: number; timeWindow: number };
}

/**
 * Quotation for customers (docs/behaviour/quotes.md; tenant = the caller's company). Every member
 * reads; admins, buyers and engineers ask for quotes; admins and buyers decline them or ask again.
 */
export const quotesRoutes: FastifyPluginAsync<QuotesRouteOptions> = async (app, { rateLimit }) => {
  implement(app, quoteEndpoints, {
    list: (request) => customerQuotePage(request.context(), request.query),
    detail: (request) => customerQuote(request.context(), request.params.id),
    pdf: async (request, reply) => {
      const { number, pdf } = await customerQuotePdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
    create: { config: { rateLimit }, handle: (request) => requestQuote(request.context(), request.body) },
    decline: (request) => declineQuote(request.context(), request.params.id, request.body.reason),
    renew: (request) => renewQuote(request.context(), request.params.id),
  });
};
