import {
  PREVIEW_MEDIA_TYPES,
  SHARE_SORTS,
  type ShareContent,
  type ShareContentQuery,
  type ShareFile,
  type ShareFolder,
} from "@ems/contracts/files";
import { can } from "@ems/contracts/permissions";
import type { StaffCustomerUser } from "@ems/contracts/staff-customers";

import type { ListSpec, ListState } from "~/lib/list-query";

/**
 * The URL of a customer's file share in the back office: `?folder=` opens a folder (as in the share
 * mail's /my/file-share?folder= link), `sort` and `dir` order it; names start A→Z, dates and sizes
 * with the newest or largest.
 */
export const STAFF_CUSTOMER_FILES: ListSpec = {
  sorts: SHARE_SORTS,
  ascFirst: ["name"],
  ids: ["folder"],
};

/** What the staff share endpoint is asked for a page's URL state. */
export function shareContentQuery(state: ListState): ShareContentQuery {
  const sort = (SHARE_SORTS as readonly string[]).includes(state.sort)
    ? (state.sort as ShareContentQuery["sort"])
    : "name";
  return {
    ...(state.filters.folder ? { folder_id: state.filters.folder } : {}),
    sort,
    dir: state.dir,
  };
}

/** One row of a folder's list: a subfolder or a file. */
export type ShareRow =
  { kind: "folder"; id: string; folder: ShareFolder } | { kind: "file"; id: string; file: ShareFile };

/** A folder's subfolders, then its files, each in the order the API sorted them. */
export function shareRows(content: Pick<ShareContent, "folders" | "files">): ShareRow[] {
  return [
    ...content.folders.map((folder): ShareRow => ({ kind: "folder", id: `folder-${folder.id}`, folder })),
    ...content.files.map((file): ShareRow => ({ kind: "file", id: `file-${file.id}`, file })),
  ];
}

export type PreviewKind = "image" | "pdf";

/** How a file is previewed in the page: PNG and JPEG as an image, PDF in a frame; anything else only downloads. */
export function previewKind(mediaType: string): PreviewKind | null {
  if (!(PREVIEW_MEDIA_TYPES as readonly string[]).includes(mediaType)) return null;
  return mediaType === "application/pdf" ? "pdf" : "image";
}

/**
 * Who at the customer gets the `file_shared` mail: accepted members whose role may upload
 * (administrators, buyers, engineers), as the API picks them (a user account disabled as a whole is
 * not shown here and may still be listed).
 */
export function shareRecipients(users: readonly StaffCustomerUser[]): StaffCustomerUser[] {
  return users.filter((user) => user.status === "accepted" && can(user.role, "quotes.request"));
}
