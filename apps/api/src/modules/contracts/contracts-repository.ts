import { and, eq, ilike, or } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { companies, contracts, users } from "@ems/db/schema";
import type { Locale } from "@ems/i18n/locales";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of contracts (agreements). Customer queries take the caller's company and
 * filter by it, so another company's id finds nothing; the back office's queries pass no company.
 */

export type ContractRow = typeof contracts.$inferSelect;
export type NewContractRow = typeof contracts.$inferInsert;

export interface ContractRecord {
  contract: ContractRow;
  companyName: string;
  companyVatId: string | null;
}

export interface ContractFilter extends Paging {
  /** The tenant; undefined only for the back office, which sees every company. */
  companyId: string | undefined;
  status?: ContractRow["status"] | undefined;
  kind?: ContractRow["kind"] | undefined;
  q?: string | undefined;
  sort: "created_at" | "number" | "title" | "starts_on";
  dir: "asc" | "desc";
}

function recordQuery(db: Executor) {
  return db
    .select({ contract: contracts, companyName: companies.name, companyVatId: companies.vatId })
    .from(contracts)
    .innerJoin(companies, eq(companies.id, contracts.companyId));
}

export async function findContract(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<ContractRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(eq(contracts.id, id), companyId ? eq(contracts.companyId, companyId) : undefined))
    .limit(1);
  return row ?? null;
}

/** One page of contracts and the number of matches; a company's come from its (company_id, created_at) index. */
export async function listContracts(
  db: Executor,
  filter: ContractFilter,
): Promise<{ rows: ContractRecord[]; total: number }> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.companyId ? eq(contracts.companyId, filter.companyId) : undefined,
    filter.status ? eq(contracts.status, filter.status) : undefined,
    filter.kind ? eq(contracts.kind, filter.kind) : undefined,
    pattern ? or(ilike(contracts.number, pattern), ilike(contracts.title, pattern)) : undefined,
  );
  const column = {
    created_at: contracts.createdAt,
    number: contracts.number,
    title: contracts.title,
    starts_on: contracts.startsOn,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: contracts,
    cap: null,
    where,
    orderBy: sortOrder(filter.dir, column, contracts.id),
    paging: filter,
  });
}

export async function insertContract(db: Executor, values: NewContractRow): Promise<ContractRow> {
  const [row] = await db.insert(contracts).values(values).returning();
  if (!row) throw new Error("insertContract inserted no row");
  return row;
}

/**
 * The contract's row, locked until the transaction ends: two concurrent status changes run one after
 * the other, and the second sees the status the first left.
 */
export async function lockContract(db: Executor, id: string): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).limit(1).for("update");
  return row ?? null;
}

export async function setContractStatus(
  db: Executor,
  id: string,
  status: ContractRow["status"],
  at: Date,
): Promise<void> {
  await db.update(contracts).set({ status, updatedAt: at }).where(eq(contracts.id, id));
}

/** Who to tell about a change of a contract: its creator, while their account is active. */
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
