import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { staffPaymentEndpoints } from "@ems/contracts/billing";
import { implement } from "../../lib/endpoint-routes.ts";
import {
  integrationStates,
  recordPayment,
  toggleIntegration,
  type PaymentProviders,
  type PaymentsContext,
} from "./payments-service.ts";

/**
 * The back office's payments: recording money that arrived, and the card gateway switch (staff
 * administrators only: the definition's access says so).
 */
export const staffPaymentsRoutes: FastifyPluginAsync<{ providers: PaymentProviders }> = async (
  app,
  { providers },
) => {
  const ctx = (request: FastifyRequest): PaymentsContext => ({ ...request.context(), providers });
  implement(app, staffPaymentEndpoints, {
    recordPayment: (request) => recordPayment(ctx(request), request.params.id, request.body),
    integrations: (request) => integrationStates(ctx(request)),
    updateIntegrations: (request) => toggleIntegration(ctx(request), request.body),
  });
};
