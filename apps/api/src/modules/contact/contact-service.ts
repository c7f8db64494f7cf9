import type { FastifyRequest } from "fastify";
import { siteConfig } from "@ems/config/site";
import type {
  ContactAnswer,
  ContactRequest,
  StaffContactMessage,
  StaffContactMessageListQuery,
  StaffContactMessagePage,
} from "@ems/contracts/contact";
import type { Database } from "@ems/db/client";
import { AppError, notFound } from "../../lib/app-error.ts";
import { pageOf, pagingOf } from "../../lib/list-query.ts";
import { validateCaptcha, type CaptchaSettings } from "../captcha/captcha-service.ts";
import type { Mailer } from "../mail/mail-service.ts";
import {
  findContactMessage,
  insertContactMessage,
  listContactMessages,
  markContactMessageHandled,
  newContactMessages,
  type ContactMessageRecord,
} from "./contact-repository.ts";

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

function staffMessageDto({ message, handledBy }: ContactMessageRecord): StaffContactMessage {
  return {
    id: message.id,
    reference: message.reference,
    name: message.name,
    company: message.company,
    email: message.email,
    phone: message.phone,
    message: message.message,
    language: message.language,
    created_at: message.createdAt.toISOString(),
    handled_at: message.handledAt?.toISOString() ?? null,
    handled_by: message.handledAt ? handledBy : null,
  };
}

/** The back office's list of contact messages: new ones (the default) or handled ones. */
export async function staffContactMessagePage(
  db: Database,
  query: StaffContactMessageListQuery,
): Promise<StaffContactMessagePage> {
  return pageOf(
    query,
    await listContactMessages(db, { ...pagingOf(query), handled: query.status === "handled" }),
    staffMessageDto,
  );
}

/**
 * Marks a message handled by the caller. Idempotent: a message already handled keeps its first
 * handler and time, so a second click (or a colleague's) changes nothing and still answers 200.
 */
export async function handleContactMessage(
  db: Database,
  id: string,
  userId: string,
): Promise<StaffContactMessage> {
  await markContactMessageHandled(db, id, userId);
  const row = await findContactMessage(db, id);
  if (!row) throw notFound("No such contact message");
  return staffMessageDto(row);
}

/** How many contact messages wait for staff, and the oldest `limit` of them (the staff home). */
export async function waitingContactMessages(db: Database, limit: number) {
  return newContactMessages(db, limit);
}
