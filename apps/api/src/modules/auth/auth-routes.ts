import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { LOGGED_IN_HINT_COOKIE, SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE } from "@ems/config/constants";
import {
  emptyBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  sessionIdParamsSchema,
  sessionInfoSchema,
  sessionSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from "@ems/contracts/auth";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import { notFound } from "../../lib/app-error.ts";
import { tokenOf } from "../../plugins/auth.ts";
import type { CaptchaSettings } from "../captcha/captcha-service.ts";
import { DEVICE_COOKIE_MAX_AGE_S, DEVICE_COOKIE_PATH } from "./device-cookie.ts";
import { finishSignIn, startSignIn } from "./login-service.ts";
import { endOtherSessions, endUserSession, listSessions, signOut } from "./session-service.ts";

export interface AuthRouteOptions {
  /** Sign-in and verification requests per client address and window. */
  rateLimit: { max: number; timeWindow: number };
  /** Clients without a device cookie solve one after many attempts on an account. */
  captcha: CaptchaSettings;
  /** Signs device cookies (deviceCookieKey). */
  deviceKey: Buffer;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  428: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * The attributes each cookie is set with, and cleared with: a clearing cookie with other attributes
 * may not replace the original (a browser keeps a Secure cookie that a non-Secure write would
 * overwrite, and Path must match), so sign-out must repeat them.
 */
const SESSION_COOKIE_OPTIONS = { path: "/", httpOnly: true, secure: true, sameSite: "lax" } as const;
// A hint for scripts that a session may exist; it grants nothing (ADR 0003).
const HINT_COOKIE_OPTIONS = { path: "/", secure: true, sameSite: "lax" } as const;

function setSessionCookies(reply: FastifyReply, token: string, expiresAt: Date) {
  const maxAge = Math.floor(SESSION_ABSOLUTE_TIMEOUT_MS / 1000);
  reply
    .setCookie(SESSION_COOKIE, token, { ...SESSION_COOKIE_OPTIONS, maxAge, expires: expiresAt })
    .setCookie(LOGGED_IN_HINT_COOKIE, "1", { ...HINT_COOKIE_OPTIONS, maxAge, expires: expiresAt });
}

function clearSessionCookies(reply: FastifyReply) {
  reply
    .clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS)
    .clearCookie(LOGGED_IN_HINT_COOKIE, HINT_COOKIE_OPTIONS);
}

/** Outlives sign-out on purpose: it marks the browser, not the session (ADR 0009). */
function setDeviceCookie(reply: FastifyReply, device: { name: string; value: string }) {
  reply.setCookie(device.name, device.value, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/**
 * The two-step sign-in (docs/behaviour/accounts.md#sign-in), who is signed in, the user's sessions,
 * and signing out (docs/behaviour/accounts.md#sign-out).
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
  app,
  { rateLimit, captcha, deviceKey },
) => {
  const ctx = (request: Pick<FastifyRequest, "ip" | "headers" | "cookies">) => ({
    db: app.db,
    accountLimit: app.env.LOGIN_ACCOUNT_LIMIT,
    mailer: app.mailer,
    captcha,
    deviceKey,
    cookies: request.cookies,
    request,
  });

  app.post(
    "/api/auth/login",
    {
      config: { rateLimit },
      schema: {
        tags: ["auth"],
        summary: "Sign-in step 1: e-mail and password; opens an attempt (tmp_id) and sends the code",
        description:
          "Errors: 401 INVALID_CREDENTIALS (the same for unknown accounts), 401 user_has_no_accepted_roles, " +
          "428 CAPTCHA_REQUIRED (field captcha: send a solved captcha) for clients without this account's " +
          "device cookie after many attempts, 400 CAPTCHA_INVALID / CAPTCHA_ALREADY_USED, " +
          "429 ACCOUNT_LOCKED for 60 s after 5 wrong passwords (per device with the device cookie, else for " +
          "every client without one), 429 RATE_LIMITED per address and per account.",
        body: loginRequestSchema,
        response: { 200: envelopeSchema(loginResponseSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ok(await startSignIn(ctx(request), request.body));
    },
  );

  app.post(
    "/api/auth/verify",
    {
      config: { rateLimit },
      schema: {
        tags: ["auth"],
        summary: "Sign-in step 2: the one-time code; starts the session",
        description:
          'Browsers get the HttpOnly session cookie and token null; API clients send session: "token" ' +
          "and get the token for `Authorization: next <token>` instead. Both get a new device cookie " +
          "(Path /api/auth, 365 days) that keeps other clients' failures from locking them out. " +
          "Errors: 401 OTP_VERIFICATION_FAILED " +
          "(otherData.attempts_left), 401 LOGIN_SESSION_EXPIRED (expired, used, or 5 wrong codes), 429 ACCOUNT_LOCKED, " +
          "429 RATE_LIMITED per address and per account.",
        body: verifyRequestSchema,
        response: { 200: envelopeSchema(verifyResponseSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const signedIn = await finishSignIn(ctx(request), request.body, tokenOf(request));
      if (request.body.session !== "token") setSessionCookies(reply, signedIn.token, signedIn.expiresAt);
      setDeviceCookie(reply, signedIn.device);
      return ok(signedIn.response);
    },
  );

  app.get(
    "/api/auth/session",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "The signed-in user; 401 for visitors",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(sessionSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      const { user, expiresAt } = request.auth!;
      return ok({
        user: {
          first_name: user.firstName,
          last_name: user.lastName,
          full_name: `${user.firstName} ${user.lastName}`.trim(),
          email: user.email,
          language: user.language,
          role: user.role,
          company_id: user.companyId,
          company_role: user.companyRole,
          must_change_password: user.mustChangePassword,
          exp: expiresAt.toISOString(),
        },
      });
    },
  );

  app.get(
    "/api/auth/sessions",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "The signed-in user's live sessions (devices), newest first",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(sessionInfoSchema)), 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      const { user, sessionId } = request.auth!;
      return ok(await listSessions(app.db, user.id, sessionId));
    },
  );

  app.delete(
    "/api/auth/sessions/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "Ends one of the user's sessions (another user's id answers 404)",
        params: sessionIdParamsSchema,
        response: {
          200: envelopeSchema(z.null()),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = request.auth!;
      if (!(await endUserSession(app.db, user, request.params.id, request)))
        throw notFound("No such session");
      if (request.params.id === sessionId) clearSessionCookies(reply);
      return ok(null);
    },
  );

  app.post(
    "/api/auth/sessions/revoke-others",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "Ends every session of the user except this one",
        body: emptyBodySchema,
        response: {
          200: envelopeSchema(z.object({ revoked: z.number().int() })),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { user, sessionId } = request.auth!;
      return ok({ revoked: await endOtherSessions(app.db, user, sessionId, request) });
    },
  );

  app.post(
    "/api/auth/logout",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "Ends the session on the server and clears the cookies",
        body: emptyBodySchema,
        response: { 200: envelopeSchema(z.null()), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = request.auth!;
      await signOut(app.db, user, sessionId, request);
      clearSessionCookies(reply);
      return ok(null);
    },
  );
};
