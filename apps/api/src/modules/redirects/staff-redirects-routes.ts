import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ERROR_CODES } from "@ems/contracts/errors";
import {
  createRedirectRuleSchema,
  redirectFromPathSchema,
  redirectRuleSchema,
} from "@ems/contracts/redirects";
import { AppError } from "../../lib/app-error.ts";
import { ok } from "../../lib/envelope.ts";
import { deleteRedirectRule, upsertRedirectRule } from "./redirects-repository.ts";
import type { RedirectRuleCache } from "./redirects-service.ts";

/** The staff back office's edits of the redirect rules (staff roles only). */
export const staffRedirectsRoutes: FastifyPluginAsyncZod<{ cache: RedirectRuleCache }> = async (
  app,
  { cache },
) => {
  const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

  app.put(
    "/api/staff/redirect-rules",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["staff"],
        summary: "Create or replace the rule for a path",
        body: createRedirectRuleSchema,
        response: { 200: envelopeSchema(redirectRuleSchema), ...errors },
      },
    },
    async (request) => {
      await upsertRedirectRule(app.db, request.body);
      cache.invalidate();
      return ok(request.body);
    },
  );

  app.delete(
    "/api/staff/redirect-rules",
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ["staff"],
        summary: "Delete the rule for a path",
        body: z.strictObject({ fromPath: redirectFromPathSchema }),
        response: { 200: envelopeSchema(z.null()), 404: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await deleteRedirectRule(app.db, request.body.fromPath))) {
        throw new AppError(404, ERROR_CODES.notFound, "No rule for this path");
      }
      cache.invalidate();
      return ok(null);
    },
  );
};
