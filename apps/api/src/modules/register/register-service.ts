import { createHash, randomBytes, randomInt } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { RegisterRequest } from "@ems/contracts/register";
import type { Database } from "@ems/db/client";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword, passwordProblem, secretsEqual } from "../../lib/passwords.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { signInConfirmedUser } from "../auth/login-service.ts";
import { endUserSessions, type StartedSession } from "../auth/session-service.ts";
import { validateCaptcha, type CaptchaSettings } from "../captcha/captcha-service.ts";
import type { Mailer } from "../mail/mail-service.ts";
import {
  consumeEmailToken,
  countTokenFailure,
  findEmailToken,
  findEmailTokenByHash,
  findUserByEmail,
  findUserById,
  insertRegistration,
  issueEmailToken,
  setUserFields,
  type UserRow,
} from "./register-repository.ts";

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export interface RegisterContext {
  db: Database;
  mailer: Mailer;
  captcha: CaptchaSettings;
  publicUrl: string;
  request: FastifyRequest;
}

/** What the calls that only send mail need (no captcha). */
export type MailingContext = Omit<RegisterContext, "captcha">;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const newLinkToken = () => randomBytes(32).toString("base64url");
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
const nameOf = (user: Pick<UserRow, "firstName" | "lastName">) => `${user.firstName} ${user.lastName}`.trim();

export async function isEmailAvailable(db: Database, email: string): Promise<boolean> {
  return !(await findUserByEmail(db, email.trim()));
}

function policyError(problem: NonNullable<ReturnType<typeof passwordProblem>>, field: string) {
  return new AppError(400, `PASSWORD_${problem.toUpperCase()}`, "The password does not meet the rules", {
    field,
  });
}

/**
 * A verification code and link for the address of a user; answers the pending id. For an address
 * that is verified already, the same kind of pending verification is made but nothing is sent: its
 * code is known to nobody, so it behaves like a real one (attempts, expiry) and gives nothing away.
 */
async function sendVerification(ctx: MailingContext, user: UserRow): Promise<string> {
  const code = newCode();
  const link = newLinkToken();
  const token = await issueEmailToken(ctx.db, {
    userId: user.id,
    purpose: "verify_email",
    tokenHash: sha256(link),
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
  });
  if (user.emailVerifiedAt) return token.id;
  const { language } = user;
  await ctx.mailer.send({
    to: user.email,
    language,
    template: "verify_email",
    values: {
      name: user.firstName,
      code,
      url: publicLink(ctx.publicUrl, { page: "register-verified", query: { token: link } }, language),
    },
  });
  return token.id;
}

/**
 * register_next_user (docs/behaviour/accounts.md#registration). A known address gets the same answer
 * (a pending id that leads nowhere) and its owner a notice instead, so registration does not reveal
 * who has an account.
 */
export async function register(ctx: RegisterContext, input: RegisterRequest): Promise<string> {
  const problem = passwordProblem(input.password, [
    input.contact.email,
    input.contact.first_name,
    input.contact.last_name,
    input.company.name,
  ]);
  if (problem) throw policyError(problem, "password");
  await validateCaptcha(ctx.db, ctx.captcha, input.captcha).catch((error: unknown) => {
    if (error instanceof AppError)
      throw new AppError(error.status, error.code, error.message, { field: "captcha" });
    throw error;
  });

  const email = input.contact.email.trim();
  // Hashed before the lookup, so a known address answers as slowly as a new one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    const { language } = existing;
    await ctx.mailer.send({
      to: existing.email,
      language,
      template: "account_exists",
      values: {
        name: existing.firstName,
        url: publicLink(ctx.publicUrl, { page: "reset-password" }, language),
      },
    });
    return sendVerification(ctx, existing);
  }

  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertRegistration(tx, {
      company: {
        name: input.company.name,
        country: input.company.country,
        vatId: input.company.vat_id || null,
        phone: input.company.phone || null,
        website: input.company.website || null,
      },
      user: {
        email,
        firstName: input.contact.first_name,
        lastName: input.contact.last_name,
        language: input.language,
        passwordHash,
        passwordChangedAt: new Date(),
      },
    });
    await recordActivity(tx, {
      action: "account.registered",
      companyId: created.companyId,
      actor: { id: created.id, name: nameOf(created) },
      subject: { type: "company", id: created.companyId },
      request: ctx.request,
    });
    return created;
  });
  return sendVerification(ctx, user);
}

