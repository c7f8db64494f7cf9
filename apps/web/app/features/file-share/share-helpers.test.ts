import { describe, expect, it } from "vitest";

import {
  baseNameLength,
  blockingQuery,
  fileKind,
  folderUpdateBody,
  heldCounts,
  isPreviewable,
  readShareView,
  shareEntries,
  shareSearch,
  sortedView,
} from "./share-helpers";

const FOLDER = "0b6f1c1e-6a55-4f3c-9d0e-2f3a4b5c6d7e";

describe("the file share's view in the URL", () => {
  it("reads the folder and the order, falling back to the top level by name", () => {
    expect(readShareView(new URLSearchParams(""))).toEqual({ folder: null, sort: "name", dir: "asc" });
    expect(readShareView(new URLSearchParams(`folder=${FOLDER}&sort=size&dir=asc`))).toEqual({
      folder: FOLDER,
      sort: "size",
      dir: "asc",
    });
    expect(readShareView(new URLSearchParams("folder=../etc&sort=owner&dir=up"))).toEqual({
      folder: null,
      sort: "name",
      dir: "asc",
    });
    // A new sort starts with the newest and the largest first.
    expect(readShareView(new URLSearchParams("sort=created_at")).dir).toBe("desc");
  });

  it("writes only what is not the default", () => {
    expect(shareSearch({ folder: null, sort: "name", dir: "asc" })).toBe("");
    expect(shareSearch({ folder: FOLDER, sort: "name", dir: "asc" })).toBe(`?folder=${FOLDER}`);
    expect(shareSearch({ folder: null, sort: "size", dir: "desc" })).toBe("?sort=size&dir=desc");
  });

  it("reverses the column it is sorted by, and starts another with its first direction", () => {
    const view = { folder: FOLDER, sort: "name", dir: "asc" } as const;
    expect(sortedView(view, "name")).toEqual({ ...view, dir: "desc" });
    expect(sortedView(view, "created_at")).toEqual({ folder: FOLDER, sort: "created_at", dir: "desc" });
  });
});

describe("files and folders", () => {
  it("previews PNG, JPEG and PDF only", () => {
    expect(["image/png", "image/jpeg", "application/pdf"].every(isPreviewable)).toBe(true);
    expect(isPreviewable("image/svg+xml")).toBe(false);
    expect(isPreviewable("text/html")).toBe(false);
  });

  it("tells the kind of a file for its icon", () => {
    expect(fileKind("board.png", "image/png")).toBe("image");
    expect(fileKind("report.pdf", "application/pdf")).toBe("pdf");
    expect(fileKind("gerbers.zip", "application/zip")).toBe("archive");
    expect(fileKind("bom.xlsx", "application/zip")).toBe("sheet");
    expect(fileKind("notes.txt", "text/plain")).toBe("text");
    expect(fileKind("firmware.bin", "application/octet-stream")).toBe("other");
  });

  it("lists folders before files", () => {
    const folder = { id: FOLDER, name: "B" } as never;
    const file = { id: "f", name: "A" } as never;
    expect(shareEntries([folder], [file]).map((entry) => entry.kind)).toEqual(["folder", "file"]);
  });

  it("selects a file's name without its extension for a rename", () => {
    expect(baseNameLength("report.pdf")).toBe(6);
    expect(baseNameLength("README")).toBe(6);
    expect(baseNameLength(".hidden")).toBe(7);
  });

  it("sends a folder's update with its link kept", () => {
    expect(folderUpdateBody({ id: FOLDER, name: "Drawings" })).toEqual({
      name: "Drawings",
      parent_id: null,
      link: null,
    });
    expect(
      folderUpdateBody({
        id: FOLDER,
        name: "Drawings",
        parent_id: FOLDER,
        link_kind: "sales_order",
        link_id: FOLDER,
      }),
    ).toEqual({ name: "Drawings", parent_id: FOLDER, link: { kind: "sales_order", id: FOLDER } });
  });

  it("reads why a delete was refused", () => {
    expect(heldCounts({ folders: 1, files: 3 })).toEqual({ folders: 1, files: 3 });
    expect(heldCounts({ query: "EQ-2026-0001" })).toBeNull();
    expect(blockingQuery({ query: "EQ-2026-0001" })).toBe("EQ-2026-0001");
    expect(blockingQuery(undefined)).toBeNull();
  });
});
