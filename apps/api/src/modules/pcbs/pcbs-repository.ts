import { and, eq, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "@ems/db/factories";
import {
  companies,
  companyFiles,
  pcbSpecs,
  pcbSpecVersions,
  quoteLines,
  quotes,
  salesOrderLines,
  salesOrders,
  users,
} from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of PCB specifications. Customer queries take the caller's company and filter
 * by it, so another company's id finds nothing; staff pass no company and see every one.
 */

export type PcbSpecRow = typeof pcbSpecs.$inferSelect;
export type PcbSpecVersionRow = typeof pcbSpecVersions.$inferSelect;
export type NewPcbSpecVersionRow = typeof pcbSpecVersions.$inferInsert;

/** A specification with its company's name and its latest version. */
export interface PcbSpecRecord {
  spec: PcbSpecRow;
  companyName: string;
  latest: PcbSpecVersionRow;
}

/** A version with the name of whoever saved it. */
export interface PcbVersionRecord {
  version: PcbSpecVersionRow;
  createdBy: string | null;
}

export interface PcbSpecFilter extends Paging {
  /** Undefined for staff: every company. */
  companyId: string | undefined;
  q?: string | undefined;
  layers?: number | undefined;
  finish?: string | undefined;
  state: "active" | "archived";
  sort: "created_at" | "updated_at" | "name" | "number";
  dir: "asc" | "desc";
}

const latest = alias(pcbSpecVersions, "latest");

const creatorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** The latest version of each specification: the one no higher version of the same spec exists for. */
const isLatest = sql`${latest.version} = (select max(v.version) from ${pcbSpecVersions} v where v.spec_id = ${pcbSpecs.id})`;

function recordQuery(db: Executor) {
  return db
    .select({ spec: pcbSpecs, companyName: companies.name, latest })
    .from(pcbSpecs)
    .innerJoin(companies, eq(companies.id, pcbSpecs.companyId))
    .innerJoin(latest, and(eq(latest.specId, pcbSpecs.id), isLatest));
}

const field = (name: string) => sql`${latest.fields} ->> ${name}`;

export async function listPcbSpecs(
  db: Executor,
  filter: PcbSpecFilter,
): Promise<{ rows: PcbSpecRecord[]; total: number }> {
  const where = and(
    filter.companyId ? eq(pcbSpecs.companyId, filter.companyId) : undefined,
    filter.state === "archived" ? isNotNull(pcbSpecs.archivedAt) : isNull(pcbSpecs.archivedAt),
    filter.layers === undefined ? undefined : sql`(${field("layers")})::int = ${filter.layers}`,
    filter.finish ? sql`${field("surface_finish")} = ${filter.finish}` : undefined,
    filter.q
      ? or(
          ilike(pcbSpecs.number, likePattern(filter.q)),
          sql`${field("name")} ilike ${likePattern(filter.q)}`,
          sql`${field("customer_part_number")} ilike ${likePattern(filter.q)}`,
        )
      : undefined,
  );
  const column = {
    created_at: pcbSpecs.createdAt,
    updated_at: latest.createdAt,
    name: sql`lower(${field("name")})`,
    number: pcbSpecs.number,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: pcbSpecs,
    join: (select) =>
      select
        .innerJoin(companies, eq(companies.id, pcbSpecs.companyId))
        .innerJoin(latest, and(eq(latest.specId, pcbSpecs.id), isLatest)),
    where,
    orderBy: sortOrder(filter.dir, column, pcbSpecs.id),
    paging: filter,
  });
}

/** A specification by id; `companyId` undefined (staff) finds any company's. */
export async function findPcbSpec(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<PcbSpecRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(eq(pcbSpecs.id, id), companyId ? eq(pcbSpecs.companyId, companyId) : undefined))
    .limit(1);
  return row ?? null;
}

