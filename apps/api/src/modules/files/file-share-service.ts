import { ERROR_CODES } from "@ems/contracts/errors";
import {
  FILE_RESTORE_DAYS,
  sanitizeFileName,
  sanitizeFolderName,
  type CreateFolder,
  type DeletedShareFiles,
  type FolderLink,
  type ShareContent,
  type ShareContentQuery,
  type ShareFile,
  type ShareFolder,
  type UpdateFolder,
  type UpdateShareFile,
} from "@ems/contracts/files";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import type { FileStorage } from "@ems/storage/file-storage";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import type { RequestContext } from "../../plugins/request-context.ts";
import { recordActivity } from "../activity/activity-service.ts";
import {
  deleteFolder,
  expiredShareFiles,
  findCompany,
  findFolder,
  findShareFile,
  folderAncestors,
  folderContentCounts,
  insertFolder,
  isSelfOrDescendant,
  linkBelongsTo,
  listDeletedShareFiles,
  listFolders,
  listShareFiles,
  removeExpiredShareFile,
  restoreShareFile,
  updateFolder,
  updateShareFile,
  type FolderRecord,
  type ShareFileRecord,
} from "./file-share-repository.ts";
import { lockCompany, restoreCutoff } from "./files-repository.ts";
import { isUniqueViolation, releaseContentIfUnused } from "./files-service.ts";

/**
 * The file share (issue 21, docs/behaviour/engineering.md#file-share, ADR 0020): folders of a
 * company's `share` files, renaming and moving, deleted files restorable for FILE_RESTORE_DAYS and
 * their purge after that. Every change is in the activity log.
 */

export type ShareContext = Pick<RequestContext, "db" | "tenant" | "actor" | "request">;

const DAY_MS = 24 * 60 * 60 * 1000;
const noFolder = () => notFound("No such folder");
const noFile = () => notFound("No such file in the file share");
const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

function folderDto({ folder, createdBy, linkNumber }: FolderRecord): ShareFolder {
  const link: ShareFolder["link"] = folder.salesOrderId
    ? { kind: "sales_order", id: folder.salesOrderId, number: linkNumber ?? "" }
    : folder.assemblySpecId
      ? { kind: "assembly_spec", id: folder.assemblySpecId, number: linkNumber ?? "" }
      : folder.pcbSpecId
        ? { kind: "pcb_spec", id: folder.pcbSpecId, number: linkNumber ?? "" }
        : null;
  return {
    id: folder.id,
    name: folder.name,
    parent_id: folder.parentId,
    link,
    created_by: createdBy,
    created_at: folder.createdAt.toISOString(),
    updated_at: folder.updatedAt.toISOString(),
  };
}

function fileDto({ file, uploadedBy, deletedBy }: ShareFileRecord): ShareFile {
  return {
    id: file.id,
    name: file.name,
    media_type: file.mediaType,
    size: file.size,
    purpose: file.purpose,
    sha256: file.sha256,
    uploaded_by: uploadedBy,
    created_at: file.createdAt.toISOString(),
    folder_id: file.folderId,
    shared_by_operator: file.sharedByOperator,
    deleted_at: file.deletedAt?.toISOString() ?? null,
    deleted_by: file.deletedAt ? deletedBy : null,
    restorable_until: file.deletedAt
      ? new Date(file.deletedAt.getTime() + FILE_RESTORE_DAYS * DAY_MS).toISOString()
      : null,
  };
}

/** The company (a customer, not the operator itself) staff act on; else 404. */
export async function assertCustomer(db: Executor, companyId: string): Promise<void> {
  const company = await findCompany(db, companyId);
  if (!company || company.isOperator) throw notFound("No such company");
}

/** A folder of the company, or 404 on `field` (also for another company's folder). */
async function companyFolder(db: Executor, companyId: string, id: string): Promise<FolderRecord> {
  const folder = await findFolder(db, companyId, id);
  if (!folder) throw noFolder();
  return folder;
}

/** Whether a folder id named by an upload is one of the company's folders. */
export async function isCompanyFolder(db: Executor, companyId: string, id: string): Promise<boolean> {
  return (await findFolder(db, companyId, id)) !== null;
}

export async function shareContent(
  db: Executor,
  companyId: string,
  query: ShareContentQuery,
): Promise<ShareContent> {
  const folder = query.folder_id ? await companyFolder(db, companyId, query.folder_id) : null;
  const parentId = folder?.folder.id ?? null;
  const folderSort = query.sort === "created_at" ? "created_at" : "name";
  const [breadcrumb, folders, files] = [
    folder ? await folderAncestors(db, companyId, folder.folder) : [],
    await listFolders(db, companyId, parentId, {
      sort: folderSort,
      dir: query.sort === "size" ? "asc" : query.dir,
    }),
    await listShareFiles(db, companyId, parentId, { sort: query.sort, dir: query.dir }),
  ];
  return {
    folder: folder ? folderDto(folder) : null,
    breadcrumb: breadcrumb.map(folderDto),
    folders: folders.map(folderDto),
    files: files.map(fileDto),
  };
}

