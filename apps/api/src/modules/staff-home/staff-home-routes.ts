import type { FastifyPluginAsync } from "fastify";
import { staffHomeEndpoints } from "@ems/contracts/staff-home";
import { implement } from "../../lib/endpoint-routes.ts";
import { staffHome } from "./staff-home-service.ts";

/** The back-office home: what waits for staff (staff roles only: the definition says so). */
export const staffHomeRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffHomeEndpoints, {
    get: () => staffHome(app.db),
  });
};
