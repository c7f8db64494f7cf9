import { and, asc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import {
  companies,
  creditNotes,
  deliveryNotes,
  invoices,
  productionStageSets,
  quotes,
  salesOrderLines,
  salesOrders,
  users,
  workOrderStages,
} from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of sales orders: placing them (the order, its lines and production stages)
 * and everything after. Customer queries pass the caller's company and filter by it, so another
 * company's id finds nothing (404 like a missing one); the back office passes null and sees every
 * company.
 */

export type SalesOrderRow = typeof salesOrders.$inferSelect;
export type SalesOrderLineRow = typeof salesOrderLines.$inferSelect;
export type StageRow = typeof workOrderStages.$inferSelect;
export type StageSetRow = typeof productionStageSets.$inferSelect;

/** The average percent over every stage of every line of the order, rounded. */
const progressSql = sql<number>`coalesce((
  select round(avg(${workOrderStages.percent}))::int
  from ${workOrderStages}
  inner join ${salesOrderLines} on ${salesOrderLines.id} = ${workOrderStages.orderLineId}
  where ${salesOrderLines.orderId} = ${salesOrders.id}
), 0)`;

/** The first stage (by position) that is below 100 % on some line; null once every stage is done. */
const currentStageSql = sql<StageRow["stage"] | null>`(
  select ${workOrderStages.stage}
  from ${workOrderStages}
  inner join ${salesOrderLines} on ${salesOrderLines.id} = ${workOrderStages.orderLineId}
  where ${salesOrderLines.orderId} = ${salesOrders.id}
  group by ${workOrderStages.stage}, ${workOrderStages.position}
  having min(${workOrderStages.percent}) < 100
  order by ${workOrderStages.position}
  limit 1
)`;

const summaryColumns = {
  id: salesOrders.id,
  companyId: salesOrders.companyId,
  companyName: companies.name,
  number: salesOrders.number,
  quoteId: salesOrders.quoteId,
  quoteNumber: quotes.number,
  status: salesOrders.status,
  poNumber: salesOrders.poNumber,
  currency: salesOrders.currency,
  totalMinor: salesOrders.totalMinor,
  deliveryDate: salesOrders.deliveryDate,
  createdAt: salesOrders.createdAt,
  progressPercent: progressSql,
  currentStage: currentStageSql,
};

export interface OrderSummaryRecord {
  id: string;
  companyId: string;
  companyName: string;
  number: string;
  quoteId: string;
  quoteNumber: string;
  status: SalesOrderRow["status"];
  poNumber: string;
  currency: string;
  totalMinor: number;
  deliveryDate: string;
  createdAt: Date;
  progressPercent: number;
  currentStage: StageRow["stage"] | null;
}

export interface OrderRecord {
  order: SalesOrderRow;
  summary: OrderSummaryRecord;
  placedByName: string | null;
}

export interface OrderFilter extends Paging {
  /** The tenant; null for the back office. */
  companyId: string | null;
  status?: SalesOrderRow["status"] | undefined;
  q?: string | undefined;
  sort: "created_at" | "number" | "delivery_date" | "total";
  dir: "asc" | "desc";
}

/**
 * One page of orders with their progress. A company's orders come from its (company_id, created_at)
 * index; progress is computed for the page's rows only.
 */
export async function listOrders(
  db: Executor,
  filter: OrderFilter,
): Promise<{ rows: OrderSummaryRecord[]; total: number }> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.companyId ? eq(salesOrders.companyId, filter.companyId) : undefined,
    filter.status ? eq(salesOrders.status, filter.status) : undefined,
    pattern
      ? or(
          ilike(salesOrders.number, pattern),
          ilike(salesOrders.poNumber, pattern),
          filter.companyId ? undefined : ilike(companies.name, pattern),
        )
      : undefined,
  );
  const column = {
    created_at: salesOrders.createdAt,
    number: salesOrders.number,
    delivery_date: salesOrders.deliveryDate,
    total: salesOrders.totalMinor,
  }[filter.sort];
  return listPage(db, {
    rows: db
      .select(summaryColumns)
      .from(salesOrders)
      .innerJoin(quotes, eq(quotes.id, salesOrders.quoteId))
      .innerJoin(companies, eq(companies.id, salesOrders.companyId))
      .$dynamic(),
    table: salesOrders,
    join: (select) => select.innerJoin(companies, eq(companies.id, salesOrders.companyId)),
    where,
    orderBy: sortOrder(filter.dir, column, salesOrders.id),
    paging: filter,
  });
}

