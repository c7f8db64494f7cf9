import { and, asc, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CLOSED_ORDER_STATUSES } from "@ems/contracts/orders";
import type { QueryStatus } from "@ems/contracts/engineering-queries";
import type { Executor } from "@ems/db/factories";
import {
  assemblySpecs,
  assemblySpecVersions,
  bomLines,
  companies,
  companyFiles,
  engineeringQueries,
  engineeringQueryFiles,
  engineeringQueryMessages,
  pcbSpecs,
  pcbSpecVersions,
  placementSets,
  salesOrderLines,
  salesOrders,
  users,
} from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of engineering queries, their threads and attachments. It reads the
 * specification, BOM, file and order tables it needs itself rather than through those modules, so
 * that orders, files and assemblies may ask this module (the order hold) without a cycle.
 * Customer reads take the caller's company; staff pass none.
 */

export type QueryRow = typeof engineeringQueries.$inferSelect;
export type NewQueryRow = typeof engineeringQueries.$inferInsert;
export type MessageRow = typeof engineeringQueryMessages.$inferSelect;

/** A query with what its lists and pages show beside it. */
export interface QueryRecord {
  query: QueryRow;
  companyName: string;
  raisedBy: string | null;
  subject: {
    specId: string;
    number: string;
    version: number;
    name: string;
  };
}

const raiser = alias(users, "raiser");
const raiserName = sql<string | null>`nullif(trim(${raiser.firstName} || ' ' || ${raiser.lastName}), '')`;

function recordQuery(db: Executor) {
  return db
    .select({
      query: engineeringQueries,
      companyName: companies.name,
      raisedBy: raiserName,
      subject: {
        specId: sql<string>`coalesce(${assemblySpecs.id}, ${pcbSpecs.id})`,
        number: sql<string>`coalesce(${assemblySpecs.number}, ${pcbSpecs.number})`,
        version: sql<number>`coalesce(${assemblySpecVersions.version}, ${pcbSpecVersions.version})`,
        name: sql<string>`coalesce(${assemblySpecVersions.fields} ->> 'name', ${pcbSpecVersions.fields} ->> 'name', '')`,
      },
    })
    .from(engineeringQueries)
    .innerJoin(companies, eq(companies.id, engineeringQueries.companyId))
    .leftJoin(raiser, eq(raiser.id, engineeringQueries.raisedByUserId))
    .leftJoin(assemblySpecVersions, eq(assemblySpecVersions.id, engineeringQueries.assemblySpecVersionId))
    .leftJoin(assemblySpecs, eq(assemblySpecs.id, assemblySpecVersions.specId))
    .leftJoin(pcbSpecVersions, eq(pcbSpecVersions.id, engineeringQueries.pcbSpecVersionId))
    .leftJoin(pcbSpecs, eq(pcbSpecs.id, pcbSpecVersions.specId));
}

export interface QueryFilter extends Paging {
  companyId: string | undefined;
  status?: QueryStatus | undefined;
  /** Any version of this assembly. */
  assemblySpecId?: string | undefined;
  assemblySpecVersionId?: string | undefined;
  pcbSpecVersionId?: string | undefined;
  q?: string | undefined;
  sort: "created_at" | "updated_at" | "number";
  dir: "asc" | "desc";
}

export async function listQueries(
  db: Executor,
  filter: QueryFilter,
): Promise<{ rows: QueryRecord[]; total: number }> {
  const where = and(
    filter.companyId ? eq(engineeringQueries.companyId, filter.companyId) : undefined,
    filter.status ? eq(engineeringQueries.status, filter.status) : undefined,
    // A subquery rather than the page's join: the count reads the queries table alone.
    filter.assemblySpecId
      ? inArray(
          engineeringQueries.assemblySpecVersionId,
          db
            .select({ id: assemblySpecVersions.id })
            .from(assemblySpecVersions)
            .where(eq(assemblySpecVersions.specId, filter.assemblySpecId)),
        )
      : undefined,
    filter.assemblySpecVersionId
      ? eq(engineeringQueries.assemblySpecVersionId, filter.assemblySpecVersionId)
      : undefined,
    filter.pcbSpecVersionId ? eq(engineeringQueries.pcbSpecVersionId, filter.pcbSpecVersionId) : undefined,
    filter.q
      ? or(
          ilike(engineeringQueries.number, likePattern(filter.q)),
          ilike(engineeringQueries.title, likePattern(filter.q)),
        )
      : undefined,
  );
  const column = {
    created_at: engineeringQueries.createdAt,
    updated_at: engineeringQueries.updatedAt,
    number: engineeringQueries.number,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: engineeringQueries,
    where,
    orderBy: sortOrder(filter.dir, column, engineeringQueries.id),
    paging: filter,
  });
}

