import type { FileUsage, ShareContent, ShareFile, ShareFolder } from "@ems/contracts/files";
import type { StaffCustomerUser } from "@ems/contracts/staff-customers";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { readListQuery } from "~/lib/list-query";
import type { ResumableUploadOptions, UploadState } from "~/lib/resumable-upload";
import { messages } from "~/locales/en/messages";

import { NewFolderDialog, PreviewDialog, ShareBreadcrumb, SharePanel, ShareTable } from "./file-share";
import { shareRows, STAFF_CUSTOMER_FILES } from "./file-share-helpers";

/** The uploads the share panel started, driven by the tests instead of a server. */
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

const toasts = vi.hoisted(() => [] as { title: string; description?: string }[]);
vi.mock("~/lib/toast", () => ({
  showToast: (toast: { title: string; description?: string }) => toasts.push(toast),
}));

afterEach(() => {
  cleanup();
  started.length = 0;
  toasts.length = 0;
});

const i18n = setupI18n({ locale: "en", messages: { en: messages } });
const PATH = "/staff/customers/00000000-0000-4000-8000-0000000000c1/files";
const COMPANY_ID = "00000000-0000-4000-8000-0000000000c1";

const folder = (id: string, name: string): ShareFolder => ({
  id: `00000000-0000-4000-8000-00000000f00${id}`,
  name,
  parent_id: null,
  link: null,
  created_by: "Lena Hartmann",
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: "2026-11-20T09:00:00.000Z",
});

const file = (
  id: string,
  name: string,
  mediaType: string,
  overrides: Partial<ShareFile> = {},
): ShareFile => ({
  id: `00000000-0000-4000-8000-00000000a00${id}`,
  name,
  media_type: mediaType,
  size: 52_400,
  purpose: "share",
  sha256: "0".repeat(64),
  uploaded_by: "Lena Hartmann",
  created_at: "2026-11-28T10:00:00.000Z",
  folder_id: null,
  shared_by_operator: false,
  deleted_at: null,
  deleted_by: null,
  restorable_until: null,
  ...overrides,
});