/** A typed folder name, cleaned; 400 when nothing visible is left. */
function cleanFolderName(raw: string): string {
  const name = sanitizeFolderName(raw);
  if (name === "") throw badRequest(ERROR_CODES.validation, "must contain a letter or a digit", "name");
  return name;
}

const LINK_COLUMNS = {
  sales_order: "salesOrderId",
  assembly_spec: "assemblySpecId",
  pcb_spec: "pcbSpecId",
} as const;

/** The link columns for a folder, the linked order or specification checked to be the company's (else 404). */
async function linkColumns(db: Executor, companyId: string, link: FolderLink | null | undefined) {
  const columns = { salesOrderId: null, assemblySpecId: null, pcbSpecId: null } as Record<
    (typeof LINK_COLUMNS)[keyof typeof LINK_COLUMNS],
    string | null
  >;
  if (!link) return columns;
  if (!(await linkBelongsTo(db, companyId, link.kind, link.id)))
    throw notFound(link.kind === "sales_order" ? "No such order" : "No such specification");
  columns[LINK_COLUMNS[link.kind]] = link.id;
  return columns;
}

const SIBLING_NAME = "file_share_folders_sibling_name_idx";
const siblingTaken = (name: string) =>
  conflict(`A folder named "${name}" is already there (names are compared ignoring case)`);

/** Creates a folder in the company's share (the caller's, or a customer's for staff). */
export async function createFolder(
  ctx: ShareContext,
  companyId: string,
  body: CreateFolder,
): Promise<ShareFolder> {
  const name = cleanFolderName(body.name);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      if (body.parent_id) await companyFolder(tx, companyId, body.parent_id);
      const row = await insertFolder(tx, {
        companyId,
        parentId: body.parent_id ?? null,
        name,
        ...(await linkColumns(tx, companyId, body.link)),
        createdByUserId: ctx.actor.id,
      });
      await recordActivity(tx, {
        action: "folder.created",
        companyId,
        actor: ctx.actor,
        subject: { type: "folder", id: row.id },
        details: { label: name },
        request: ctx.request,
      });
      return row.id;
    });
    return folderDto(await companyFolder(ctx.db, companyId, id));
  } catch (error) {
    if (isUniqueViolation(error, SIBLING_NAME)) throw siblingTaken(name);
    throw error;
  }
}

/** Renames, moves and links a folder of the caller's company as the body says. */
export async function updateFolderOf(
  ctx: ShareContext,
  id: string,
  body: UpdateFolder,
): Promise<ShareFolder> {
  const companyId = ctx.tenant;
  const name = cleanFolderName(body.name);
  try {
    await ctx.db.transaction(async (tx) => {
      // One move at a time per company: two crossing moves could otherwise make a cycle.
      await lockCompany(tx, companyId);
      const { folder } = await companyFolder(tx, companyId, id);
      if (body.parent_id !== null) {
        await companyFolder(tx, companyId, body.parent_id);
        if (await isSelfOrDescendant(tx, companyId, id, body.parent_id))
          throw badRequest(
            ERROR_CODES.validation,
            "must not be the folder itself or one of its subfolders",
            "parent_id",
          );
      }
      const links = await linkColumns(tx, companyId, body.link);
      await updateFolder(tx, companyId, id, { name, parentId: body.parent_id, ...links });
      const changes: {
        action: "folder.renamed" | "folder.moved" | "folder.linked";
        details: Record<string, string | null>;
      }[] = [];
      if (name !== folder.name)
        changes.push({ action: "folder.renamed", details: { label: name, from: folder.name } });
      if (body.parent_id !== folder.parentId)
        changes.push({
          action: "folder.moved",
          details: { label: name, from: folder.parentId, to: body.parent_id },
        });
      const linkedBefore = folder.salesOrderId ?? folder.assemblySpecId ?? folder.pcbSpecId;
      const linkedNow = body.link?.id ?? null;
      if (linkedBefore !== linkedNow)
        changes.push({
          action: "folder.linked",
          details: { label: name, kind: body.link?.kind ?? null, to: linkedNow },
        });
      for (const change of changes)
        await recordActivity(tx, {
          action: change.action,
          companyId,
          actor: ctx.actor,
          subject: { type: "folder", id },
          details: change.details,
          request: ctx.request,
        });
    });
  } catch (error) {
    if (isUniqueViolation(error, SIBLING_NAME)) throw siblingTaken(name);
    throw error;
  }
  return folderDto(await companyFolder(ctx.db, companyId, id));
}

