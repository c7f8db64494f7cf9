import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { deskDataSchema, deskQuerySchema } from "@ems/contracts/desk";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import { deskData } from "./desk-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

/**
 * Desk: getDeskData (docs/behaviour/billing.md#customer-desk): every member of the company; engineers
 * get no invoice figures.
 */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/desk",
    {
      onRequest: app.requireCompanyRole(...rolesWith("company.read")),
      schema: {
        tags: ["desk"],
        summary: "The customer desk: counts, latest documents and a monthly series",
        description:
          "Invoice fields (unpaid_invoices, unpaid_total, invoiced_minor, …) are null for engineers.",
        querystring: deskQuerySchema,
        response: {
          200: envelopeSchema(deskDataSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await deskData({ db: app.db, auth: request.auth! }));
    },
  );
};
