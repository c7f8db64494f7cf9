import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { paymentEndpoints } from "@ems/contracts/billing";
import {
  charge,
  clientToken,
  paymentMethods,
  type PaymentProviders,
  type PaymentsContext,
} from "./payments-service.ts";

export interface PaymentsRouteOptions {
  providers: PaymentProviders;
  /** For the calls that reach the card gateway (card testing is throttled per client address). */
  rateLimit: { max: number; timeWindow: number };
}

/**
 * Payment (docs/behaviour/billing.md#payments): get_client_token and charge_client, and the methods
 * a customer may pay with. Administrators and finance users pay; buyers and viewers see the methods;
 * engineers see no invoices or payments at all.
 */
export const paymentsRoutes: FastifyPluginAsync<PaymentsRouteOptions> = async (
  app,
  { providers, rateLimit },
) => {
  const ctx = (request: FastifyRequest): PaymentsContext => ({ ...request.context(), providers });
  implement(app, paymentEndpoints, {
    methods: (request) => paymentMethods(ctx(request)),
    clientToken: { config: { rateLimit }, handle: (request) => clientToken(ctx(request), request.body) },
    charge: { config: { rateLimit }, handle: (request) => charge(ctx(request), request.body) },
  });
};
