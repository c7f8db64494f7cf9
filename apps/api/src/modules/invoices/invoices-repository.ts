import { and, asc, desc, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "@ems/db/factories";
import { companies, creditNotes, invoices, payments, salesOrders } from "@ems/db/schema";
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
  /** The sum of the invoice's succeeded payments. */
  paidMinor: number;
  /** The sum of the invoice's credit notes (gross). */
  creditedMinor: number;
  /** What its credit notes took back of each position, in quantities. */
  creditedLines: { position: number; quantity: number }[];
  /** The customer's pending bank transfer announcement (all null when there is none). */
  announcedId: string | null;
  announcedMinor: number | null;
  announcedOn: string | null;
  announcedAt: Date | null;
}

export interface InvoiceFilter extends Paging {
  companyId: string | null;
  /** The display status: overdue is unpaid with due_on before `today`. */
  status?: "unpaid" | "paid" | "overdue" | undefined;
  payment?: "transfer_announced" | "part_paid" | undefined;
  today: string;
  orderId?: string | undefined;
  q?: string | undefined;
  sort: "issued_on" | "due_on" | "number" | "total";
  dir: "asc" | "desc";
}

/**
 * The outer query's invoice id, qualified: drizzle writes a bare column name inside a select
 * field's SQL, which a subquery over payments would take for its own `id`.
 */
const invoiceId = sql`${invoices}.${sql.identifier(invoices.id.name)}`;

/** What an invoice's succeeded payments add up to (payments_invoice_idx finds them). */
const paidSum = sql<number>`coalesce((select sum(p.amount_minor) from ${payments} p where p.invoice_id = ${invoiceId} and p.status = 'succeeded'), 0)::bigint`;

/**
 * What an invoice's credit notes took back (credit_notes_invoice_idx finds them). Invoices read the
 * credit notes' table rather than the credit-notes module, which depends on invoices (ADR 0011).
 */
const creditedSum = sql<number>`coalesce((select sum(c.total_minor) from ${creditNotes} c where c.invoice_id = ${invoiceId}), 0)::bigint`;

/** The credited quantity of each position, summed over the invoice's credit notes' lines. */
const creditedLines = sql<
  { position: number; quantity: number }[]
>`coalesce((select jsonb_agg(jsonb_build_object('position', s.position, 'quantity', s.quantity) order by s.position) from (select (l->>'position')::int as position, sum((l->>'quantity')::int)::int as quantity from ${creditNotes} c, jsonb_array_elements(c.lines) l where c.invoice_id = ${invoiceId} group by 1) s), '[]'::jsonb)`;

/** A bank transfer the customer announced and staff have not recorded (at most one: the pending index). */
const announced = alias(payments, "announced");

function recordQuery(db: Executor) {
  return db
    .select({
      invoice: invoices,
      orderNumber: salesOrders.number,
      poNumber: salesOrders.poNumber,
      companyName: companies.name,
      paidMinor: paidSum.mapWith(Number),
      creditedMinor: creditedSum.mapWith(Number),
      creditedLines,
      announcedId: announced.id,
      announcedMinor: announced.amountMinor,
      announcedOn: announced.paidOn,
      announcedAt: announced.createdAt,
    })
    .from(invoices)
    .innerJoin(salesOrders, eq(salesOrders.id, invoices.orderId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(
      announced,
      and(
        eq(announced.invoiceId, invoices.id),
        eq(announced.status, "pending"),
        eq(announced.method, "bank_transfer"),
      ),
    );
}

function paymentCondition(payment: InvoiceFilter["payment"]) {
  if (payment === "transfer_announced")
    return sql`exists (select 1 from ${payments} p where p.invoice_id = ${invoiceId} and p.status = 'pending' and p.method = 'bank_transfer')`;
  if (payment === "part_paid")
    return and(
      eq(invoices.status, "unpaid"),
      sql`exists (select 1 from ${payments} p where p.invoice_id = ${invoiceId} and p.status = 'succeeded')`,
    );
  return undefined;
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
    paymentCondition(filter.payment),
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

/**
 * The invoice's row, locked until the transaction ends (payments of one invoice run one at a time),
 * with its order's status. Only the invoice is locked: the order stays free for staff.
 */
export async function lockInvoice(
  tx: Executor,
  id: string,
): Promise<{ invoice: InvoiceRow; orderStatus: string } | null> {
  const [row] = await tx
    .select({ invoice: invoices, orderStatus: salesOrders.status })
    .from(invoices)
    .innerJoin(salesOrders, eq(salesOrders.id, invoices.orderId))
    .where(eq(invoices.id, id))
    .limit(1)
    .for("update", { of: invoices });
  return row ?? null;
}

/** The sum of an invoice's succeeded payments; under the invoice's lock, it counts every committed one. */
export async function paidMinorOf(tx: Executor, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({
      paid: sql<number>`coalesce(sum(${payments.amountMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, "succeeded")));
  return row?.paid ?? 0;
}

/** The sum of an invoice's credit notes; under the invoice's lock, it counts every committed one. */
export async function creditedMinorOf(tx: Executor, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({
      credited: sql<number>`coalesce(sum(${creditNotes.totalMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId));
  return row?.credited ?? 0;
}

/** An invoice's credit notes, oldest first, as its details list them. */
export async function listInvoiceCreditNotes(
  db: Executor,
  invoiceId: string,
): Promise<(typeof creditNotes.$inferSelect)[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id))
    .limit(100);
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
