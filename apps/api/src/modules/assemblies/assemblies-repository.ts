import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "@ems/db/factories";
import {
  assemblySpecs,
  assemblySpecVersions,
  bomColumnMappings,
  bomLines,
  bomVersions,
  companies,
  customerParts,
  placementSets,
  users,
} from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of assembly specifications, their BOM versions and lines, placements and
 * saved column mappings. Customer queries take the caller's company; staff pass none.
 */

export type AssemblyRow = typeof assemblySpecs.$inferSelect;
export type AssemblyVersionRow = typeof assemblySpecVersions.$inferSelect;
export type NewAssemblyVersionRow = typeof assemblySpecVersions.$inferInsert;
export type BomVersionRow = typeof bomVersions.$inferSelect;
export type NewBomVersionRow = typeof bomVersions.$inferInsert;
export type BomLineRow = typeof bomLines.$inferSelect;
export type NewBomLineRow = typeof bomLines.$inferInsert;
export type PlacementSetRow = typeof placementSets.$inferSelect;
export type NewPlacementSetRow = typeof placementSets.$inferInsert;

export interface AssemblyRecord {
  spec: AssemblyRow;
  companyName: string;
  latest: AssemblyVersionRow;
}

export interface AssemblyFilter extends Paging {
  companyId: string | undefined;
  q?: string | undefined;
  state: "active" | "archived";
  sort: "created_at" | "updated_at" | "name" | "number";
  dir: "asc" | "desc";
}

const latest = alias(assemblySpecVersions, "latest");
const creatorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
const isLatest = sql`${latest.version} = (select max(v.version) from ${assemblySpecVersions} v where v.spec_id = ${assemblySpecs.id})`;
const field = (name: string) => sql`${latest.fields} ->> ${name}`;

function recordQuery(db: Executor) {
  return db
    .select({ spec: assemblySpecs, companyName: companies.name, latest })
    .from(assemblySpecs)
    .innerJoin(companies, eq(companies.id, assemblySpecs.companyId))
    .innerJoin(latest, and(eq(latest.specId, assemblySpecs.id), isLatest));
}

export async function listAssemblies(
  db: Executor,
  filter: AssemblyFilter,
): Promise<{ rows: AssemblyRecord[]; total: number }> {
  const where = and(
    filter.companyId ? eq(assemblySpecs.companyId, filter.companyId) : undefined,
    filter.state === "archived" ? isNotNull(assemblySpecs.archivedAt) : isNull(assemblySpecs.archivedAt),
    filter.q
      ? or(
          ilike(assemblySpecs.number, likePattern(filter.q)),
          sql`${field("name")} ilike ${likePattern(filter.q)}`,
          sql`${field("customer_part_number")} ilike ${likePattern(filter.q)}`,
        )
      : undefined,
  );
  const column = {
    created_at: assemblySpecs.createdAt,
    updated_at: latest.createdAt,
    name: sql`lower(${field("name")})`,
    number: assemblySpecs.number,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: assemblySpecs,
    join: (select) =>
      select
        .innerJoin(companies, eq(companies.id, assemblySpecs.companyId))
        .innerJoin(latest, and(eq(latest.specId, assemblySpecs.id), isLatest)),
    where,
    orderBy: sortOrder(filter.dir, column, assemblySpecs.id),
    paging: filter,
  });
}

export async function findAssembly(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<AssemblyRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(eq(assemblySpecs.id, id), companyId ? eq(assemblySpecs.companyId, companyId) : undefined))
    .limit(1);
  return row ?? null;
}

