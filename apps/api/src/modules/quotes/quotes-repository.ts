import { aliasedTable, and, asc, eq, exists, gte, ilike, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { QuoteSort, QuoteStatus } from "@ems/contracts/quotes";
import type { Executor } from "@ems/db/factories";
import { companies, companyAddresses, companyMembers, quoteLines, quotes, users } from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";
import type { Recipient } from "../documents/documents-service.ts";

/**
 * The only drizzle code of quotes. Customer reads pass the caller's company, so another company's
 * quote is not found (404, like a missing one); staff reads pass none.
 */

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type NewQuoteLine = Omit<typeof quoteLines.$inferInsert, "quoteId" | "position" | "id">;

export interface QuoteListFilter extends Paging {
  /** The tenant; undefined for staff. */
  companyId?: string | undefined;
  status?: QuoteStatus | undefined;
  /** The day validity is judged on: an Open quote valid until before it counts as Expired. */
  today: string;
  category?: QuoteLineRow["category"] | undefined;
  q?: string | undefined;
  sort: QuoteSort;
  dir: "asc" | "desc";
}

export type QuoteListRow = QuoteRow & { companyName: string };

const SORT_COLUMNS = {
  created_at: quotes.createdAt,
  number: quotes.number,
  valid_until: quotes.validUntil,
  status: quotes.status,
  title: quotes.title,
} as const;

/**
 * A status as customers see it on `today`: lists do not wait for the hourly expiry sweep, so an Open
 * quote past its validity is already Expired here (and no longer Open).
 */
function statusIs(status: QuoteStatus, today: string) {
  if (status === "Open")
    return and(eq(quotes.status, "Open"), or(isNull(quotes.validUntil), gte(quotes.validUntil, today)));
  if (status === "Expired")
    return or(eq(quotes.status, "Expired"), and(eq(quotes.status, "Open"), lt(quotes.validUntil, today)));
  return eq(quotes.status, status);
}

/**
 * One page of quotes with the number of matches. The tenant's (company_id, created_at) index and the
 * title trigram index serve the usual filters; lines are read separately for the page only.
 */
export async function listQuotes(
  db: Executor,
  filter: QuoteListFilter,
): Promise<{ rows: QuoteListRow[]; total: number }> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.companyId ? eq(quotes.companyId, filter.companyId) : undefined,
    filter.status ? statusIs(filter.status, filter.today) : undefined,
    filter.category
      ? exists(
          db
            .select({ one: sql`1` })
            .from(quoteLines)
            .where(and(eq(quoteLines.quoteId, quotes.id), eq(quoteLines.category, filter.category))),
        )
      : undefined,
    pattern
      ? or(
          ilike(quotes.number, pattern),
          ilike(quotes.title, pattern),
          ilike(quotes.customerReference, pattern),
        )
      : undefined,
  );
  const { rows, total } = await listPage(db, {
    rows: db
      .select({ quote: quotes, companyName: companies.name })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .$dynamic(),
    table: quotes,
    cap: null,
    where,
    orderBy: sortOrder(filter.dir, SORT_COLUMNS[filter.sort], quotes.id),
    paging: filter,
  });
  return { rows: rows.map((row) => ({ ...row.quote, companyName: row.companyName })), total };
}

/** The lines of several quotes, by quote and position. */
export async function listLinesOfQuotes(db: Executor, quoteIds: string[]): Promise<QuoteLineRow[]> {
  if (quoteIds.length === 0) return [];
  return db
    .select()
    .from(quoteLines)
    .where(inArray(quoteLines.quoteId, quoteIds))
    .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position));
}

export async function listQuoteLines(db: Executor, quoteId: string): Promise<QuoteLineRow[]> {
  return db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}

export interface QuoteRecord {
  quote: QuoteRow;
  companyName: string;
  requestedByName: string | null;
  preparedByName: string | null;
}

const requester = aliasedTable(users, "requester");
const preparer = aliasedTable(users, "preparer");