/** Locks the specification's row so concurrent saves of new versions run one after the other. */
export async function lockPcbSpec(db: Executor, companyId: string, id: string): Promise<PcbSpecRow | null> {
  const [row] = await db
    .select()
    .from(pcbSpecs)
    .where(and(eq(pcbSpecs.id, id), eq(pcbSpecs.companyId, companyId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** Every version of a specification, oldest first, with who saved each. */
export async function listPcbVersions(db: Executor, specId: string): Promise<PcbVersionRecord[]> {
  return db
    .select({ version: pcbSpecVersions, createdBy: creatorName })
    .from(pcbSpecVersions)
    .leftJoin(users, eq(users.id, pcbSpecVersions.createdByUserId))
    .where(eq(pcbSpecVersions.specId, specId))
    .orderBy(pcbSpecVersions.version);
}

export async function findPcbVersion(
  db: Executor,
  specId: string,
  version: number,
): Promise<PcbVersionRecord | null> {
  const [row] = await db
    .select({ version: pcbSpecVersions, createdBy: creatorName })
    .from(pcbSpecVersions)
    .leftJoin(users, eq(users.id, pcbSpecVersions.createdByUserId))
    .where(and(eq(pcbSpecVersions.specId, specId), eq(pcbSpecVersions.version, version)))
    .limit(1);
  return row ?? null;
}

/** A version by its id with its specification; `companyId` undefined finds any company's. */
export async function findPcbVersionById(
  db: Executor,
  companyId: string | undefined,
  versionId: string,
): Promise<{ version: PcbSpecVersionRow; spec: PcbSpecRow } | null> {
  const [row] = await db
    .select({ version: pcbSpecVersions, spec: pcbSpecs })
    .from(pcbSpecVersions)
    .innerJoin(pcbSpecs, eq(pcbSpecs.id, pcbSpecVersions.specId))
    .where(and(eq(pcbSpecVersions.id, versionId), companyId ? eq(pcbSpecs.companyId, companyId) : undefined))
    .limit(1);
  return row ?? null;
}

/** The quotes and orders with a line built to a version of the specification, newest first. */
export async function listPcbUses(
  db: Executor,
  specId: string,
): Promise<{ kind: "quote" | "order"; id: string; number: string; version: number }[]> {
  const [quoted, ordered] = await Promise.all([
    db
      .selectDistinct({
        id: quotes.id,
        number: quotes.number,
        version: pcbSpecVersions.version,
        at: quotes.createdAt,
      })
      .from(quoteLines)
      .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
      .innerJoin(pcbSpecVersions, eq(pcbSpecVersions.id, quoteLines.pcbSpecVersionId))
      .where(eq(pcbSpecVersions.specId, specId)),
    db
      .selectDistinct({
        id: salesOrders.id,
        number: salesOrders.number,
        version: pcbSpecVersions.version,
        at: salesOrders.createdAt,
      })
      .from(salesOrderLines)
      .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
      .innerJoin(pcbSpecVersions, eq(pcbSpecVersions.id, salesOrderLines.pcbSpecVersionId))
      .where(eq(pcbSpecVersions.specId, specId)),
  ]);
  return [
    ...ordered.map((row) => ({ kind: "order" as const, ...row })),
    ...quoted.map((row) => ({ kind: "quote" as const, ...row })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime() || a.number.localeCompare(b.number))
    .map(({ kind, id, number, version }) => ({ kind, id, number, version }));
}

/** Versions by id with their specifications; of one company, or of every one for staff. */
export async function findPcbVersionsByIds(
  db: Executor,
  companyId: string | undefined,
  versionIds: readonly string[],
): Promise<{ version: PcbSpecVersionRow; spec: PcbSpecRow }[]> {
  if (versionIds.length === 0) return [];
  return db
    .select({ version: pcbSpecVersions, spec: pcbSpecs })
    .from(pcbSpecVersions)
    .innerJoin(pcbSpecs, eq(pcbSpecs.id, pcbSpecVersions.specId))
    .where(
      and(
        inArray(pcbSpecVersions.id, [...versionIds]),
        companyId ? eq(pcbSpecs.companyId, companyId) : undefined,
      ),
    );
}

export async function insertPcbSpec(
  db: Executor,
  values: { companyId: string; number: string; createdByUserId: string },
): Promise<PcbSpecRow> {
  const [row] = await db.insert(pcbSpecs).values(values).returning();
  if (!row) throw new Error("The PCB specification was not inserted");
  return row;
}

export async function insertPcbVersion(
  db: Executor,
  values: NewPcbSpecVersionRow,
): Promise<PcbSpecVersionRow> {
  const [row] = await db.insert(pcbSpecVersions).values(values).returning();
  if (!row) throw new Error("The PCB specification version was not inserted");
  return row;
}

export async function setPcbArchived(
  db: Executor,
  companyId: string,
  id: string,
  archivedAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(pcbSpecs)
    .set({ archivedAt })
    .where(and(eq(pcbSpecs.id, id), eq(pcbSpecs.companyId, companyId)))
    .returning({ id: pcbSpecs.id });
  return rows.length > 0;
}

export async function setPcbStaffNote(
  db: Executor,
  id: string,
  note: { staffNote: string | null; staffNoteAt: Date | null; staffNoteByUserId: string | null },
): Promise<boolean> {
  const rows = await db.update(pcbSpecs).set(note).where(eq(pcbSpecs.id, id)).returning({ id: pcbSpecs.id });
  return rows.length > 0;
}

/** Freezes a version once; a version already frozen keeps its first reason and time. */
/** Freezes a version once (its first time stays); an order also marks a quoted version as ordered. */
export async function freezeVersion(
  db: Executor,
  versionId: string,
  reason: "quote" | "order",
  at: Date,
): Promise<PcbSpecVersionRow | null> {
  await db
    .update(pcbSpecVersions)
    .set({ frozenAt: at, frozenReason: reason })
    .where(and(eq(pcbSpecVersions.id, versionId), isNull(pcbSpecVersions.frozenAt)));
  if (reason === "order")
    await db
      .update(pcbSpecVersions)
      .set({ frozenReason: "order" })
      .where(and(eq(pcbSpecVersions.id, versionId), eq(pcbSpecVersions.frozenReason, "quote")));
  const [row] = await db.select().from(pcbSpecVersions).where(eq(pcbSpecVersions.id, versionId)).limit(1);
  return row ?? null;
}

/** A finished analysis of the same zip and fields, to reuse instead of analysing again. */
export async function findDoneAnalysis(
  db: Executor,
  gerberSha256: string,
  fields: Record<string, unknown>,
): Promise<PcbSpecVersionRow | null> {
  const [row] = await db
    .select({ version: pcbSpecVersions })
    .from(pcbSpecVersions)
    .innerJoin(companyFiles, eq(companyFiles.id, pcbSpecVersions.gerberFileId))
    .where(
      and(
        eq(companyFiles.sha256, gerberSha256),
        eq(pcbSpecVersions.analysisStatus, "done"),
        sql`${pcbSpecVersions.fields} = ${JSON.stringify(fields)}::jsonb`,
      ),
    )
    .limit(1);
  return row?.version ?? null;
}

export async function setPcbAnalysis(
  db: Executor,
  versionId: string,
  values: Pick<
    NewPcbSpecVersionRow,
    "analysisStatus" | "analysis" | "analysisError" | "previewTopSha256" | "previewBottomSha256"
  >,
): Promise<void> {
  await db.update(pcbSpecVersions).set(values).where(eq(pcbSpecVersions.id, versionId));
}
