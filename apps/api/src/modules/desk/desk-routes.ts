import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { deskEndpoints } from "@ems/contracts/desk";
import { deskData } from "./desk-service.ts";

/**
 * Desk: getDeskData (docs/behaviour/billing.md#customer-desk): every member of the company; engineers
 * get no invoice figures.
 */
export const deskRoutes: FastifyPluginAsync = async (app) => {
  implement(app, deskEndpoints, {
    get: (request) => deskData({ db: app.db, auth: request.auth! }),
  });
};
