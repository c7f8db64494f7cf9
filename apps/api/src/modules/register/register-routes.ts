import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { registerEndpoints, passwordResetEndpoints } from "@ems/contracts/register";
import { ok } from "../../lib/envelope.ts";
import { tokenOf } from "../../plugins/auth.ts";
import { setSessionCookies } from "../auth/auth-routes.ts";
import type { CaptchaSettings } from "../captcha/captcha-service.ts";
import {
  checkResetToken,
  isEmailAvailable,
  register,
  requestPasswordReset,
  resendVerification,
  updatePasswordWithToken,
  verifyRegistrationCode,
  verifyRegistrationLink,
  type RegisterContext,
} from "./register-service.ts";

export interface RegisterRouteOptions {
  captcha: CaptchaSettings;
  rateLimit: { max: number; timeWindow: number };
}

/**
 * Register (register_next_user, validate_email_availability, resend_email_verification;
 * docs/behaviour/accounts.md#registration) and User (docs/behaviour/accounts.md#password-reset).
 */
export const registerRoutes: FastifyPluginAsync<RegisterRouteOptions> = async (app, options) => {
  const ctx = (request: FastifyRequest): RegisterContext => ({
    db: app.db,
    mailer: app.mailer,
    captcha: options.captcha,
    publicUrl: app.env.PUBLIC_URL,
    request,
  });
  const rateLimit = options.rateLimit;
  // Calls that send mail: a sixth of the general limit per address, over a quarter of an hour (5 by default).
  const mailLimit = { max: Math.max(5, Math.floor(rateLimit.max / 6)), timeWindow: 15 * 60 * 1000 };
  implement(app, registerEndpoints, {
    emailAvailability: {
      config: { rateLimit },
      handle: async (request) => ({ available: await isEmailAvailable(app.db, request.body.email) }),
    },
    register: {
      config: { rateLimit },
      handle: async (request, reply) => {
        const pendingId = await register(ctx(request), request.body);
        return reply.status(201).send(ok({ pending_id: pendingId }, 201, "Created"));
      },
    },
    verify: {
      config: { rateLimit },
      handle: async (request, reply) => {
        const { pending_id: pendingId, code } = request.body;
        const verified = await verifyRegistrationCode(ctx(request), pendingId, code, tokenOf(request));
        if (verified.session) setSessionCookies(reply, verified.session.token, verified.session.expiresAt);
        return { email: verified.email, signed_in: verified.session !== null };
      },
    },
    verifyLink: {
      config: { rateLimit },
      handle: async (request) => ({ email: await verifyRegistrationLink(ctx(request), request.body.token) }),
    },
    resend: {
      config: { rateLimit: mailLimit },
      handle: async (request) => ({
        pending_id: await resendVerification(ctx(request), request.body.pending_id),
      }),
    },
  });

  implement(app, passwordResetEndpoints, {
    resetPassword: {
      config: { rateLimit: mailLimit },
      handle: async (request) => {
        const reset = {
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.env.PUBLIC_URL,
          origin: { ip: request.ip, headers: { "user-agent": request.headers["user-agent"] } },
        };
        const email = request.body.email;
        app.pendingWork.run(request.log, "password reset request", () => requestPasswordReset(reset, email));
        return null;
      },
    },
    resetPasswordValidate: {
      config: { rateLimit },
      handle: (request) => checkResetToken(ctx(request), request.body.token),
    },
    updatePassword: {
      config: { rateLimit },
      handle: async (request) => {
        await updatePasswordWithToken(ctx(request), request.body.token, request.body.new_password);
        return null;
      },
    },
  });
};
