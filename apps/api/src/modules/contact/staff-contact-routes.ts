import type { FastifyPluginAsync } from "fastify";
import { staffContactMessageEndpoints } from "@ems/contracts/contact";
import { implement } from "../../lib/endpoint-routes.ts";
import { handleContactMessage, staffContactMessagePage } from "./contact-service.ts";

/** The back office's reading of the contact form's messages (staff roles only: the definitions say so). */
export const staffContactRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffContactMessageEndpoints, {
    list: (request) => staffContactMessagePage(app.db, request.query),
    markHandled: (request) => handleContactMessage(app.db, request.params.id, request.context().auth.user.id),
  });
};
