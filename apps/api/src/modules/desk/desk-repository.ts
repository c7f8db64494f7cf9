import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import {
  companyAddresses,
  companyMembers,
  creditNotes,
  deliveryNotes,
  invoices,
  payments,
  pcbSpecs,
  quotes,
  salesOrderLines,
  salesOrders,
  sessions,
  workOrderStages,
} from "@ems/db/schema";

/**
 * The desk's reads of the quotes-to-cash tables. It reads them directly rather than through the
 * modules that own them, so the overview stays one cheap set of queries. Every query filters by the
 * caller's company and walks that company's indexes; sections are limited to a few rows.
 */

/** Order statuses the desk counts as "in production": placed and not yet shipped or cancelled. */
export const ACTIVE_ORDER_STATUSES = ["confirmed", "in_production"] as const;

const countOf = (condition: SQL) => sql<number>`(${condition})::int`;

export interface DeskCounts {
  openQuotes: number;
  quotesInProgress: number;
  ordersInProduction: number;
  deliveriesSince: number;
}

/** Open and still valid on `today`: one past its validity is Expired before the sweep records it. */
const stillOpen = (today: string) =>
  sql`${quotes.status} = 'Open' and (${quotes.validUntil} is null or ${quotes.validUntil} >= ${today})`;

export async function countDesk(
  db: Executor,
  companyId: string,
  today: string,
  deliveriesSince: Date,
): Promise<DeskCounts> {
  const [row] = await db
    .select({
      openQuotes: countOf(
        sql`select count(*) from ${quotes} where ${quotes.companyId} = ${companyId} and ${stillOpen(today)}`,
      ),
      quotesInProgress: countOf(
        sql`select count(*) from ${quotes} where ${quotes.companyId} = ${companyId} and ${quotes.status} = 'In Progress'`,
      ),
      ordersInProduction: countOf(
        sql`select count(*) from ${salesOrders} where ${salesOrders.companyId} = ${companyId} and ${inArray(salesOrders.status, [...ACTIVE_ORDER_STATUSES])}`,
      ),
      deliveriesSince: countOf(
        sql`select count(*) from ${deliveryNotes} where ${deliveryNotes.companyId} = ${companyId} and ${deliveryNotes.shippedAt} >= ${deliveriesSince.toISOString()}`,
      ),
    })
    .from(sql`(select 1) as one`);
  return row ?? { openQuotes: 0, quotesInProgress: 0, ordersInProduction: 0, deliveriesSince: 0 };
}

/** Unpaid invoices and those of them due before `today` (YYYY-MM-DD). */
export async function countUnpaidInvoices(
  db: Executor,
  companyId: string,
  today: string,
): Promise<{ unpaid: number; overdue: number }> {
  const [row] = await db
    .select({
      unpaid: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${invoices.dueOn} < ${today}))::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "unpaid")));
  return row ?? { unpaid: 0, overdue: 0 };
}

/** Open quotes first, the soonest valid_until first; then quotes in progress, newest first. */
export async function listDeskQuotes(db: Executor, companyId: string, today: string, limit: number) {
  return db
    .select({
      id: quotes.id,
      number: quotes.number,
      title: quotes.title,
      status: quotes.status,
      validUntil: quotes.validUntil,
    })
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), or(eq(quotes.status, "In Progress"), stillOpen(today))))
    .orderBy(
      sql`${quotes.status} = 'Open' desc`,
      sql`${quotes.validUntil} asc nulls last`,
      desc(quotes.createdAt),
      desc(quotes.id),
    )
    .limit(limit);
}

/** Active orders, the soonest delivery date first. */
export async function listActiveOrders(db: Executor, companyId: string, limit: number) {
  return db
    .select({
      id: salesOrders.id,
      number: salesOrders.number,
      poNumber: salesOrders.poNumber,
      deliveryDate: salesOrders.deliveryDate,
    })
    .from(salesOrders)
    .where(and(eq(salesOrders.companyId, companyId), inArray(salesOrders.status, [...ACTIVE_ORDER_STATUSES])))
    .orderBy(asc(salesOrders.deliveryDate), asc(salesOrders.createdAt), asc(salesOrders.id))
    .limit(limit);
}

/** The production stages of every line of these orders. */
export async function listOrderStages(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: salesOrderLines.orderId,
      stage: workOrderStages.stage,
      percent: workOrderStages.percent,
    })
    .from(workOrderStages)
    .innerJoin(salesOrderLines, eq(salesOrderLines.id, workOrderStages.orderLineId))
    .where(inArray(salesOrderLines.orderId, orderIds));
}

