import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { isLocale, type Locale } from "@ems/i18n/locales";
import { DEFAULT_DELIVERY, MailDispatcher, type DeliverySettings } from "./mail-dispatcher.ts";
import { insertMailAttachments, insertOutboxMail, type OutboxRow } from "./mail-repository.ts";
import { renderMail, type MailValues } from "./mail-templates.ts";

export interface MailRequest {
  to: string;
  /** The recipient's language; anything that is not one of the 12 falls back to English. */
  language: string;
  /** A template of content/locales/<locale>/emails.json (`login_code`, `verify_email`, …). */
  template: string;
  /** ICU values; `name` fills the greeting, `url` adds a button, `code` a one-time code. */
  values: MailValues;
  /** Files the mail carries (a document's PDF), stored with it until it is delivered. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  logger?: FastifyBaseLogger;
  delivery?: Partial<DeliverySettings>;
}

/**
 * Mail goes through the outbox table (ADR-style transactional outbox): a mail is a row, written in
 * the transaction of the change it announces, so both exist or neither. Without SMTP_URL the table
 * is its only destination (the development outbox lists it). With SMTP_URL the dispatcher delivers
 * it after commit, off the request path, and retries failures with a back-off: an SMTP outage neither
 * slows nor fails the request that caused the mail.
 */
export class Mailer {
  private readonly dispatcher: MailDispatcher | null;

  constructor(
    private readonly db: Database,
    options: MailerOptions,
  ) {
    this.dispatcher = options.smtpUrl
      ? new MailDispatcher(
          db,
          // Timeouts well inside the dispatcher's lease, so a hung server cannot make two instances send.
          nodemailer.createTransport({
            url: options.smtpUrl,
            connectionTimeout: 30_000,
            greetingTimeout: 30_000,
            socketTimeout: 60_000,
          }),
          options.from,
          { ...DEFAULT_DELIVERY, ...options.delivery },
          options.logger,
        )
      : null;
  }

  get deliversBySmtp(): boolean {
    return this.dispatcher !== null;
  }

  /**
   * Renders a mail and writes it to the outbox through `executor`. Pass the transaction of the change
   * the mail belongs to, then call deliverSoon() once it has committed (before, the row is invisible
   * to the dispatcher; the poll would still find it, later).
   */
  async write(executor: Executor, request: MailRequest): Promise<OutboxRow> {
    const language: Locale = isLocale(request.language) ? request.language : "en";
    const rendered = renderMail(request.template, language, request.values);
    const mail = {
      toAddress: request.to,
      language,
      template: request.template,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
    };
    const deliver = this.dispatcher !== null;
    const attachments = request.attachments ?? [];
    if (attachments.length === 0) return insertOutboxMail(executor, mail, deliver);
    // One transaction (a savepoint inside the caller's): a row the dispatcher can claim has its files.
    return executor.transaction(async (tx) => {
      const row = await insertOutboxMail(tx, mail, deliver);
      await insertMailAttachments(tx, row.id, attachments);
      return row;
    });
  }

  /** Several mails in one transaction (see write). */
  async writeAll(executor: Executor, requests: readonly MailRequest[]): Promise<void> {
    for (const request of requests) await this.write(executor, request);
  }

  /** A mail on its own (no transaction to join): written, then delivered in the background. */
  async send(request: MailRequest): Promise<OutboxRow> {
    const row = await this.write(this.db, request);
    this.deliverSoon();
    return row;
  }

  /** Starts delivering what is due; call it after committing a transaction that wrote mail. */
  deliverSoon(): void {
    this.dispatcher?.kick();
  }

  /** Starts the periodic look for due mail (retries, mail written by other instances). */
  start(): void {
    this.dispatcher?.start();
  }

  /** Resolves once no SMTP delivery is in flight. */
  async idle(): Promise<void> {
    await this.dispatcher?.idle();
  }

  /** Stops delivering; waits for the delivery in flight. */
  async close(): Promise<void> {
    await this.dispatcher?.close();
  }
}
