import {
  createFolderSchema,
  FOLDER_LINK_KINDS,
  PREVIEW_MEDIA_TYPES,
  SHARE_SORTS,
  updateFolderSchema,
  updateShareFileSchema,
  type ShareFile,
  type ShareFolder,
} from "@ems/contracts/files";
import { z } from "zod";

/** How the file share is listed: which folder (`?folder=`), and the order (`?sort=&dir=`). */
export interface ShareView {
  folder: string | null;
  sort: (typeof SHARE_SORTS)[number];
  dir: "asc" | "desc";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The view a URL asks for; what it cannot mean falls back to the top level by name. A new sort
 * starts with the order a reader expects first: names A to Z, the newest and the largest first.
 */
export function readShareView(search: URLSearchParams): ShareView {
  const folder = search.get("folder");
  const wanted = search.get("sort");
  const sort = SHARE_SORTS.find((key) => key === wanted) ?? "name";
  const dirWanted = search.get("dir");
  const dir = dirWanted === "asc" || dirWanted === "desc" ? dirWanted : firstDir(sort);
  return { folder: folder && UUID.test(folder) ? folder : null, sort, dir };
}

function firstDir(sort: ShareView["sort"]): "asc" | "desc" {
  return sort === "name" ? "asc" : "desc";
}

/** The query string of a view, leaving out what is the default (so links stay short). */
export function shareSearch(view: ShareView): string {
  const params = new URLSearchParams();
  if (view.folder) params.set("folder", view.folder);
  if (view.sort !== "name" || view.dir !== "asc") {
    params.set("sort", view.sort);
    params.set("dir", view.dir);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The link a column header sorts by: the other direction when already sorted so, else its first. */
export function sortedView(view: ShareView, sort: ShareView["sort"]): ShareView {
  if (view.sort === sort) return { ...view, dir: view.dir === "asc" ? "desc" : "asc" };
  return { ...view, sort, dir: firstDir(sort) };
}

/** A folder's link in the same order as now. */
export function folderView(view: ShareView, folder: string | null): ShareView {
  return { ...view, folder };
}

/** Whether a file is shown in the page (PNG, JPEG, PDF) or only downloaded. */
export function isPreviewable(mediaType: string): boolean {
  return (PREVIEW_MEDIA_TYPES as readonly string[]).includes(mediaType);
}

/** What kind of file a name and type are, for its icon. */
export type FileKind = "image" | "pdf" | "archive" | "sheet" | "text" | "other";

export function fileKind(name: string, mediaType: string): FileKind {
  const extension = name.includes(".") ? (name.split(".").pop() ?? "").toLowerCase() : "";
  if (mediaType.startsWith("image/")) return "image";
  if (mediaType === "application/pdf") return "pdf";
  // Office files are zip archives inside: the name tells them apart first.
  if (["xlsx", "xls", "ods", "csv"].includes(extension)) return "sheet";
  if (["txt", "md", "doc", "docx", "odt", "rtf"].includes(extension) || mediaType.startsWith("text/"))
    return "text";
  if (["zip", "rar", "7z", "gz", "tgz"].includes(extension) || /zip|rar|7z|gzip/.test(mediaType))
    return "archive";
  return "other";
}

/** One row of the list: folders first (in the API's order), then files. */
export type ShareEntry = { kind: "folder"; folder: ShareFolder } | { kind: "file"; file: ShareFile };

export function shareEntries(folders: readonly ShareFolder[], files: readonly ShareFile[]): ShareEntry[] {
  return [
    ...folders.map((folder) => ({ kind: "folder" as const, folder })),
    ...files.map((file) => ({ kind: "file" as const, file })),
  ];
}

export const entryId = (entry: ShareEntry): string =>
  entry.kind === "folder" ? `folder-${entry.folder.id}` : `file-${entry.file.id}`;

export const entryName = (entry: ShareEntry): string =>
  entry.kind === "folder" ? entry.folder.name : entry.file.name;

/**
 * The part of a file's name a rename field selects: the name without its extension, which the API
 * keeps anyway ("report.pdf" → 0…6).
 */
export function baseNameLength(name: string): number {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? dot : name.length;
}

// The page's forms, read by the route's action with the same schemas the dialogs validate with.
const optionalId = z.uuid().optional();

export const createFolderForm = z.object({
  name: createFolderSchema.shape.name,
  parent_id: optionalId,
});

/** A folder renamed or moved: the whole folder as it is to be (its link kept as it was). */
export const updateFolderForm = z.object({
  id: z.uuid(),
  name: updateFolderSchema.shape.name,
  parent_id: optionalId,
  link_kind: z.enum(FOLDER_LINK_KINDS).optional(),
  link_id: optionalId,
});

export const updateFileForm = z.object({
  id: z.uuid(),
  name: updateShareFileSchema.shape.name,
  folder_id: optionalId,
});

export const shareIdForm = z.object({ id: z.uuid() });

/** The API body of a folder's update form. */
export function folderUpdateBody(form: z.output<typeof updateFolderForm>) {
  return {
    name: form.name,
    parent_id: form.parent_id ?? null,
    link: form.link_kind && form.link_id ? { kind: form.link_kind, id: form.link_id } : null,
  };
}

/** Why a folder could not be deleted: what it still holds (the API's 409 `otherData`). */
export function heldCounts(otherData: Record<string, unknown> | undefined): {
  folders: number;
  files: number;
} | null {
  const folders = otherData?.folders;
  const files = otherData?.files;
  return typeof folders === "number" && typeof files === "number" ? { folders, files } : null;
}

/** The engineering query that still shows a file (the API's 409 `otherData.query`). */
export function blockingQuery(otherData: Record<string, unknown> | undefined): string | null {
  const query = otherData?.query;
  return typeof query === "string" && query !== "" ? query : null;
}
