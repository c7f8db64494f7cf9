import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { nextDocumentNumber } from "@ems/db/document-numbers";
import { contactMessages, users } from "@ems/db/schema";
import { listPage, type Paging } from "../../lib/list-query.ts";
import type { Locale } from "@ems/i18n/locales";

export interface NewContactMessage {
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  message: string;
  language: Locale;
}

/**
 * Stores a contact message with its ENQ reference. Pass a transaction: the number and the message
 * commit together (no gaps in the series), with the mails that announce it.
 */
export async function insertContactMessage(tx: Executor, input: NewContactMessage) {
  const reference = await nextDocumentNumber(tx, "contact");
  const [row] = await tx
    .insert(contactMessages)
    .values({ ...input, reference })
    .returning({ id: contactMessages.id, reference: contactMessages.reference });
  if (!row) throw new Error("The contact message was not stored");
  return row;
}

/** A stored message with the name of whoever marked it handled. */
function messageQuery(db: Executor) {
  return db
    .select({
      message: contactMessages,
      handledBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledByUserId));
}
export type ContactMessageRecord = Awaited<ReturnType<typeof messageQuery>>[number];

/**
 * New messages oldest first (the partial index on unhandled messages serves them), handled ones
 * most recently handled first.
 */
export async function listContactMessages(
  db: Executor,
  filter: Paging & { handled: boolean },
): Promise<{ rows: ContactMessageRecord[]; total: number }> {
  return listPage(db, {
    rows: messageQuery(db).$dynamic(),
    table: contactMessages,
    cap: null,
    where: filter.handled ? isNotNull(contactMessages.handledAt) : isNull(contactMessages.handledAt),
    orderBy: filter.handled
      ? [desc(contactMessages.handledAt), desc(contactMessages.id)]
      : [asc(contactMessages.createdAt), asc(contactMessages.id)],
    paging: filter,
  });
}

/** How many messages wait, and the oldest `limit` of them. */
export async function newContactMessages(db: Executor, limit: number) {
  const where = isNull(contactMessages.handledAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        reference: contactMessages.reference,
        name: contactMessages.name,
        company: contactMessages.company,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
      .limit(limit),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function findContactMessage(db: Executor, id: string): Promise<ContactMessageRecord | null> {
  const [row] = await messageQuery(db).where(eq(contactMessages.id, id)).limit(1);
  return row ?? null;
}

/**
 * Marks a message handled unless it already is: the condition keeps the first handler when two
 * staff members click at once. Answers whether this call changed it.
 */
export async function markContactMessageHandled(db: Executor, id: string, userId: string): Promise<boolean> {
  const changed = await db
    .update(contactMessages)
    .set({ handledAt: new Date(), handledByUserId: userId })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning({ id: contactMessages.id });
  return changed.length > 0;
}
