import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { LOGGED_IN_HINT_COOKIE, SESSION_COOKIE } from "@ems/config/constants";
import { emptyBodySchema, sessionSchema } from "@ems/contracts/auth";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import { endSession } from "./session-service.ts";

/**
 * Who is signed in, and signing out. Signing in (two steps with a one-time code) arrives with the
 * accounts capability; sessions are created there.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/auth/session",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "The signed-in user; 401 for visitors",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(sessionSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      const { user } = request.auth!;
      return ok({
        user: {
          first_name: user.firstName,
          last_name: user.lastName,
          full_name: `${user.firstName} ${user.lastName}`.trim(),
          email: user.email,
          language: user.language,
          role: user.role,
        },
      });
    },
  );

  app.post(
    "/api/auth/logout",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "Ends the session on the server and clears the cookies",
        body: emptyBodySchema,
        response: { 200: envelopeSchema(z.null()), 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await endSession(app.db, request.auth!.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: "/" }).clearCookie(LOGGED_IN_HINT_COOKIE, { path: "/" });
      return ok(null);
    },
  );
};
