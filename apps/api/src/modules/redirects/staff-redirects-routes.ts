import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { staffRedirectEndpoints } from "@ems/contracts/redirects";
import { ERROR_CODES } from "@ems/contracts/errors";
import { AppError } from "../../lib/app-error.ts";
import { deleteRedirectRule, upsertRedirectRule } from "./redirects-repository.ts";
import type { RedirectRuleCache } from "./redirects-service.ts";

/** The staff back office's edits of the redirect rules (staff roles only). */
export const staffRedirectsRoutes: FastifyPluginAsync<{ cache: RedirectRuleCache }> = async (
  app,
  { cache },
) => {
  implement(app, staffRedirectEndpoints, {
    save: async (request) => {
      await upsertRedirectRule(app.db, request.body);
      cache.invalidate();
      return request.body;
    },
    remove: async (request) => {
      if (!(await deleteRedirectRule(app.db, request.body.fromPath))) {
        throw new AppError(404, ERROR_CODES.notFound, "No rule for this path");
      }
      cache.invalidate();
      return null;
    },
  });
};
