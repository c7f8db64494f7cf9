import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { profileEndpoints, twoFactorEndpoints } from "@ems/contracts/profile";
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

/** Profile and two-factor (docs/behaviour/accounts.md#profile): the signed-in user's own account. */
export const profileRoutes: FastifyPluginAsync<ProfileRouteOptions> = async (app, { rateLimit }) => {
  implement(app, profileEndpoints, {
    get: async (request) => ({ user: await getProfile(request.context()) }),
    getByPost: async (request) => ({ user: await getProfile(request.context()) }),
    update: async (request) => ({ user: await updateProfile(request.context(), request.body) }),
    validateUsername: {
      config: { rateLimit },
      handle: async (request) => ({
        available: await isUsernameAvailable(request.context(), request.body.username),
      }),
    },
    changeUsername: {
      config: { rateLimit },
      handle: async (request) => ({
        user: await changeUsername(request.context(), request.body.new_username, request.body.pwd),
      }),
    },
    validatePassword: {
      config: { rateLimit },
      handle: async (request) => ({ valid: await checkCurrentPassword(request.context(), request.body.pwd) }),
    },
    changePassword: {
      config: { rateLimit },
      handle: async (request) => ({ user: await changePassword(request.context(), request.body) }),
    },
    cookieNotice: async (request) => ({ user: await markCookieNoticeSeen(request.context()) }),
    verifyAccount: {
      config: { rateLimit: { max: 5, timeWindow: 15 * 60 * 1000 } },
      handle: async (request) => {
        await sendAccountVerification(
          { db: app.db, mailer: app.mailer, publicUrl: app.env.PUBLIC_URL, request },
          request.auth!.user.id,
        );
        return null;
      },
    },
  });

  implement(app, twoFactorEndpoints, {
    qrcode: (request) => twoFactorQrCode(request.context()),
    enable: {
      config: { rateLimit },
      handle: async (request) => ({
        recovery_codes: await enableTwoFactor(request.context(), request.body.code),
      }),
    },
    disable: {
      config: { rateLimit },
      handle: async (request) => ({
        user: await disableTwoFactor(request.context(), request.body.pwd, request.body.code),
      }),
    },
  });
};
