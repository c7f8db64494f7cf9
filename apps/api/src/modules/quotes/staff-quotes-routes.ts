import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { staffQuoteEndpoints } from "@ems/contracts/quotes";
import { sendPdf } from "../../lib/pdf-reply.ts";
import {
  staffChangeQuoteTax,
  staffCreateQuote,
  staffMarkLost,
  staffQuote,
  staffQuotePage,
  staffReplaceLines,
  staffSendQuote,
  staffQuotePdf,
} from "./quotes-service.ts";

/** The back office's quotes across all customer companies (staff roles only). */
export const staffQuotesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffQuoteEndpoints, {
    list: (request) => staffQuotePage(request.context(), request.query),
    detail: (request) => staffQuote(request.context(), request.params.id),
    create: (request) => staffCreateQuote(request.context(), request.body),
    updateLines: (request) => staffReplaceLines(request.context(), request.params.id, request.body.lines),
    send: async (request) =>
      await staffSendQuote(request.context(), request.params.id, request.body.valid_until),
    lost: (request) => staffMarkLost(request.context(), request.params.id, request.body?.reason),
    changeTax: (request) => staffChangeQuoteTax(request.context(), request.params.id, request.body),
    pdf: async (request, reply) => {
      const { number, pdf } = await staffQuotePdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
  });
};
