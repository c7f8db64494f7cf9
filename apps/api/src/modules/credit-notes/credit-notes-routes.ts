import type { FastifyPluginAsync } from "fastify";
import { creditNoteEndpoints } from "@ems/contracts/credit-notes";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendPdf } from "../../lib/pdf-reply.ts";
import { creditNotePdf, creditNotesPage } from "./credit-notes-service.ts";

/** Credit notes of the caller's company: the list and the PDF. */
export const creditNotesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, creditNoteEndpoints, {
    list: (request) => creditNotesPage(request.context(), request.query),
    pdf: async (request, reply) => {
      const { number, pdf } = await creditNotePdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
  });
};
