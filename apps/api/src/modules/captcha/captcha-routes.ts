import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  captchaChallengeSchema,
  captchaGenerateRequestSchema,
  captchaValidateRequestSchema,
  captchaValidateResponseSchema,
} from "@ems/contracts/captcha";
import { ok } from "../../lib/envelope.ts";
import { generateCaptcha, validateCaptcha, type CaptchaSettings } from "./captcha-service.ts";

export interface CaptchaRouteOptions {
  settings: CaptchaSettings;
  rateLimit: { max: number; timeWindow: number };
}

/** POST /api/auth/captcha/generate and /validate (docs/behaviour/accounts.md#registration). */
export const captchaRoutes: FastifyPluginAsyncZod<CaptchaRouteOptions> = async (
  app,
  { settings, rateLimit },
) => {
  app.post(
    "/api/auth/captcha/generate",
    {
      config: { rateLimit },
      schema: {
        tags: ["captcha"],
        summary: "A new proof-of-work challenge",
        body: captchaGenerateRequestSchema,
        response: { 200: envelopeSchema(captchaChallengeSchema), 429: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ok(await generateCaptcha(settings));
    },
  );

  app.post(
    "/api/auth/captcha/validate",
    {
      config: { rateLimit },
      schema: {
        tags: ["captcha"],
        summary: "Check and redeem a solved challenge (each solution works once)",
        body: captchaValidateRequestSchema,
        response: {
          200: envelopeSchema(captchaValidateResponseSchema),
          400: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      await validateCaptcha(app.db, settings, request.body.payload);
      return ok({ valid: true as const });
    },
  );
};
