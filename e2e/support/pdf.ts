import { pdfText as readPdfText } from "@ems/testing/pdf-text";
import { expect, type APIRequestContext } from "@playwright/test";

/**
 * Downloads a PDF with the caller's session and answers its text as a viewer lays it out (pdf.js,
 * in-process: no system tool). Proves the file is a PDF a reader can open.
 */
export async function pdfText(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${response.status()}`).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return readPdfText(body);
}
