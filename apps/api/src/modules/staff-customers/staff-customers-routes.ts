import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";
import { customerDetail, customerPage } from "./staff-customers-service.ts";

/** The back office's customer directory (staff roles only). */
export const staffCustomersRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffCustomerEndpoints, {
    list: (request) => customerPage(app.db, request.query),
    detail: (request) => customerDetail(app.db, request.params.id),
  });
};
