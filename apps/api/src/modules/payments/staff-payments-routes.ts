import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  billingIdParamSchema,
  integrationToggleSchema,
  paymentIntegrationSchema,
  paymentRecordSchema,
  paymentSchema,
} from "@ems/contracts/billing";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ERROR_CODES } from "@ems/contracts/errors";
import { AppError } from "../../lib/app-error.ts";
import { ok } from "../../lib/envelope.ts";
import {
  integrationStates,
  recordPayment,
  toggleIntegration,
  type PaymentProviders,
  type PaymentsContext,
} from "./payments-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The back office's payments: recording money that arrived, and the card gateway switch. */
export const staffPaymentsRoutes: FastifyPluginAsyncZod<{ providers: PaymentProviders }> = async (
  app,
  { providers },
) => {
  const ctx = (request: FastifyRequest): PaymentsContext => ({ ...request.context(), providers });
  const staff = { onRequest: app.requireStaff };
  /** Switching payment methods on or off is for the operator's administrators only. */
  const staffAdmin = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireStaff(request, reply);
      if (request.auth!.user.role !== "staff_admin")
        throw new AppError(403, ERROR_CODES.forbidden, "This needs a staff administrator");
    },
  };
  const tags = ["staff"];
  const integrations = { 200: envelopeSchema(z.array(paymentIntegrationSchema)), ...errors };

  app.post(
    "/api/staff/invoices/:id/payments",
    {
      ...staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Records money received for an invoice; the invoice becomes paid",
        description:
          "Completes the pending payment (an announced bank transfer) or records a manual one. A paid invoice answers 409.",
        params: billingIdParamSchema,
        body: paymentRecordSchema,
        response: { 200: envelopeSchema(paymentSchema), ...errors },
      },
    },
    async (request) => ok(await recordPayment(ctx(request), request.params.id, request.body)),
  );

  app.get(
    "/api/staff/payment-integrations",
    {
      ...staff,
      schema: {
        tags,
        summary: "The card gateways: switched on, and whether the server has their keys",
        querystring: z.strictObject({}),
        response: integrations,
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await integrationStates(ctx(request)));
    },
  );

  app.put(
    "/api/staff/payment-integrations",
    {
      ...staffAdmin,
      schema: {
        tags,
        summary: "Switches a card gateway on or off (staff administrators)",
        description: "Switching on a gateway the server has no keys for answers 409.",
        body: integrationToggleSchema,
        response: integrations,
      },
    },
    async (request) => ok(await toggleIntegration(ctx(request), request.body)),
  );
};
