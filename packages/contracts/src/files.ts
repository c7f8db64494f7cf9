import { z } from "zod";
import { listQuerySchema, pageOf, SORT_DIRECTIONS } from "./lists.ts";
import { companyMembersWith, defineEndpoints, STAFF, type Download } from "./endpoints.ts";
import { idParamSchema } from "./companies.ts";

/**
 * Files a company stores with the operator (issue 17): uploaded with the tus protocol under
 * `UPLOADS.path`, kept content-addressed by the API, listed, downloaded and deleted here. What a file
 * is for decides which content it may have: a Gerber upload must be a zip archive.
 */

/**
 * What a file is for: a board's Gerber zip, a bill of materials, pick-and-place data, a file in the
 * company's file share (either side's), or an attachment to an engineering query.
 */
export const FILE_PURPOSES = ["gerber", "bom", "pick_place", "share", "query"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** How long a deleted file-share file can be restored before its content is erased. */
export const FILE_RESTORE_DAYS = 30;

/** The longest folder name in the file share, in characters. */
export const FOLDER_NAME_MAX = 120;

/** The longest file name kept, in characters (the common file-system limit). */
export const FILE_NAME_MAX = 255;
/** The longest `filename` an upload may announce before it is cleaned (a path, say). */
export const UPLOAD_FILE_NAME_INPUT_MAX = 1024;

/**
 * The resumable uploads (tus 1.0.0: creation, creation-with-upload, termination, expiration). They
 * are not JSON endpoints, so they are described here instead of by `defineEndpoints`: the path,
 * who may upload, and the header that names the stored file once the last byte arrived. Staff may
 * upload too, only `share` files into a customer's file share (metadata `company_id`, ADR 0020).
 */
export const UPLOADS = {
  path: "/api/uploads",
  access: companyMembersWith("quotes.request"),
  /** On the response to the request that completes an upload, and on a HEAD of a finished one. */
  fileIdHeader: "Upload-File-Id",
  /** An upload nobody finished is removed this long after it was created. */
  expiresAfterMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * The metadata an upload must announce (tus `Upload-Metadata`): the file's name and its purpose.
 * Other keys (tus clients add `filetype`, `name`, `relativePath`) are ignored, not refused.
 */
export const uploadMetadataSchema = z.object({
  filename: z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(UPLOAD_FILE_NAME_INPUT_MAX, `must be at most ${UPLOAD_FILE_NAME_INPUT_MAX} characters`),
  purpose: z.enum(FILE_PURPOSES, { error: `must be one of ${FILE_PURPOSES.join(", ")}` }),
  /** The file-share folder a `share` upload goes into (one of the company's); none: the top level. */
  folder_id: z.uuid({ error: "must be a folder id" }).optional(),
  /**
   * Staff only (ignored for anyone else): the customer whose file share a staff member's `share`
   * upload goes into; staff have no files of their own (ADR 0020).
   */
  company_id: z.uuid({ error: "must be a company id" }).optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

// Control characters (C0, DEL, C1) and the bidirectional overrides that make "zip.exe" read as
// "exe.zip"; removed, since they carry no meaning in a name.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Reserved in file names on Windows or meaningful in a header; replaced by "_". */
const RESERVED = /[<>:"|?*]/g;
const EXTENSION_MAX = 16;

/**
 * The name a file is stored and downloaded under: only the last segment of a path (either slash),
 * without control characters or direction overrides, reserved characters as "_", runs of spaces as
 * one, no leading dots (`..`, hidden files) and no trailing dots or spaces, at most 255 characters
 * with the extension kept. A name with nothing left is "file".
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = lastSegment
    .replace(INVISIBLE, "")
    .replace(RESERVED, "_")
    .replace(/\s+/gu, " ")
    .replace(/^[\s.]+/u, "")
    .replace(/[\s.]+$/u, "");
  const characters = Array.from(cleaned);
  if (characters.length === 0) return "file";
  if (characters.length <= FILE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const kept = extension.length <= EXTENSION_MAX ? extension : [];
  return (
    characters
      .slice(0, FILE_NAME_MAX - kept.length)
      .join("")
      .trimEnd() + kept.join("")
  );
}

/**
 * A folder's name in the file share, cleaned the way sanitizeFileName cleans a file's (control
 * characters and direction overrides removed, reserved characters as "_", spaces collapsed, no
 * leading or trailing dots). Empty when nothing is left; the caller refuses that.
 */
export function sanitizeFolderName(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(RESERVED, "_")
    .replace(/\s+/gu, " ")
    .replace(/^[\s.]+/u, "")
    .replace(/[\s.]+$/u, "");
}

export const FILE_SORTS = ["created_at", "name", "size"] as const;

/** `q` matches the file name. */
export const fileListQuerySchema = listQuerySchema({
  sorts: FILE_SORTS,
  defaultSort: "created_at",
  filters: { purpose: z.enum(FILE_PURPOSES).optional() },
});

export const companyFileSchema = z
  .object({
    id: z.uuid(),
    /** The cleaned name (sanitizeFileName), as the download is named. */
    name: z.string(),
    /** The type the content was checked to be (application/zip for Gerber uploads). */
    media_type: z.string(),
    size: z.number().int(),
    purpose: z.enum(FILE_PURPOSES),
    /** SHA-256 of the content, lower-case hex: to check a download, or to spot the same file twice. */
    sha256: z.string(),
    /** Who uploaded it; null once that user is gone. */
    uploaded_by: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "CompanyFile" });

export const filePageSchema = pageOf(companyFileSchema).meta({ id: "CompanyFilePage" });

export const fileUsageSchema = z
  .object({
    /** The sizes of the company's files added up (each company's own copy counts). */
    used_bytes: z.number().int(),
    quota_bytes: z.number().int(),
    /** The largest single upload. */
    upload_max_bytes: z.number().int(),
  })
  .meta({ id: "FileUsage" });

/** A stored file as it was uploaded; the media type is the file's own. */
export const FILE_DOWNLOAD: Download = { download: "application/octet-stream" };

export type FileListQuery = z.infer<typeof fileListQuerySchema>;
export type CompanyFile = z.infer<typeof companyFileSchema>;
export type FilePage = z.infer<typeof filePageSchema>;
export type FileUsage = z.infer<typeof fileUsageSchema>;

const downloadDescription =
  "Content-Disposition: attachment (RFC 6266, the name also as RFC 5987 filename*), X-Content-Type-Options: nosniff, " +
  "an ETag (the SHA-256) and single byte ranges (Range: bytes=…, 206; outside the file 416).";

/** The media types a preview shows inline; anything else is only downloaded. */
export const PREVIEW_MEDIA_TYPES = ["image/png", "image/jpeg", "application/pdf"] as const;

/**
 * The sandbox a preview is served in: no script, no plug-in, no form and no fetch of this origin,
 * so a crafted PDF or image cannot act as the signed-in user. frame-ancestors lets the file-share
 * page (same origin only) show a PDF in a frame; browsers then ignore the global X-Frame-Options.
 */
export const PREVIEW_CONTENT_SECURITY_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

const previewDescription =
  `Content-Disposition: inline, X-Content-Type-Options: nosniff, Content-Security-Policy: ${PREVIEW_CONTENT_SECURITY_POLICY}; ` +
  "ETag and byte ranges as the download. Other types answer 415 UNSUPPORTED_MEDIA_TYPE: they are only downloaded.";

export const fileEndpoints = defineEndpoints("files", {
  list: {
    method: "GET",
    path: "/api/files",
    summary: "The company's files",
    access: companyMembersWith("company.read"),
    query: fileListQuerySchema,
    response: filePageSchema,
    caching: "private",
  },
  usage: {
    method: "GET",
    path: "/api/files/usage",
    summary: "The company's storage: bytes used, its quota and the largest upload",
    access: companyMembersWith("company.read"),
    response: fileUsageSchema,
    caching: "private",
  },
  download: {
    method: "GET",
    path: "/api/files/:id",
    summary: "Downloads one of the company's files",
    description: `${downloadDescription} Another company's id answers 404.`,
    access: companyMembersWith("company.read"),
    params: idParamSchema,
    response: FILE_DOWNLOAD,
    errors: [404, 416],
    caching: "route",
  },
  delete: {
    method: "DELETE",
    path: "/api/files/:id",
    summary: "Deletes one of the company's files (administrators, buyers, engineers)",
    description:
      "The file leaves the list at once (deleted_at, deleted_by). A file-share file can be restored for FILE_RESTORE_DAYS and counts towards the quota until then; " +
      "any other file leaves the quota at once. Content is erased once no kept file of any company has it. " +
      "A file an open or answered engineering query refers to is not deleted (409 naming the query).",
    access: UPLOADS.access,
    params: idParamSchema,
    response: z.null(),
    errors: [404, 409],
    caching: "private",
  },
  preview: {
    method: "GET",
    path: "/api/files/:id/preview",
    summary: "Shows one of the company's PNG, JPEG or PDF files inline",
    description: `${previewDescription} Another company's id answers 404.`,
    access: companyMembersWith("company.read"),
    params: idParamSchema,
    response: FILE_DOWNLOAD,
    errors: [404, 415, 416],
    caching: "route",
  },
});

export const staffFileEndpoints = defineEndpoints("staff", {
  download: {
    method: "GET",
    path: "/api/staff/files/:id",
    summary: "Downloads any company's file",
    description: downloadDescription,
    access: STAFF,
    params: idParamSchema,
    response: FILE_DOWNLOAD,
    errors: [404, 416],
    caching: "route",
  },
  previewFile: {
    method: "GET",
    path: "/api/staff/files/:id/preview",
    summary: "Shows any company's PNG, JPEG or PDF file inline",
    description: previewDescription,
    access: STAFF,
    params: idParamSchema,
    response: FILE_DOWNLOAD,
    errors: [404, 415, 416],
    caching: "route",
  },
});

// The file share (issue 21): folders of a company's `share` files, moved, renamed, deleted with
// FILE_RESTORE_DAYS to restore, and files the operator's staff share into the company's space.

/** What a folder can be about: an order or a specification of the company. */
export const FOLDER_LINK_KINDS = ["sales_order", "assembly_spec", "pcb_spec"] as const;
export type FolderLinkKind = (typeof FOLDER_LINK_KINDS)[number];

const SEPARATORS = /[/\\]/;

/**
 * A name typed for a file or a folder: a path separator is refused (a name is not a place, moving is),
 * as is a name longer than the limit; control characters are removed when it is cleaned.
 */
const typedNameSchema = (max: number) =>
  z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !SEPARATORS.test(value), "must not contain / or \\ (move it into a folder instead)");

const folderLinkSchema = z
  .strictObject({ kind: z.enum(FOLDER_LINK_KINDS), id: z.uuid() })
  .meta({ id: "FolderLinkInput" });

export const createFolderSchema = z
  .strictObject({
    name: typedNameSchema(FOLDER_NAME_MAX),
    /** The folder to create it in; null or absent: the top level. */
    parent_id: z.uuid().nullable().optional(),
    link: folderLinkSchema.nullable().optional(),
  })
  .meta({ id: "CreateShareFolder" });

/** The whole folder as it is to be: renamed, moved (parent_id) and linked in one request. */
export const updateFolderSchema = z
  .strictObject({
    name: typedNameSchema(FOLDER_NAME_MAX),
    parent_id: z.uuid().nullable(),
    link: folderLinkSchema.nullable(),
  })
  .meta({ id: "UpdateShareFolder" });

/** Renames and moves a share file; the name keeps the file's extension. */
export const updateShareFileSchema = z
  .strictObject({
    name: typedNameSchema(FILE_NAME_MAX),
    folder_id: z.uuid().nullable(),
  })
  .meta({ id: "UpdateShareFile" });

export const SHARE_SORTS = ["name", "created_at", "size"] as const;

export const shareContentQuerySchema = z.strictObject({
  /** The folder to list; absent: the top level. */
  folder_id: z.uuid().optional(),
  sort: z.enum(SHARE_SORTS).default("name"),
  dir: z.enum(SORT_DIRECTIONS).default("asc"),
});

export const shareFolderSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    parent_id: z.uuid().nullable(),
    /** The order or specification the folder is about, with its number. */
    link: z.object({ kind: z.enum(FOLDER_LINK_KINDS), id: z.uuid(), number: z.string() }).nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ShareFolder" });

export const shareFileSchema = companyFileSchema
  .extend({
    folder_id: z.uuid().nullable(),
    /** Put there by the operator's staff (a test report, a drawing). */
    shared_by_operator: z.boolean(),
    deleted_at: z.string().nullable(),
    /** Who deleted it; null once that user is gone, or when not deleted. */
    deleted_by: z.string().nullable(),
    /** Until when a deleted file can be restored; then its content is erased. */
    restorable_until: z.string().nullable(),
  })
  .meta({ id: "ShareFile" });

export const shareContentSchema = z
  .object({
    /** The folder listed; null: the top level. */
    folder: shareFolderSchema.nullable(),
    /** Its ancestors, the top-most first (the folder itself not included). */
    breadcrumb: z.array(shareFolderSchema),
    folders: z.array(shareFolderSchema),
    files: z.array(shareFileSchema),
  })
  .meta({ id: "ShareContent" });

export const deletedShareFilesSchema = z
  .object({ items: z.array(shareFileSchema) })
  .meta({ id: "DeletedShareFiles" });

export type FolderLink = z.infer<typeof folderLinkSchema>;
export type CreateFolder = z.infer<typeof createFolderSchema>;
export type UpdateFolder = z.infer<typeof updateFolderSchema>;
export type UpdateShareFile = z.infer<typeof updateShareFileSchema>;
export type ShareContentQuery = z.infer<typeof shareContentQuerySchema>;
export type ShareFolder = z.infer<typeof shareFolderSchema>;
export type ShareFile = z.infer<typeof shareFileSchema>;
export type ShareContent = z.infer<typeof shareContentSchema>;
export type DeletedShareFiles = z.infer<typeof deletedShareFilesSchema>;

export const companyIdParamSchema = z.strictObject({ companyId: z.uuid() });

export const fileShareEndpoints = defineEndpoints("file-share", {
  content: {
    method: "GET",
    path: "/api/file-share",
    summary: "A folder of the company's file share: its subfolders, files and ancestors",
    description: "Without folder_id the top level. Folders are listed by name (by date when sorted by date).",
    access: companyMembersWith("company.read"),
    query: shareContentQuerySchema,
    response: shareContentSchema,
    errors: [404],
    caching: "private",
  },
  createFolder: {
    method: "POST",
    path: "/api/file-share/folders",
    summary: "Creates a folder in the company's file share",
    description:
      "409 when a sibling has the same name (ignoring case); parent_id and the linked order or specification must be the company's (else 404).",
    access: UPLOADS.access,
    body: createFolderSchema,
    response: shareFolderSchema,
    created: true,
    errors: [404, 409],
    caching: "private",
  },
  updateFolder: {
    method: "PUT",
    path: "/api/file-share/folders/:id",
    summary: "Renames, moves or links a folder",
    description: "Moving a folder into itself or one of its subfolders answers 400 on parent_id.",
    access: UPLOADS.access,
    params: idParamSchema,
    body: updateFolderSchema,
    response: shareFolderSchema,
    errors: [404, 409],
    caching: "private",
  },
  deleteFolder: {
    method: "DELETE",
    path: "/api/file-share/folders/:id",
    summary: "Deletes an empty folder",
    description: "A folder that still holds folders or files answers 409 saying what.",
    access: UPLOADS.access,
    params: idParamSchema,
    response: z.null(),
    errors: [404, 409],
    caching: "private",
  },
  updateFile: {
    method: "PUT",
    path: "/api/file-share/files/:id",
    summary: "Renames a share file or moves it into another folder",
    access: UPLOADS.access,
    params: idParamSchema,
    body: updateShareFileSchema,
    response: shareFileSchema,
    errors: [404],
    caching: "private",
  },
  deleted: {
    method: "GET",
    path: "/api/file-share/deleted",
    summary: "The share files deleted in the last FILE_RESTORE_DAYS days, newest first",
    access: companyMembersWith("company.read"),
    response: deletedShareFilesSchema,
    caching: "private",
  },
  restore: {
    method: "POST",
    path: "/api/file-share/files/:id/restore",
    summary: "Restores a deleted share file",
    description: `404 once FILE_RESTORE_DAYS (${FILE_RESTORE_DAYS}) have passed. A file whose folder was deleted comes back at the top level.`,
    access: UPLOADS.access,
    params: idParamSchema,
    response: shareFileSchema,
    errors: [404],
    caching: "private",
  },
});

const staffShareParamsSchema = companyIdParamSchema;

export const staffFileShareEndpoints = defineEndpoints("staff", {
  fileShareContent: {
    method: "GET",
    path: "/api/staff/companies/:companyId/file-share",
    summary: "A folder of any company's file share",
    access: STAFF,
    params: staffShareParamsSchema,
    query: shareContentQuerySchema,
    response: shareContentSchema,
    errors: [404],
    caching: "private",
  },
  fileShareUsage: {
    method: "GET",
    path: "/api/staff/companies/:companyId/file-share/usage",
    summary: "A company's storage: bytes used, its quota and the largest upload",
    access: STAFF,
    params: staffShareParamsSchema,
    response: fileUsageSchema,
    errors: [404],
    caching: "private",
  },
  createFileShareFolder: {
    method: "POST",
    path: "/api/staff/companies/:companyId/file-share/folders",
    summary: "Creates a folder in a company's file share",
    access: STAFF,
    params: staffShareParamsSchema,
    body: createFolderSchema,
    response: shareFolderSchema,
    created: true,
    errors: [404, 409],
    caching: "private",
  },
});
