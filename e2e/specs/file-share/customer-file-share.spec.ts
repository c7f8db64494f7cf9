import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { pdfText } from "../../support/pdf.ts";

/**
 * A one-page PDF with a line of text, written here: the repository's fixtures hold no PDF or image
 * (they are Gerber, BOM and pick-and-place files). A reader opens it (pdf.js below).
 */
function testReportPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Chooses a file for the page's upload and waits until the list shows it. */
async function upload(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.locator("input[type=file]").setInputFiles({ name, mimeType, buffer });
  await expect(page.getByText(`“${name}” uploaded`).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("table").getByText(name, { exact: true })).toBeVisible();
}

/** Opens a row's menu and picks an action. */
async function rowAction(page: Page, name: string, action: "Rename" | "Move" | "Delete"): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

/**
 * Done-when journey of the customer's file share (issue 21 point 3): the demo administrator makes a
 * folder, uploads a PDF and a PNG, previews both in the page, renames the PDF, moves the PNG into the
 * folder, deletes it, restores it from Recently deleted and downloads it under its name.
 */
test("the file share: folder, uploads, previews, rename, move, delete, restore, download", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const folder = `Drawings ${stamp}`;
  const pdfName = `test-report-${stamp}.pdf`;
  const renamed = `final-report-${stamp}.pdf`;
  const pngName = `board-photo-${stamp}.png`;

  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await gotoHydrated(page, "/my/file-share");
  await expect(page.getByRole("heading", { level: 1, name: "Share files with our team" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Customer portal" }).getByRole("link", { name: "File share" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(/ of .* used$/)).toBeVisible();

  // A folder.
  await page.getByRole("button", { name: "New folder" }).first().click();
  const newFolder = page.getByRole("dialog", { name: "New folder" });
  await newFolder.getByRole("textbox", { name: "Folder name" }).fill(folder);
  await newFolder.getByRole("button", { name: "Create folder" }).click();
  await expect(newFolder).toBeHidden();
  await expect(page.getByRole("table").getByRole("link", { name: folder })).toBeVisible();

  // A PDF and a PNG (a picture of this page), uploaded at the top level.
  await upload(page, pdfName, "application/pdf", testReportPdf(`Test report ${stamp}`));
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  await upload(page, pngName, "image/png", png);

  // Previews: the PDF in a frame, the picture as an image, both from the sandboxed preview.
  await page.getByRole("button", { name: `Preview ${pdfName}` }).click();
  const pdfPreview = page.getByRole("dialog", { name: pdfName });
  const frame = pdfPreview.locator(`iframe[title="${pdfName}"]`);
  await expect(frame).toBeVisible();
  const previewUrl = await frame.getAttribute("src");
  expect(previewUrl).toMatch(/\/preview$/);
  expect(await pdfText(page.request, previewUrl!)).toContain(`Test report ${stamp}`);
  const headers = (await page.request.get(previewUrl!)).headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  await expectNoAxeViolations(page);
  await pdfPreview.getByRole("button", { name: "Close" }).click();
  await expect(pdfPreview).toBeHidden();

  await page.getByRole("button", { name: `Preview ${pngName}` }).click();
  const pngPreview = page.getByRole("dialog", { name: pngName });
  const image = pngPreview.getByRole("img", { name: pngName });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await pngPreview.getByRole("button", { name: "Close" }).click();

  // Rename: the extension stays.
  await rowAction(page, pdfName, "Rename");
  const rename = page.getByRole("dialog", { name: `Rename ${pdfName}` });
  await rename.getByRole("textbox", { name: "New name" }).fill(`final-report-${stamp}`);
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole("table").getByText(renamed, { exact: true })).toBeVisible();

  // Move the picture into the folder.
  await rowAction(page, pngName, "Move");
  const move = page.getByRole("dialog", { name: `Move ${pngName}` });
  await move.getByRole("button", { name: `Open ${folder}` }).click();
  await expect(move.getByText(`Destination: File share / ${folder}`)).toBeVisible();
  await move.getByRole("button", { name: "Move here" }).click();
  await expect(move).toBeHidden();
  await expect(page.getByRole("table").getByText(pngName, { exact: true })).toBeHidden();
  await page.getByRole("table").getByRole("link", { name: folder }).click();
  const path = page.getByRole("navigation", { name: "Folder path" });
  await expect(path.getByText(folder)).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table").getByText(pngName, { exact: true })).toBeVisible();

  // Delete it, then restore it from Recently deleted.
  await rowAction(page, pngName, "Delete");
  const confirm = page.getByRole("dialog", { name: `Delete ${pngName}?` });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("This folder is empty.")).toBeVisible();
  const deleted = page.getByRole("region", { name: "Recently deleted files" });
  await expect(deleted.getByText(pngName, { exact: true })).toBeVisible();
  await deleted.getByRole("button", { name: `Restore ${pngName}` }).click();
  // The toast comes although the row with the button is gone by the time the answer is there.
  await expect(page.getByText(`“${pngName}” restored`, { exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Folders and files" }).getByText(pngName, { exact: true }),
  ).toBeVisible();
  await expect(deleted.getByText(pngName, { exact: true })).toBeHidden();

  // Download it: the file keeps its name.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download ${pngName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(pngName);

  // A folder that holds something is not deleted: the reason is shown.
  await path.getByRole("link", { name: "File share" }).click();
  await rowAction(page, folder, "Delete");
  const folderConfirm = page.getByRole("dialog", { name: `Delete folder ${folder}?` });
  await folderConfirm.getByRole("button", { name: "Delete" }).click();
  await expect(folderConfirm.getByRole("alert")).toContainText("This folder still holds 1 file.");
  await expectNoAxeViolations(page);
  await folderConfirm.getByRole("button", { name: "Cancel" }).click();

  await expectNoAxeViolations(page);
});

/** The demo company's viewer (packages/db/src/seed.ts): reads the share, changes nothing. */
const VIEWER = { email: "viewer@customer.example", password: "demo-viewer-2026" } as const;

/** A share file uploaded as the browser does (tus: create, then the bytes) with the page's session. */
async function uploadByApi(page: Page, name: string, bytes: Buffer): Promise<void> {
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  const tus = { "Tus-Resumable": "1.0.0" };
  const created = await page.request.post("/api/uploads", {
    headers: {
      ...tus,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `filename ${b64(name)},purpose ${b64("share")}`,
    },
  });
  expect(created.status()).toBe(201);
  const sent = await page.request.patch(created.headers()["location"]!, {
    headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: bytes,
  });
  expect(sent.status()).toBe(204);
}

test("a viewer previews and downloads but is offered nothing to change", async ({ browser, page }) => {
  const stamp = Date.now();
  const name = `inspection-${stamp}.pdf`;
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await uploadByApi(page, name, testReportPdf(`Inspection ${stamp}`));

  const context = await browser.newContext();
  const viewer = await context.newPage();
  await signInByApi(viewer, VIEWER.email, VIEWER.password);
  await gotoHydrated(viewer, "/my/file-share");
  const table = viewer.getByRole("table", { name: "Folders and files" });
  await expect(table.getByRole("button", { name: `Preview ${name}` })).toBeVisible();
  await expect(table.getByRole("link", { name: `Download ${name}` })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "New folder" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Actions for / })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Choose file" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Restore / })).toHaveCount(0);
  await expectNoAxeViolations(viewer);
  await context.close();
});
