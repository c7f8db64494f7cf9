import { createHash, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import type { ProfileUpdate, ProfileUser, QrCode } from "@ems/contracts/profile";
import { AppError, notFound } from "../../lib/app-error.ts";
import { hashPassword, passwordProblem, verifyPassword } from "../../lib/passwords.ts";
import { matchTotp, newTotpSecret, totpUri } from "../../lib/totp.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { redeemRecoveryCode } from "../auth/login-service.ts";
import { endUserSessions } from "../auth/session-service.ts";
import {
  findProfile,
  isEmailTaken,
  replaceRecoveryCodes,
  updateUser,
  type ProfileRow,
} from "./profile-repository.ts";
import type { RequestContext } from "../../plugins/request-context.ts";

export type ProfileContext = Pick<RequestContext, "db" | "mailer" | "auth" | "actor" | "request">;

const RECOVERY_CODE_COUNT = 10;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function toDto(row: ProfileRow, exp: Date): ProfileUser {
  const { user } = row;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    language: user.language,
    role: user.role,
    company_id: user.companyId,
    company_name: row.companyName,
    company_role: row.companyRole,
    contacts: [{ first_name: user.firstName, last_name: user.lastName, email: user.email }],
    exp: exp.toISOString(),
    cookie_notified: user.cookieNotifiedAt !== null,
    email_verified: user.emailVerifiedAt !== null,
    two_factor_enabled: user.totpEnabledAt !== null,
    recovery_codes_left: row.recoveryCodesLeft,
    must_change_password: user.mustChangePassword,
  };
}

async function loadRow(ctx: ProfileContext): Promise<ProfileRow> {
  const row = await findProfile(ctx.db, ctx.auth.user.id);
  if (!row) throw notFound("No such user");
  return row;
}

export async function getProfile(ctx: ProfileContext): Promise<ProfileUser> {
  return toDto(await loadRow(ctx), ctx.auth.expiresAt);
}

export async function updateProfile(ctx: ProfileContext, input: ProfileUpdate): Promise<ProfileUser> {
  const changes = {
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await ctx.db.transaction(async (tx) => {
      await updateUser(tx, ctx.auth.user.id, changes);
      await recordActivity(tx, {
        action: "profile.updated",
        companyId: ctx.auth.user.companyId,
        actor: ctx.actor,
        subject: { type: "user", id: ctx.auth.user.id },
        details: { fields: Object.keys(input).join(",") },
        request: ctx.request,
      });
    });
  }
  return getProfile(ctx);
}

export async function isUsernameAvailable(ctx: ProfileContext, username: string): Promise<boolean> {
  if (username.toLowerCase() === ctx.auth.user.email.toLowerCase()) return true;
  return !(await isEmailTaken(ctx.db, username, ctx.auth.user.id));
}

const wrongPassword = (field: string) =>
  new AppError(400, "CURRENT_PASSWORD_WRONG", "The current password is not correct", { field });

async function assertCurrentPassword(ctx: ProfileContext, row: ProfileRow, pwd: string, field = "pwd") {
  if (!(await verifyPassword(row.user.passwordHash, pwd))) throw wrongPassword(field);
}

export async function checkCurrentPassword(ctx: ProfileContext, pwd: string): Promise<boolean> {
  const row = await loadRow(ctx);
  return verifyPassword(row.user.passwordHash, pwd);
}

export async function changeUsername(
  ctx: ProfileContext,
  newUsername: string,
  pwd: string,
): Promise<ProfileUser> {
  const row = await loadRow(ctx);
  await assertCurrentPassword(ctx, row, pwd);
  const email = newUsername.trim();
  if (email.toLowerCase() === row.user.email.toLowerCase()) return toDto(row, ctx.auth.expiresAt);
  if (await isEmailTaken(ctx.db, email, row.user.id))
    throw new AppError(409, "USERNAME_TAKEN", "This e-mail address is already in use", {
      field: "new_username",
    });
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, row.user.id, { email });
    await recordActivity(tx, {
      action: "profile.username_changed",
      companyId: row.user.companyId,
      actor: ctx.actor,
      subject: { type: "user", id: row.user.id },
      request: ctx.request,
    });
  });
  // The old address learns of the change, so a hijacked session cannot move the account silently.
  await ctx.mailer.send({
    to: row.user.email,
    language: row.user.language,
    template: "username_changed",
    values: { name: row.user.firstName, email },
  });
  return getProfile(ctx);
}

function policyError(problem: NonNullable<ReturnType<typeof passwordProblem>>) {
  return new AppError(400, `PASSWORD_${problem.toUpperCase()}`, "The new password does not meet the rules", {
    field: "new_password",
  });
}

