import { createHash, randomInt } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { LoginRequest, LoginResponse, VerifyRequest, VerifyResponse } from "@ems/contracts/auth";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { AppError } from "../../lib/app-error.ts";
import { secretsEqual, verifyPassword } from "../../lib/passwords.ts";
import { matchTotp } from "../../lib/totp.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { validateCaptcha, type CaptchaSettings } from "../captcha/captcha-service.ts";
import type { Mailer } from "../mail/mail-service.ts";
import { deleteCounter, incrementCounter, peekCounter } from "../rate-limit/rate-limit-service.ts";
import { newDeviceCookie, trustedDeviceNonce } from "./device-cookie.ts";
import { startSession, type StartedSession } from "./session-service.ts";
import {
  claimTotpStep,
  consumeChallenge,
  countChallengeFailure,
  findChallenge,
  findSignInUserByEmail,
  findSignInUserById,
  markSignedInUser,
  openChallenge,
  useRecoveryCode,
  type SignInUser,
} from "./login-repository.ts";

/**
 * Codes live 10 minutes, 5 wrong tries end an attempt, 5 wrong passwords lock for 60 s
 * (docs/behaviour/data.md#lockout): the device that made them when it has this account's device
 * cookie, else every client without one (issue 15, ADR 0009).
 */
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_PASSWORD_FAILURES = 5;
export const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_MS = 60 * 1000;
/** The window of the per-account limit (LOGIN_ACCOUNT_LIMIT requests, whatever their outcome). */
export const ACCOUNT_LOGIN_WINDOW_MS = 10 * 60 * 1000;
/** Clients without the device cookie need a solved captcha after this many wrong passwords… */
export const CAPTCHA_AFTER_FAILURES = 3;
/** …or after LOGIN_ACCOUNT_LIMIT requests; only this many times the limit locks them out for the window. */
export const UNTRUSTED_LIMIT_FACTOR = 5;

export interface SignInContext {
  db: Database;
  /** Sign-in requests allowed per account and window (per device for a device with the cookie). */
  accountLimit: number;
  mailer: Mailer;
  captcha: CaptchaSettings;
  /** Signs and checks device cookies (device-cookie.ts). */
  deviceKey: Buffer;
  /** The request's cookies, where a device cookie may be. */
  cookies: Record<string, string | undefined>;
  request: Pick<FastifyRequest, "ip" | "headers">;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const accountKey = (email: string) => email.trim().toLowerCase();

const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.invalidCredentials, "The e-mail address or the password is wrong");
const sessionExpired = () =>
  new AppError(401, ERROR_CODES.loginSessionExpired, "The sign-in has expired. Please sign in again.");

function locked(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError(
    429,
    ERROR_CODES.accountLocked,
    `Too many failed attempts. Try again in ${Math.ceil(LOCKOUT_MS / 1000)} seconds.`,
    { otherData: { retryAfterSeconds: seconds } },
  );
}

/** A customer needs an accepted company role; staff need none. Disabled users have none at all. */
export function hasAcceptedRole(user: Pick<SignInUser, "role" | "status" | "companyRole">): boolean {
  if (user.status !== "active") return false;
  if (user.role === "staff" || user.role === "staff_admin") return true;
  return user.companyRole !== null;
}

/**
 * Whose counters a request uses: a client with this account's device cookie has its own (suffix
 * `:device:<nonce>`); every client without one shares the account's (no suffix), so an attacker's
 * flood only ever locks out clients that are as unknown as the attacker.
 */
function counterScope(ctx: SignInContext, account: string): { trusted: boolean; suffix: string } {
  const nonce = trustedDeviceNonce(ctx.deviceKey, account, ctx.cookies);
  return nonce ? { trusted: true, suffix: `:device:${nonce}` } : { trusted: false, suffix: "" };
}

async function assertNotLocked(db: Database, scopedAccount: string): Promise<void> {
  const lock = await peekCounter(db, `login-lock:${scopedAccount}`);
  if (lock) throw locked(lock.ttlMs);
}

/**
 * Counts a wrong password for the address (known or not, so the lockout tells nothing either) in
 * its scope; every fifth locks that scope for 60 s. The count is kept for its window, so clients
 * without the device cookie keep needing the captcha after a lock.
 */
async function countPasswordFailure(db: Database, scopedAccount: string): Promise<void> {
  const failures = await incrementCounter(db, `login-fail:${scopedAccount}`, PASSWORD_FAILURE_WINDOW_MS);
  if (failures.count % MAX_PASSWORD_FAILURES === 0)
    await incrementCounter(db, `login-lock:${scopedAccount}`, LOCKOUT_MS);
}

const rateLimited = (ttlMs: number) =>
  new AppError(429, ERROR_CODES.rateLimited, "Too many sign-in attempts. Try again later.", {
    otherData: { retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) },
  });

/**
 * The per-account limit (LOGIN_ACCOUNT_LIMIT requests in 10 minutes, whatever their outcome), kept
 * apart for the password step (by e-mail) and the code step (by user), and per device for a device
 * with the cookie: a client that changes its address, or its X-Forwarded-For, still counts against
 * the same account.
 */
