import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  emailAvailabilityAnswerSchema,
  emailAvailabilitySchema,
  pendingSchema,
  registerRequestSchema,
  resendSchema,
  resetPasswordSchema,
  resetTokenAnswerSchema,
  resetTokenSchema,
  updatePasswordSchema,
  verifiedSchema,
  verifyCodeSchema,
  verifyLinkSchema,
} from "@ems/contracts/register";
import { ok } from "../../lib/envelope.ts";
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

const errors = {
  400: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * Register (register_next_user, validate_email_availability, resend_email_verification;
 * docs/behaviour/accounts.md#registration) and User (docs/behaviour/accounts.md#password-reset).
 */
export const registerRoutes: FastifyPluginAsyncZod<RegisterRouteOptions> = async (app, options) => {
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
  const tags = ["register"];

  app.post(
    "/api/register/email-availability",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Whether an e-mail address can register (validate_email_availability, check_email_exists)",
        body: emailAvailabilitySchema,
        response: { 200: envelopeSchema(emailAvailabilityAnswerSchema), ...errors },
      },
    },
    async (request) => ok({ available: await isEmailAvailable(app.db, request.body.email) }),
  );

  app.post(
    "/api/register",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Registers a company and its administrator; sends the verification code and link",
        description: "A known address answers the same 201; its owner is told by e-mail instead.",
        body: registerRequestSchema,
        response: { 201: envelopeSchema(pendingSchema), ...errors },
      },
    },
    async (request, reply) => {
      const pendingId = await register(ctx(request), request.body);
      return reply.status(201).send(ok({ pending_id: pendingId }, 201, "Created"));
    },
  );

  app.post(
    "/api/register/verify",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Confirms the address with the 6-digit code (5 wrong tries end it)",
        body: verifyCodeSchema,
        response: { 200: envelopeSchema(verifiedSchema), ...errors },
      },
    },
    async (request) =>
      ok({ email: await verifyRegistrationCode(ctx(request), request.body.pending_id, request.body.code) }),
  );

  app.post(
    "/api/register/verify-link",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Confirms the address with the e-mailed link",
        body: verifyLinkSchema,
        response: { 200: envelopeSchema(verifiedSchema), ...errors },
      },
    },
    async (request) => ok({ email: await verifyRegistrationLink(ctx(request), request.body.token) }),
  );

  app.post(
    "/api/register/resend",
    {
      config: { rateLimit: mailLimit },
      schema: {
        tags,
        summary: "Sends a new verification code and link (resend_email_verification)",
        body: resendSchema,
        response: { 200: envelopeSchema(pendingSchema), ...errors },
      },
    },
    async (request) => ok({ pending_id: await resendVerification(ctx(request), request.body.pending_id) }),
  );

  app.post(
    "/api/auth/reset-password",
    {
      config: { rateLimit: mailLimit },
      schema: {
        tags: ["auth"],
        summary: "Sends a single-use reset link (reset_password); the same answer for unknown addresses",
        body: resetPasswordSchema,
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      // Answered before the work (after validation and the rate limit): a known address must not
      // take longer than an unknown one. Closing the app waits for the work; failures are logged.
      const reset = {
        db: app.db,
        mailer: app.mailer,
        publicUrl: app.env.PUBLIC_URL,
        origin: { ip: request.ip, headers: { "user-agent": request.headers["user-agent"] } },
      };
      const email = request.body.email;
      app.pendingWork.run(request.log, "password reset request", () => requestPasswordReset(reset, email));
      return ok(null);
    },
  );

  app.post(
    "/api/auth/reset-password/validate",
    {
      config: { rateLimit },
      schema: {
        tags: ["auth"],
        summary: "Whether a reset link is still valid (validate_reset_url_token)",
        body: resetTokenSchema,
        response: { 200: envelopeSchema(resetTokenAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await checkResetToken(ctx(request), request.body.token)),
  );

  app.post(
    "/api/auth/update-password",
    {
      config: { rateLimit },
      schema: {
        tags: ["auth"],
        summary: "Sets a new password with a reset link (update_password); ends every session",
        body: updatePasswordSchema,
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      await updatePasswordWithToken(ctx(request), request.body.token, request.body.new_password);
      return ok(null);
    },
  );
};