/** One order with its summary figures, or null when it does not exist for this tenant. */
export async function findOrder(
  db: Executor,
  id: string,
  companyId: string | null,
): Promise<OrderRecord | null> {
  const [row] = await db
    .select({
      order: salesOrders,
      summary: summaryColumns,
      placedByFirst: users.firstName,
      placedByLast: users.lastName,
    })
    .from(salesOrders)
    .innerJoin(quotes, eq(quotes.id, salesOrders.quoteId))
    .innerJoin(companies, eq(companies.id, salesOrders.companyId))
    .leftJoin(users, eq(users.id, salesOrders.placedByUserId))
    .where(and(eq(salesOrders.id, id), companyId ? eq(salesOrders.companyId, companyId) : undefined))
    .limit(1);
  if (!row) return null;
  const placedByName =
    row.placedByFirst === null ? null : `${row.placedByFirst} ${row.placedByLast ?? ""}`.trim();
  return { order: row.order, summary: row.summary, placedByName };
}

/**
 * The order's row, locked until the transaction ends: progress updates, status changes, delivery
 * notes and invoices of one order run one after the other, each seeing what the previous left.
 */
export async function lockOrder(tx: Executor, id: string): Promise<SalesOrderRow | null> {
  const [row] = await tx.select().from(salesOrders).where(eq(salesOrders.id, id)).limit(1).for("update");
  return row ?? null;
}

export async function setOrderStatus(
  tx: Executor,
  id: string,
  status: SalesOrderRow["status"],
): Promise<void> {
  await tx.update(salesOrders).set({ status, updatedAt: new Date() }).where(eq(salesOrders.id, id));
}

/** Sets the order's VAT treatment, rate and the amounts that follow from them. */
export async function setOrderTax(
  tx: Executor,
  id: string,
  tax: Pick<SalesOrderRow, "taxTreatment" | "taxRateBp" | "taxMinor" | "totalMinor">,
): Promise<void> {
  await tx
    .update(salesOrders)
    .set({ ...tax, updatedAt: new Date() })
    .where(eq(salesOrders.id, id));
}

export async function listOrderLines(db: Executor, orderId: string): Promise<SalesOrderLineRow[]> {
  return db
    .select()
    .from(salesOrderLines)
    .where(eq(salesOrderLines.orderId, orderId))
    .orderBy(asc(salesOrderLines.position));
}

/** Every stage of every line of the order, by line position and stage position. */
export async function listOrderStages(db: Executor, orderId: string): Promise<StageRow[]> {
  const rows = await db
    .select({ stage: workOrderStages })
    .from(workOrderStages)
    .innerJoin(salesOrderLines, eq(salesOrderLines.id, workOrderStages.orderLineId))
    .where(eq(salesOrderLines.orderId, orderId))
    .orderBy(asc(salesOrderLines.position), asc(workOrderStages.position));
  return rows.map((row) => row.stage);
}

/** One stage of one line, only if the line belongs to the order. */
export async function findStage(
  tx: Executor,
  orderId: string,
  lineId: string,
  stage: StageRow["stage"],
): Promise<{ stage: StageRow; line: SalesOrderLineRow } | null> {
  const [row] = await tx
    .select({ stage: workOrderStages, line: salesOrderLines })
    .from(workOrderStages)
    .innerJoin(salesOrderLines, eq(salesOrderLines.id, workOrderStages.orderLineId))
    .where(
      and(
        eq(salesOrderLines.orderId, orderId),
        eq(salesOrderLines.id, lineId),
        eq(workOrderStages.stage, stage),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateStage(
  tx: Executor,
  id: string,
  changes: Pick<StageRow, "percent" | "plannedDate" | "startedAt" | "completedAt">,
): Promise<void> {
  await tx
    .update(workOrderStages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(workOrderStages.id, id));
}

/** Marks one stage of these lines complete (the shipped stage once a line is fully delivered). */
export async function completeStage(
  tx: Executor,
  lineIds: string[],
  stage: StageRow["stage"],
  at: Date,
): Promise<void> {
  if (lineIds.length === 0) return;
  await tx
    .update(workOrderStages)
    .set({
      percent: 100,
      startedAt: sql`coalesce(${workOrderStages.startedAt}, ${at})`,
      completedAt: sql`coalesce(${workOrderStages.completedAt}, ${at})`,
      updatedAt: at,
    })
    .where(and(inArray(workOrderStages.orderLineId, lineIds), eq(workOrderStages.stage, stage)));
}

/** The order's delivery notes, oldest first, with their lines (delivered quantities). */
export async function listOrderDeliveryNotes(db: Executor, orderId: string) {
  return db
    .select({
      id: deliveryNotes.id,
      number: deliveryNotes.number,
      shippedAt: deliveryNotes.shippedAt,
      lines: deliveryNotes.lines,
    })
    .from(deliveryNotes)
    .where(eq(deliveryNotes.orderId, orderId))
    .orderBy(asc(deliveryNotes.shippedAt), asc(deliveryNotes.number));
}

/** The order's invoices, oldest first, with their lines (what is billed already). */
export async function listOrderInvoices(db: Executor, orderId: string) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      lines: invoices.lines,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedOn), asc(invoices.number));
}

