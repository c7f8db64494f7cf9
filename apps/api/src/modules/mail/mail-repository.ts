import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { mailAttachments, mailOutbox } from "@ems/db/schema";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;
export type AttachmentRow = typeof mailAttachments.$inferSelect;

/**
 * Writes one mail. `deliver`: due for the SMTP dispatcher at once (the database's now(), so instances
 * with skewed clocks agree); otherwise the outbox table is the mail's only destination.
 */
export async function insertOutboxMail(
  db: Executor,
  mail: Omit<NewOutboxRow, "nextAttemptAt" | "attempts" | "sentAt" | "error">,
  deliver: boolean,
): Promise<OutboxRow> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, nextAttemptAt: deliver ? sql`now()` : null })
    .returning();
  if (!row) throw new Error("insertOutboxMail inserted no row");
  return row;
}

export async function insertMailAttachments(
  db: Executor,
  mailId: string,
  attachments: readonly Pick<AttachmentRow, "filename" | "contentType" | "content">[],
): Promise<void> {
  if (attachments.length === 0) return;
  await db.insert(mailAttachments).values(attachments.map((attachment) => ({ ...attachment, mailId })));
}

/** The files of some mails, by name. */
export async function listMailAttachments(
  db: Executor,
  mailIds: readonly string[],
): Promise<AttachmentRow[]> {
  if (mailIds.length === 0) return [];
  return db
    .select()
    .from(mailAttachments)
    .where(inArray(mailAttachments.mailId, [...mailIds]))
    .orderBy(asc(mailAttachments.filename), asc(mailAttachments.id));
}

/** One file of one mail; null when the mail has no such file. */
export async function findMailAttachment(
  db: Executor,
  mailId: string,
  id: string,
): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(mailAttachments)
    .where(and(eq(mailAttachments.mailId, mailId), eq(mailAttachments.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Claims the next due mail for one delivery attempt: its attempt is counted and its next_attempt_at
 * pushed `leaseMs` ahead, so no other instance takes it meanwhile (SKIP LOCKED lets concurrent
 * claims pass each other instead of waiting), and a process that dies mid-send only delays it.
 */
export async function claimDueMail(db: Database, leaseMs: number): Promise<OutboxRow | null> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(lte(mailOutbox.nextAttemptAt, sql`now()`))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return row ?? null;
}

export async function markMailSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, error: null, nextAttemptAt: null })
    .where(eq(mailOutbox.id, id));
}

/** Records a failed attempt; `retryInMs` null gives the mail up (it stays in the table with its error). */
export async function markMailFailed(
  db: Database,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      error,
      nextAttemptAt: retryInMs === null ? null : sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(eq(mailOutbox.id, id));
}

/** The newest mails, optionally for one recipient (case-insensitive). */
export async function listOutboxMail(
  db: Database,
  options: { to?: string; limit: number },
): Promise<OutboxRow[]> {
  const where = options.to ? sql`lower(${mailOutbox.toAddress}) = lower(${options.to})` : undefined;
  return db
    .select()
    .from(mailOutbox)
    .where(and(where))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(options.limit);
}