/** Deletes an empty folder; one that holds folders or files answers 409 saying so. */
export async function deleteFolderOf(ctx: ShareContext, id: string): Promise<null> {
  const companyId = ctx.tenant;
  await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const { folder } = await companyFolder(tx, companyId, id);
    const held = await folderContentCounts(tx, companyId, id);
    if (held.folders > 0 || held.files > 0)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `The folder "${folder.name}" still holds ${held.folders} folder(s) and ${held.files} file(s): move or delete them first`,
        { otherData: { folders: held.folders, files: held.files } },
      );
    await deleteFolder(tx, companyId, id);
    await recordActivity(tx, {
      action: "folder.deleted",
      companyId,
      actor: ctx.actor,
      subject: { type: "folder", id },
      details: { label: folder.name },
      request: ctx.request,
    });
  });
  return null;
}

/** The extension of a name with the dot ("report.PDF" → ".PDF"), or "" when it has none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : "";
}

/**
 * The name a file is renamed to: cleaned as an upload's name, and keeping the file's extension, so a
 * rename cannot make a PDF look like a program ("report" and "report.exe" of "a.pdf" become
 * "report.pdf" and "report.exe.pdf").
 */
export function renamedFileName(current: string, typed: string): string {
  const cleaned = sanitizeFileName(typed);
  if (cleaned === "file" && typed.trim() !== "file")
    throw badRequest(ERROR_CODES.validation, "must contain a letter or a digit", "name");
  const extension = extensionOf(current);
  if (extension === "" || extensionOf(cleaned).toLowerCase() === extension.toLowerCase()) return cleaned;
  return sanitizeFileName(`${cleaned}${extension}`);
}

/** Renames and moves a live share file of the caller's company. */
export async function updateShareFileOf(
  ctx: ShareContext,
  id: string,
  body: UpdateShareFile,
): Promise<ShareFile> {
  const companyId = ctx.tenant;
  await ctx.db.transaction(async (tx) => {
    const record = await findShareFile(tx, companyId, id);
    if (!record) throw noFile();
    if (body.folder_id !== null) await companyFolder(tx, companyId, body.folder_id);
    const name = renamedFileName(record.file.name, body.name);
    await updateShareFile(tx, companyId, id, { name, folderId: body.folder_id });
    const subject = { type: "file", id };
    if (name !== record.file.name)
      await recordActivity(tx, {
        action: "file.renamed",
        companyId,
        actor: ctx.actor,
        subject,
        details: { label: name, from: record.file.name },
        request: ctx.request,
      });
    if (body.folder_id !== record.file.folderId)
      await recordActivity(tx, {
        action: "file.moved",
        companyId,
        actor: ctx.actor,
        subject,
        details: { label: name, from: record.file.folderId, to: body.folder_id },
        request: ctx.request,
      });
  });
  const updated = await findShareFile(ctx.db, companyId, id);
  if (!updated) throw noFile();
  return fileDto(updated);
}

export async function deletedShareFiles(
  db: Executor,
  companyId: string,
  now = new Date(),
): Promise<DeletedShareFiles> {
  return { items: (await listDeletedShareFiles(db, companyId, restoreCutoff(now))).map(fileDto) };
}

/** Restores a share file deleted within FILE_RESTORE_DAYS; later, or never deleted, 404. */
export async function restoreShareFileOf(
  ctx: ShareContext,
  id: string,
  now = new Date(),
): Promise<ShareFile> {
  const companyId = ctx.tenant;
  await ctx.db.transaction(async (tx) => {
    const row = await restoreShareFile(tx, companyId, id, restoreCutoff(now));
    if (!row) throw notFound("No such deleted file, or its 30 days to restore it have passed");
    await recordActivity(tx, {
      action: "file.restored",
      companyId,
      actor: ctx.actor,
      subject: { type: "file", id },
      details: { label: row.name, size: row.size },
      request: ctx.request,
    });
  });
  const restored = await findShareFile(ctx.db, companyId, id);
  if (!restored) throw noFile();
  return fileDto(restored);
}

/** Share files purged per run; more wait for the next hourly run. */
const PURGE_BATCH = 500;

/**
 * Erases share files deleted more than FILE_RESTORE_DAYS ago: their row goes (the activity log
 * keeps the record) and their bytes too, unless another kept file of any company has the same
 * content. The server runs it with the hourly upload sweep. Answers how many files were purged.
 */
export async function purgeExpiredShareFiles(
  db: Database,
  storage: FileStorage,
  now = new Date(),
): Promise<number> {
  const cutoff = restoreCutoff(now);
  let purged = 0;
  for (const file of await expiredShareFiles(db, cutoff, PURGE_BATCH)) {
    const removed = await db.transaction(async (tx) => {
      if (!(await removeExpiredShareFile(tx, file.id, cutoff))) return false;
      await releaseContentIfUnused(tx, storage, file.sha256, now);
      return true;
    });
    if (removed) purged += 1;
  }
  return purged;
}