function renderInRouter(element: ReactNode, url = PATH) {
  const router = createMemoryRouter([{ path: "*", element, action: () => null }], { initialEntries: [url] });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const state = (query = "") => readListQuery(new URLSearchParams(query), STAFF_CUSTOMER_FILES);

describe("ShareBreadcrumb", () => {
  it("marks the top of the share as the current place when no folder is open", () => {
    renderInRouter(
      <ShareBreadcrumb content={{ folder: null, breadcrumb: [] }} pathname={PATH} state={state()} />,
    );
    const nav = screen.getByRole("navigation", { name: "Folder path" });
    expect(within(nav).queryByRole("link")).toBeNull();
    expect(within(nav).getByText("File share").getAttribute("aria-current")).toBe("page");
  });

  it("links the top and each ancestor, keeping the sort, and names the open folder last", () => {
    const reports = folder("1", "Reports");
    const batch = { ...folder("2", "Batch 7"), parent_id: reports.id };
    renderInRouter(
      <ShareBreadcrumb
        content={{ folder: batch, breadcrumb: [reports] }}
        pathname={PATH}
        state={state(`folder=${batch.id}&sort=size&dir=desc`)}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Folder path" });
    expect(within(nav).getByRole("link", { name: "File share" }).getAttribute("href")).toBe(
      `${PATH}?sort=size&dir=desc`,
    );
    expect(within(nav).getByRole("link", { name: "Reports" }).getAttribute("href")).toBe(
      `${PATH}?folder=${reports.id}&sort=size&dir=desc`,
    );
    expect(within(nav).getByText("Batch 7").getAttribute("aria-current")).toBe("page");
  });
});

describe("ShareTable", () => {
  const content: Pick<ShareContent, "folders" | "files"> = {
    folders: [
      {
        ...folder("1", "Test reports"),
        link: { kind: "sales_order", id: COMPANY_ID, number: "SO-2026-00004" },
      },
    ],
    files: [
      file("1", "report.pdf", "application/pdf", { shared_by_operator: true, uploaded_by: "Petra Keller" }),
      file("2", "housing.step.zip", "application/zip", { uploaded_by: null }),
    ],
  };

  function renderTable(onPreview = vi.fn(), rows = shareRows(content)) {
    renderInRouter(
      <ShareTable
        content={{ folder: null }}
        rows={rows}
        pathname={PATH}
        state={state()}
        locale="en"
        companyName="Nordwind Sensorik GmbH"
        onPreview={onPreview}
      />,
    );
    return within(screen.getByRole("table", { name: "Folders and files" }));
  }

  it("opens folders by link, with the order or specification they are about", () => {
    const table = renderTable();
    const link = table.getByRole("link", { name: "Test reports" });
    expect(link.getAttribute("href")).toBe(`${PATH}?folder=${content.folders[0]!.id}`);
    expect(table.getByText("SO-2026-00004")).toBeTruthy();
  });

  it("previews a PDF from its name and marks what the operator shared", () => {
    const onPreview = vi.fn();
    const table = renderTable(onPreview);
    fireEvent.click(table.getByRole("button", { name: "Preview report.pdf" }));
    expect(onPreview).toHaveBeenCalledWith(content.files[0]);
    const row = table.getByRole("button", { name: "Preview report.pdf" }).closest("tr")!;
    expect(within(row).getByText("Shared by Lindqvar Elektronik")).toBeTruthy();
    expect(within(row).getByText("Petra Keller")).toBeTruthy();
  });

  it("only downloads other types, and says when the uploader's account is gone", () => {
    const table = renderTable();
    expect(table.queryByRole("button", { name: "Preview housing.step.zip" })).toBeNull();
    const download = table.getByRole("link", { name: "Download housing.step.zip" });
    expect(download.getAttribute("href")).toBe(`/api/staff/files/${content.files[1]!.id}`);
    expect(download.hasAttribute("download")).toBe(true);
    expect(table.getByText("Former user")).toBeTruthy();
  });

  it("sorts by name, size and date through links that keep the folder", () => {
    const table = renderTable();
    const size = table.getByRole("link", { name: /Size/ });
    expect(size.getAttribute("href")).toBe(`${PATH}?sort=size&dir=desc`);
  });
});

describe("ShareTable without rows", () => {
  it("offers sharing or a folder instead of an empty table", () => {
    renderInRouter(
      <ShareTable
        content={{ folder: null }}
        rows={[]}
        pathname={PATH}
        state={state()}
        locale="en"
        companyName="Nordwind Sensorik GmbH"
        onPreview={vi.fn()}
      />,
    );
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText(/Nothing is in the file share of Nordwind Sensorik GmbH yet/)).toBeTruthy();
  });
});

describe("PreviewDialog", () => {
  it("frames a PDF from the staff preview, with its download", () => {
    const pdf = file("1", "report.pdf", "application/pdf");
    renderInRouter(<PreviewDialog file={pdf} onClose={vi.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "report.pdf" });
    expect(dialog.querySelector("iframe")?.getAttribute("src")).toBe(`/api/staff/files/${pdf.id}/preview`);
    expect(dialog.querySelector("iframe")?.getAttribute("title")).toBe("report.pdf");
    expect(within(dialog).getByRole("link", { name: "Download" }).getAttribute("href")).toBe(
      `/api/staff/files/${pdf.id}`,
    );
  });

  it("shows an image as an image named by the file", () => {
    const png = file("2", "solder-joint.png", "image/png");
    renderInRouter(<PreviewDialog file={png} onClose={vi.fn()} />);
    const image = within(screen.getByRole("dialog")).getByRole("img", { name: "solder-joint.png" });
    expect(image.getAttribute("src")).toBe(`/api/staff/files/${png.id}/preview`);
  });
});

describe("NewFolderDialog", () => {
  it("creates the folder in the open one and asks for a name first", async () => {
    const parent = folder("1", "Test reports");
    renderInRouter(<NewFolderDialog open onOpenChange={vi.fn()} parent={parent} />);
    const dialog = screen.getByRole("dialog", { name: "New folder" });
    expect(within(dialog).getByText(/created in “Test reports”/)).toBeTruthy();
    expect(dialog.querySelector<HTMLInputElement>("input[name=parent_id]")?.value).toBe(parent.id);
    fireEvent.click(within(dialog).getByRole("button", { name: "Create folder" }));
    expect(await within(dialog).findByText("Fill this in.")).toBeTruthy();
  });
});

describe("SharePanel", () => {
  const users: StaffCustomerUser[] = [
    {
      id: "u1",
      name: "Lena Hartmann",
      email: "lena@x.example",
      role: "admin",
      status: "accepted",
      language: "en",
    },
    {
      id: "u2",
      name: "Jonas Brenner",
      email: "jonas@x.example",
      role: "buyer",
      status: "accepted",
      language: "de",
    },
    {
      id: "u3",
      name: "Sofie Lindahl",
      email: "sofie@x.example",
      role: "viewer",
      status: "accepted",
      language: "sv",
    },
  ];

  function report(change: Partial<UploadState>) {
    const upload = started.at(-1)!;
    act(() =>
      upload.options.onChange({
        phase: "uploading",
        sent: 0,
        total: upload.file.size,
        fileId: null,
        errorCode: null,
        ...change,
      }),
    );
  }

  function renderPanel(into: ShareFolder | null, people = users, usage: FileUsage | null = null) {
    renderInRouter(
      <SharePanel
        id="share"
        companyId={COMPANY_ID}
        companyName="Nordwind Sensorik GmbH"
        folder={into}
        users={people}
        usage={usage}
        onClose={vi.fn()}
      />,
    );
    return document.querySelector<HTMLInputElement>("input[type=file]")!;
  }

  it("says who is told by e-mail, and that nobody is when the customer has only readers", () => {
    renderPanel(null);
    expect(screen.getByRole("heading", { name: "Share files with Nordwind Sensorik GmbH" })).toBeTruthy();
    expect(screen.getByText(/announced by e-mail to Lena Hartmann and Jonas Brenner\./)).toBeTruthy();
    cleanup();
    renderPanel(null, [users[2]!]);
    expect(screen.getByText(/Nobody at Nordwind Sensorik GmbH gets an e-mail/)).toBeTruthy();
  });

  it("shows the customer's storage and refuses a file over their upload limit before sending it", () => {
    const input = renderPanel(null, users, {
      used_bytes: 1_900 * 1024 ** 2,
      quota_bytes: 2 * 1024 ** 3,
      upload_max_bytes: 200 * 1024 ** 2,
    });
    expect(screen.getByText("1.9 GB of 2 GB used")).toBeTruthy();
    const big = new File(["%PDF-"], "scan.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 300 * 1024 ** 2 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(started).toHaveLength(0);
    expect(screen.getByRole("alert").textContent).toContain("larger than the largest upload");
  });

  it("uploads into the customer's open folder, then tells and is ready for the next file", () => {
    const into = folder("1", "Test reports");
    const input = renderPanel(into);
    expect(screen.getByRole("heading", { name: "Share files into “Test reports”" })).toBeTruthy();
    // Without the customer's usage no limit is known: even a large file is sent, and the server decides.
    const big = new File(["%PDF-"], "report.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 5 * 1024 ** 3 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(started).toHaveLength(1);
    expect(started[0]!.options.purpose).toBe("share");
    expect(started[0]!.options.metadata).toEqual({ company_id: COMPANY_ID, folder_id: into.id });

    report({ sent: 1024 });
    expect(screen.getByRole("progressbar", { name: "Upload progress of report.pdf" })).toBeTruthy();
    report({ phase: "done", sent: big.size, fileId: "c0ffee00-0000-4000-8000-000000000001" });
    expect(toasts).toEqual([
      {
        title: "report.pdf shared",
        description: "Nordwind Sensorik GmbH has been told by e-mail.",
        color: "success",
      },
    ]);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: "Choose file" })).toBeTruthy();
  });

  it("words a full share as the customer's, not the staff member's company", () => {
    const input = renderPanel(null);
    fireEvent.change(input, { target: { files: [new File(["x"], "big.zip")] } });
    expect(started[0]!.options.metadata).toEqual({ company_id: COMPANY_ID });
    report({ phase: "failed", errorCode: "QUOTA_EXCEEDED" });
    expect(screen.getByRole("alert").textContent).toContain("This customer's storage is full");
  });
});
