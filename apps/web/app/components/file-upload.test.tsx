import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { messages } from "~/locales/en/messages";
import type { ResumableUploadOptions, UploadState } from "~/lib/resumable-upload";

import { FileUpload, type UploadedFile } from "./file-upload";

/** The uploads the component started, driven by the tests instead of a server. */
const started: { file: File; options: ResumableUploadOptions; calls: string[] }[] = [];

vi.mock("~/lib/resumable-upload", () => ({
  ResumableUpload: class {
    calls: string[] = [];
    constructor(file: File, options: ResumableUploadOptions) {
      started.push({ file, options, calls: this.calls });
    }
    async start() {
      this.calls.push("start");
    }
    async pause() {
      this.calls.push("pause");
    }
    async cancel() {
      this.calls.push("cancel");
    }
  },
}));

afterEach(() => {
  cleanup();
  started.length = 0;
});

const i18n = setupI18n({ locale: "en", messages: { en: messages } });
const MAX = 200 * 1024 * 1024;

function renderUpload(
  onUploaded: (file: UploadedFile) => void = () => undefined,
  onRemoved = () => undefined,
) {
  const view = render(
    <MemoryRouter initialEntries={["/my/pcbs"]}>
      <I18nProvider i18n={i18n}>
        <FileUpload
          purpose="gerber"
          accept=".zip,application/zip"
          maxBytes={MAX}
          label="Gerber files"
          hint="One zip archive with all layers"
          onUploaded={onUploaded}
          onRemoved={onRemoved}
        />
      </I18nProvider>
    </MemoryRouter>,
  );
  const input = view.container.querySelector<HTMLInputElement>("input[type=file]")!;
  return { input };
}

function choose(input: HTMLInputElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
}

function report(state: Partial<UploadState>) {
  const upload = started.at(-1)!;
  act(() =>
    upload.options.onChange({
      phase: "uploading",
      sent: 0,
      total: upload.file.size,
      fileId: null,
      errorCode: null,
      ...state,
    }),
  );
}

describe("FileUpload", () => {
  it("refuses a file over the limit before sending a byte, naming the limit", () => {
    const { input } = renderUpload();
    const big = new File(["x"], "huge.zip");
    Object.defineProperty(big, "size", { value: MAX + 1 });
    choose(input, big);
    expect(started).toHaveLength(0);
    expect(screen.getByRole("alert").textContent).toContain("larger than 200 MB");
  });

  it("shows progress, pauses and resumes, and hands over the stored file's id", () => {
    const onUploaded = vi.fn();
    const { input } = renderUpload(onUploaded);
    choose(input, new File([new Uint8Array(4096)], "board.zip", { type: "application/zip" }));
    expect(started).toHaveLength(1);
    expect(started[0]?.options.purpose).toBe("gerber");
    expect(started[0]?.calls).toEqual(["start"]);

    report({ sent: 1024 });
    const bar = screen.getByRole("progressbar", { name: "Upload progress of board.zip" });
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect(screen.getByText(/Uploading: 25% · 1 kB of 4 kB/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Pause upload" }));
    expect(started[0]?.calls).toContain("pause");
    report({ phase: "paused", sent: 1024 });
    fireEvent.click(screen.getByRole("button", { name: "Resume upload" }));
    expect(started[0]?.calls.filter((call) => call === "start")).toHaveLength(2);

    report({ phase: "done", sent: 4096, fileId: "c0ffee00-0000-4000-8000-000000000001" });
    expect(onUploaded).toHaveBeenCalledWith({
      id: "c0ffee00-0000-4000-8000-000000000001",
      name: "board.zip",
      size: 4096,
    });
    expect(screen.getByText(/Uploaded · 4 kB/)).toBeTruthy();
    expect(bar.getAttribute("aria-valuenow")).toBe("100");
  });

  it("words the server's refusal and offers a retry only when the connection failed", () => {
    const { input } = renderUpload();
    choose(input, new File([new Uint8Array(10)], "board.zip"));
    report({ phase: "failed", errorCode: "FILE_CONTENT_REFUSED" });
    expect(screen.getByRole("alert").textContent).toContain("not a zip archive");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();

    report({ phase: "failed", errorCode: "NETWORK_ERROR" });
    expect(screen.getByRole("alert").textContent).toContain("connection to the server was lost");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(started[0]?.calls.filter((call) => call === "start")).toHaveLength(2);
  });

  it("removes the file, cancelling its upload, and offers the drop area again", () => {
    const onRemoved = vi.fn();
    const { input } = renderUpload(undefined, onRemoved);
    choose(input, new File([new Uint8Array(10)], "board.zip"));
    fireEvent.click(screen.getByRole("button", { name: "Remove board.zip" }));
    expect(started[0]?.calls).toContain("cancel");
    expect(onRemoved).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Choose file" })).toBeTruthy();
  });
});
