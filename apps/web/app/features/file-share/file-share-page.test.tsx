import type { ShareContent, ShareFile, ShareFolder } from "@ems/contracts/files";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ResumableUploadOptions } from "~/lib/resumable-upload";
import { messages } from "~/locales/en/messages";

import { FileSharePage, type FileSharePageProps } from "./file-share-page";
import { shareErrorText } from "./share-dialogs";

/** The uploads the page started, instead of a server. */
const started: { file: File; options: ResumableUploadOptions }[] = [];

vi.mock("~/lib/resumable-upload", () => ({
  ResumableUpload: class {
    constructor(file: File, options: ResumableUploadOptions) {
      started.push({ file, options });
    }
    async start() {}
    async pause() {}
    async cancel() {}
  },
}));

afterEach(() => {
  cleanup();
  started.length = 0;
});

const i18n = setupI18n({ locale: "en", messages: { en: messages } });

const folder = (id: string, name: string, parent: string | null = null): ShareFolder => ({
  id: `00000000-0000-4000-8000-00000000f00${id}`,
  name,
  parent_id: parent,
  link: null,
  created_by: "Lena Hartmann",
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
});

const file = (id: string, name: string, over: Partial<ShareFile> = {}): ShareFile => ({
  id: `00000000-0000-4000-8000-0000000fa00${id}`,
  name,
  media_type: "application/pdf",
  size: 2048,
  purpose: "share",
  sha256: "0".repeat(64),
  uploaded_by: "Lena Hartmann",
  created_at: "2026-11-21T10:00:00.000Z",
  folder_id: null,
  shared_by_operator: false,
  deleted_at: null,
  deleted_by: null,
  restorable_until: null,
  ...over,
});

const top = folder("1", "Drawings");
const inside = folder("2", "Housing", top.id);
const content: ShareContent = {
  folder: inside,
  breadcrumb: [top],
  folders: [],
  files: [
    file("1", "test-report.pdf", {
      folder_id: inside.id,
      shared_by_operator: true,
      uploaded_by: "Jonas Brandner",
    }),
    file("2", "firmware.bin", { folder_id: inside.id, media_type: "application/octet-stream" }),
  ],
};

function renderPage(props: Partial<FileSharePageProps> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: "/my/file-share",
        element: (
          <FileSharePage
            view={{ folder: inside.id, sort: "name", dir: "asc" }}
            content={content}
            problem={null}
            deleted={[
              file("3", "old-photo.png", {
                media_type: "image/png",
                deleted_at: "2026-11-25T10:00:00.000Z",
                deleted_by: "Lena Hartmann",
                restorable_until: "2026-12-25T10:00:00.000Z",
              }),
            ]}
            usage={{ used_bytes: 1_200_000, quota_bytes: 2 * 1024 ** 3, upload_max_bytes: 200_000_000 }}
            mayWrite={false}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: [`/my/file-share?folder=${inside.id}`] },
  );
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe("the customer's file share", () => {
  it("shows a reader where they are, what is here and what was deleted, with downloads and no changes", () => {
    renderPage();
    const path = screen.getByRole("navigation", { name: "Folder path" });
    expect(within(path).getByRole("link", { name: "File share" }).getAttribute("href")).toBe(
      "/my/file-share",
    );
    expect(within(path).getByRole("link", { name: "Drawings" }).getAttribute("href")).toBe(
      `/my/file-share?folder=${top.id}`,
    );
    expect(within(path).getByText("Housing").getAttribute("aria-current")).toBe("page");
    expect(screen.getByText(/of 2 GB used/)).toBeTruthy();

    const table = screen.getByRole("table", { name: "Folders and files" });
    // A PDF opens a preview; a firmware image is only downloaded.
    expect(within(table).getByRole("button", { name: "Preview test-report.pdf" })).toBeTruthy();
    expect(within(table).queryByRole("button", { name: "Preview firmware.bin" })).toBeNull();
    expect(within(table).getByRole("link", { name: "Download firmware.bin" }).getAttribute("href")).toBe(
      `/api/files/${content.files[1]!.id}`,
    );
    // Shared by the operator: the brand, not the staff member, with a badge.
    expect(within(table).getByText("Shared by Lindqvar Elektronik")).toBeTruthy();
    expect(within(table).queryByText("Jonas Brandner")).toBeNull();

    const deleted = screen.getByRole("table", { name: "Recently deleted files" });
    expect(within(deleted).getByText("old-photo.png")).toBeTruthy();

    // Nothing a reader cannot do is offered.
    expect(screen.queryByRole("button", { name: "New folder" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole("group", { name: /Upload a file/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Restore/ })).toBeNull();
  });

  it("lets a writer upload into the folder shown and change rows and restore", () => {
    renderPage({ mayWrite: true });
    expect(screen.getByRole("button", { name: "New folder" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Actions for test-report.pdf" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("button", { name: "Restore old-photo.png" }).length).toBeGreaterThan(0);

    const upload = screen.getByRole("group", { name: "Upload a file into Housing" });
    const input = upload.querySelector("input[type=file]") as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(["x"], "drawing.pdf", { type: "application/pdf" })] },
    });
    expect(started).toHaveLength(1);
    expect(started[0]!.options).toMatchObject({ purpose: "share", metadata: { folder_id: inside.id } });
  });

  it("previews a PDF in a frame of the preview address", () => {
    renderPage();
    fireEvent.click(screen.getAllByRole("button", { name: "Preview test-report.pdf" })[0]!);
    const dialog = screen.getByRole("dialog", { name: "test-report.pdf" });
    expect(dialog.querySelector("iframe")?.getAttribute("src")).toBe(
      `/api/files/${content.files[0]!.id}/preview`,
    );
    expect(within(dialog).getByRole("link", { name: "Download" }).getAttribute("download")).toBe(
      "test-report.pdf",
    );
  });

  it("says what an empty folder needs, for writers and for readers", () => {
    renderPage({ mayWrite: true, content: { ...content, files: [] } });
    expect(
      screen.getByText("This folder is empty. Upload a file into it, or create a subfolder."),
    ).toBeTruthy();
    cleanup();
    renderPage({ content: { ...content, files: [] } });
    expect(
      screen.getByText(/Nothing here yet\. Files your colleagues or the Lindqvar Elektronik team share/),
    ).toBeTruthy();
  });

  it("says that a folder is gone, with the way back to the top", () => {
    renderPage({ content: null, problem: "missing" });
    expect(screen.getByText("Folder not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the file share" }).getAttribute("href")).toBe(
      "/my/file-share",
    );
  });
});

describe("refusals", () => {
  it("word what a folder still holds, a question that shows a file, and typed names", () => {
    expect(shareErrorText(i18n, ["CONFLICT"], { folders: 1, files: 2 })).toBe(
      "This folder still holds 1 folder and 2 files. Move or delete what it holds first.",
    );
    expect(shareErrorText(i18n, ["CONFLICT"], { folders: 0, files: 1 })).toBe(
      "This folder still holds 1 file. Move or delete what it holds first.",
    );
    expect(shareErrorText(i18n, ["CONFLICT"], { query: "EQ-2026-00001" })).toContain("EQ-2026-00001");
    expect(shareErrorText(i18n, ["CONFLICT"])).toBe("A folder with this name is already there.");
    expect(shareErrorText(i18n, ["must not contain / or \\ (move it into a folder instead)"])).toContain(
      "cannot contain / or \\",
    );
    expect(shareErrorText(i18n, ["must be at most 120 characters"])).toBe(
      "A name can have at most 120 characters.",
    );
    expect(shareErrorText(i18n, undefined)).toBeUndefined();
  });
});
