import type { ShareFile, ShareFolder } from "@ems/contracts/files";
import type { StaffCustomerUser } from "@ems/contracts/staff-customers";
import { describe, expect, it } from "vitest";

import { listHref, readListQuery } from "~/lib/list-query";

import {
  previewKind,
  shareContentQuery,
  shareRecipients,
  shareRows,
  STAFF_CUSTOMER_FILES,
} from "./file-share-helpers";

const FOLDER_ID = "00000000-0000-4000-8000-00000000f001";
const FILE_ID = "00000000-0000-4000-8000-00000000a001";

const folder: ShareFolder = {
  id: FOLDER_ID,
  name: "Test reports",
  parent_id: null,
  link: null,
  created_by: "Petra Keller",
  created_at: "2026-11-28T09:00:00.000Z",
  updated_at: "2026-11-28T09:00:00.000Z",
};

const file: ShareFile = {
  id: FILE_ID,
  name: "report.pdf",
  media_type: "application/pdf",
  size: 1234,
  purpose: "share",
  sha256: "0".repeat(64),
  uploaded_by: "Petra Keller",
  created_at: "2026-11-28T10:00:00.000Z",
  folder_id: FOLDER_ID,
  shared_by_operator: true,
  deleted_at: null,
  deleted_by: null,
  restorable_until: null,
};

const read = (query: string) => readListQuery(new URLSearchParams(query), STAFF_CUSTOMER_FILES);

describe("the share page's URL", () => {
  it("lists the top level by name, A to Z, without a folder", () => {
    expect(shareContentQuery(read(""))).toEqual({ sort: "name", dir: "asc" });
  });

  it("opens the folder of ?folder= and keeps a sort by date or size", () => {
    expect(shareContentQuery(read(`folder=${FOLDER_ID}&sort=size&dir=desc`))).toEqual({
      folder_id: FOLDER_ID,
      sort: "size",
      dir: "desc",
    });
    // Dates start with the newest.
    expect(shareContentQuery(read("sort=created_at"))).toEqual({ sort: "created_at", dir: "desc" });
  });

  it("drops what the API would refuse: a folder that is no id, an unknown sort", () => {
    expect(shareContentQuery(read("folder=../etc&sort=owner&dir=sideways"))).toEqual({
      sort: "name",
      dir: "asc",
    });
  });

  it("links another folder keeping the sort, and the top level without a folder", () => {
    const state = read(`folder=${FOLDER_ID}&sort=size&dir=desc`);
    const path = "/staff/customers/c/files";
    expect(listHref(path, state, STAFF_CUSTOMER_FILES, { filters: { folder: null } })).toBe(
      `${path}?sort=size&dir=desc`,
    );
    expect(listHref(path, read(""), STAFF_CUSTOMER_FILES, { filters: { folder: FOLDER_ID } })).toBe(
      `${path}?folder=${FOLDER_ID}`,
    );
  });
});

describe("shareRows", () => {
  it("puts the subfolders first, then the files, each as the API ordered them", () => {
    const other = { ...folder, id: "00000000-0000-4000-8000-00000000f002", name: "Drawings" };
    const rows = shareRows({ folders: [folder, other], files: [file] });
    expect(rows.map((row) => row.id)).toEqual([
      `folder-${FOLDER_ID}`,
      `folder-${other.id}`,
      `file-${FILE_ID}`,
    ]);
    expect(rows.map((row) => row.kind)).toEqual(["folder", "folder", "file"]);
  });

  it("gives an empty folder no rows", () => {
    expect(shareRows({ folders: [], files: [] })).toEqual([]);
  });
});

describe("previewKind", () => {
  it("shows PNG and JPEG as images and PDF in a frame", () => {
    expect(previewKind("image/png")).toBe("image");
    expect(previewKind("image/jpeg")).toBe("image");
    expect(previewKind("application/pdf")).toBe("pdf");
  });

  it("only downloads anything else, SVG and HTML above all", () => {
    for (const type of [
      "image/svg+xml",
      "text/html",
      "application/zip",
      "application/octet-stream",
      "text/plain",
    ])
      expect(previewKind(type)).toBeNull();
  });
});

describe("shareRecipients", () => {
  const user = (
    name: string,
    role: StaffCustomerUser["role"],
    status: StaffCustomerUser["status"] = "accepted",
  ) =>
    ({
      id: name,
      name,
      email: `${name}@customer.example`,
      role,
      status,
      language: "en",
    }) satisfies StaffCustomerUser;

  it("names the accepted administrators, buyers and engineers, as the share mail goes to them", () => {
    const users = [
      user("lena", "admin"),
      user("jonas", "buyer"),
      user("mira", "engineer"),
      user("andrei", "finance"),
      user("sofie", "viewer"),
      user("invited", "buyer", "invited"),
      user("disabled", "admin", "disabled"),
    ];
    expect(shareRecipients(users).map((u) => u.name)).toEqual(["lena", "jonas", "mira"]);
  });

  it("is empty for a company of readers only", () => {
    expect(shareRecipients([user("sofie", "viewer")])).toEqual([]);
  });
});
