import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { mailOutbox } from "@ems/db/schema";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

export async function insertOutboxMail(db: Executor, mail: NewOutboxRow): Promise<OutboxRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  if (!row) throw new Error("insertOutboxMail inserted no row");
  return row;
}

export async function markOutboxMail(
  db: Database,
  id: string,
  result: { sentAt: Date } | { error: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set("sentAt" in result ? { sentAt: result.sentAt, error: null } : { error: result.error })
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
