import type { FastifyPluginAsync } from "fastify";
import { activityEndpoints } from "@ems/contracts/activity";
import { implement } from "../../lib/endpoint-routes.ts";
import { activityPage } from "./activity-service.ts";

/**
 * Activity log (docs/behaviour/accounts.md#activity-log): the system log (security events) and the
 * user log (changes people made), each only for the caller's company and only for its administrators.
 */
export const activityRoutes: FastifyPluginAsync = async (app) => {
  implement(app, activityEndpoints, {
    systemLog: (request) => activityPage(app.db, request.auth!.user.companyId, "system", request.query),
    userLog: (request) => activityPage(app.db, request.auth!.user.companyId, "user", request.query),
  });
};
