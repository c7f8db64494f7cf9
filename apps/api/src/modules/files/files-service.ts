import { Readable } from "node:stream";
import { ERROR_CODES } from "@ems/contracts/errors";
import {
  UPLOADS,
  type CompanyFile,
  type FileListQuery,
  type FilePage,
  type FilePurpose,
  type FileUsage,
} from "@ems/contracts/files";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import type { FileStorage } from "@ems/storage/file-storage";
import { AppError, notFound } from "../../lib/app-error.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { pageOf, searchOf } from "../../lib/list-query.ts";
import type { RequestContext } from "../../plugins/request-context.ts";
import { ContentRefusedError, checkedContent } from "./file-content.ts";
import {
  claimStoredFile,
  companyUsage,
  findCompanyFile,
  findFileOfUpload,
  findOperatorFileOfUpload,
  insertCompanyFile,
  listCompanyFiles,
  liveReferences,
  lockCompany,
  lockStoredFile,
  markFileDeleted,
  type CompanyFileRecord,
  type CompanyFileRow,
} from "./files-repository.ts";
import type { Mailer } from "../mail/mail-service.ts";
import { writeSharedFileMails } from "./file-share-notice.ts";
import { findFolder, openQueryReferencing } from "./file-share-repository.ts";
import type { UploadStore } from "./upload-store.ts";

/** The limits of the environment (UPLOAD_MAX_BYTES, COMPANY_STORAGE_QUOTA_BYTES). */
export interface FileLimits {
  uploadMaxBytes: number;
  quotaBytes: number;
}

export type FilesContext = Pick<RequestContext, "db" | "tenant">;

const missing = () => notFound("No such file");

/** 209715200 → "200 MiB": sizes in refusals, as file managers show them. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

function toDto({ file, uploadedBy }: CompanyFileRecord): CompanyFile {
  return {
    id: file.id,
    name: file.name,
    media_type: file.mediaType,
    size: file.size,
    purpose: file.purpose,
    sha256: file.sha256,
    uploaded_by: uploadedBy,
    created_at: file.createdAt.toISOString(),
  };
}

export async function filePage(ctx: FilesContext, query: FileListQuery): Promise<FilePage> {
  return pageOf(
    query,
    await listCompanyFiles(ctx.db, { companyId: ctx.tenant, purpose: query.purpose, ...searchOf(query) }),
    toDto,
  );
}

export async function fileUsage(ctx: FilesContext, limits: FileLimits): Promise<FileUsage> {
  return companyFileUsage(ctx.db, ctx.tenant, limits);
}

/** One company's storage, also as staff see it before sharing files into its space. */
export async function companyFileUsage(
  db: Executor,
  companyId: string,
  limits: FileLimits,
): Promise<FileUsage> {
  return {
    used_bytes: await companyUsage(db, companyId),
    quota_bytes: limits.quotaBytes,
    upload_max_bytes: limits.uploadMaxBytes,
  };
}

export function quotaExceeded(used: number, size: number, quota: number): AppError {
  const left = Math.max(0, quota - used);
  return new AppError(
    413,
    ERROR_CODES.quotaExceeded,
    `This file needs ${formatBytes(size)}, but only ${formatBytes(left)} of the company's ${formatBytes(quota)} are free: delete files you no longer need`,
    { otherData: { used_bytes: used, quota_bytes: quota, upload_bytes: size } },
  );
}

/**
 * Refuses an upload before any byte is sent: over the upload limit, or more than the company has
 * left of its quota (checked again when the upload finishes, against what is stored by then).
 */
export async function assertUploadFits(
  db: Executor,
  companyId: string,
  size: number,
  limits: FileLimits,
): Promise<void> {
  if (size > limits.uploadMaxBytes)
    throw new AppError(
      413,
      ERROR_CODES.fileTooLarge,
      `Uploads are limited to ${formatBytes(limits.uploadMaxBytes)}; this file has ${formatBytes(size)}`,
      { otherData: { upload_max_bytes: limits.uploadMaxBytes, upload_bytes: size } },
    );
  const used = await companyUsage(db, companyId);
  if (used + size > limits.quotaBytes) throw quotaExceeded(used, size, limits.quotaBytes);
}

