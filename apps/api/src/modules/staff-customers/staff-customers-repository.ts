import { and, asc, eq, ilike, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import {
  companies,
  companyAddresses,
  companyMembers,
  invoices,
  quotes,
  salesOrders,
  users,
} from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of the back office's customer directory. It never shows the operator's own
 * company (is_operator): its id answers 404 like a missing one.
 */

export type AddressRow = typeof companyAddresses.$inferSelect;

/**
 * The outer row's id, qualified by hand: drizzle writes columns of a single-table select without
 * their table, and inside the subqueries below a bare "id" would mean the subquery's own table.
 */
const outerId = sql`${sql.identifier("companies")}.${sql.identifier("id")}`;

/** Per-company counts as correlated subqueries: each walks one company's index, for one page of rows. */
const customerColumns = {
  id: companies.id,
  name: companies.name,
  country: companies.country,
  vatId: companies.vatId,
  phone: companies.phone,
  website: companies.website,
  createdAt: companies.createdAt,
  usersCount: sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.companyId} = ${outerId})`,
  openQuotesCount: sql<number>`(select count(*)::int from ${quotes} where ${quotes.companyId} = ${outerId} and ${quotes.status} = 'Open' and (${quotes.validUntil} is null or ${quotes.validUntil} >= (now() at time zone 'utc')::date))`,
  ordersCount: sql<number>`(select count(*)::int from ${salesOrders} where ${salesOrders.companyId} = ${outerId})`,
  unpaidInvoicesCount: sql<number>`(select count(*)::int from ${invoices} where ${invoices.companyId} = ${outerId} and ${invoices.status} = 'unpaid')`,
};

const customerQuery = (db: Executor) => db.select(customerColumns).from(companies);
export type CustomerRow = Awaited<ReturnType<typeof customerQuery>>[number];

export interface CustomerFilter extends Paging {
  /** Part of the name; the trigram index on companies.name serves it. */
  q?: string | undefined;
  sort: "name" | "created_at";
  dir: "asc" | "desc";
}

export async function listCustomers(
  db: Executor,
  filter: CustomerFilter,
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = and(
    eq(companies.isOperator, false),
    filter.q ? ilike(companies.name, likePattern(filter.q)) : undefined,
  );
  const column = filter.sort === "name" ? companies.name : companies.createdAt;
  return listPage(db, {
    rows: customerQuery(db).$dynamic(),
    table: companies,
    cap: null,
    where,
    orderBy: sortOrder(filter.dir, column, companies.id),
    paging: filter,
  });
}

export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | null> {
  const [row] = await customerQuery(db)
    .where(and(eq(companies.id, id), eq(companies.isOperator, false)))
    .limit(1);
  return row ?? null;
}

export async function listCustomerUsers(db: Executor, companyId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      language: users.language,
      role: companyMembers.role,
      status: companyMembers.status,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(500);
}

export async function listCustomerAddresses(db: Executor, companyId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id))
    .limit(500);
}
