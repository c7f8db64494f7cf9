import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  chargeSchema,
  clientTokenRequestSchema,
  clientTokenSchema,
  paymentMethodsSchema,
  paymentSchema,
} from "@ems/contracts/billing";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import {
  charge,
  clientToken,
  paymentMethods,
  type PaymentProviders,
  type PaymentsContext,
} from "./payments-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

export interface PaymentsRouteOptions {
  providers: PaymentProviders;
  /** For the calls that reach the card gateway (card testing is throttled per client address). */
  rateLimit: { max: number; timeWindow: number };
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * Payment (docs/behaviour/billing.md#payments): get_client_token and charge_client, and the methods
 * a customer may pay with. Administrators and finance users pay; buyers and viewers see the methods;
 * engineers see no invoices or payments at all.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRouteOptions> = async (
  app,
  { providers, rateLimit },
) => {
  const ctx = (request: FastifyRequest): PaymentsContext => ({ ...request.context(), providers });
  const readers = { onRequest: app.requireCompanyRole(...rolesWith("invoices.read")) };
  const payers = { onRequest: app.requireCompanyRole(...rolesWith("invoices.pay")), config: { rateLimit } };
  const tags = ["payments"];

  app.get(
    "/api/payments/methods",
    {
      ...readers,
      schema: {
        tags,
        summary: "The methods invoices can be paid with now, and the bank account for transfers",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(paymentMethodsSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await paymentMethods(ctx(request)));
    },
  );

  app.post(
    "/api/payments/client-token",
    {
      ...payers,
      schema: {
        tags,
        summary: "What the browser needs to start paying an invoice",
        description: "A paid invoice, or card while card payments are off, answers 409.",
        body: clientTokenRequestSchema,
        response: { 200: envelopeSchema(clientTokenSchema), ...errors },
      },
    },
    async (request) => ok(await clientToken(ctx(request), request.body)),
  );

  app.post(
    "/api/payments/charge",
    {
      ...payers,
      config: { ...payers.config, idempotent: true },
      schema: {
        tags,
        summary: "Pays an invoice by card or announces a bank transfer",
        description:
          "Answers the payment: succeeded (invoice paid), failed (declined; failure_reason says why, try again) or pending (bank transfer: instructions are e-mailed). An invoice that is paid or has a payment under way answers 409; an unreachable card gateway 502.",
        body: chargeSchema,
        response: { 200: envelopeSchema(paymentSchema), ...errors, 502: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await charge(ctx(request), request.body)),
  );
};
