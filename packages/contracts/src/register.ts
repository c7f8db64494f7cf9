import { z } from "zod";
import { optionalHttpUrl, singleLine } from "./text.ts";
import { refineVatId } from "./tax.ts";
import { LOCALES } from "@ems/i18n/locales";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

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
    company: z
      .strictObject({
        name: text(200),
        country: z.string().regex(/^[A-Z]{2}$/, "an ISO 3166 alpha-2 code"),
        vat_id: optionalText(40),
        phone: optionalText(40),
        website: optionalHttpUrl(200),
      })
      .superRefine(refineVatId),
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
/**
 * The code of a registration also signs in on the device that registered (the session cookie, never
 * the token); `signed_in` is false for accounts that may not sign in that way (a second factor, no
 * accepted company role), which sign in as usual.
 */
export const verifiedCodeSchema = verifiedSchema.extend({ signed_in: z.boolean() }).meta({
  id: "RegistrationVerified",
});

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

export const registerEndpoints = defineEndpoints("register", {
  emailAvailability: {
    method: "POST",
    path: "/api/register/email-availability",
    summary: "Whether an e-mail address can register (validate_email_availability, check_email_exists)",
    access: PUBLIC,
    body: emailAvailabilitySchema,
    response: emailAvailabilityAnswerSchema,
    errors: [409, 410, 429],
    caching: "route",
  },
  register: {
    method: "POST",
    path: "/api/register",
    summary: "Registers a company and its administrator; sends the verification code and link",
    description: "A known address answers the same 201; its owner is told by e-mail instead.",
    access: PUBLIC,
    body: registerRequestSchema,
    response: pendingSchema,
    created: true,
    errors: [409, 410, 429],
    caching: "route",
  },
  verify: {
    method: "POST",
    path: "/api/register/verify",
    summary: "Confirms the address with the 6-digit code (5 wrong tries end it) and signs in on this device",
    description:
      "Sets the HttpOnly session cookie as a completed sign-in does; the token is never in the body.",
    access: PUBLIC,
    body: verifyCodeSchema,
    response: verifiedCodeSchema,
    errors: [409, 410, 429],
    caching: "route",
  },
  verifyLink: {
    method: "POST",
    path: "/api/register/verify-link",
    summary: "Confirms the address with the e-mailed link",
    access: PUBLIC,
    body: verifyLinkSchema,
    response: verifiedSchema,
    errors: [409, 410, 429],
    caching: "route",
  },
  resend: {
    method: "POST",
    path: "/api/register/resend",
    summary: "Sends a new verification code and link (resend_email_verification)",
    access: PUBLIC,
    body: resendSchema,
    response: pendingSchema,
    errors: [409, 410, 429],
    caching: "route",
  },
});

export const passwordResetEndpoints = defineEndpoints("auth", {
  resetPassword: {
    method: "POST",
    path: "/api/auth/reset-password",
    summary: "Sends a single-use reset link (reset_password); the same answer for unknown addresses",
    access: PUBLIC,
    body: resetPasswordSchema,
    response: z.null(),
    errors: [409, 410, 429],
    caching: "route",
  },
  resetPasswordValidate: {
    method: "POST",
    path: "/api/auth/reset-password/validate",
    summary: "Whether a reset link is still valid (validate_reset_url_token)",
    access: PUBLIC,
    body: resetTokenSchema,
    response: resetTokenAnswerSchema,
    errors: [409, 410, 429],
    caching: "route",
  },
  updatePassword: {
    method: "POST",
    path: "/api/auth/update-password",
    summary: "Sets a new password with a reset link (update_password); ends every session",
    access: PUBLIC,
    body: updatePasswordSchema,
    response: z.null(),
    errors: [409, 410, 429],
    caching: "route",
  },
});
