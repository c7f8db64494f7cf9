import { and, asc, eq, ilike, or } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { companies, creditNotes, invoices, salesOrders } from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of credit notes. Customer queries pass the caller's company and filter by
 * it (another company's id finds nothing); the back office passes null.
 */

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type NewCreditNoteRow = typeof creditNotes.$inferInsert;

export interface CreditNoteRecord {
  creditNote: CreditNoteRow;
  invoiceNumber: string;
  invoiceIssuedOn: string;
  /** The delivery date the invoice states, which its e-credit note repeats. */
  invoiceDeliveredOn: string | null;
  orderNumber: string;
  poNumber: string;
  companyName: string;
}

export interface CreditNoteFilter extends Paging {
  companyId: string | null;
  invoiceId?: string | undefined;
  q?: string | undefined;
  sort: "issued_on" | "number" | "total";
  dir: "asc" | "desc";
}

function recordQuery(db: Executor) {
  return db
    .select({
      creditNote: creditNotes,
      invoiceNumber: invoices.number,
      invoiceIssuedOn: invoices.issuedOn,
      invoiceDeliveredOn: invoices.deliveredOn,
      orderNumber: salesOrders.number,
      poNumber: salesOrders.poNumber,
      companyName: companies.name,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(salesOrders, eq(salesOrders.id, invoices.orderId))
    .innerJoin(companies, eq(companies.id, creditNotes.companyId));
}

/**
 * One page of credit notes; a company's come from its (company_id, issued_on) index. The search
 * matches the credit note's and the invoice's number, and for the back office the company's name.
 */
export async function listCreditNotes(
  db: Executor,
  filter: CreditNoteFilter,
): Promise<{ rows: CreditNoteRecord[]; total: number }> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.companyId ? eq(creditNotes.companyId, filter.companyId) : undefined,
    filter.invoiceId ? eq(creditNotes.invoiceId, filter.invoiceId) : undefined,
    pattern
      ? or(
          ilike(creditNotes.number, pattern),
          ilike(invoices.number, pattern),
          filter.companyId ? undefined : ilike(companies.name, pattern),
        )
      : undefined,
  );
  const column = {
    issued_on: creditNotes.issuedOn,
    number: creditNotes.number,
    total: creditNotes.totalMinor,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: creditNotes,
    join: (select) =>
      select
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .innerJoin(companies, eq(companies.id, creditNotes.companyId)),
    where,
    orderBy: sortOrder(filter.dir, column, creditNotes.createdAt, creditNotes.id),
    paging: filter,
  });
}

export async function findCreditNote(
  db: Executor,
  id: string,
  companyId: string | null,
): Promise<CreditNoteRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(eq(creditNotes.id, id), companyId ? eq(creditNotes.companyId, companyId) : undefined))
    .limit(1);
  return row ?? null;
}

/** The invoice's credit notes so far; under the invoice's lock, every committed one. */
export async function invoiceCreditNotes(tx: Executor, invoiceId: string): Promise<CreditNoteRow[]> {
  return tx
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id));
}

export async function insertCreditNote(tx: Executor, values: NewCreditNoteRow): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  if (!row) throw new Error("insertCreditNote inserted no row");
  return row;
}
