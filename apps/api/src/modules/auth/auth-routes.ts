import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { authEndpoints } from "@ems/contracts/auth";
import { LOGGED_IN_HINT_COOKIE, SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE } from "@ems/config/constants";
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

/**
 * The attributes each cookie is set with, and cleared with: a clearing cookie with other attributes
 * may not replace the original (a browser keeps a Secure cookie that a non-Secure write would
 * overwrite, and Path must match), so sign-out must repeat them.
 */
const SESSION_COOKIE_OPTIONS = { path: "/", httpOnly: true, secure: true, sameSite: "lax" } as const;
// A hint for scripts that a session may exist; it grants nothing (ADR 0003).
const HINT_COOKIE_OPTIONS = { path: "/", secure: true, sameSite: "lax" } as const;

/** The session and hint cookies of a new session, for every route that signs in. */
export function setSessionCookies(reply: FastifyReply, token: string, expiresAt: Date) {
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
export const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (
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
  implement(app, authEndpoints, {
    login: { config: { rateLimit }, handle: (request) => startSignIn(ctx(request), request.body) },
    verify: {
      config: { rateLimit },
      handle: async (request, reply) => {
        const signedIn = await finishSignIn(ctx(request), request.body, tokenOf(request));
        if (request.body.session !== "token") setSessionCookies(reply, signedIn.token, signedIn.expiresAt);
        setDeviceCookie(reply, signedIn.device);
        return signedIn.response;
      },
    },
    session: async (request) => {
      const { user, expiresAt } = request.auth!;
      return {
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
      };
    },
    sessions: async (request) => {
      const { user, sessionId } = request.auth!;
      return listSessions(app.db, user.id, sessionId);
    },
    endSession: async (request, reply) => {
      const { user, sessionId } = request.auth!;
      if (!(await endUserSession(app.db, user, request.params.id, request)))
        throw notFound("No such session");
      if (request.params.id === sessionId) clearSessionCookies(reply);
      return null;
    },
    revokeOtherSessions: async (request) => {
      const { user, sessionId } = request.auth!;
      return { revoked: await endOtherSessions(app.db, user, sessionId, request) };
    },
    logout: async (request, reply) => {
      const { user, sessionId } = request.auth!;
      await signOut(app.db, user, sessionId, request);
      clearSessionCookies(reply);
      return null;
    },
  });
};