const codeWrong = (attemptsLeft: number) =>
  new AppError(400, "CODE_INVALID", "The code is not correct", {
    field: "code",
    otherData: { attempts_left: attemptsLeft },
  });
const codeExpired = () =>
  new AppError(410, "CODE_EXPIRED", "This code has expired or was used too often. Ask for a new one.", {
    field: "code",
  });

export interface RegistrationVerified {
  email: string;
  /** The session the code started on the registering device, or null (the link, or no sign-in allowed). */
  session: StartedSession | null;
}

/**
 * Consumes the pending verification and confirms the address; with `signIn` (the code, typed on the
 * device that registered) it also signs that device in, in the same transaction.
 */
async function markVerified(
  ctx: RegisterContext,
  userId: string,
  tokenId: string,
  signIn: { presentedToken: string | undefined } | null,
): Promise<RegistrationVerified> {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    if (!(await consumeEmailToken(tx, tokenId, now))) throw codeExpired();
    const user = await findUserById(tx, userId);
    if (!user) throw codeExpired();
    if (!user.emailVerifiedAt) await setUserFields(tx, user.id, { emailVerifiedAt: now });
    await recordActivity(tx, {
      action: "account.email_verified",
      companyId: user.companyId,
      actor: { id: user.id, name: nameOf(user) },
      request: ctx.request,
    });
    const session = signIn
      ? await signInConfirmedUser(tx, user.id, ctx.request, signIn.presentedToken, now)
      : null;
    return { email: user.email, session };
  });
}

/**
 * The 6-digit code of /register/auth, which also signs in the device it is typed on. Unknown pending
 * ids answer like wrong codes.
 */
export async function verifyRegistrationCode(
  ctx: RegisterContext,
  pendingId: string,
  code: string,
  presentedToken: string | undefined,
): Promise<RegistrationVerified> {
  const token = await findEmailToken(ctx.db, pendingId);
  if (!token || token.purpose !== "verify_email") throw codeExpired();
  if (token.usedAt || token.expiresAt <= new Date()) throw codeExpired();
  if (!token.codeHash || !secretsEqual(sha256(code), token.codeHash)) {
    const attempts = await countTokenFailure(ctx.db, token.id, MAX_CODE_ATTEMPTS);
    if (attempts >= MAX_CODE_ATTEMPTS) throw codeExpired();
    throw codeWrong(MAX_CODE_ATTEMPTS - attempts);
  }
  return markVerified(ctx, token.userId, token.id, { presentedToken });
}

/**
 * The link of the verification e-mail (also sent from the profile). It confirms without signing in:
 * a link may be opened on any device, or by a mail scanner's browser.
 */
export async function verifyRegistrationLink(ctx: RegisterContext, link: string): Promise<string> {
  const token = await findEmailTokenByHash(ctx.db, sha256(link), "verify_email");
  if (!token) throw codeExpired();
  return (await markVerified(ctx, token.userId, token.id, null)).email;
}

/** A new code and link for a pending verification (a new pending id); unknown ids answer 410. */
export async function resendVerification(ctx: RegisterContext, pendingId: string): Promise<string> {
  const token = await findEmailToken(ctx.db, pendingId);
  const user = token?.purpose === "verify_email" ? await findUserById(ctx.db, token.userId) : null;
  if (!user) throw codeExpired();
  return sendVerification(ctx, user);
}

