import { and, asc, count, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import {
  companies,
  deliveryNotes,
  invoices,
  payments,
  quotes,
  salesOrderLines,
  salesOrders,
} from "@ems/db/schema";

/**
 * The only drizzle code of the back-office home: each queue's size and its oldest rows. The queues
 * read the quotes, orders and payments tables as the staff customer directory does; none of them
 * changes anything.
 */

/** Orders that can still move: production has not finished shipping them. */
const OPEN_ORDER_STATUSES = ["confirmed", "in_production"] as const;

export async function quotesToPrice(db: Executor, limit: number) {
  const where = eq(quotes.status, "In Progress");
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: quotes.id,
        number: quotes.number,
        title: quotes.title,
        companyName: companies.name,
        createdAt: quotes.createdAt,
      })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .where(where)
      .orderBy(asc(quotes.createdAt), asc(quotes.id))
      .limit(limit),
    db.select({ n: count() }).from(quotes).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Orders in production, and open orders whose production staff hold (a held order may not have started). */
export async function ordersInProduction(db: Executor, limit: number) {
  const held = and(isNotNull(salesOrders.productionHeldAt), inArray(salesOrders.status, OPEN_ORDER_STATUSES));
  const where = or(eq(salesOrders.status, "in_production"), held);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: salesOrders.id,
        number: salesOrders.number,
        companyName: companies.name,
        createdAt: salesOrders.createdAt,
        deliveryDate: salesOrders.deliveryDate,
        heldAt: salesOrders.productionHeldAt,
      })
      .from(salesOrders)
      .innerJoin(companies, eq(companies.id, salesOrders.companyId))
      .where(where)
      .orderBy(asc(salesOrders.createdAt), asc(salesOrders.id))
      .limit(limit),
    db
      .select({ n: count(), held: sql<number>`count(*) filter (where ${held})`.mapWith(Number) })
      .from(salesOrders)
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0, held: counted?.held ?? 0 };
}

/** What the order's delivery notes shipped of this line (their lines are snapshots by position). */
const shippedQuantity = sql<number>`coalesce((select sum((l->>'quantity')::int) from ${deliveryNotes} dn, jsonb_array_elements(dn.lines) l where dn.order_id = ${salesOrderLines.orderId} and (l->>'position')::int = ${salesOrderLines.position}), 0)::int`;

/**
 * Lines of open orders promised on or before `horizon` (overdue ones included) that delivery notes
 * have not shipped in full; the earliest promise first.
 */
export async function deliveriesDue(db: Executor, today: string, horizon: string, limit: number) {
  const where = and(
    inArray(salesOrders.status, OPEN_ORDER_STATUSES),
    lte(salesOrderLines.deliveryDate, horizon),
    sql`${shippedQuantity} < ${salesOrderLines.quantity}`,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        orderId: salesOrders.id,
        orderNumber: salesOrders.number,
        companyName: companies.name,
        position: salesOrderLines.position,
        description: salesOrderLines.description,
        quantity: salesOrderLines.quantity,
        shipped: shippedQuantity,
        deliveryDate: salesOrderLines.deliveryDate,
      })
      .from(salesOrderLines)
      .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
      .innerJoin(companies, eq(companies.id, salesOrders.companyId))
      .where(where)
      .orderBy(asc(salesOrderLines.deliveryDate), asc(salesOrders.number), asc(salesOrderLines.position))
      .limit(limit),
    db
      .select({
        n: count(),
        overdue: sql<number>`count(*) filter (where ${salesOrderLines.deliveryDate} < ${today})`.mapWith(
          Number,
        ),
      })
      .from(salesOrderLines)
      .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0, overdue: counted?.overdue ?? 0 };
}

/**
 * Unpaid invoices with a bank transfer the customer announced and staff have not recorded (the
 * pending index allows one per invoice); the oldest announcement first.
 */
export async function announcedTransfers(db: Executor, limit: number) {
  const where = and(
    eq(payments.status, "pending"),
    eq(payments.method, "bank_transfer"),
    eq(invoices.status, "unpaid"),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        invoiceId: invoices.id,
        invoiceNumber: invoices.number,
        companyName: companies.name,
        amountMinor: payments.amountMinor,
        currency: payments.currency,
        announcedAt: payments.createdAt,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where)
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