export async function changePassword(
  ctx: ProfileContext,
  input: { new_password: string; pwd?: string | undefined; is_forced_update?: boolean | undefined },
): Promise<ProfileUser> {
  const row = await loadRow(ctx);
  const forced = input.is_forced_update === true && row.user.mustChangePassword;
  if (!forced) {
    if (!input.pwd) throw wrongPassword("pwd");
    await assertCurrentPassword(ctx, row, input.pwd);
  }
  const problem = passwordProblem(input.new_password, [
    row.user.email,
    row.user.firstName,
    row.user.lastName,
  ]);
  if (problem) throw policyError(problem);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, row.user.id, {
      passwordHash,
      mustChangePassword: false,
      passwordChangedAt: new Date(),
    });
    await endUserSessions(tx, row.user.id, ctx.auth.sessionId, new Date());
    await recordActivity(tx, {
      action: "profile.password_changed",
      companyId: row.user.companyId,
      actor: ctx.actor,
      subject: { type: "user", id: row.user.id },
      details: { forced },
      request: ctx.request,
    });
  });
  await ctx.mailer.send({
    to: row.user.email,
    language: row.user.language,
    template: "password_changed",
    values: { name: row.user.firstName },
  });
  return getProfile(ctx);
}

export async function markCookieNoticeSeen(ctx: ProfileContext): Promise<ProfileUser> {
  await updateUser(ctx.db, ctx.auth.user.id, { cookieNotifiedAt: new Date() });
  return getProfile(ctx);
}

/**
 * get_qrcode (docs/behaviour/accounts.md#two-factor): the pending secret (created once, kept until
 * confirmed) as URI, text and QR code.
 */
export async function twoFactorQrCode(ctx: ProfileContext): Promise<QrCode> {
  const row = await loadRow(ctx);
  if (row.user.totpEnabledAt)
    throw new AppError(409, "TWO_FACTOR_ENABLED", "Two-factor authentication is already on");
  let secret = row.user.totpSecret;
  if (!secret) {
    secret = newTotpSecret();
    await updateUser(ctx.db, row.user.id, { totpSecret: secret, totpLastStep: null });
  }
  const uri = totpUri(secret, row.user.email);
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { otpauth_uri: uri, secret, qr_svg: svg };
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => BASE32[b % 32]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export async function enableTwoFactor(ctx: ProfileContext, code: string): Promise<string[]> {
  const row = await loadRow(ctx);
  if (row.user.totpEnabledAt)
    throw new AppError(409, "TWO_FACTOR_ENABLED", "Two-factor authentication is already on");
  const step = row.user.totpSecret ? matchTotp(row.user.totpSecret, code, row.user.totpLastStep) : null;
  if (step === null)
    throw new AppError(400, "OTP_VERIFICATION_FAILED", "The code is not correct", { field: "code" });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, row.user.id, { totpEnabledAt: new Date(), totpLastStep: step });
    await replaceRecoveryCodes(
      tx,
      row.user.id,
      codes.map((c) => sha256(c.replace("-", ""))),
    );
    await recordActivity(tx, {
      action: "auth.two_factor_enabled",
      companyId: row.user.companyId,
      actor: ctx.actor,
      subject: { type: "user", id: row.user.id },
      request: ctx.request,
    });
  });
  await ctx.mailer.send({
    to: row.user.email,
    language: row.user.language,
    template: "two_factor_enabled",
    values: { name: row.user.firstName },
  });
  return codes;
}

export async function disableTwoFactor(ctx: ProfileContext, pwd: string, code: string): Promise<ProfileUser> {
  const row = await loadRow(ctx);
  if (!row.user.totpEnabledAt || !row.user.totpSecret)
    throw new AppError(409, "TWO_FACTOR_DISABLED", "Two-factor authentication is not on");
  await assertCurrentPassword(ctx, row, pwd);
  const normalized = code.trim().toLowerCase();
  const ok = /^\d{6}$/.test(normalized)
    ? matchTotp(row.user.totpSecret, normalized, row.user.totpLastStep) !== null
    : await redeemRecoveryCode(ctx.db, row.user.id, sha256(normalized.replace("-", "")));
  if (!ok) throw new AppError(400, "OTP_VERIFICATION_FAILED", "The code is not correct", { field: "code" });
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, row.user.id, { totpEnabledAt: null, totpSecret: null, totpLastStep: null });
    await replaceRecoveryCodes(tx, row.user.id, []);
    await recordActivity(tx, {
      action: "auth.two_factor_disabled",
      companyId: row.user.companyId,
      actor: ctx.actor,
      subject: { type: "user", id: row.user.id },
      request: ctx.request,
    });
  });
  return getProfile(ctx);
}
