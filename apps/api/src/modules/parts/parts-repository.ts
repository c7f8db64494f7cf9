import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { companies, customerPartMpns, customerParts, partSeries } from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of customer parts. Customer queries take the caller's company and filter by
 * it, so another company's id finds nothing; staff pass no company and see every one.
 */

export type PartRow = typeof customerParts.$inferSelect;
export type NewPartRow = typeof customerParts.$inferInsert;
export type PartMpnRow = typeof customerPartMpns.$inferSelect;
export type NewPartMpnRow = typeof customerPartMpns.$inferInsert;
export type PartSeriesRow = typeof partSeries.$inferSelect;

export interface PartRecord {
  part: PartRow;
  companyName: string;
}

export interface PartFilter extends Paging {
  companyId: string | undefined;
  q?: string | undefined;
  /** The search text as an MPN key (normaliseMpn), so "rc0603-fr" finds RC0603FR. */
  qKey?: string | undefined;
  type?: string | undefined;
  msl?: string | undefined;
  lifecycle?: string | undefined;
  sort: "part_number" | "description" | "updated_at" | "created_at";
  dir: "asc" | "desc";
}

const ofCompany = (companyId: string | undefined) =>
  companyId ? eq(customerParts.companyId, companyId) : undefined;

function recordQuery(db: Executor) {
  return db
    .select({ part: customerParts, companyName: companies.name })
    .from(customerParts)
    .innerJoin(companies, eq(companies.id, customerParts.companyId));
}