async function limitPerAccount(ctx: SignInContext, key: string): Promise<void> {
  const counter = await incrementCounter(ctx.db, key, ACCOUNT_LOGIN_WINDOW_MS);
  if (counter.count > ctx.accountLimit) throw rateLimited(counter.ttlMs);
}

/**
 * The password step of clients without the device cookie: free up to LOGIN_ACCOUNT_LIMIT requests
 * and CAPTCHA_AFTER_FAILURES wrong passwords, then each request needs a solved captcha, and only
 * UNTRUSTED_LIMIT_FACTOR times the limit locks them out. A request refused for want of a captcha
 * is not counted, so reaching the lock costs a proof of work per request beyond the free ones.
 */
async function limitUntrusted(ctx: SignInContext, account: string, captcha: string | undefined) {
  const attempts = await peekCounter(ctx.db, `login-account:${account}`);
  const failures = await peekCounter(ctx.db, `login-fail:${account}`);
  if ((attempts?.count ?? 0) >= ctx.accountLimit || (failures?.count ?? 0) >= CAPTCHA_AFTER_FAILURES) {
    if (!captcha) {
      throw new AppError(428, ERROR_CODES.captchaRequired, "Solve the captcha to continue signing in", {
        field: "captcha",
      });
    }
    await validateCaptcha(ctx.db, ctx.captcha, captcha).catch((error: unknown) => {
      if (error instanceof AppError)
        throw new AppError(error.status, error.code, error.message, { field: "captcha" });
      throw error;
    });
  }
  const counter = await incrementCounter(ctx.db, `login-account:${account}`, ACCOUNT_LOGIN_WINDOW_MS);
  if (counter.count > ctx.accountLimit * UNTRUSTED_LIMIT_FACTOR) throw rateLimited(counter.ttlMs);
}

const displayName = (user: Pick<SignInUser, "firstName" | "lastName">) =>
  `${user.firstName} ${user.lastName}`.trim();

/**
 * Step one (docs/behaviour/accounts.md#sign-in): the password. Known and unknown accounts take the
 * same time and get the same answer; only the right password reveals anything (a missing company
 * role). Opens an attempt and sends the code by e-mail, or asks for the authenticator's code when
 * two-factor is on.
 */
export async function startSignIn(ctx: SignInContext, input: LoginRequest): Promise<LoginResponse> {
  const { db } = ctx;
  const key = accountKey(input.usr);
  const scope = counterScope(ctx, key);
  await assertNotLocked(db, key + scope.suffix);
  if (scope.trusted) await limitPerAccount(ctx, `login-account:${key}${scope.suffix}`);
  else await limitUntrusted(ctx, key, input.captcha);

  const user = await findSignInUserByEmail(db, key);
  const passwordOk = await verifyPassword(user?.passwordHash, input.pwd);
  if (!user || !passwordOk) {
    await countPasswordFailure(db, key + scope.suffix);
    if (user) {
      await recordActivity(db, {
        action: "auth.login_failed",
        companyId: user.companyId,
        actor: { id: user.id, name: displayName(user) },
        details: { reason: "password" },
        request: ctx.request,
      });
    }
    throw invalidCredentials();
  }
  await deleteCounter(db, `login-fail:${key}${scope.suffix}`);

  if (!hasAcceptedRole(user)) {
    throw new AppError(401, ERROR_CODES.noAcceptedRoles, "This account has no accepted role in a company");
  }

  if (input.tmp_id) {
    // A resend: only for an attempt of this user that is still open.
    const previous = await findChallenge(db, input.tmp_id);
    if (!previous || previous.userId !== user.id || previous.consumedAt || previous.expiresAt <= new Date())
      throw sessionExpired();
  }

  const method = user.totpEnabledAt && user.totpSecret ? "totp" : "email";
  const code = method === "email" ? String(randomInt(0, 1_000_000)).padStart(6, "0") : null;
  const expiresAt = new Date(Date.now() + LOGIN_CODE_TTL_MS);
  const challenge = await openChallenge(db, {
    userId: user.id,
    method,
    codeHash: code ? sha256(code) : null,
    expiresAt,
    ipAddress: ctx.request.ip,
  });
  if (input.cookie_notified) await markSignedInUser(db, user.id, { cookieNotifiedAt: new Date() });
  if (code) {
    await ctx.mailer.send({
      to: user.email,
      language: user.language,
      template: "login_code",
      values: { name: user.firstName, code, minutes: LOGIN_CODE_TTL_MS / 60_000 },
    });
  }
  return { tmp_id: challenge.id, method, expires_at: expiresAt.toISOString() };
}

