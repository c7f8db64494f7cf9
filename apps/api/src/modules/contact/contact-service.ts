import type { FastifyRequest } from "fastify";
import { siteConfig } from "@ems/config/site";
import type { ContactAnswer, ContactRequest } from "@ems/contracts/contact";
import type { Database } from "@ems/db/client";
import { AppError } from "../../lib/app-error.ts";
import { validateCaptcha, type CaptchaSettings } from "../captcha/captcha-service.ts";
import type { Mailer } from "../mail/mail-service.ts";
import { insertContactMessage } from "./contact-repository.ts";

export interface ContactContext {
  db: Database;
  mailer: Mailer;
  captcha: CaptchaSettings;
  /** The operator's inbox for enquiries. */
  to: string;
  request: FastifyRequest;
}

/**
 * A message from the contact form: the captcha is checked first, then the message is stored with two
 * mails in one transaction (so it is never lost, whatever happens to SMTP later): one to the operator
 * with the sender as reply address in the text, and a confirmation to the sender in their language
 * with the reference.
 */
export async function sendContactMessage(ctx: ContactContext, input: ContactRequest): Promise<ContactAnswer> {
  await validateCaptcha(ctx.db, ctx.captcha, input.captcha).catch((error: unknown) => {
    if (error instanceof AppError)
      throw new AppError(error.status, error.code, error.message, { field: "captcha" });
    throw error;
  });
  const company = input.company?.trim() || null;
  const phone = input.phone?.trim() || null;
  // The message and both mails commit together: the operator hears of every stored message.
  const stored = await ctx.db.transaction(async (tx) => {
    const row = await insertContactMessage(tx, {
      name: input.name,
      company,
      email: input.email.trim(),
      phone,
      message: input.message,
      language: input.language,
    });
    const details = {
      reference: row.reference,
      sender: input.name,
      company: company ?? "–",
      email: input.email.trim(),
      phone: phone ?? "–",
      message: input.message,
      language: input.language,
    };
    // The operator reads enquiries in the site's default language.
    await ctx.mailer.writeAll(tx, [
      {
        to: ctx.to,
        language: "en",
        template: "contact_received",
        values: { name: siteConfig.brand.name, ...details },
      },
      {
        to: input.email.trim(),
        language: input.language,
        template: "contact_confirmation",
        values: { name: input.name, ...details },
      },
    ]);
    return row;
  });
  ctx.mailer.deliverSoon();
  return { reference: stored.reference };
}
