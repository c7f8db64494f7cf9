import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "@ems/db/client";
import { isLocale, type Locale } from "@ems/i18n/locales";
import { insertOutboxMail, markOutboxMail, type OutboxRow } from "./mail-repository.ts";
import { renderMail, type MailValues } from "./mail-templates.ts";

export interface MailRequest {
  to: string;
  /** The recipient's language; anything that is not one of the 12 falls back to English. */
  language: string;
  /** A template of content/locales/<locale>/emails.json (`login_code`, `verify_email`, …). */
  template: string;
  /** ICU values; `name` fills the greeting, `url` adds a button, `code` a one-time code. */
  values: MailValues;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  logger?: FastifyBaseLogger;
}

/**
 * Sends mail. Every mail is first written to mail_outbox (the record, and without SMTP_URL the only
 * destination: the development outbox page lists it). With SMTP_URL it then goes out through
 * nodemailer; a delivery failure is recorded on the row and logged, never thrown at the user whose
 * request caused the mail, so an SMTP outage does not reveal anything or break a sign-in.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly options: MailerOptions,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get deliversBySmtp(): boolean {
    return this.transport !== null;
  }

  async send(request: MailRequest): Promise<OutboxRow> {
    const language: Locale = isLocale(request.language) ? request.language : "en";
    const rendered = renderMail(request.template, language, request.values);
    const row = await insertOutboxMail(this.db, {
      toAddress: request.to,
      language,
      template: request.template,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
    });
    if (this.transport) {
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: request.to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
        });
        await markOutboxMail(this.db, row.id, { sentAt: new Date() });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.options.logger?.error({ err: error, mailId: row.id }, "SMTP delivery failed");
        await markOutboxMail(this.db, row.id, { error: message.slice(0, 500) });
      }
    }
    return row;
  }

  close(): void {
    this.transport?.close();
  }
}
