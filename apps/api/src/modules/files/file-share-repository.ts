import { aliasedTable, and, asc, desc, eq, gt, inArray, isNull, lte, notExists, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import {
  assemblySpecs,
  companies,
  companyFiles,
  engineeringQueries,
  engineeringQueryFiles,
  engineeringQueryMessages,
  fileShareFolders,
  pcbSpecs,
  salesOrders,
  users,
} from "@ems/db/schema";
import type { FolderLinkKind } from "@ems/contracts/files";
import { FINAL_QUERY_STATUSES, QUERY_STATUSES } from "@ems/contracts/engineering-queries";
import { sortOrder } from "../../lib/list-query.ts";
import type { CompanyFileRow } from "./files-repository.ts";

/**
 * The file share's drizzle code: folders, the `share` files in them, deleted files within their
 * restore window and the purge of those past it. Customer queries take the company and filter by it,
 * so another company's id finds nothing.
 */

export type FolderRow = typeof fileShareFolders.$inferSelect;
export type NewFolderRow = typeof fileShareFolders.$inferInsert;

export interface FolderRecord {
  folder: FolderRow;
  createdBy: string | null;
  linkNumber: string | null;
}

export interface ShareFileRecord {
  file: CompanyFileRow;
  uploadedBy: string | null;
  deletedBy: string | null;
}

const nameOf = (table: typeof users) =>
  sql<string | null>`nullif(trim(${table.firstName} || ' ' || ${table.lastName}), '')`;

const creator = aliasedTable(users, "folder_creator");
const uploader = aliasedTable(users, "uploader");
const deleter = aliasedTable(users, "deleter");

const folderQuery = (db: Executor) =>
  db
    .select({
      folder: fileShareFolders,
      createdBy: nameOf(creator),
      linkNumber: sql<
        string | null
      >`coalesce(${salesOrders.number}, ${assemblySpecs.number}, ${pcbSpecs.number})`,
    })
    .from(fileShareFolders)
    .leftJoin(creator, eq(creator.id, fileShareFolders.createdByUserId))
    .leftJoin(salesOrders, eq(salesOrders.id, fileShareFolders.salesOrderId))
    .leftJoin(assemblySpecs, eq(assemblySpecs.id, fileShareFolders.assemblySpecId))
    .leftJoin(pcbSpecs, eq(pcbSpecs.id, fileShareFolders.pcbSpecId));

const parentIs = (parentId: string | null) =>
  parentId === null ? isNull(fileShareFolders.parentId) : eq(fileShareFolders.parentId, parentId);

export async function findFolder(db: Executor, companyId: string, id: string): Promise<FolderRecord | null> {
  const [row] = await folderQuery(db)
    .where(and(eq(fileShareFolders.id, id), eq(fileShareFolders.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The subfolders of a folder (null: the top level), by name or by date. */
export function listFolders(
  db: Executor,
  companyId: string,
  parentId: string | null,
  order: { sort: "name" | "created_at"; dir: "asc" | "desc" },
): Promise<FolderRecord[]> {
  const column = order.sort === "name" ? sql`lower(${fileShareFolders.name})` : fileShareFolders.createdAt;
  return folderQuery(db)
    .where(and(eq(fileShareFolders.companyId, companyId), parentIs(parentId)))
    .orderBy(...sortOrder(order.dir, column, fileShareFolders.id));
}

/** Deeper than any real share; a guard against a cycle that the move check should make impossible. */
const MAX_DEPTH = 256;

/** The ancestors of a folder, the top-most first, itself not included. */
export async function folderAncestors(
  db: Executor,
  companyId: string,
  folder: FolderRow,
): Promise<FolderRecord[]> {
  const ancestors: FolderRecord[] = [];
  let parentId = folder.parentId;
  while (parentId !== null && ancestors.length < MAX_DEPTH) {
    const parent = await findFolder(db, companyId, parentId);
    if (!parent) break;
    ancestors.unshift(parent);
    parentId = parent.folder.parentId;
  }
  return ancestors;
}

/** Whether `candidate` is `folderId` itself or lies somewhere below it. */
export async function isSelfOrDescendant(
  db: Executor,
  companyId: string,
  folderId: string,
  candidate: string,
): Promise<boolean> {
  let current: string | null = candidate;
  for (let depth = 0; current !== null && depth < MAX_DEPTH; depth += 1) {
    if (current === folderId) return true;
    const [row] = await db
      .select({ parentId: fileShareFolders.parentId })
      .from(fileShareFolders)
      .where(and(eq(fileShareFolders.id, current), eq(fileShareFolders.companyId, companyId)))
      .limit(1);
    current = row?.parentId ?? null;
  }
  return false;
}

export async function insertFolder(db: Executor, values: NewFolderRow): Promise<FolderRow> {
  const [row] = await db.insert(fileShareFolders).values(values).returning();
  if (!row) throw new Error("insertFolder inserted no row");
  return row;
}

export async function updateFolder(
  db: Executor,
  companyId: string,
  id: string,
  values: Pick<NewFolderRow, "name" | "parentId" | "salesOrderId" | "assemblySpecId" | "pcbSpecId">,
): Promise<FolderRow | null> {
  const [row] = await db
    .update(fileShareFolders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(fileShareFolders.id, id), eq(fileShareFolders.companyId, companyId)))
    .returning();
  return row ?? null;
}

export async function deleteFolder(db: Executor, companyId: string, id: string): Promise<void> {
  await db
    .delete(fileShareFolders)
    .where(and(eq(fileShareFolders.id, id), eq(fileShareFolders.companyId, companyId)));
}

/** What a folder still holds: its subfolders and its live files. */
export async function folderContentCounts(
  db: Executor,
  companyId: string,
  id: string,
): Promise<{ folders: number; files: number }> {
  const [folders] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(fileShareFolders)
    .where(and(eq(fileShareFolders.companyId, companyId), eq(fileShareFolders.parentId, id)));
  const [files] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(companyFiles)
    .where(
      and(
        eq(companyFiles.companyId, companyId),
        eq(companyFiles.folderId, id),
        isNull(companyFiles.deletedAt),
      ),
    );
  return { folders: folders?.n ?? 0, files: files?.n ?? 0 };
}

export async function findCompany(
  db: Executor,
  id: string,
): Promise<{ id: string; isOperator: boolean } | null> {
  const [row] = await db
    .select({ id: companies.id, isOperator: companies.isOperator })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row ?? null;
}

const LINK_TABLES = {
  sales_order: salesOrders,
  assembly_spec: assemblySpecs,
  pcb_spec: pcbSpecs,
} as const;

/** Whether the order or specification exists and is the company's. */
export async function linkBelongsTo(
  db: Executor,
  companyId: string,
  kind: FolderLinkKind,
  id: string,
): Promise<boolean> {
  const table = LINK_TABLES[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)))
    .limit(1);
  return rows.length > 0;
}

const shareFileQuery = (db: Executor) =>
  db
    .select({ file: companyFiles, uploadedBy: nameOf(uploader), deletedBy: nameOf(deleter) })
    .from(companyFiles)
    .leftJoin(uploader, eq(uploader.id, companyFiles.uploadedByUserId))
    .leftJoin(deleter, eq(deleter.id, companyFiles.deletedByUserId));

const isShare = eq(companyFiles.purpose, "share");

/** The live share files of a folder (null: the top level). */
export function listShareFiles(
  db: Executor,
  companyId: string,
  folderId: string | null,
  order: { sort: "name" | "created_at" | "size"; dir: "asc" | "desc" },
): Promise<ShareFileRecord[]> {
  const column = {
    name: sql`lower(${companyFiles.name})`,
    created_at: companyFiles.createdAt,
    size: companyFiles.size,
  }[order.sort];
  return shareFileQuery(db)
    .where(
      and(
        eq(companyFiles.companyId, companyId),
        isShare,
        isNull(companyFiles.deletedAt),
        folderId === null ? isNull(companyFiles.folderId) : eq(companyFiles.folderId, folderId),
      ),
    )
    .orderBy(...sortOrder(order.dir, column, companyFiles.id));
}

/** A live share file of the company (any company's when undefined). */
export async function findShareFile(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<ShareFileRecord | null> {
  const [row] = await shareFileQuery(db)
    .where(
      and(
        eq(companyFiles.id, id),
        isShare,
        isNull(companyFiles.deletedAt),
        companyId ? eq(companyFiles.companyId, companyId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateShareFile(
  db: Executor,
  companyId: string,
  id: string,
  values: { name: string; folderId: string | null },
): Promise<void> {
  await db
    .update(companyFiles)
    .set(values)
    .where(and(eq(companyFiles.id, id), eq(companyFiles.companyId, companyId), isShare));
}

/** Share files deleted after `cutoff` (still restorable), the latest deleted first. */
export function listDeletedShareFiles(
  db: Executor,
  companyId: string,
  cutoff: Date,
): Promise<ShareFileRecord[]> {
  return shareFileQuery(db)
    .where(and(eq(companyFiles.companyId, companyId), isShare, gt(companyFiles.deletedAt, cutoff)))
    .orderBy(desc(companyFiles.deletedAt), asc(companyFiles.id));
}

/** Undeletes a share file deleted after `cutoff`; its folder, if gone meanwhile, is already null. */
export async function restoreShareFile(
  db: Executor,
  companyId: string,
  id: string,
  cutoff: Date,
): Promise<CompanyFileRow | null> {
  const [row] = await db
    .update(companyFiles)
    .set({ deletedAt: null, deletedByUserId: null })
    .where(
      and(
        eq(companyFiles.id, id),
        eq(companyFiles.companyId, companyId),
        isShare,
        gt(companyFiles.deletedAt, cutoff),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The number of an open or answered engineering query whose thread has this file attached, or null:
 * such a file is evidence the query still needs.
 */
export async function openQueryReferencing(db: Executor, fileId: string): Promise<string | null> {
  const pending = QUERY_STATUSES.filter((status) => !FINAL_QUERY_STATUSES.includes(status));
  const [row] = await db
    .select({ number: engineeringQueries.number })
    .from(engineeringQueryFiles)
    .innerJoin(engineeringQueryMessages, eq(engineeringQueryMessages.id, engineeringQueryFiles.messageId))
    .innerJoin(engineeringQueries, eq(engineeringQueries.id, engineeringQueryMessages.queryId))
    .where(and(eq(engineeringQueryFiles.fileId, fileId), inArray(engineeringQueries.status, pending)))
    .orderBy(asc(engineeringQueries.number))
    .limit(1);
  return row?.number ?? null;
}

/**
 * Share files whose restore window closed before `cutoff`, oldest first, at most `limit`; those a
 * query's thread still shows keep their row (the thread refers to it) and are left out.
 */
export function expiredShareFiles(db: Executor, cutoff: Date, limit: number): Promise<CompanyFileRow[]> {
  return db
    .select()
    .from(companyFiles)
    .where(
      and(
        isShare,
        lte(companyFiles.deletedAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(engineeringQueryFiles)
            .where(eq(engineeringQueryFiles.fileId, companyFiles.id)),
        ),
      ),
    )
    .orderBy(asc(companyFiles.deletedAt))
    .limit(limit);
}

/** Removes the row of a purged share file; false when it was restored or removed meanwhile. */
export async function removeExpiredShareFile(db: Executor, id: string, cutoff: Date): Promise<boolean> {
  const rows = await db
    .delete(companyFiles)
    .where(and(eq(companyFiles.id, id), isShare, lte(companyFiles.deletedAt, cutoff)))
    .returning({ id: companyFiles.id });
  return rows.length > 0;
}