/** A quote with its company's and people's names; `companyId` limits it to a tenant. */
export async function findQuote(db: Executor, id: string, companyId?: string): Promise<QuoteRecord | null> {
  const [row] = await db
    .select({
      quote: quotes,
      companyName: companies.name,
      requestedByName: sql<
        string | null
      >`nullif(trim(${requester.firstName} || ' ' || ${requester.lastName}), '')`,
      preparedByName: sql<
        string | null
      >`nullif(trim(${preparer.firstName} || ' ' || ${preparer.lastName}), '')`,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(requester, eq(requester.id, quotes.requestedByUserId))
    .leftJoin(preparer, eq(preparer.id, quotes.preparedByUserId))
    .where(and(eq(quotes.id, id), companyId ? eq(quotes.companyId, companyId) : undefined))
    .limit(1);
  return row ?? null;
}

/** The quote's row, locked until the caller's transaction ends; null when there is none. */
export async function lockQuote(tx: Executor, id: string): Promise<QuoteRow | null> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).limit(1).for("update");
  return row ?? null;
}

export async function insertQuote(db: Executor, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  if (!row) throw new Error("insertQuote inserted no row");
  return row;
}

/** Writes the lines of a quote at positions 1…n. */
export async function insertQuoteLines(db: Executor, quoteId: string, lines: NewQuoteLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(quoteLines).values(lines.map((line, i) => ({ ...line, quoteId, position: i + 1 })));
}

export async function replaceQuoteLines(db: Executor, quoteId: string, lines: NewQuoteLine[]): Promise<void> {
  await db.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  await insertQuoteLines(db, quoteId, lines);
}

/**
 * Changes a quote only while it is in one of `statuses` (and belongs to `companyId`, and is valid on
 * `validOn`, when given). The condition is re-checked under the row lock, so of two concurrent
 * changes exactly one finds the quote still in its old status; null tells the caller it lost.
 */
export async function updateQuoteIf(
  db: Executor,
  condition: { id: string; statuses: readonly QuoteStatus[]; companyId?: string; validOn?: string },
  changes: Partial<
    Pick<
      QuoteRow,
      | "status"
      | "validUntil"
      | "sentAt"
      | "decidedAt"
      | "declineReason"
      | "preparedByUserId"
      | "taxTreatment"
      | "taxRateBp"
    >
  >,
): Promise<QuoteRow | null> {
  const [row] = await db
    .update(quotes)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(quotes.id, condition.id),
        inArray(quotes.status, [...condition.statuses]),
        condition.companyId ? eq(quotes.companyId, condition.companyId) : undefined,
        condition.validOn ? gte(quotes.validUntil, condition.validOn) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Open quotes whose validity ended before `today` become Expired (the partial index on Open quotes'
 * valid_until finds them). Concurrent runs each expire a quote at most once: the status condition is
 * re-checked under the row lock.
 */
export async function markExpiredQuotes(
  db: Executor,
  today: string,
  companyId?: string,
): Promise<Pick<QuoteRow, "id" | "companyId" | "number" | "validUntil">[]> {
  return db
    .update(quotes)
    .set({ status: "Expired", updatedAt: new Date() })
    .where(
      and(
        eq(quotes.status, "Open"),
        lt(quotes.validUntil, today),
        companyId ? eq(quotes.companyId, companyId) : undefined,
      ),
    )
    .returning({
      id: quotes.id,
      companyId: quotes.companyId,
      number: quotes.number,
      validUntil: quotes.validUntil,
    });
}

/** A customer company (never the operator's own) by id. */
/** A customer company with what decides its VAT treatment (its country and VAT ID). */
export async function findCustomerCompany(db: Executor, id: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, country: companies.country, vatId: companies.vatId })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.isOperator, false)))
    .limit(1);
  return row ?? null;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
};

/** The user, if still an active, accepted member of the company. */
export async function findActiveMember(
  db: Executor,
  companyId: string,
  userId: string,
): Promise<Recipient | null> {
  const [row] = await db
    .select(recipientColumns)
    .from(users)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, companyId)),
    )
    .where(and(eq(users.id, userId), eq(users.status, "active"), eq(companyMembers.status, "accepted")))
    .limit(1);
  return row ?? null;
}

/** The company's billing address, if it has one. */
export async function findBillingAddress(db: Executor, companyId: string) {
  const [row] = await db
    .select()
    .from(companyAddresses)
    .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.isBilling, true)))
    .limit(1);
  return row ?? null;
}

/** Records the ordered quantity on each ordered line of the quote. */
export async function setOrderedQuantities(
  db: Executor,
  quoteId: string,
  lines: { lineId: string; quantity: number }[],
): Promise<void> {
  for (const line of lines) {
    await db
      .update(quoteLines)
      .set({ orderedQuantity: line.quantity })
      .where(and(eq(quoteLines.id, line.lineId), eq(quoteLines.quoteId, quoteId)));
  }
}
