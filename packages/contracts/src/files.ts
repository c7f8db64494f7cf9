import { z } from "zod";
import { listQuerySchema, pageOf } from "./lists.ts";
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
 * who may upload, and the header that names the stored file once the last byte arrived.
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
      "The file leaves the list and the quota at once; its content is erased once no file of any company has the same content.",
    access: UPLOADS.access,
    params: idParamSchema,
    response: z.null(),
    errors: [404],
    caching: "private",
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
});
