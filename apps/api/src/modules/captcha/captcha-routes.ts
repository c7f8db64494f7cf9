import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { captchaEndpoints } from "@ems/contracts/captcha";
import { generateCaptcha, validateCaptcha, type CaptchaSettings } from "./captcha-service.ts";

export interface CaptchaRouteOptions {
  settings: CaptchaSettings;
  rateLimit: { max: number; timeWindow: number };
}

/** POST /api/auth/captcha/generate and /validate (docs/behaviour/accounts.md#registration). */
export const captchaRoutes: FastifyPluginAsync<CaptchaRouteOptions> = async (
  app,
  { settings, rateLimit },
) => {
  implement(app, captchaEndpoints, {
    generate: { config: { rateLimit }, handle: (_request) => generateCaptcha(settings) },
    validate: {
      config: { rateLimit },
      handle: async (request) => {
        await validateCaptcha(app.db, settings, request.body.payload);
        return { valid: true as const };
      },
    },
  });
};