/** Locks the specification so its versions, BOM versions and placements are written one at a time. */
export async function lockAssembly(db: Executor, companyId: string, id: string): Promise<AssemblyRow | null> {
  const [row] = await db
    .select()
    .from(assemblySpecs)
    .where(and(eq(assemblySpecs.id, id), eq(assemblySpecs.companyId, companyId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function insertAssembly(
  db: Executor,
  values: typeof assemblySpecs.$inferInsert,
): Promise<AssemblyRow> {
  const [row] = await db.insert(assemblySpecs).values(values).returning();
  if (!row) throw new Error("insertAssembly inserted no row");
  return row;
}

export async function insertAssemblyVersion(
  db: Executor,
  values: NewAssemblyVersionRow,
): Promise<AssemblyVersionRow> {
  const [row] = await db.insert(assemblySpecVersions).values(values).returning();
  if (!row) throw new Error("insertAssemblyVersion inserted no row");
  return row;
}

/** Points an unfrozen version at a new BOM version or placement set. */
export async function setVersionData(
  db: Executor,
  versionId: string,
  data: { bomVersionId?: string; placementSetId?: string },
): Promise<void> {
  await db.update(assemblySpecVersions).set(data).where(eq(assemblySpecVersions.id, versionId));
}

export async function listAssemblyVersions(
  db: Executor,
  specId: string,
): Promise<{ version: AssemblyVersionRow; createdBy: string | null; bomVersion: number | null }[]> {
  return db
    .select({ version: assemblySpecVersions, createdBy: creatorName, bomVersion: bomVersions.version })
    .from(assemblySpecVersions)
    .leftJoin(users, eq(users.id, assemblySpecVersions.createdByUserId))
    .leftJoin(bomVersions, eq(bomVersions.id, assemblySpecVersions.bomVersionId))
    .where(eq(assemblySpecVersions.specId, specId))
    .orderBy(assemblySpecVersions.version);
}

// BOM versions and lines.

export async function findBomVersion(
  db: Executor,
  assemblyId: string,
  version: number | "latest",
): Promise<(BomVersionRow & { createdBy: string | null }) | null> {
  const [row] = await db
    .select({ bom: bomVersions, createdBy: creatorName })
    .from(bomVersions)
    .leftJoin(users, eq(users.id, bomVersions.createdByUserId))
    .where(
      and(
        eq(bomVersions.assemblyId, assemblyId),
        version === "latest" ? undefined : eq(bomVersions.version, version),
      ),
    )
    .orderBy(desc(bomVersions.version))
    .limit(1);
  return row ? { ...row.bom, createdBy: row.createdBy } : null;
}

export async function findBomVersionById(db: Executor, id: string): Promise<BomVersionRow | null> {
  const [row] = await db.select().from(bomVersions).where(eq(bomVersions.id, id)).limit(1);
  return row ?? null;
}

export async function listBomVersions(
  db: Executor,
  assemblyId: string,
): Promise<(BomVersionRow & { createdBy: string | null; lines: number })[]> {
  const rows = await db
    .select({
      bom: bomVersions,
      createdBy: creatorName,
      lines: sql<number>`(select count(*)::int from ${bomLines} l where l.bom_version_id = ${bomVersions.id})`,
    })
    .from(bomVersions)
    .leftJoin(users, eq(users.id, bomVersions.createdByUserId))
    .where(eq(bomVersions.assemblyId, assemblyId))
    .orderBy(desc(bomVersions.version));
  return rows.map((row) => ({ ...row.bom, createdBy: row.createdBy, lines: Number(row.lines) }));
}

export async function insertBomVersion(db: Executor, values: NewBomVersionRow): Promise<BomVersionRow> {
  const [row] = await db.insert(bomVersions).values(values).returning();
  if (!row) throw new Error("insertBomVersion inserted no row");
  return row;
}

/** Inserts lines in batches: one statement for 10,000 lines would pass PostgreSQL's parameter limit. */
export async function insertBomLines(db: Executor, lines: NewBomLineRow[]): Promise<void> {
  const BATCH = 1000;
  for (let start = 0; start < lines.length; start += BATCH)
    await db.insert(bomLines).values(lines.slice(start, start + BATCH));
}

export type BomLineRecord = BomLineRow & {
  partNumber: string | null;
  partDescription: string | null;
  partMsl: string | null;
  partPolarized: boolean | null;
  partLifecycle: (typeof customerParts.$inferSelect)["lifecycle"];
};

export async function listBomLines(db: Executor, bomVersionId: string): Promise<BomLineRecord[]> {
  const rows = await db
    .select({
      line: bomLines,
      partNumber: customerParts.partNumber,
      partDescription: customerParts.description,
      partMsl: customerParts.msl,
      partPolarized: customerParts.polarized,
      partLifecycle: customerParts.lifecycle,
    })
    .from(bomLines)
    .leftJoin(customerParts, eq(customerParts.id, bomLines.partId))
    .where(eq(bomLines.bomVersionId, bomVersionId))
    .orderBy(asc(bomLines.position));
  return rows.map(({ line, ...part }) => ({ ...line, ...part }));
}

/** Per BOM version: lines and unmatched lines (DNP lines need no part). */
export async function bomCounts(
  db: Executor,
  bomVersionIds: string[],
): Promise<Map<string, { lines: number; unmatched: number }>> {
  if (bomVersionIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: bomLines.bomVersionId,
      lines: count(),
      unmatched: sql<number>`count(*) filter (where ${bomLines.matchStatus} <> 'matched' and not ${bomLines.dnp})::int`,
    })
    .from(bomLines)
    .where(inArray(bomLines.bomVersionId, bomVersionIds))
    .groupBy(bomLines.bomVersionId);
  return new Map(rows.map((row) => [row.id, { lines: Number(row.lines), unmatched: Number(row.unmatched) }]));
}

// Placements.

export async function insertPlacementSet(db: Executor, values: NewPlacementSetRow): Promise<PlacementSetRow> {
  const [row] = await db.insert(placementSets).values(values).returning();
  if (!row) throw new Error("insertPlacementSet inserted no row");
  return row;
}

export async function findPlacementSets(db: Executor, ids: string[]): Promise<PlacementSetRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(placementSets).where(inArray(placementSets.id, ids));
}

// Saved column mappings.

export async function findColumnMapping(
  db: Executor,
  companyId: string,
  headerKey: string,
): Promise<(string | null)[] | null> {
  const [row] = await db
    .select({ mapping: bomColumnMappings.mapping })
    .from(bomColumnMappings)
    .where(and(eq(bomColumnMappings.companyId, companyId), eq(bomColumnMappings.headerKey, headerKey)))
    .limit(1);
  return row?.mapping ?? null;
}

export async function saveColumnMapping(
  db: Executor,
  companyId: string,
  headerKey: string,
  mapping: (string | null)[],
): Promise<void> {
  await db
    .insert(bomColumnMappings)
    .values({ companyId, headerKey, mapping })
    .onConflictDoUpdate({
      target: [bomColumnMappings.companyId, bomColumnMappings.headerKey],
      set: { mapping, updatedAt: new Date() },
    });
}

/** Staff's review marks on one line, written in place: they annotate the version, not change it. */
export async function setBomLineReview(
  db: Executor,
  lineId: string,
  values: Pick<Partial<NewBomLineRow>, "reviewedAt" | "reviewedByUserId" | "consigned" | "substitution">,
): Promise<void> {
  await db.update(bomLines).set(values).where(eq(bomLines.id, lineId));
}

export async function setBomReleased(db: Executor, bomVersionId: string, userId: string): Promise<void> {
  await db
    .update(bomVersions)
    .set({ releasedAt: new Date(), releasedByUserId: userId })
    .where(eq(bomVersions.id, bomVersionId));
}

/** The newest BOM version staff released for production, with who released it. */
export async function findReleasedBomVersion(
  db: Executor,
  assemblyId: string,
): Promise<(BomVersionRow & { releasedBy: string | null }) | null> {
  const [row] = await db
    .select({ bom: bomVersions, releasedBy: creatorName })
    .from(bomVersions)
    .leftJoin(users, eq(users.id, bomVersions.releasedByUserId))
    .where(and(eq(bomVersions.assemblyId, assemblyId), isNotNull(bomVersions.releasedAt)))
    .orderBy(desc(bomVersions.version))
    .limit(1);
  return row ? { ...row.bom, releasedBy: row.releasedBy } : null;
}

/** Locks the specification of any company (staff act on every company's). */
export async function lockAnyAssembly(db: Executor, id: string): Promise<AssemblyRow | null> {
  const [row] = await db.select().from(assemblySpecs).where(eq(assemblySpecs.id, id)).for("update").limit(1);
  return row ?? null;
}

/** Versions by id with their specification; `companyId` undefined finds any company's. */
export async function findAssemblyVersionsByIds(
  db: Executor,
  companyId: string | undefined,
  versionIds: readonly string[],
): Promise<{ version: AssemblyVersionRow; spec: AssemblyRow; bomVersion: number | null }[]> {
  if (versionIds.length === 0) return [];
  return db
    .select({ version: assemblySpecVersions, spec: assemblySpecs, bomVersion: bomVersions.version })
    .from(assemblySpecVersions)
    .innerJoin(assemblySpecs, eq(assemblySpecs.id, assemblySpecVersions.specId))
    .leftJoin(bomVersions, eq(bomVersions.id, assemblySpecVersions.bomVersionId))
    .where(
      and(
        inArray(assemblySpecVersions.id, [...versionIds]),
        companyId ? eq(assemblySpecs.companyId, companyId) : undefined,
      ),
    );
}

/** Freezes a version for a quote or an order; an order turns a quoted version ordered, keeping its first date. */
export async function freezeAssemblyVersion(
  db: Executor,
  versionId: string,
  reason: "quote" | "order",
): Promise<void> {
  await db
    .update(assemblySpecVersions)
    .set({ frozenAt: new Date(), frozenReason: reason })
    .where(and(eq(assemblySpecVersions.id, versionId), isNull(assemblySpecVersions.frozenAt)));
  if (reason === "order")
    await db
      .update(assemblySpecVersions)
      .set({ frozenReason: "order" })
      .where(and(eq(assemblySpecVersions.id, versionId), eq(assemblySpecVersions.frozenReason, "quote")));
}
