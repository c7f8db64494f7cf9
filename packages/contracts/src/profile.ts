import { z } from "zod";
import { singleLine } from "./text.ts";
import { LOCALES } from "@ems/i18n/locales";

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