export async function findQuery(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<QueryRecord | null> {
  const [row] = await recordQuery(db)
    .where(
      and(eq(engineeringQueries.id, id), companyId ? eq(engineeringQueries.companyId, companyId) : undefined),
    )
    .limit(1);
  return row ?? null;
}

/** Locks the query so two changes of it are made one after the other (the second sees the first). */
export async function lockQuery(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<QueryRow | null> {
  const [row] = await db
    .select()
    .from(engineeringQueries)
    .where(
      and(eq(engineeringQueries.id, id), companyId ? eq(engineeringQueries.companyId, companyId) : undefined),
    )
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function insertQuery(db: Executor, values: NewQueryRow): Promise<QueryRow> {
  const [row] = await db.insert(engineeringQueries).values(values).returning();
  if (!row) throw new Error("insertQuery inserted no row");
  return row;
}

export async function updateQuery(
  db: Executor,
  id: string,
  values: Pick<Partial<NewQueryRow>, "status" | "answeredAt" | "closedAt" | "closedByUserId" | "version">,
): Promise<void> {
  await db
    .update(engineeringQueries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(engineeringQueries.id, id));
}

export async function insertMessage(
  db: Executor,
  values: typeof engineeringQueryMessages.$inferInsert,
  fileIds: readonly string[],
): Promise<MessageRow> {
  const [row] = await db.insert(engineeringQueryMessages).values(values).returning();
  if (!row) throw new Error("insertMessage inserted no row");
  if (fileIds.length > 0)
    await db.insert(engineeringQueryFiles).values(fileIds.map((fileId) => ({ messageId: row.id, fileId })));
  return row;
}

export async function listMessages(db: Executor, queryId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(engineeringQueryMessages)
    .where(eq(engineeringQueryMessages.queryId, queryId))
    .orderBy(asc(engineeringQueryMessages.createdAt), asc(engineeringQueryMessages.id));
}

export interface AttachmentRecord {
  messageId: string;
  id: string;
  name: string;
  mediaType: string;
  size: number;
  deletedAt: Date | null;
}

export async function listAttachments(
  db: Executor,
  messageIds: readonly string[],
): Promise<AttachmentRecord[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: engineeringQueryFiles.messageId,
      id: companyFiles.id,
      name: companyFiles.name,
      mediaType: companyFiles.mediaType,
      size: companyFiles.size,
      deletedAt: companyFiles.deletedAt,
    })
    .from(engineeringQueryFiles)
    .innerJoin(companyFiles, eq(companyFiles.id, engineeringQueryFiles.fileId))
    .where(inArray(engineeringQueryFiles.messageId, [...messageIds]))
    .orderBy(asc(companyFiles.createdAt), asc(companyFiles.id));
}

// What a query is raised on.

export interface SpecVersionRecord {
  companyId: string;
  specId: string;
  number: string;
  version: number;
  name: string;
  bomVersionId: string | null;
  placementSetId: string | null;
}

export async function findAssemblyVersion(
  db: Executor,
  versionId: string,
): Promise<SpecVersionRecord | null> {
  const [row] = await db
    .select({
      companyId: assemblySpecs.companyId,
      specId: assemblySpecs.id,
      number: assemblySpecs.number,
      version: assemblySpecVersions.version,
      name: sql<string>`coalesce(${assemblySpecVersions.fields} ->> 'name', '')`,
      bomVersionId: assemblySpecVersions.bomVersionId,
      placementSetId: assemblySpecVersions.placementSetId,
    })
    .from(assemblySpecVersions)
    .innerJoin(assemblySpecs, eq(assemblySpecs.id, assemblySpecVersions.specId))
    .where(eq(assemblySpecVersions.id, versionId))
    .limit(1);
  return row ?? null;
}

export async function findPcbVersion(db: Executor, versionId: string): Promise<SpecVersionRecord | null> {
  const [row] = await db
    .select({
      companyId: pcbSpecs.companyId,
      specId: pcbSpecs.id,
      number: pcbSpecs.number,
      version: pcbSpecVersions.version,
      name: sql<string>`coalesce(${pcbSpecVersions.fields} ->> 'name', '')`,
    })
    .from(pcbSpecVersions)
    .innerJoin(pcbSpecs, eq(pcbSpecs.id, pcbSpecVersions.specId))
    .where(eq(pcbSpecVersions.id, versionId))
    .limit(1);
  return row ? { ...row, bomVersionId: null, placementSetId: null } : null;
}

/** Of `wanted` (upper-case), the designators the BOM version's lines or the placement set name. */
export async function knownDesignators(
  db: Executor,
  bomVersionId: string | null,
  placementSetId: string | null,
  wanted: readonly string[],
): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const list = sql.join(
    wanted.map((designator) => sql`${designator}`),
    sql`, `,
  );
  const found: { d: string }[] = [];
  if (bomVersionId)
    found.push(
      ...(await db
        .selectDistinct({ d: sql<string>`upper(d.value)` })
        .from(sql`${bomLines} cross join lateral jsonb_array_elements_text(${bomLines.designators}) d`)
        .where(sql`${bomLines.bomVersionId} = ${bomVersionId} and upper(d.value) in (${list})`)),
    );
  if (placementSetId)
    found.push(
      ...(await db
        .selectDistinct({ d: sql<string>`upper(p.value ->> 'designator')` })
        .from(sql`${placementSets} cross join lateral jsonb_array_elements(${placementSets.placements}) p`)
        .where(
          sql`${placementSets.id} = ${placementSetId} and upper(p.value ->> 'designator') in (${list})`,
        )),
    );
  return new Set(found.map((row) => row.d));
}

