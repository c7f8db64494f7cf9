import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { contactEndpoints } from "@ems/contracts/contact";
import { siteConfig } from "@ems/config/site";
import { ok } from "../../lib/envelope.ts";
import type { CaptchaSettings } from "../captcha/captcha-service.ts";
import { sendContactMessage } from "./contact-service.ts";

export interface ContactRouteOptions {
  captcha: CaptchaSettings;
  rateLimit: { max: number; timeWindow: number };
}

/** The public contact form (issue 7): stored, mailed to the operator, confirmed to the sender. */
export const contactRoutes: FastifyPluginAsync<ContactRouteOptions> = async (app, options) => {
  // Each message sends two e-mails: a sixth of the general limit per address and quarter hour (5 by default).
  const rateLimit = { max: Math.max(5, Math.floor(options.rateLimit.max / 6)), timeWindow: 15 * 60 * 1000 };
  implement(app, contactEndpoints, {
    send: {
      config: { rateLimit },
      handle: async (request, reply) => {
        const answer = await sendContactMessage(
          {
            db: app.db,
            mailer: app.mailer,
            captcha: options.captcha,
            to: app.env.CONTACT_TO ?? siteConfig.contact.email,
            request,
          },
          request.body,
        );
        return reply.status(201).send(ok(answer, 201, "Message received"));
      },
    },
  });
};
