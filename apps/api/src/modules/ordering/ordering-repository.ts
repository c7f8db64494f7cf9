import { and, eq } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { quoteLines, salesOrderLines, salesOrders, workOrderStages } from "@ems/db/schema";

/** The only drizzle code of placing orders: the sales order, its lines and production stages. */

export type SalesOrderRow = typeof salesOrders.$inferSelect;
export type SalesOrderLineRow = typeof salesOrderLines.$inferSelect;

export async function insertSalesOrder(
  db: Executor,
  values: typeof salesOrders.$inferInsert,
): Promise<SalesOrderRow> {
  const [row] = await db.insert(salesOrders).values(values).returning();
  if (!row) throw new Error("insertSalesOrder inserted no row");
  return row;
}

export async function insertSalesOrderLines(
  db: Executor,
  lines: (typeof salesOrderLines.$inferInsert)[],
): Promise<SalesOrderLineRow[]> {
  const rows = await db.insert(salesOrderLines).values(lines).returning();
  return rows.sort((a, b) => a.position - b.position);
}

export async function insertWorkOrderStages(
  db: Executor,
  stages: (typeof workOrderStages.$inferInsert)[],
): Promise<void> {
  if (stages.length > 0) await db.insert(workOrderStages).values(stages);
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
