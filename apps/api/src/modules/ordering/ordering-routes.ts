import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { orderPlacedSchema, placeOrderSchema, termsSchema } from "@ems/contracts/ordering";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { ok } from "../../lib/envelope.ts";
import { placeOrder, salesOrderTerms } from "./ordering-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** SPEC §7 Sales order: getSalesOrderTerms (every member) and placeOrder (administrators, buyers). */
export const orderingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["orders"];

  app.get(
    "/api/orders/terms",
    {
      onRequest: app.requireCompanyRole(...COMPANY_ROLES),
      schema: {
        tags,
        summary: "The terms of sale in the caller's language and their version (SPEC getSalesOrderTerms)",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(termsSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(salesOrderTerms(request.auth!.user.language));
    },
  );

  app.post(
    "/api/orders",
    {
      onRequest: app.requireCompanyRole("admin", "buyer"),
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Orders an Open quote, all of it or some lines (SPEC placeOrder; administrators, buyers)",
        description:
          "Each line's quantity must be one of its tiers; terms_version must be the current one. A quote " +
          "that is not Open (or was ordered meanwhile) answers 409 CONFLICT; another company's quote, " +
          "address or an inactive parcel service answers 404.",
        body: placeOrderSchema,
        response: { 200: envelopeSchema(orderPlacedSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await placeOrder(
          {
            db: app.db,
            mailer: app.mailer,
            auth: request.auth!,
            publicUrl: app.env.PUBLIC_URL,
            request,
          },
          request.body,
        ),
      ),
  );
};
