/**
 * Paging helpers every list repository shares. They live in lib, not in a module, so a module's
 * repository never has to import another module's repository for them (ADR 0011).
 */

import { asc, count, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { SortDirection } from "@ems/contracts/lists";
import type { Executor } from "@ems/db/factories";

/** Counting stops here, so a page never costs more than this many index entries. */
export const LIST_COUNT_CAP = 10_000;

/** An ILIKE pattern that finds `value` anywhere, with its own %, _ and \ taken literally. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of one page: `limit` rows after the first `offset`. */
export interface Paging {
  limit: number;
  offset: number;
}

/** The page a list query asks for (`page` from 1, `page_size` rows each) as LIMIT and OFFSET. */
export const pagingOf = (query: { page: number; page_size: number }): Paging => ({
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});

/** What every list repository takes from a list query: the search (none when blank), the order and the page. */
export function searchOf<Sort extends string>(query: {
  q?: string;
  sort: Sort;
  dir: SortDirection;
  page: number;
  page_size: number;
}) {
  return { q: query.q || undefined, sort: query.sort, dir: query.dir, ...pagingOf(query) };
}

/** One page of a list answer: the rows as DTOs with the page the query asked for. */
export function pageOf<Row, Item>(
  query: { page: number; page_size: number },
  { rows, total }: { rows: Row[]; total: number },
  toItem: (row: Row) => Item,
) {
  return { items: rows.map(toItem), page: query.page, page_size: query.page_size, total };
}

/**
 * ORDER BY the sort column, then the tie-breakers (a unique one last, usually the id), all in the
 * same direction, so rows with equal sort values keep their order from one page to the next.
 */
export const sortOrder = (dir: SortDirection, column: AnyColumn | SQL, ...tieBreakers: (AnyColumn | SQL)[]) =>
  [column, ...tieBreakers].map(dir === "asc" ? asc : desc);

/** The rows a list counts: its table, with the joins its filter needs (none by default). */
export interface CountSource {
  table: PgTable;
  join?: (select: PgSelect) => PgSelect;
  /** Counting stops here (LIST_COUNT_CAP by default); null counts every match. */
  cap?: number | null;
}

/**
 * The number of rows of `source` that `where` matches, at most `cap`: a capped count reads no more
 * than `cap` index entries however many rows match.
 */
export async function cappedCount(
  db: Executor,
  source: CountSource,
  where: SQL | undefined,
): Promise<number> {
  const { table, join = (select) => select, cap = LIST_COUNT_CAP } = source;
  if (cap === null) {
    const [counted] = await join(db.select({ n: count() }).from(table).$dynamic()).where(where);
    return counted?.n ?? 0;
  }
  const matches = join(
    db
      .select({ one: sql<number>`1`.as("one") })
      .from(table)
      .$dynamic(),
  )
    .where(where)
    .limit(cap)
    .as("capped");
  const [counted] = await db.select({ n: count() }).from(matches);
  return counted?.n ?? 0;
}

/** What `listPage` reads: the page's select, its filter, order and paging, and what to count. */
export interface ListPageQuery<Rows extends PgSelect> extends CountSource {
  /** The page's select and joins, made `$dynamic()`; `listPage` adds WHERE, ORDER BY and paging. */
  rows: Rows;
  where: SQL | undefined;
  orderBy: SQL[];
  paging: Paging;
}

/** One page of a list and its (capped) number of matches, read together. */
export async function listPage<Rows extends PgSelect>(
  db: Executor,
  query: ListPageQuery<Rows>,
): Promise<{ rows: Awaited<Rows>; total: number }> {
  const [rows, total] = await Promise.all([
    query.rows
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.paging.limit)
      .offset(query.paging.offset),
    cappedCount(db, query, query.where),
  ]);
  return { rows, total };
}
