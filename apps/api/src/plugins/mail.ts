import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Mailer } from "../modules/mail/mail-service.ts";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Decorates the instance with the mailer (always the outbox table; SMTP delivery after commit when
 * configured). Delivery starts once the app is ready and stops on close, after the mail in flight.
 */
async function mailPlugin(
  app: FastifyInstance,
  options: { smtpUrl?: string | undefined; from: string },
): Promise<void> {
  const mailer = new Mailer(app.db, { smtpUrl: options.smtpUrl, from: options.from, logger: app.log });
  app.decorate("mailer", mailer);
  app.addHook("onReady", async () => mailer.start());
  app.addHook("onClose", async () => mailer.close());
}

export default fp(mailPlugin, { name: "mail", dependencies: ["database"] });
