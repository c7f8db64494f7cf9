import { and, eq, gt, ilike, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { companies, companyFiles, storedFiles, users } from "@ems/db/schema";
import { FILE_RESTORE_DAYS, type FilePurpose } from "@ems/contracts/files";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

/**
 * The only drizzle code of files. Customer queries take the caller's company and filter by it, so
 * another company's id finds nothing; deleted files (deleted_at set) are invisible everywhere.
 */

export type CompanyFileRow = typeof companyFiles.$inferSelect;
export type NewCompanyFileRow = typeof companyFiles.$inferInsert;

/** A live file with the name of whoever uploaded it. */
export interface CompanyFileRecord {
  file: CompanyFileRow;
  uploadedBy: string | null;
}

export interface CompanyFileFilter extends Paging {
  companyId: string;
  purpose?: FilePurpose | undefined;
  q?: string | undefined;
  sort: "created_at" | "name" | "size";
  dir: "asc" | "desc";
}

const uploaderName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

function recordQuery(db: Executor) {
  return db
    .select({ file: companyFiles, uploadedBy: uploaderName })
    .from(companyFiles)
    .leftJoin(users, eq(users.id, companyFiles.uploadedByUserId));
}

/** A live file by id; `companyId` undefined (staff) finds any company's. */
export async function findCompanyFile(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<CompanyFileRecord | null> {
  const [row] = await recordQuery(db)
    .where(
      and(
        eq(companyFiles.id, id),
        isNull(companyFiles.deletedAt),
        companyId ? eq(companyFiles.companyId, companyId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The live file a finished upload of this company became. */
export async function findFileOfUpload(
  db: Executor,
  companyId: string,
  uploadId: string,
): Promise<CompanyFileRow | null> {
  const [row] = await db
    .select()
    .from(companyFiles)
    .where(
      and(
        eq(companyFiles.uploadId, uploadId),
        eq(companyFiles.companyId, companyId),
        isNull(companyFiles.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The live file a staff member's finished upload became in a customer's share (ADR 0020). */
export async function findOperatorFileOfUpload(
  db: Executor,
  userId: string,
  uploadId: string,
): Promise<CompanyFileRow | null> {
  const [row] = await db
    .select()
    .from(companyFiles)
    .where(
      and(
        eq(companyFiles.uploadId, uploadId),
        eq(companyFiles.uploadedByUserId, userId),
        eq(companyFiles.sharedByOperator, true),
        isNull(companyFiles.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One page of the company's live files, from the (company_id, created_at) partial index. */
export async function listCompanyFiles(
  db: Executor,
  filter: CompanyFileFilter,
): Promise<{ rows: CompanyFileRecord[]; total: number }> {
  const where = and(
    eq(companyFiles.companyId, filter.companyId),
    isNull(companyFiles.deletedAt),
    filter.purpose ? eq(companyFiles.purpose, filter.purpose) : undefined,
    filter.q ? ilike(companyFiles.name, likePattern(filter.q)) : undefined,
  );
  const column = {
    created_at: companyFiles.createdAt,
    name: companyFiles.name,
    size: companyFiles.size,
  }[filter.sort];
  return listPage(db, {
    rows: recordQuery(db).$dynamic(),
    table: companyFiles,
    where,
    orderBy: sortOrder(filter.dir, column, companyFiles.id),
    paging: filter,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Share files deleted after this moment can still be restored (FILE_RESTORE_DAYS). */
export function restoreCutoff(now: Date): Date {
  return new Date(now.getTime() - FILE_RESTORE_DAYS * DAY_MS);
}

/**
 * Files whose bytes are kept: live ones, and share files deleted within the restore window (they can
 * come back, so their content stays and they still count towards the quota).
 */
function kept(now: Date) {
  return or(
    isNull(companyFiles.deletedAt),
    and(eq(companyFiles.purpose, "share"), gt(companyFiles.deletedAt, restoreCutoff(now))),
  );
}

/**
 * The bytes the company's kept files take (live ones and restorable share files), each company's
 * copy of shared content counted.
 */
export async function companyUsage(db: Executor, companyId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${companyFiles.size}), 0)::bigint`.mapWith(Number) })
    .from(companyFiles)
    .where(and(eq(companyFiles.companyId, companyId), kept(now)));
  return row?.used ?? 0;
}

/**
 * Locks the company row until the transaction ends, so that two uploads finishing at once cannot
 * both fit into the space that is left for one. False when the company is gone.
 */
export async function lockCompany(db: Executor, companyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  return rows.length > 0;
}

/**
 * Records content (or finds its row) and locks that row until the transaction ends: whoever
 * erases the bytes of unused content takes the same lock, so the two never cross.
 */
export async function claimStoredFile(db: Executor, sha256: string, size: number): Promise<void> {
  await db
    .insert(storedFiles)
    .values({ sha256, size })
    .onConflictDoUpdate({ target: storedFiles.sha256, set: { size: sql`excluded.size` } });
}

export async function insertCompanyFile(db: Executor, values: NewCompanyFileRow): Promise<CompanyFileRow> {
  const [row] = await db.insert(companyFiles).values(values).returning();
  if (!row) throw new Error("insertCompanyFile inserted no row");
  return row;
}

/** Marks a live file of the company deleted; null when there is none (missing, another company's, deleted). */
export async function markFileDeleted(
  db: Executor,
  companyId: string,
  id: string,
  at: Date,
  byUserId: string,
): Promise<CompanyFileRow | null> {
  const [row] = await db
    .update(companyFiles)
    .set({ deletedAt: at, deletedByUserId: byUserId })
    .where(
      and(eq(companyFiles.id, id), eq(companyFiles.companyId, companyId), isNull(companyFiles.deletedAt)),
    )
    .returning();
  return row ?? null;
}

/** How many kept files (live or restorable), of any company, have this content. */
export async function liveReferences(db: Executor, sha256: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(companyFiles)
    .where(and(eq(companyFiles.sha256, sha256), kept(now)));
  return row?.n ?? 0;
}

/** Locks the row of this content, if there is one, until the transaction ends (see claimStoredFile). */
export async function lockStoredFile(db: Executor, sha256: string): Promise<void> {
  await db
    .select({ sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(eq(storedFiles.sha256, sha256))
    .for("update");
}