/** A live file of the caller's company, or any company's for staff (`anyCompany`); else 404. */
export async function fileForDownload(
  ctx: FilesContext,
  id: string,
  options: { anyCompany: boolean },
): Promise<CompanyFile> {
  const record = await findCompanyFile(ctx.db, options.anyCompany ? undefined : ctx.tenant, id);
  if (!record) throw missing();
  return toDto(record);
}

/**
 * Erases the bytes of content no kept file (live, or a share file still restorable) has any more.
 * Runs inside a transaction that holds the content's row lock, the same lock a finishing upload
 * takes before it relies on the bytes.
 */
export async function releaseContentIfUnused(
  tx: Executor,
  storage: FileStorage,
  sha256: string,
  now = new Date(),
): Promise<void> {
  await lockStoredFile(tx, sha256);
  if ((await liveReferences(tx, sha256, now)) === 0) await storage.delete(sha256);
}

/**
 * Deletes a file of the caller's company: it leaves lists at once (deleted_at, deleted_by). A share
 * file stays restorable for FILE_RESTORE_DAYS, its bytes kept and counted towards the quota until the
 * purge; any other file leaves the quota at once, and its bytes are erased in the same transaction
 * when no other kept file, of any company, has them. A file an open or answered engineering query
 * shows is refused (409 naming the query), nothing changed.
 */
export async function deleteFile(
  ctx: Pick<RequestContext, "db" | "tenant" | "actor" | "request">,
  storage: FileStorage,
  id: string,
): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const row = await markFileDeleted(tx, ctx.tenant, id, new Date(), ctx.actor.id);
    if (!row) throw missing();
    const query = await openQueryReferencing(tx, row.id);
    if (query)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `The engineering query ${query} refers to this file: it can be deleted once the query is closed`,
        { otherData: { query } },
      );
    await releaseContentIfUnused(tx, storage, row.sha256);
    await recordActivity(tx, {
      action: "file.deleted",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "file", id: row.id },
      details: { label: row.name, size: row.size, purpose: row.purpose },
      request: ctx.request,
    });
  });
  return null;
}

/** An upload whose last byte arrived, with what the server recorded when it was created. */
export interface FinishedUpload {
  id: string;
  companyId: string;
  userId: string;
  name: string;
  purpose: FilePurpose;
  size: number;
  /** The file-share folder a share upload goes into; null: the top level. */
  folderId: string | null;
  /** The uploader's name, for the activity log. */
  userName: string;
  /** A staff member's upload into the customer's share (ADR 0020): marked and announced by mail. */
  byOperator: boolean;
}

export interface FinishDependencies {
  db: Database;
  storage: FileStorage;
  uploads: UploadStore;
  limits: FileLimits;
  /** For the mail a customer gets when staff share a file with them. */
  mailer: Mailer;
  publicUrl: string;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const fields = cause as Error & { code?: unknown; constraint?: unknown };
    if (fields.code === "23505" && fields.constraint === constraint) return true;
  }
  return false;
}

/**
 * Moves a finished upload into the file storage (content-addressed, its content checked against
 * its purpose on the way in) and records it for the company, the quota checked again under the
 * company's lock. Asked twice for the same upload, it answers the file of the first time.
 */
