import { z } from "zod";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

/** An ALTCHA proof-of-work challenge: the client finds `number` so that sha256(salt + number) = challenge. */
export const captchaChallengeSchema = z
  .object({
    algorithm: z.literal("SHA-256"),
    challenge: z.string(),
    maxnumber: z.number().int(),
    salt: z.string(),
    signature: z.string(),
  })
  .meta({ id: "CaptchaChallenge" });

export const captchaGenerateRequestSchema = z.strictObject({}).nullish();

/** The solved challenge as the ALTCHA widget submits it: base64-encoded JSON. */
export const captchaValidateRequestSchema = z.strictObject({
  payload: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[A-Za-z0-9+/=_-]+$/, "The captcha payload must be base64"),
});

export const captchaValidateResponseSchema = z
  .object({ valid: z.literal(true) })
  .meta({ id: "CaptchaValidation" });

export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
export type CaptchaValidateRequest = z.infer<typeof captchaValidateRequestSchema>;

export const captchaEndpoints = defineEndpoints("captcha", {
  generate: {
    method: "POST",
    path: "/api/auth/captcha/generate",
    summary: "A new proof-of-work challenge",
    access: PUBLIC,
    body: captchaGenerateRequestSchema,
    response: captchaChallengeSchema,
    errors: [429],
    caching: "no-store",
  },
  validate: {
    method: "POST",
    path: "/api/auth/captcha/validate",
    summary: "Check and redeem a solved challenge (each solution works once)",
    access: PUBLIC,
    body: captchaValidateRequestSchema,
    response: captchaValidateResponseSchema,
    errors: [429],
    caching: "route",
  },
});
