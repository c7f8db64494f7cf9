import type { FastifyPluginAsync } from "fastify";
import { creditNoteEndpoints } from "@ems/contracts/credit-notes";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendPdf, sendXml } from "../../lib/pdf-reply.ts";
import { creditNotePdf, creditNotesPage, creditNoteXml } from "./credit-notes-service.ts";

/** Credit notes of the caller's company: the list, the PDF and the XML e-invoice. */
export const creditNotesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, creditNoteEndpoints, {
    list: (request) => creditNotesPage(request.context(), request.query),
    pdf: async (request, reply) => {
      const { number, pdf } = await creditNotePdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
    xml: async (request, reply) => {
      const { number, xml } = await creditNoteXml(request.context(), request.params.id);
      return sendXml(reply, number, xml);
    },
  });
};
