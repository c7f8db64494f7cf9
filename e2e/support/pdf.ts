import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

/**
 * Downloads a PDF with the caller's session and answers its text as poppler's pdftotext reads it
 * (Debian's poppler-utils; .ci/run installs it). Proves the file is a PDF a reader can open.
 */
export async function pdfText(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${response.status()}`).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const dir = mkdtempSync(path.join(os.tmpdir(), "ems-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    writeFileSync(file, body);
    // -layout keeps a table row on one line, so a label and its figure can be matched together.
    return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