/** Of `ids`, the lines of this BOM version. */
export async function bomLinesOf(
  db: Executor,
  bomVersionId: string | null,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!bomVersionId || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: bomLines.id })
    .from(bomLines)
    .where(and(eq(bomLines.bomVersionId, bomVersionId), inArray(bomLines.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Of `ids`, the company's files with their purpose and whether they were deleted. */
export async function companyFilesByIds(
  db: Executor,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, { purpose: string; deletedAt: Date | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companyFiles.id, purpose: companyFiles.purpose, deletedAt: companyFiles.deletedAt })
    .from(companyFiles)
    .where(and(eq(companyFiles.companyId, companyId), inArray(companyFiles.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row]));
}

// The orders a query holds.

/**
 * An order line is built to a query's version when it names the version, or (for a PCB version)
 * names an assembly version that builds on it. Completed and cancelled orders wait for nothing.
 */
const builtToQueryVersion: SQL = sql`(
  ${salesOrderLines.assemblySpecVersionId} = ${engineeringQueries.assemblySpecVersionId}
  or ${salesOrderLines.pcbSpecVersionId} = ${engineeringQueries.pcbSpecVersionId}
  or ${salesOrderLines.assemblySpecVersionId} in (
    select v.id from ${assemblySpecVersions} v where v.pcb_spec_version_id = ${engineeringQueries.pcbSpecVersionId}
  )
)`;

const openOrder = notInArray(salesOrders.status, [...CLOSED_ORDER_STATUSES]);

export interface QueryOrderLine {
  queryId: string;
  orderId: string;
  number: string;
  status: string;
  position: number;
  lineId: string;
  createdAt: Date;
}

function orderLinesQuery(db: Executor) {
  return db
    .select({
      queryId: engineeringQueries.id,
      orderId: salesOrders.id,
      number: salesOrders.number,
      status: salesOrders.status,
      position: salesOrderLines.position,
      lineId: salesOrderLines.id,
      createdAt: salesOrders.createdAt,
      title: engineeringQueries.title,
      queryNumber: engineeringQueries.number,
    })
    .from(engineeringQueries)
    .innerJoin(salesOrders, eq(salesOrders.companyId, engineeringQueries.companyId))
    .innerJoin(salesOrderLines, and(eq(salesOrderLines.orderId, salesOrders.id), builtToQueryVersion));
}

/** The open orders with lines built to each query's version. */
export async function orderLinesOfQueries(
  db: Executor,
  queryIds: readonly string[],
): Promise<QueryOrderLine[]> {
  if (queryIds.length === 0) return [];
  return orderLinesQuery(db)
    .where(and(inArray(engineeringQueries.id, [...queryIds]), openOrder))
    .orderBy(asc(salesOrders.createdAt), asc(salesOrders.id), asc(salesOrderLines.position));
}

/** The open queries on the versions the lines of one order are built to, with those lines. */
export async function openQueriesOfOrder(
  db: Executor,
  orderId: string,
): Promise<{ queryId: string; queryNumber: string; title: string; lineId: string }[]> {
  return orderLinesQuery(db)
    .where(and(eq(salesOrders.id, orderId), eq(engineeringQueries.status, "open")))
    .orderBy(asc(engineeringQueries.createdAt), asc(engineeringQueries.id), asc(salesOrderLines.position));
}

// Counts for badges and homes.

export async function countByStatus(db: Executor, companyId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: engineeringQueries.status, n: count() })
    .from(engineeringQueries)
    .where(
      and(
        eq(engineeringQueries.companyId, companyId),
        inArray(engineeringQueries.status, ["open", "answered"]),
      ),
    )
    .groupBy(engineeringQueries.status);
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** The oldest open queries (of one company, or every company's) and how many are open. */
export async function oldestOpenQueries(
  db: Executor,
  companyId: string | undefined,
  limit: number,
): Promise<{
  rows: { id: string; number: string; title: string; companyName: string; createdAt: Date }[];
  total: number;
}> {
  const where = and(
    eq(engineeringQueries.status, "open"),
    companyId ? eq(engineeringQueries.companyId, companyId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: engineeringQueries.id,
        number: engineeringQueries.number,
        title: engineeringQueries.title,
        companyName: companies.name,
        createdAt: engineeringQueries.createdAt,
      })
      .from(engineeringQueries)
      .innerJoin(companies, eq(companies.id, engineeringQueries.companyId))
      .where(where)
      .orderBy(asc(engineeringQueries.createdAt), asc(engineeringQueries.id))
      .limit(limit),
    db.select({ n: count() }).from(engineeringQueries).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