/**
 * The credit notes of the order's invoices with their lines (what they took back). Orders read the
 * credit notes' table rather than the credit-notes module, which depends on orders (ADR 0011).
 */
export async function listOrderCreditNotes(db: Executor, orderId: string) {
  return db
    .select({ id: creditNotes.id, lines: creditNotes.lines })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id));
}

// Placing an order

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

// Production: the staff form's save, stage sets and the daily digest

/** What a production save changes on the order row besides its stages. */
export type ProductionState = Pick<
  SalesOrderRow,
  | "productionVersion"
  | "productionHeldAt"
  | "productionHoldReason"
  | "productionDigest"
  | "productionDigestSince"
>;

export async function setProductionState(tx: Executor, id: string, state: ProductionState): Promise<void> {
  await tx
    .update(salesOrders)
    .set({ ...state, updatedAt: new Date() })
    .where(eq(salesOrders.id, id));
}

export async function listStageSets(db: Executor): Promise<StageSetRow[]> {
  return db.select().from(productionStageSets);
}

export async function saveStageSet(
  tx: Executor,
  values: Pick<StageSetRow, "kind" | "stages" | "updatedByUserId">,
): Promise<StageSetRow> {
  const now = new Date();
  const [row] = await tx
    .insert(productionStageSets)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: productionStageSets.kind,
      set: { stages: values.stages, updatedByUserId: values.updatedByUserId, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error("saveStageSet wrote no row");
  return row;
}

/**
 * Orders whose production changes have rested since `restedSince` and whose last digest went out
 * before `mailedBefore` (or never): their digest is due.
 */
export async function listDueDigests(
  db: Executor,
  restedSince: Date,
  mailedBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: salesOrders.id })
    .from(salesOrders)
    .where(dueDigest(restedSince, mailedBefore))
    .orderBy(asc(salesOrders.productionDigestSince))
    .limit(limit);
  return rows.map((row) => row.id);
}

const dueDigest = (restedSince: Date, mailedBefore: Date) =>
  and(
    isNotNull(salesOrders.productionDigestSince),
    lte(salesOrders.productionDigestSince, restedSince),
    or(isNull(salesOrders.productionMailedAt), lte(salesOrders.productionMailedAt, mailedBefore)),
  );

/**
 * The order if its digest is still due, locked until the transaction ends; null when another
 * instance holds it or sent it meanwhile, so each digest goes out once.
 */
export async function lockDueDigest(
  tx: Executor,
  id: string,
  restedSince: Date,
  mailedBefore: Date,
): Promise<SalesOrderRow | null> {
  const [row] = await tx
    .select()
    .from(salesOrders)
    .where(and(eq(salesOrders.id, id), dueDigest(restedSince, mailedBefore)))
    .limit(1)
    .for("update", { skipLocked: true });
  return row ?? null;
}

/** Nothing waits for a digest any more; `mailedAt` when one went out. */
export async function clearDigest(tx: Executor, id: string, mailedAt: Date | null): Promise<void> {
  await tx
    .update(salesOrders)
    .set({
      productionDigest: null,
      productionDigestSince: null,
      ...(mailedAt ? { productionMailedAt: mailedAt } : {}),
    })
    .where(eq(salesOrders.id, id));
}
