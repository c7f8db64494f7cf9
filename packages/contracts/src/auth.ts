import { z } from "zod";
import { AUTH_PATHS } from "./public-paths.ts";
import { defineEndpoints, PUBLIC, SIGNED_IN } from "./endpoints.ts";

/** The user as the session answer gives it (snake_case; docs/behaviour/data.md#entities-and-fields). */
export const sessionUserSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    email: z.string(),
    language: z.string(),
    role: z.string(),
    company_id: z.string(),
    company_role: z.string().nullable(),
    must_change_password: z.boolean(),
    /** When the session ends at the latest (ISO). */
    exp: z.string(),
  })
  .meta({ id: "SessionUser" });

export const sessionSchema = z.object({ user: sessionUserSchema }).meta({ id: "Session" });

export const emptyBodySchema = z.strictObject({}).nullish();

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A sign-in e-mail: trimmed, at most 254 characters (RFC 5321), compared case-insensitively. */
const emailField = z.email().max(254);

/**
 * The login request (docs/behaviour/accounts.md#sign-in): usr (the e-mail), pwd, cookie_notified, token, tmp_id. `token` is not used
 * by this product's sign-in (the session token is never sent by browsers) and is refused when sent;
 * `tmp_id` asks for a fresh code for an attempt already open (resend). `captcha` is a solved ALTCHA
 * challenge (base64 JSON), needed only once the API has answered 428 CAPTCHA_REQUIRED.
 */
export const loginRequestSchema = z
  .strictObject({
    usr: emailField,
    pwd: z.string().min(1).max(1024),
    cookie_notified: z.boolean().optional(),
    tmp_id: z.uuid().optional(),
    captcha: z
      .string()
      .min(1)
      .max(2048)
      .regex(/^[A-Za-z0-9+/=_-]+$/, "The captcha payload must be base64")
      .optional(),
  })
  .meta({ id: "LoginRequest" });

export const LOGIN_METHODS = ["email", "totp"] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const loginResponseSchema = z
  .object({
    tmp_id: z.uuid(),
    /** email: a code was e-mailed; totp: the authenticator app's code (or a recovery code). */
    method: z.enum(LOGIN_METHODS),
    expires_at: z.string(),
  })
  .meta({ id: "LoginChallenge" });

/** The verify request: otp, tmpId. `session: "token"` is for API clients (no cookie, token in the answer). */
export const verifyRequestSchema = z
  .strictObject({
    otp: z
      .string()
      .trim()
      .min(6)
      .max(11)
      .regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i, "a 6-digit code or a recovery code"),
    tmpId: z.uuid(),
    session: z.enum(["cookie", "token"]).optional(),
  })
  .meta({ id: "VerifyRequest" });

export const contactSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export const verifyResponseSchema = z
  .object({
    userId: z.uuid(),
    /** Only for `session: "token"`; browsers get the HttpOnly cookie and null here. */
    token: z.string().nullable(),
    role: z.string(),
    company_role: z.string().nullable(),
    exp: z.string(),
    language: z.string(),
    contacts: z.array(contactSchema),
    must_change_password: z.boolean(),
  })
  .meta({ id: "SignedIn" });

export const sessionInfoSchema = z
  .object({
    id: z.uuid(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string(),
    user_agent: z.string().nullable(),
    ip_address: z.string().nullable(),
    current: z.boolean(),
  })
  .meta({ id: "SessionInfo" });

export const sessionIdParamsSchema = z.strictObject({ id: z.uuid() });

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const authEndpoints = defineEndpoints("auth", {
  login: {
    method: "POST",
    path: AUTH_PATHS.login,
    summary: "Sign-in step 1: e-mail and password; opens an attempt (tmp_id) and sends the code",
    description:
      "Errors: 401 INVALID_CREDENTIALS (the same for unknown accounts), 401 user_has_no_accepted_roles, " +
      "428 CAPTCHA_REQUIRED (field captcha: send a solved captcha) for clients without this account's " +
      "device cookie after many attempts, 400 CAPTCHA_INVALID / CAPTCHA_ALREADY_USED, " +
      "429 ACCOUNT_LOCKED for 60 s after 5 wrong passwords (per device with the device cookie, else for " +
      "every client without one), 429 RATE_LIMITED per address and per account.",
    access: PUBLIC,
    body: loginRequestSchema,
    response: loginResponseSchema,
    errors: [401, 428, 429],
    caching: "no-store",
  },
  verify: {
    method: "POST",
    path: AUTH_PATHS.verify,
    summary: "Sign-in step 2: the one-time code; starts the session",
    description:
      'Browsers get the HttpOnly session cookie and token null; API clients send session: "token" ' +
      "and get the token for `Authorization: next <token>` instead. Both get a new device cookie " +
      "(Path /api/auth, 365 days) that keeps other clients' failures from locking them out. " +
      "Errors: 401 OTP_VERIFICATION_FAILED " +
      "(otherData.attempts_left), 401 LOGIN_SESSION_EXPIRED (expired, used, or 5 wrong codes), 429 ACCOUNT_LOCKED, " +
      "429 RATE_LIMITED per address and per account.",
    access: PUBLIC,
    body: verifyRequestSchema,
    response: verifyResponseSchema,
    errors: [401, 428, 429],
    caching: "no-store",
  },
  session: {
    method: "GET",
    path: AUTH_PATHS.session,
    summary: "The signed-in user; 401 for visitors",
    access: SIGNED_IN,
    query: z.strictObject({}),
    response: sessionSchema,
    caching: "private",
  },
  sessions: {
    method: "GET",
    path: "/api/auth/sessions",
    summary: "The signed-in user's live sessions (devices), newest first",
    access: SIGNED_IN,
    query: z.strictObject({}),
    response: z.array(sessionInfoSchema),
    caching: "private",
  },
  endSession: {
    method: "DELETE",
    path: "/api/auth/sessions/:id",
    summary: "Ends one of the user's sessions (another user's id answers 404)",
    access: SIGNED_IN,
    params: sessionIdParamsSchema,
    response: z.null(),
    errors: [404],
    caching: "private",
  },
  revokeOtherSessions: {
    method: "POST",
    path: "/api/auth/sessions/revoke-others",
    summary: "Ends every session of the user except this one",
    access: SIGNED_IN,
    body: emptyBodySchema,
    response: z.object({ revoked: z.number().int() }),
    caching: "private",
  },
  logout: {
    method: "POST",
    path: AUTH_PATHS.logout,
    summary: "Ends the session on the server and clears the cookies",
    access: SIGNED_IN,
    body: emptyBodySchema,
    response: z.null(),
    caching: "private",
  },
});