/** Checks the code of an attempt: e-mailed code, authenticator code (once per time step) or recovery code. */
async function codeMatches(
  db: Database,
  user: SignInUser,
  method: string,
  codeHash: string | null,
  otp: string,
) {
  const code = otp.trim().toLowerCase();
  if (method === "email") return codeHash !== null && secretsEqual(sha256(code), codeHash);
  if (!user.totpSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(user.totpSecret, code, user.totpLastStep);
    return step !== null && (await claimTotpStep(db, user.id, step));
  }
  const used = await useRecoveryCode(db, user.id, sha256(code.replace("-", "")));
  if (used) {
    await recordActivity(db, {
      action: "auth.recovery_code_used",
      companyId: user.companyId,
      actor: { id: user.id, name: displayName(user) },
    });
  }
  return used;
}

export interface SignedIn {
  token: string;
  expiresAt: Date;
  response: VerifyResponse;
  /** A new device cookie for the client that signed in. */
  device: { name: string; value: string };
}

/**
 * Step two: the code. Success ends any session the request carried (no fixation) and starts a new
 * one with a fresh token; the attempt is closed atomically, so two verifications at once yield one
 * session.
 */
export async function finishSignIn(
  ctx: SignInContext,
  input: VerifyRequest,
  presentedToken: string | undefined,
): Promise<SignedIn> {
  const { db } = ctx;
  const now = new Date();
  const challenge = await findChallenge(db, input.tmpId);
  if (!challenge?.userId || challenge.consumedAt || challenge.expiresAt <= now) throw sessionExpired();
  const user = await findSignInUserById(db, challenge.userId);
  if (!user) throw sessionExpired();
  const account = accountKey(user.email);
  const scope = counterScope(ctx, account);
  await assertNotLocked(db, account + scope.suffix);
  // Each attempt allows 5 codes; this bounds the guesses across attempts (authenticator codes above
  // all). Only whoever knows the password gets here, so it stays a hard limit without a captcha.
  await limitPerAccount(ctx, `login-verify:${user.id}${scope.suffix}`);

  if (!(await codeMatches(db, user, challenge.method, challenge.codeHash, input.otp))) {
    const attempts = await db.transaction(async (tx) => {
      const made = await countChallengeFailure(tx, challenge.id, MAX_CODE_ATTEMPTS);
      await recordActivity(tx, {
        action: "auth.login_failed",
        companyId: user.companyId,
        actor: { id: user.id, name: displayName(user) },
        details: { reason: "code" },
        request: ctx.request,
      });
      return made;
    });
    if (attempts >= MAX_CODE_ATTEMPTS) throw sessionExpired();
    throw new AppError(401, ERROR_CODES.otpVerificationFailed, "The code is not correct", {
      field: "otp",
      otherData: { attempts_left: MAX_CODE_ATTEMPTS - attempts },
    });
  }
  if (!hasAcceptedRole(user))
    throw new AppError(401, ERROR_CODES.noAcceptedRoles, "This account has no accepted role in a company");

  const { token, expiresAt } = await db.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, challenge.id, now))) throw sessionExpired();
    const started = await startSession(tx, user.id, ctx.request, presentedToken, now);
    // The e-mailed code proves the address as well as a verification link would.
    if (challenge.method === "email" && !user.emailVerifiedAt)
      await markSignedInUser(tx, user.id, { emailVerifiedAt: now });
    await recordActivity(tx, {
      action: "auth.login",
      companyId: user.companyId,
      actor: { id: user.id, name: displayName(user) },
      details: { method: challenge.method },
      request: ctx.request,
    });
    return started;
  });

  return {
    token,
    expiresAt,
    device: newDeviceCookie(ctx.deviceKey, account),
    response: {
      userId: user.id,
      token: input.session === "token" ? token : null,
      role: user.role,
      company_role: user.companyRole,
      exp: expiresAt.toISOString(),
      language: user.language,
      contacts: [{ first_name: user.firstName, last_name: user.lastName, email: user.email }],
      must_change_password: user.mustChangePassword,
    },
  };
}

/**
 * Signs in a user who has just confirmed the address of a new registration with its code, inside
 * the confirming transaction: the code proves the mailbox and the password was set moments before,
 * which is what the two sign-in steps prove. Null, and no session, for a user this must not sign in:
 * disabled, without an accepted company role, or with an authenticator the code does not replace.
 */
export async function signInConfirmedUser(
  tx: Executor,
  userId: string,
  request: Pick<FastifyRequest, "ip" | "headers">,
  presentedToken: string | undefined,
  now: Date,
): Promise<StartedSession | null> {
  const user = await findSignInUserById(tx, userId);
  if (!user || !hasAcceptedRole(user) || user.totpEnabledAt) return null;
  const started = await startSession(tx, user.id, request, presentedToken, now);
  await recordActivity(tx, {
    action: "auth.login",
    companyId: user.companyId,
    actor: { id: user.id, name: displayName(user) },
    details: { method: "registration" },
    request,
  });
  return started;
}

/** Uses one of the user's recovery codes (by its hash) once: false when it is unknown or used. */
export function redeemRecoveryCode(db: Database, userId: string, codeHash: string): Promise<boolean> {
  return useRecoveryCode(db, userId, codeHash);
}
