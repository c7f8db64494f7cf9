import { and, eq, ilike, or, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { companies, materialRequests, salesOrders, users } from "@ems/db/schema";
import type { Locale } from "@ems/i18n/locales";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of material requests. Customer queries take the caller's company and filter
 * by it, so another company's id finds nothing; the back office's queries pass no company.
 */

export type MaterialRequestRow = typeof materialRequests.$inferSelect;
export type NewMaterialRequestRow = typeof materialRequests.$inferInsert;

/** A request with the number of its order and the name of its company. */
export interface MaterialRequestRecord {
  request: MaterialRequestRow;
  orderNumber: string | null;
  companyName: string;
}

export interface MaterialRequestFilter extends Paging {
  /** The tenant; undefined only for the back office, which sees every company. */
  companyId: string | undefined;
  status?: MaterialRequestRow["status"] | undefined;
  q?: string | undefined;
  sort: "created_at" | "number" | "expected_on";
  dir: "asc" | "desc";
}

const recordColumns = {
  request: materialRequests,
  orderNumber: salesOrders.number,
  companyName: companies.name,
};

function recordQuery(db: Executor) {
  return db
    .select(recordColumns)
    .from(materialRequests)
    .innerJoin(companies, eq(companies.id, materialRequests.companyId))
    .leftJoin(salesOrders, eq(salesOrders.id, materialRequests.orderId));
}

export async function findMaterialRequest(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<MaterialRequestRecord | null> {
  const [row] = await recordQuery(db)
    .where(
      and(eq(materialRequests.id, id), companyId ? eq(materialRequests.companyId, companyId) : undefined),
    )
    .limit(1);
  return row ?? null;
}

/**
 * One page of requests and the number of matches. The company's requests come from the
 * (company_id, created_at) index; a search also matches any line's part number (MPN).
 */
export async function listMaterialRequests(
  db: Executor,
  filter: MaterialRequestFilter,
): Promise<{ rows: MaterialRequestRecord[]; total: number }> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.companyId ? eq(materialRequests.companyId, filter.companyId) : undefined,
    filter.status ? eq(materialRequests.status, filter.status) : undefined,
    pattern
      ? or(
          ilike(materialRequests.number, pattern),
          sql`exists (select 1 from jsonb_array_elements(${materialRequests.lines}) as line where line->>'mpn' ilike ${pattern})`,
        )
      : undefined,
  );
  const column = {
    created_at: materialRequests.createdAt,
    number: materialRequests.number,
    expected_on: materialRequests.expectedOn,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: materialRequests,
    cap: null,
    where,
    orderBy: sortOrder(filter.dir, column, materialRequests.id),
    paging: filter,
  });
}

/** The company's order with this id (null for another company's or a missing one). */
export async function findCompanyOrder(
  db: Executor,
  companyId: string,
  orderId: string,
): Promise<{ id: string; number: string } | null> {
  const [row] = await db
    .select({ id: salesOrders.id, number: salesOrders.number })
    .from(salesOrders)
    .where(and(eq(salesOrders.companyId, companyId), eq(salesOrders.id, orderId)))
    .limit(1);
  return row ?? null;
}

export async function insertMaterialRequest(
  db: Executor,
  values: NewMaterialRequestRow,
): Promise<MaterialRequestRow> {
  const [row] = await db.insert(materialRequests).values(values).returning();
  if (!row) throw new Error("insertMaterialRequest inserted no row");
  return row;
}

/**
 * Checks an announced request in. The status condition makes it a compare-and-set: of two
 * concurrent calls one updates the row, the other finds it received already and gets null.
 */
export async function markReceived(db: Executor, id: string, at: Date): Promise<MaterialRequestRow | null> {
  const [row] = await db
    .update(materialRequests)
    .set({ status: "received", receivedAt: at, updatedAt: at })
    .where(and(eq(materialRequests.id, id), eq(materialRequests.status, "announced")))
    .returning();
  return row ?? null;
}

/** Who to tell about a change of a request: its creator, while their account is active. */
export async function findActiveUser(
  db: Executor,
  userId: string,
): Promise<{ email: string; firstName: string; language: Locale } | null> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, "active")))
    .limit(1);
  return row ?? null;
}
