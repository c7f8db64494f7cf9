import { z } from "zod";
import { optionalHttpUrl, singleLine } from "./text.ts";
import { LOCALES } from "@ems/i18n/locales";

const text = (max: number) => singleLine().min(1).max(max);
const optionalText = (max: number) => singleLine().max(max).optional();
const email = z.email().max(254);
const password = z.string().min(1).max(1024);
/** The solved ALTCHA challenge (base64 JSON), as captcha validate takes it. */
const captcha = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[A-Za-z0-9+/=_-]+$/, "The captcha payload must be base64");

export const emailAvailabilitySchema = z.strictObject({ email });
export const emailAvailabilityAnswerSchema = z.object({ available: z.boolean() });

/** register_next_user (docs/behaviour/accounts.md#registration): a new company with its first user, who becomes its administrator. */
export const registerRequestSchema = z
  .strictObject({
    company: z.strictObject({
      name: text(200),
      country: z.string().regex(/^[A-Z]{2}$/, "an ISO 3166 alpha-2 code"),
      vat_id: optionalText(40),
      phone: optionalText(40),
      website: optionalHttpUrl(200),
    }),
    contact: z.strictObject({
      first_name: text(100),
      last_name: text(100),
      email,
      phone: optionalText(40),
    }),
    password,
    language: z.enum(LOCALES),
    captcha,
    accept_terms: z.literal(true),
  })
  .meta({ id: "RegisterRequest" });

export const pendingSchema = z.object({ pending_id: z.uuid() }).meta({ id: "PendingVerification" });

export const verifyCodeSchema = z.strictObject({
  pending_id: z.uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "a 6-digit code"),
});
export const verifyLinkSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "a link token"),
});
export const resendSchema = z.strictObject({ pending_id: z.uuid() });
export const verifiedSchema = z.object({ email: z.string() });

/** reset_password, validate_reset_url_token, update_password (docs/behaviour/accounts.md#password-reset). */
export const resetPasswordSchema = z.strictObject({ email });
export const resetTokenSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "a link token"),
});
export const resetTokenAnswerSchema = z.object({ valid: z.boolean(), email_hint: z.string().nullable() });
export const updatePasswordSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "a link token"),
  new_password: password,
});

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
