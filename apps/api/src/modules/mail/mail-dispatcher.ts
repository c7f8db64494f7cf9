import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "@ems/db/client";
import {
  claimDueMail,
  listMailAttachments,
  markMailFailed,
  markMailSent,
  type OutboxRow,
} from "./mail-repository.ts";

export interface DeliverySettings {
  /** How often due mail is looked for besides the kick after each commit (retries, other instances' rows). */
  pollMs: number;
  /** How long a claimed mail is reserved for the instance sending it; longer than any SMTP timeout. */
  leaseMs: number;
  /** Attempts before a mail is given up (it stays in the outbox with its last error). */
  maxAttempts: number;
  /** The wait after failed attempt n (1-based). */
  backoffMs(attempt: number): number;
}

export const DEFAULT_DELIVERY: DeliverySettings = {
  pollMs: 30_000,
  leaseMs: 5 * 60_000,
  maxAttempts: 10,
  // 1, 2, 4 … minutes, at most 6 hours apart: ten attempts span about 14 hours.
  backoffMs: (attempt) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 60 * 60_000),
};

/**
 * Delivers the outbox by SMTP, off the request path: a request only writes its mail (in its own
 * transaction) and kicks the dispatcher after commit; a timer finds retries and mail written by other
 * instances. Several instances share the table safely: each mail is claimed before it is sent.
 */
export class MailDispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly transport: Transporter,
    private readonly from: string,
    private readonly settings: DeliverySettings = DEFAULT_DELIVERY,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  /** Starts polling (unref'd: it never keeps the process alive) and delivers what is due now. */
  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Delivers due mail soon; a kick during a run makes the run look again before it ends. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger?.error({ err: error }, "mail dispatcher failed"))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once no delivery is in flight (tests; close). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops claiming mail, waits for the delivery in flight, then closes the SMTP connection. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.transport.close();
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const row = await claimDueMail(this.db, this.settings.leaseMs);
      if (!row) return;
      await this.deliver(row);
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    try {
      const attachments = await listMailAttachments(this.db, [row.id]);
      await this.transport.sendMail({
        from: this.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments: attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
        // Lets operators (and the browser journeys' mail sink) sort mail without parsing it.
        headers: { "X-Mail-Template": row.template },
      });
      await markMailSent(this.db, row.id);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = row.attempts >= this.settings.maxAttempts;
      this.logger?.error(
        { err: error, mailId: row.id, attempts: row.attempts, givenUp: giveUp },
        giveUp ? "SMTP delivery failed; mail given up" : "SMTP delivery failed; will retry",
      );
      await markMailFailed(this.db, row.id, message, giveUp ? null : this.settings.backoffMs(row.attempts));
    }
  }
}