/** The newest shipments with the number of their order. */
export async function listRecentDeliveries(db: Executor, companyId: string, limit: number) {
  return db
    .select({
      id: deliveryNotes.id,
      number: deliveryNotes.number,
      orderNumber: salesOrders.number,
      carrier: deliveryNotes.carrier,
      trackingNumber: deliveryNotes.trackingNumber,
      shippedAt: deliveryNotes.shippedAt,
    })
    .from(deliveryNotes)
    .innerJoin(salesOrders, eq(salesOrders.id, deliveryNotes.orderId))
    .where(eq(deliveryNotes.companyId, companyId))
    .orderBy(desc(deliveryNotes.shippedAt), desc(deliveryNotes.id))
    .limit(limit);
}

/** Unpaid invoices, the soonest due date first. */
export async function listUnpaidInvoices(db: Executor, companyId: string, limit: number) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      totalMinor: invoices.totalMinor,
      currency: invoices.currency,
      dueOn: invoices.dueOn,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "unpaid")))
    .orderBy(asc(invoices.dueOn), asc(invoices.number))
    .limit(limit);
}

const total = (column: typeof invoices.totalMinor | typeof salesOrders.totalMinor) =>
  sql<string>`sum(${column})::bigint`.mapWith(Number);

/**
 * What is open of unpaid invoices per currency: their totals less the payments they got (in parts)
 * and their credit notes.
 */
export async function sumUnpaidInvoices(db: Executor, companyId: string) {
  // Qualified: drizzle writes a bare column inside a select field, which the subquery would take for payments.id.
  const invoiceId = sql`${invoices}.${sql.identifier(invoices.id.name)}`;
  const open = sql<string>`sum(${invoices.totalMinor} - coalesce((select sum(p.amount_minor) from ${payments} p where p.invoice_id = ${invoiceId} and p.status = 'succeeded'), 0) - coalesce((select sum(c.total_minor) from ${creditNotes} c where c.invoice_id = ${invoiceId}), 0))::bigint`;
  return db
    .select({ currency: invoices.currency, amountMinor: open.mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "unpaid")))
    .groupBy(invoices.currency)
    .orderBy(asc(invoices.currency));
}

export interface MonthlySum {
  /** YYYY-MM */
  month: string;
  currency: string;
  amountMinor: number;
}

/** Sales order totals per calendar month (UTC) of placing and currency; cancelled orders do not count. */
export async function sumOrdersByMonth(db: Executor, companyId: string, since: Date): Promise<MonthlySum[]> {
  const month = sql<string>`to_char(${salesOrders.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({ month, currency: salesOrders.currency, amountMinor: total(salesOrders.totalMinor) })
    .from(salesOrders)
    .where(
      and(
        eq(salesOrders.companyId, companyId),
        gte(salesOrders.createdAt, since),
        ne(salesOrders.status, "cancelled"),
      ),
    )
    .groupBy(month, salesOrders.currency);
}

/** Invoice totals per month of issue and currency, from `since` (YYYY-MM-DD) up to `before`. */
export async function sumInvoicesByMonth(
  db: Executor,
  companyId: string,
  since: string,
  before: string,
): Promise<MonthlySum[]> {
  const month = sql<string>`to_char(${invoices.issuedOn}, 'YYYY-MM')`;
  return db
    .select({ month, currency: invoices.currency, amountMinor: total(invoices.totalMinor) })
    .from(invoices)
    .where(
      and(eq(invoices.companyId, companyId), gte(invoices.issuedOn, since), lt(invoices.issuedOn, before)),
    )
    .groupBy(month, invoices.currency);
}

export interface DeskOnboarding {
  earlierSession: boolean;
  address: boolean;
  colleagues: boolean;
  firstRequest: boolean;
}

const exists = (query: SQL) => sql<boolean>`exists (${query})`;

/**
 * The first steps of a new customer as facts about the company (one round trip): whether the user
 * signed in before the current session, and whether the company has an address, another member
 * (invited counts), and a PCB specification (archived too) or a quote.
 */
export async function readOnboarding(
  db: Executor,
  companyId: string,
  userId: string,
  sessionId: string,
): Promise<DeskOnboarding> {
  const [row] = await db
    .select({
      earlierSession: exists(
        sql`select 1 from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.id} <> ${sessionId} and ${sessions.createdAt} <= (select ${sessions.createdAt} from ${sessions} where ${sessions.id} = ${sessionId})`,
      ),
      address: exists(
        sql`select 1 from ${companyAddresses} where ${companyAddresses.companyId} = ${companyId}`,
      ),
      colleagues: exists(
        sql`select 1 from ${companyMembers} where ${companyMembers.companyId} = ${companyId} and ${companyMembers.userId} <> ${userId}`,
      ),
      firstRequest: exists(
        sql`select 1 from ${pcbSpecs} where ${pcbSpecs.companyId} = ${companyId} union all select 1 from ${quotes} where ${quotes.companyId} = ${companyId}`,
      ),
    })
    .from(sql`(select 1) as one`);
  return row ?? { earlierSession: false, address: false, colleagues: false, firstRequest: false };
}
