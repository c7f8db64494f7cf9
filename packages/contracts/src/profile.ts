import { z } from "zod";
import { singleLine } from "./text.ts";
import { LOCALES } from "@ems/i18n/locales";
import { defineEndpoints, SIGNED_IN } from "./endpoints.ts";
import { emptyBodySchema } from "./auth.ts";

/** The user as the profile answer gives it, at data.user (docs/behaviour/accounts.md#profile). */
export const profileUserSchema = z
  .object({
    id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    email: z.string(),
    language: z.string(),
    role: z.string(),
    company_id: z.string(),
    company_name: z.string(),
    company_role: z.string().nullable(),
    /** The first contact is the user's own (merged into the user). */
    contacts: z.array(z.object({ first_name: z.string(), last_name: z.string(), email: z.string() })),
    exp: z.string(),
    cookie_notified: z.boolean(),
    email_verified: z.boolean(),
    two_factor_enabled: z.boolean(),
    recovery_codes_left: z.number().int(),
    must_change_password: z.boolean(),
  })
  .meta({ id: "ProfileUser" });

export const profileSchema = z.object({ user: profileUserSchema }).meta({ id: "Profile" });

const name = singleLine().min(1).max(100);

export const profileUpdateSchema = z
  .strictObject({
    first_name: name.optional(),
    last_name: name.optional(),
    language: z.enum(LOCALES).optional(),
  })
  .meta({ id: "ProfileUpdate" });

export const usernameSchema = z.strictObject({ username: z.email().max(254) });
export const availabilitySchema = z.object({ available: z.boolean() });

export const changeUsernameSchema = z.strictObject({
  new_username: z.email().max(254),
  pwd: z.string().min(1).max(1024),
});

export const validatePasswordSchema = z.strictObject({ pwd: z.string().min(1).max(1024) });
export const passwordValiditySchema = z.object({ valid: z.boolean() });

export const changePasswordSchema = z.strictObject({
  new_password: z.string().min(1).max(1024),
  pwd: z.string().min(1).max(1024).optional(),
  is_forced_update: z.boolean().optional(),
});

export const totpCodeSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "a 6-digit code"),
});
export const disableTwoFactorSchema = z.strictObject({
  pwd: z.string().min(1).max(1024),
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i, "a 6-digit code or a recovery code"),
});

export const qrCodeSchema = z
  .object({ otpauth_uri: z.string(), secret: z.string(), qr_svg: z.string() })
  .meta({ id: "TwoFactorQrCode" });
export const recoveryCodesSchema = z
  .object({ recovery_codes: z.array(z.string()) })
  .meta({ id: "RecoveryCodes" });

export type ProfileUser = z.infer<typeof profileUserSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type QrCode = z.infer<typeof qrCodeSchema>;

export const profileEndpoints = defineEndpoints("profile", {
  get: {
    method: "GET",
    path: "/api/profile",
    summary: "The signed-in user",
    access: SIGNED_IN,
    query: z.strictObject({}),
    response: profileSchema,
    errors: [409, 429],
    caching: "private",
  },
  getByPost: {
    method: "POST",
    path: "/api/profile",
    summary: "The signed-in user (the call's POST form)",
    access: SIGNED_IN,
    body: emptyBodySchema,
    response: profileSchema,
    errors: [409, 429],
    caching: "private",
  },
  update: {
    method: "POST",
    path: "/api/profile/update",
    summary: "Names and language",
    access: SIGNED_IN,
    body: profileUpdateSchema,
    response: profileSchema,
    errors: [409, 429],
    caching: "private",
  },
  validateUsername: {
    method: "POST",
    path: "/api/profile/validate-username",
    summary: "Whether an e-mail address is free to become the username",
    access: SIGNED_IN,
    body: usernameSchema,
    response: availabilitySchema,
    errors: [409, 429],
    caching: "private",
  },
  changeUsername: {
    method: "POST",
    path: "/api/profile/change-username",
    summary: "A new e-mail address to sign in with (current password required)",
    access: SIGNED_IN,
    body: changeUsernameSchema,
    response: profileSchema,
    errors: [409, 429],
    caching: "private",
  },
  validatePassword: {
    method: "POST",
    path: "/api/profile/validate-password",
    summary: "Whether the current password is right",
    access: SIGNED_IN,
    body: validatePasswordSchema,
    response: passwordValiditySchema,
    errors: [409, 429],
    caching: "private",
  },
  changePassword: {
    method: "POST",
    path: "/api/profile/change-password",
    summary: "A new password; ends the user's other sessions",
    description: "is_forced_update without pwd is accepted only while the account must change its password.",
    access: SIGNED_IN,
    body: changePasswordSchema,
    response: profileSchema,
    errors: [409, 429],
    caching: "private",
  },
  cookieNotice: {
    method: "POST",
    path: "/api/profile/cookie-notice",
    summary: "Marks the cookie notice as seen",
    access: SIGNED_IN,
    body: emptyBodySchema,
    response: profileSchema,
    errors: [409, 429],
    caching: "private",
  },
  verifyAccount: {
    method: "POST",
    path: "/api/profile/verify-account",
    summary: "Sends a confirmation code and link to the user's address (verify account)",
    description: "409 ALREADY_VERIFIED when the address is confirmed; 5 per address in 15 minutes.",
    access: SIGNED_IN,
    body: emptyBodySchema,
    response: z.null(),
    errors: [409, 429],
    caching: "private",
  },
});

export const twoFactorEndpoints = defineEndpoints("two-factor", {
  qrcode: {
    method: "POST",
    path: "/api/two-factor/qrcode",
    summary: "The authenticator secret to enrol: otpauth URI, text secret and QR code (SVG)",
    access: SIGNED_IN,
    body: emptyBodySchema,
    response: qrCodeSchema,
    errors: [409, 429],
    caching: "private",
  },
  enable: {
    method: "POST",
    path: "/api/two-factor/enable",
    summary: "Confirms enrolment with a current code; answers the recovery codes once",
    access: SIGNED_IN,
    body: totpCodeSchema,
    response: recoveryCodesSchema,
    errors: [409, 429],
    caching: "private",
  },
  disable: {
    method: "POST",
    path: "/api/two-factor/disable",
    summary: "Turns two-factor off (current password and a current or recovery code)",
    access: SIGNED_IN,
    body: disableTwoFactorSchema,
    response: profileSchema,
    errors: [409, 429],
    caching: "private",
  },
});
