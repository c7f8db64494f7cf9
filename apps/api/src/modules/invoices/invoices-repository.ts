import { and, desc, eq, gte, ilike, lt, or } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { companies, invoices, payments, salesOrders } from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of sales invoices. Customer queries pass the caller's company and filter by
 * it (another company's id finds nothing); the back office passes null.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;

export interface InvoiceRecord {
  invoice: InvoiceRow;
  orderNumber: string;
  poNumber: string;
  companyName: string;
}

export interface InvoiceFilter extends Paging {
  companyId: string | null;
  /** The display status: overdue is unpaid with due_on before `today`. */
  status?: "unpaid" | "paid" | "overdue" | undefined;
  today: string;
  orderId?: string | undefined;
  q?: string | undefined;
  sort: "issued_on" | "due_on" | "number" | "total";
  dir: "asc" | "desc";
}

function recordQuery(db: Executor) {
  return db
    .select({
      invoice: invoices,
      orderNumber: salesOrders.number,
      poNumber: salesOrders.poNumber,
      companyName: companies.name,
    })
    .from(invoices)
    .innerJoin(salesOrders, eq(salesOrders.id, invoices.orderId))
    .innerJoin(companies, eq(companies.id, invoices.companyId));
}

function statusCondition(status: InvoiceFilter["status"], today: string) {
  if (status === "paid") return eq(invoices.status, "paid");
  if (status === "unpaid") return and(eq(invoices.status, "unpaid"), gte(invoices.dueOn, today));
  if (status === "overdue") return and(eq(invoices.status, "unpaid"), lt(invoices.dueOn, today));
  return undefined;
}

/** One page of invoices; a company's come from its (company_id, issued_on) index. */
export async function listInvoices(
  db: Executor,
  filter: InvoiceFilter,
): Promise<{ rows: InvoiceRecord[]; total: number }> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.companyId ? eq(invoices.companyId, filter.companyId) : undefined,
    filter.orderId ? eq(invoices.orderId, filter.orderId) : undefined,
    statusCondition(filter.status, filter.today),
    pattern ? or(ilike(invoices.number, pattern), ilike(salesOrders.number, pattern)) : undefined,
  );
  const column = {
    issued_on: invoices.issuedOn,
    due_on: invoices.dueOn,
    number: invoices.number,
    total: invoices.totalMinor,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: invoices,
    join: (select) => select.innerJoin(salesOrders, eq(salesOrders.id, invoices.orderId)),
    where,
    orderBy: sortOrder(filter.dir, column, invoices.createdAt, invoices.id),
    paging: filter,
  });
}

export async function findInvoice(
  db: Executor,
  id: string,
  companyId: string | null,
): Promise<InvoiceRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(eq(invoices.id, id), companyId ? eq(invoices.companyId, companyId) : undefined))
    .limit(1);
  return row ?? null;
}

/** The invoice's row, locked until the transaction ends (payments of one invoice run one at a time). */
export async function lockInvoice(tx: Executor, id: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).limit(1).for("update");
  return row ?? null;
}

export async function insertInvoice(tx: Executor, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error("insertInvoice inserted no row");
  return row;
}

/** Marks an unpaid invoice paid; false when it was paid already. */
export async function markInvoicePaid(tx: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ status: "paid", paidAt: at, updatedAt: at })
    .where(and(eq(invoices.id, id), eq(invoices.status, "unpaid")))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

// An invoice's payments: its details list them, so invoices reads them here rather than through the
// payments module, which depends on invoices and not the other way round (ADR 0011).

export interface InvoicePaymentRecord {
  payment: typeof payments.$inferSelect;
  invoiceNumber: string;
}

export async function listInvoicePayments(db: Executor, invoiceId: string): Promise<InvoicePaymentRecord[]> {
  return db
    .select({ payment: payments, invoiceNumber: invoices.number })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(100);
}