const mpnMatches = (key: string) =>
  sql`exists (select 1 from ${customerPartMpns} m where m.part_id = ${customerParts.id} and m.mpn_key like ${`%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`;

export async function listParts(
  db: Executor,
  filter: PartFilter,
): Promise<{ rows: PartRecord[]; total: number }> {
  const where = and(
    ofCompany(filter.companyId),
    filter.type ? eq(customerParts.type, filter.type as PartRow["type"]) : undefined,
    filter.msl ? eq(customerParts.msl, filter.msl as NonNullable<PartRow["msl"]>) : undefined,
    filter.lifecycle
      ? eq(customerParts.lifecycle, filter.lifecycle as NonNullable<PartRow["lifecycle"]>)
      : undefined,
    filter.q
      ? or(
          ilike(customerParts.partNumber, likePattern(filter.q)),
          ilike(customerParts.description, likePattern(filter.q)),
          filter.qKey ? mpnMatches(filter.qKey) : undefined,
        )
      : undefined,
  );
  const column = {
    part_number: customerParts.partNumberKey,
    description: sql`lower(${customerParts.description})`,
    updated_at: customerParts.updatedAt,
    created_at: customerParts.createdAt,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: customerParts,
    join: (select) => select.innerJoin(companies, eq(companies.id, customerParts.companyId)),
    where,
    orderBy: sortOrder(filter.dir, column, customerParts.id),
    paging: filter,
  });
}

export async function findPart(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<PartRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(eq(customerParts.id, id), ofCompany(companyId)))
    .limit(1);
  return row ?? null;
}

/** Locks the part's row so two changes to it run one after the other. */
export async function lockPart(db: Executor, companyId: string, id: string): Promise<PartRow | null> {
  const [row] = await db
    .select()
    .from(customerParts)
    .where(and(eq(customerParts.id, id), eq(customerParts.companyId, companyId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function findPartByNumberKey(
  db: Executor,
  companyId: string,
  key: string,
): Promise<PartRow | null> {
  const [row] = await db
    .select()
    .from(customerParts)
    .where(and(eq(customerParts.companyId, companyId), eq(customerParts.partNumberKey, key)))
    .limit(1);
  return row ?? null;
}

/** The MPNs of these parts, in the order they were added. */
export async function listPartMpns(db: Executor, partIds: string[]): Promise<PartMpnRow[]> {
  if (partIds.length === 0) return [];
  return db
    .select()
    .from(customerPartMpns)
    .where(inArray(customerPartMpns.partId, partIds))
    .orderBy(asc(customerPartMpns.createdAt), asc(customerPartMpns.id));
}

/** The company's MPN rows with these keys (with the part number of the part each belongs to). */
export async function findMpnsByKeys(
  db: Executor,
  companyId: string,
  keys: string[],
): Promise<(PartMpnRow & { partNumber: string })[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ mpn: customerPartMpns, partNumber: customerParts.partNumber })
    .from(customerPartMpns)
    .innerJoin(customerParts, eq(customerParts.id, customerPartMpns.partId))
    .where(and(eq(customerPartMpns.companyId, companyId), inArray(customerPartMpns.mpnKey, keys)));
  return rows.map(({ mpn, partNumber }) => ({ ...mpn, partNumber }));
}

export async function insertPart(db: Executor, values: NewPartRow): Promise<PartRow> {
  const [row] = await db.insert(customerParts).values(values).returning();
  if (!row) throw new Error("insertPart inserted no row");
  return row;
}

export async function updatePartRow(db: Executor, id: string, values: Partial<NewPartRow>): Promise<void> {
  await db
    .update(customerParts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customerParts.id, id));
}

export async function insertPartMpns(db: Executor, values: NewPartMpnRow[]): Promise<void> {
  if (values.length === 0) return;
  // MPNs listed together share the transaction's now(); a microsecond apiece keeps the order they
  // were given in (the first is the one lists show), since the list orders by creation time.
  await db.insert(customerPartMpns).values(
    values.map((row, index) => ({
      ...row,
      createdAt: row.createdAt ?? sql`(now() + make_interval(secs => ${index / 1_000_000}))`,
    })),
  );
}

/** Removes one MPN of a part; answers the removed row, or null when the part has no such MPN. */
export async function deletePartMpn(db: Executor, partId: string, mpnId: string): Promise<PartMpnRow | null> {
  const [row] = await db
    .delete(customerPartMpns)
    .where(and(eq(customerPartMpns.id, mpnId), eq(customerPartMpns.partId, partId)))
    .returning();
  return row ?? null;
}

/**
 * Parts whose number equals or starts with `numberKey`, or that have an MPN whose key equals or
 * starts with `mpnKey`: exact matches first, then by part number; at most `limit`.
 */
export async function lookupParts(
  db: Executor,
  companyId: string,
  numberKey: string,
  mpnKey: string,
  limit: number,
): Promise<PartRecord[]> {
  const escape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
  const exact = sql<boolean>`(${customerParts.partNumberKey} = ${numberKey} or exists (select 1 from ${customerPartMpns} m where m.part_id = ${customerParts.id} and m.mpn_key = ${mpnKey}))`;
  return recordQuery(db)
    .where(
      and(
        eq(customerParts.companyId, companyId),
        or(
          sql`${customerParts.partNumberKey} like ${`${escape(numberKey)}%`}`,
          mpnKey
            ? sql`exists (select 1 from ${customerPartMpns} m where m.part_id = ${customerParts.id} and m.mpn_key like ${`${escape(mpnKey)}%`})`
            : undefined,
        ),
      ),
    )
    .orderBy(sql`${exact} desc`, asc(customerParts.partNumberKey))
    .limit(limit);
}

export async function findPartSeries(db: Executor, companyId: string): Promise<PartSeriesRow | null> {
  const [row] = await db.select().from(partSeries).where(eq(partSeries.companyId, companyId)).limit(1);
  return row ?? null;
}

/** The series row, locked for this transaction; created with the defaults when the company has none. */
export async function lockPartSeries(
  db: Executor,
  companyId: string,
  defaults: { prefix: string; digits: number; nextNumber: number },
): Promise<PartSeriesRow> {
  await db
    .insert(partSeries)
    .values({ companyId, ...defaults })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(partSeries)
    .where(eq(partSeries.companyId, companyId))
    .for("update")
    .limit(1);
  if (!row) throw new Error("lockPartSeries found no row");
  return row;
}

export async function savePartSeries(db: Executor, row: PartSeriesRow): Promise<void> {
  await db
    .update(partSeries)
    .set({ prefix: row.prefix, digits: row.digits, nextNumber: row.nextNumber })
    .where(eq(partSeries.companyId, row.companyId));
}

/** The highest serial among the company's part numbers written `prefix` + digits, or 0. */
export async function highestSerial(db: Executor, companyId: string, prefix: string): Promise<number> {
  const rest = sql`substring(${customerParts.partNumberKey} from ${prefix.length + 1}::int)`;
  const [row] = await db
    .select({ max: sql<string | null>`max(${rest}::numeric)` })
    .from(customerParts)
    .where(
      and(
        eq(customerParts.companyId, companyId),
        sql`left(${customerParts.partNumberKey}, ${prefix.length}::int) = ${prefix.toUpperCase()}`,
        sql`${rest} ~ '^[0-9]{1,12}$'`,
      ),
    );
  return Number(row?.max ?? 0);
}

/** One MPN (or a part number alone) of a part that a BOM line could match. */
export interface MatchCandidateRow {
  partId: string;
  partNumber: string;
  manufacturer: string | null;
  mpn: string | null;
}

/**
 * The company's parts that have one of these MPN keys or part-number keys: a BOM's candidates only,
 * each list passed as one array parameter, so 10,000 lines cost two index scans, not 100,000 rows.
 */
export async function findMatchCandidates(
  db: Executor,
  companyId: string,
  mpnKeys: string[],
  numberKeys: string[],
): Promise<MatchCandidateRow[]> {
  const [byMpn, byNumber] = await Promise.all([
    mpnKeys.length === 0
      ? []
      : db
          .select({
            partId: customerPartMpns.partId,
            partNumber: customerParts.partNumber,
            manufacturer: customerPartMpns.manufacturer,
            mpn: customerPartMpns.mpn,
          })
          .from(customerPartMpns)
          .innerJoin(customerParts, eq(customerParts.id, customerPartMpns.partId))
          .where(
            and(
              eq(customerPartMpns.companyId, companyId),
              sql`${customerPartMpns.mpnKey} = any(${sql.param(mpnKeys)}::text[])`,
            ),
          ),
    numberKeys.length === 0
      ? []
      : db
          .select({ partId: customerParts.id, partNumber: customerParts.partNumber })
          .from(customerParts)
          .where(
            and(
              eq(customerParts.companyId, companyId),
              sql`${customerParts.partNumberKey} = any(${sql.param(numberKeys)}::text[])`,
            ),
          ),
  ]);
  return [...byMpn, ...byNumber.map((row) => ({ ...row, manufacturer: null, mpn: null }))];
}
