import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { emptyBodySchema } from "@ems/contracts/auth";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  availabilitySchema,
  changePasswordSchema,
  changeUsernameSchema,
  disableTwoFactorSchema,
  passwordValiditySchema,
  profileSchema,
  profileUpdateSchema,
  qrCodeSchema,
  recoveryCodesSchema,
  totpCodeSchema,
  usernameSchema,
  validatePasswordSchema,
} from "@ems/contracts/profile";
import { ok } from "../../lib/envelope.ts";
import { sendAccountVerification } from "../register/register-service.ts";
import {
  changePassword,
  changeUsername,
  checkCurrentPassword,
  disableTwoFactor,
  enableTwoFactor,
  getProfile,
  isUsernameAvailable,
  markCookieNoticeSeen,
  twoFactorQrCode,
  updateProfile,
} from "./profile-service.ts";

export interface ProfileRouteOptions {
  /** For the checks that guess secrets or probe addresses (password, username). */
  rateLimit: { max: number; timeWindow: number };
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const profileAnswer = { 200: envelopeSchema(profileSchema), ...errors };

/** Profile and two-factor (docs/behaviour/accounts.md#profile): the signed-in user's own account. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRouteOptions> = async (app, { rateLimit }) => {
  const base = { onRequest: app.requireUser };
  const tags = ["profile"];

  app.get(
    "/api/profile",
    {
      ...base,
      schema: {
        tags,
        summary: "The signed-in user",
        querystring: z.strictObject({}),
        response: profileAnswer,
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok({ user: await getProfile(request.context()) });
    },
  );

  app.post(
    "/api/profile",
    {
      ...base,
      schema: {
        tags,
        summary: "The signed-in user (the call's POST form)",
        body: emptyBodySchema,
        response: profileAnswer,
      },
    },
    async (request) => ok({ user: await getProfile(request.context()) }),
  );

  app.post(
    "/api/profile/update",
    {
      ...base,
      schema: { tags, summary: "Names and language", body: profileUpdateSchema, response: profileAnswer },
    },
    async (request) => ok({ user: await updateProfile(request.context(), request.body) }),
  );

  app.post(
    "/api/profile/validate-username",
    {
      ...base,
      config: { rateLimit },
      schema: {
        tags,
        summary: "Whether an e-mail address is free to become the username",
        body: usernameSchema,
        response: { 200: envelopeSchema(availabilitySchema), ...errors },
      },
    },
    async (request) => ok({ available: await isUsernameAvailable(request.context(), request.body.username) }),
  );

  app.post(
    "/api/profile/change-username",
    {
      ...base,
      config: { rateLimit },
      schema: {
        tags,
        summary: "A new e-mail address to sign in with (current password required)",
        body: changeUsernameSchema,
        response: profileAnswer,
      },
    },
    async (request) =>
      ok({ user: await changeUsername(request.context(), request.body.new_username, request.body.pwd) }),
  );

  app.post(
    "/api/profile/validate-password",
    {
      ...base,
      config: { rateLimit },
      schema: {
        tags,
        summary: "Whether the current password is right",
        body: validatePasswordSchema,
        response: { 200: envelopeSchema(passwordValiditySchema), ...errors },
      },
    },
    async (request) => ok({ valid: await checkCurrentPassword(request.context(), request.body.pwd) }),
  );

  app.post(
    "/api/profile/change-password",
    {
      ...base,
      config: { rateLimit },
      schema: {
        tags,
        summary: "A new password; ends the user's other sessions",
        description:
          "is_forced_update without pwd is accepted only while the account must change its password.",
        body: changePasswordSchema,
        response: profileAnswer,
      },
    },
    async (request) => ok({ user: await changePassword(request.context(), request.body) }),
  );

  app.post(
    "/api/profile/cookie-notice",
    {
      ...base,
      schema: {
        tags,
        summary: "Marks the cookie notice as seen",
        body: emptyBodySchema,
        response: profileAnswer,
      },
    },
    async (request) => ok({ user: await markCookieNoticeSeen(request.context()) }),
  );

  app.post(
    "/api/profile/verify-account",
    {
      ...base,
      config: { rateLimit: { max: 5, timeWindow: 15 * 60 * 1000 } },
      schema: {
        tags,
        summary: "Sends a confirmation code and link to the user's address (verify account)",
        description: "409 ALREADY_VERIFIED when the address is confirmed; 5 per address in 15 minutes.",
        body: emptyBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      await sendAccountVerification(
        { db: app.db, mailer: app.mailer, publicUrl: app.env.PUBLIC_URL, request },
        request.auth!.user.id,
      );
      return ok(null);
    },
  );

  // POST, not GET: the first call creates the pending secret, and no GET may change state (CSRF).
  app.post(
    "/api/two-factor/qrcode",
    {
      ...base,
      schema: {
        tags: ["two-factor"],
        summary: "The authenticator secret to enrol: otpauth URI, text secret and QR code (SVG)",
        body: emptyBodySchema,
        response: { 200: envelopeSchema(qrCodeSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await twoFactorQrCode(request.context()));
    },
  );

  app.post(
    "/api/two-factor/enable",
    {
      ...base,
      config: { rateLimit },
      schema: {
        tags: ["two-factor"],
        summary: "Confirms enrolment with a current code; answers the recovery codes once",
        body: totpCodeSchema,
        response: { 200: envelopeSchema(recoveryCodesSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok({ recovery_codes: await enableTwoFactor(request.context(), request.body.code) });
    },
  );

  app.post(
    "/api/two-factor/disable",
    {
      ...base,
      config: { rateLimit },
      schema: {
        tags: ["two-factor"],
        summary: "Turns two-factor off (current password and a current or recovery code)",
        body: disableTwoFactorSchema,
        response: profileAnswer,
      },
    },
    async (request) =>
      ok({ user: await disableTwoFactor(request.context(), request.body.pwd, request.body.code) }),
  );
};
