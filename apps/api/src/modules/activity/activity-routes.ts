import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { activityPageSchema, activityQuerySchema } from "@ems/contracts/activity";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import { activityPage } from "./activity-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

/**
 * Activity log (docs/behaviour/accounts.md#activity-log): the system log (security events) and the
 * user log (changes people made), each only for the caller's company and only for its administrators.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ["system", "user"] as const) {
    app.get(
      `/api/activity/${kind}-logs`,
      {
        onRequest: app.requireCompanyRole(...rolesWith("company.manage")),
        schema: {
          tags: ["activity"],
          summary: `The company's ${kind} log, newest first (company administrators)`,
          querystring: activityQuerySchema,
          response: {
            200: envelopeSchema(activityPageSchema),
            400: errorEnvelopeSchema,
            401: errorEnvelopeSchema,
            403: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header("Cache-Control", "private, no-store");
        return ok(await activityPage(app.db, request.auth!.user.companyId, kind, request.query));
      },
    );
  }
};