/** What a password reset request needs; `origin` is captured before the answer (its socket may be gone). */
export interface ResetContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  origin: Pick<FastifyRequest, "ip" | "headers">;
}

/**
 * reset_password (docs/behaviour/accounts.md#password-reset): a known, active user gets a single-use
 * link. The route answers before this runs, so known and unknown addresses take the same time; the
 * token, its activity entry and the mail are committed together.
 */
export async function requestPasswordReset(ctx: ResetContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email.trim());
  if (!user || user.status !== "active") return;
  const link = newLinkToken();
  const { language } = user;
  await ctx.db.transaction(async (tx) => {
    await issueEmailToken(tx, {
      userId: user.id,
      purpose: "reset_password",
      tokenHash: sha256(link),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await recordActivity(tx, {
      action: "auth.password_reset_requested",
      companyId: user.companyId,
      actor: { id: user.id, name: nameOf(user) },
      request: ctx.origin,
    });
    await ctx.mailer.write(tx, {
      to: user.email,
      language,
      template: "password_reset",
      values: {
        name: user.firstName,
        minutes: RESET_TTL_MS / 60_000,
        url: publicLink(ctx.publicUrl, { page: "update-password", query: { token: link } }, language),
      },
    });
  });
  ctx.mailer.deliverSoon();
}

/** Shows a little of the address, enough for people to recognise their own. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"•".repeat(Math.max(2, Math.min(6, local.length - 1)))}@${domain}`;
}

async function liveResetToken(ctx: RegisterContext, link: string) {
  const token = await findEmailTokenByHash(ctx.db, sha256(link), "reset_password");
  if (!token || token.usedAt || token.expiresAt <= new Date()) return null;
  return token;
}

/** validate_reset_url_token: whether a reset link still works (docs/behaviour/accounts.md#password-reset). */
export async function checkResetToken(
  ctx: RegisterContext,
  link: string,
): Promise<{ valid: boolean; email_hint: string | null }> {
  const token = await liveResetToken(ctx, link);
  const user = token ? await findUserById(ctx.db, token.userId) : null;
  return user ? { valid: true, email_hint: maskEmail(user.email) } : { valid: false, email_hint: null };
}

/** update_password: sets the new password once, ends every session of the user. */
export async function updatePasswordWithToken(
  ctx: RegisterContext,
  link: string,
  newPassword: string,
): Promise<void> {
  const token = await liveResetToken(ctx, link);
  const user = token ? await findUserById(ctx.db, token.userId) : null;
  if (!token || !user)
    throw new AppError(400, "TOKEN_INVALID", "This link is no longer valid", { field: "token" });
  const problem = passwordProblem(newPassword, [user.email, user.firstName, user.lastName]);
  if (problem) throw policyError(problem, "new_password");
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeEmailToken(tx, token.id, new Date())))
      throw new AppError(400, "TOKEN_INVALID", "This link is no longer valid", { field: "token" });
    await setUserFields(tx, user.id, {
      passwordHash,
      mustChangePassword: false,
      passwordChangedAt: new Date(),
      // The link proves the address as well.
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
    });
    await endUserSessions(tx, user.id, null, new Date());
    await recordActivity(tx, {
      action: "auth.password_reset",
      companyId: user.companyId,
      actor: { id: user.id, name: nameOf(user) },
      request: ctx.request,
    });
  });
  await ctx.mailer.send({
    to: user.email,
    language: user.language,
    template: "password_changed",
    values: { name: user.firstName },
  });
}

/**
 * Profile "verify account" (docs/behaviour/accounts.md#profile): a new confirmation code and link for
 * a signed-in, unconfirmed user.
 */
export async function sendAccountVerification(ctx: MailingContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(404, "NOT_FOUND", "No such user");
  if (user.emailVerifiedAt)
    throw new AppError(409, "ALREADY_VERIFIED", "The e-mail address is confirmed already");
  await sendVerification(ctx, user);
}
