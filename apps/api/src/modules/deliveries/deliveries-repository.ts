import { and, eq, ilike, or } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { companies, deliveryNotes, salesOrders } from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of delivery notes. Customer queries pass the caller's company and filter by
 * it (another company's id finds nothing); the back office passes null.
 */

export type DeliveryNoteRow = typeof deliveryNotes.$inferSelect;
export type NewDeliveryNoteRow = typeof deliveryNotes.$inferInsert;

export interface DeliveryNoteRecord {
  note: DeliveryNoteRow;
  orderNumber: string;
  poNumber: string;
  companyName: string;
}

export interface DeliveryFilter extends Paging {
  companyId: string | null;
  orderId?: string | undefined;
  q?: string | undefined;
  sort: "shipped_at" | "number";
  dir: "asc" | "desc";
}

function recordQuery(db: Executor) {
  return db
    .select({
      note: deliveryNotes,
      orderNumber: salesOrders.number,
      poNumber: salesOrders.poNumber,
      companyName: companies.name,
    })
    .from(deliveryNotes)
    .innerJoin(salesOrders, eq(salesOrders.id, deliveryNotes.orderId))
    .innerJoin(companies, eq(companies.id, deliveryNotes.companyId));
}

/** One page of delivery notes; a company's come from its (company_id, shipped_at) index. */
export async function listDeliveryNotes(
  db: Executor,
  filter: DeliveryFilter,
): Promise<{ rows: DeliveryNoteRecord[]; total: number }> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.companyId ? eq(deliveryNotes.companyId, filter.companyId) : undefined,
    filter.orderId ? eq(deliveryNotes.orderId, filter.orderId) : undefined,
    pattern
      ? or(
          ilike(deliveryNotes.number, pattern),
          ilike(deliveryNotes.carrier, pattern),
          ilike(deliveryNotes.trackingNumber, pattern),
        )
      : undefined,
  );
  const column = { shipped_at: deliveryNotes.shippedAt, number: deliveryNotes.number }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: deliveryNotes,
    where,
    orderBy: sortOrder(filter.dir, column, deliveryNotes.id),
    paging: filter,
  });
}

export async function findDeliveryNote(
  db: Executor,
  id: string,
  companyId: string | null,
): Promise<DeliveryNoteRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(eq(deliveryNotes.id, id), companyId ? eq(deliveryNotes.companyId, companyId) : undefined))
    .limit(1);
  return row ?? null;
}

export async function insertDeliveryNote(tx: Executor, values: NewDeliveryNoteRow): Promise<DeliveryNoteRow> {
  const [row] = await tx.insert(deliveryNotes).values(values).returning();
  if (!row) throw new Error("insertDeliveryNote inserted no row");
  return row;
}
