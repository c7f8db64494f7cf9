import type { FastifyPluginAsync } from "fastify";
import { staffCreditNoteEndpoints } from "@ems/contracts/credit-notes";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendPdf, sendXml } from "../../lib/pdf-reply.ts";
import {
  createCreditNote,
  staffCreditNotePdf,
  staffCreditNotesPage,
  staffCreditNoteXml,
} from "./credit-notes-service.ts";

/** The back office's credit notes: every company's, and issuing new ones for an invoice. */
export const staffCreditNotesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffCreditNoteEndpoints, {
    list: (request) => staffCreditNotesPage(request.context(), request.query),
    create: (request) => createCreditNote(request.context(), request.params.id, request.body),
    pdf: async (request, reply) => {
      const { number, pdf } = await staffCreditNotePdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
    xml: async (request, reply) => {
      const { number, xml } = await staffCreditNoteXml(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendXml(reply, number, xml);
    },
  });
};
