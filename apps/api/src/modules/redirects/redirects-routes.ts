import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { redirectEndpoints } from "@ems/contracts/redirects";
import type { RedirectRuleCache } from "./redirects-service.ts";

/**
 * The operator's redirect rules, read by the web app for client-side navigations (full page loads
 * are redirected by the server before rendering). Staff edit them through the back office.
 */
export const redirectsRoutes: FastifyPluginAsync<{ cache: RedirectRuleCache }> = async (app, { cache }) => {
  implement(app, redirectEndpoints, {
    list: (_request) => cache.list(),
  });
};