export async function storeFinishedUpload(
  deps: FinishDependencies,
  upload: FinishedUpload,
): Promise<CompanyFileRow> {
  const { db, storage, uploads, limits, mailer, publicUrl } = deps;
  const earlier = await findFileOfUpload(db, upload.companyId, upload.id);
  if (earlier) return earlier;
  const usedBefore = await companyUsage(db, upload.companyId);
  if (usedBefore + upload.size > limits.quotaBytes)
    throw quotaExceeded(usedBefore, upload.size, limits.quotaBytes);

  let mediaType = "application/octet-stream";
  const putIntoStorage = async () =>
    storage.put(
      Readable.from(
        checkedContent(await uploads.read(upload.id), upload.purpose, (type) => {
          mediaType = type;
        }),
      ),
      { maxBytes: upload.size },
    );
  let stored;
  try {
    stored = await putIntoStorage();
  } catch (error) {
    if (error instanceof ContentRefusedError)
      throw new AppError(422, ERROR_CODES.fileContentRefused, error.message, {
        field: "file",
        otherData: { detected: error.detected.kind },
      });
    throw error;
  }
  if (stored.size !== upload.size)
    throw new Error(`Upload ${upload.id} has ${stored.size} of ${upload.size} bytes`);

  try {
    const file = await db.transaction(async (tx) => {
      if (!(await lockCompany(tx, upload.companyId))) throw notFound("No such company");
      const used = await companyUsage(tx, upload.companyId);
      if (used + upload.size > limits.quotaBytes) throw quotaExceeded(used, upload.size, limits.quotaBytes);
      await claimStoredFile(tx, stored.sha256, stored.size);
      // The last other copy may have been deleted, and its bytes erased, since the put above.
      if (!(await storage.has(stored.sha256))) await putIntoStorage();
      // A folder deleted while the bytes were on their way: the file lands at the top level.
      const folder =
        upload.purpose === "share" && upload.folderId
          ? await findFolder(tx, upload.companyId, upload.folderId)
          : null;
      const file = await insertCompanyFile(tx, {
        companyId: upload.companyId,
        sha256: stored.sha256,
        name: upload.name,
        mediaType,
        size: stored.size,
        purpose: upload.purpose,
        uploadedByUserId: upload.userId,
        uploadId: upload.id,
        folderId: folder?.folder.id ?? null,
        sharedByOperator: upload.byOperator,
      });
      // Uploads for a specification are logged by it (pcb.version_saved, bom.imported); share files on their own.
      if (upload.purpose === "share")
        await recordActivity(tx, {
          action: upload.byOperator ? "file.shared" : "file.uploaded",
          companyId: upload.companyId,
          actor: { id: upload.userId, name: upload.userName },
          subject: { type: "file", id: file.id },
          details: { label: file.name, size: file.size, folder: folder?.folder.name ?? null },
        });
      if (upload.byOperator)
        await writeSharedFileMails(tx, mailer, publicUrl, {
          companyId: upload.companyId,
          operator: upload.userName,
          fileName: file.name,
          folder: folder ? { id: folder.folder.id, name: folder.folder.name } : null,
        });
      return file;
    });
    if (upload.byOperator) mailer.deliverSoon();
    return file;
  } catch (error) {
    if (isUniqueViolation(error, "company_files_upload_id_unique")) {
      const first = await findFileOfUpload(db, upload.companyId, upload.id);
      if (first) return first;
    }
    // Nothing refers to the bytes just stored unless another file has the same content.
    await db.transaction((tx) => releaseContentIfUnused(tx, storage, stored.sha256));
    throw error;
  }
}

/**
 * The file a finished upload became, for a client that asks after the last byte: the company's own
 * upload, or one a staff member shared into a customer's space.
 */
export function fileOfFinishedUpload(
  db: Executor,
  owner: { companyId: string } | { operatorUserId: string },
  uploadId: string,
): Promise<CompanyFileRow | null> {
  return "companyId" in owner
    ? findFileOfUpload(db, owner.companyId, uploadId)
    : findOperatorFileOfUpload(db, owner.operatorUserId, uploadId);
}

/**
 * Removes uploads nobody finished within 24 hours, and the temporary files of stored-file writes a
 * killed process left behind. The server runs it at start and every hour.
 */
export async function sweepAbandonedUploads(
  uploads: UploadStore,
  storage: FileStorage,
  now = new Date(),
): Promise<{ uploads: number; temporaryFiles: number }> {
  const removed = await uploads.deleteAbandoned(new Date(now.getTime() - UPLOADS.expiresAfterMs));
  const temporaryFiles = await storage.deleteAbandonedTemporaryFiles({ olderThanMs: UPLOADS.expiresAfterMs });
  return { uploads: removed, temporaryFiles };
}

/**
 * A live file of `companyId` (any company's when undefined), as its DTO, or null: for documents that
 * refer to a file, so a deleted file shows as gone instead of failing the document.
 */
export async function liveCompanyFile(
  db: Executor,
  companyId: string | undefined,
  id: string,
): Promise<CompanyFile | null> {
  const record = await findCompanyFile(db, companyId, id);
  return record ? toDto(record) : null;
}

/**
 * The file a document of the caller's company is to refer to: a live file of that company (else
 * 404, also for another company's id) with the purpose the document needs (else 400 on `field`).
 */
export async function companyFileFor(
  db: Executor,
  companyId: string,
  id: string,
  purpose: FilePurpose,
  field: string,
): Promise<CompanyFile> {
  const file = await liveCompanyFile(db, companyId, id);
  if (!file) throw missing();
  if (file.purpose !== purpose)
    throw new AppError(400, ERROR_CODES.validation, `must be a file uploaded as ${purpose}`, { field });
  return file;
}
