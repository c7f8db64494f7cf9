import { readFileSync } from "node:fs";
import { pdfText } from "@ems/testing/pdf-text";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, latestMail, signInByApi } from "../../support/accounts.ts";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { STAFF } from "../../support/orders.ts";

/**
 * Issue 21's second journey: staff share a test report into a customer's file share; the customer
 * is told by e-mail in their language, previews, downloads and deletes it, then restores it.
 */

const COMPANY = "Nordwind Sensorik GmbH";
/** The demo company's buyer reads German (packages/db/src/seed.ts). */
const BUYER = "buyer@customer.example";
/** The staff account's name as the mail shows who shared. */
const STAFF_NAME = "Petra Keller";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A one-page test report as a real PDF (catalog, page tree, page, Helvetica, a text stream and a
 * byte-exact cross-reference table), written here so the journey needs no licensed fixture.
 */
function testReportPdf(lines: readonly string[]): Buffer {
  const text = (value: string) => value.replace(/[\\()]/g, "\\$&");
  const content = [
    "BT",
    "/F1 18 Tf",
    "72 770 Td",
    `(${text(lines[0] ?? "")}) Tj`,
    "/F1 12 Tf",
    ...lines.slice(1).flatMap((line) => ["0 -24 Td", `(${text(line)}) Tj`]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

test("staff share a test report; the customer is mailed, previews, downloads, deletes and restores it", async ({
  page,
  browser,
}) => {
  // Two accounts, an upload, mail delivery and two axe checks: well over 30 s on a loaded runner.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const folderName = `Test reports ${stamp}`;
  const fileName = `test-report-SB7-${stamp}.pdf`;
  const title = `Test report SB-7 lot ${stamp}`;
  const report = testReportPdf([title, "Flying probe: 100 of 100 boards passed", "AOI: no defects found"]);

  // Staff find the customer and open its file share from the customer's details.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page, STAFF.email, STAFF.password);
  await gotoHydrated(page, "/staff/customers?q=Nordwind");
  await page
    .getByRole("row", { name: new RegExp(COMPANY) })
    .getByRole("link", { name: COMPANY, exact: true })
    .click();
  await page.getByRole("dialog", { name: COMPANY }).getByRole("link", { name: "File share" }).click();
  await expect(page).toHaveURL(/\/staff\/customers\/[0-9a-f-]{36}\/files$/);
  await expect(page.getByRole("heading", { level: 1, name: `File share of ${COMPANY}` })).toBeVisible();
  const path = page.getByRole("navigation", { name: "Folder path" });
  await expect(path.getByText("File share")).toHaveAttribute("aria-current", "page");

  // A folder for the reports, created in the customer's share and opened.
  await page.getByRole("button", { name: "New folder" }).click();
  const newFolder = page.getByRole("dialog", { name: "New folder" });
  await newFolder.getByLabel("Folder name").fill(folderName);
  await newFolder.getByRole("button", { name: "Create folder" }).click();
  await expect(page.getByText(`Folder “${folderName}” created`)).toBeVisible();
  await expect(newFolder).toHaveCount(0);
  const list = page.getByRole("table", { name: "Folders and files" });
  await list.getByRole("link", { name: folderName, exact: true }).click();
  await expect(path.getByText(folderName)).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("This folder is empty.", { exact: false })).toBeVisible();

  // Share the report into it with the resumable upload.
  await page.getByRole("button", { name: "Share files" }).click();
  const panel = page.getByRole("region", { name: `Share files into “${folderName}”` });
  await expect(panel.getByText(/announced by e-mail to .*Lena Hartmann/)).toBeVisible();
  // The customer's storage, as the customer sees it, says what still fits.
  await expect(panel.getByText(/^[\d.,]+\s?\S+\sof\s[\d.,]+\s?\S+\sused$/)).toBeVisible();
  const sharedAt = new Date();
  await panel.locator("input[type=file]").setInputFiles({
    name: fileName,
    mimeType: "application/pdf",
    buffer: report,
  });
  await expect(page.getByText(`${fileName} shared`)).toBeVisible();
  await expect(page.getByText(`${COMPANY} has been told by e-mail.`)).toBeVisible();
  const row = list.getByRole("row", { name: new RegExp(escape(fileName)) });
  await expect(row.getByText("Shared by Lindqvar Elektronik")).toBeVisible();
  await expect(row.getByText(STAFF_NAME)).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff preview it too: the sandboxed preview in a frame of the dialog.
  await row.getByRole("button", { name: `Preview ${fileName}` }).click();
  const staffPreview = page.getByRole("dialog", { name: fileName });
  const staffFrame = staffPreview.locator("iframe");
  await expect(staffFrame).toHaveAttribute("title", fileName);
  const previewed = await page.request.get((await staffFrame.getAttribute("src"))!);
  expect(previewed.status()).toBe(200);
  expect(previewed.headers()["content-type"]).toContain("application/pdf");
  expect(previewed.headers()["content-security-policy"]).toMatch(/^sandbox;/);
  await staffPreview.getByRole("button", { name: "Close" }).click();
  await expect(staffPreview).toHaveCount(0);

  // The customer's people are told in their own language, with a link to the folder.
  const mail = await latestMail(page.request, DEMO_ADMIN.email, "file_shared", sharedAt);
  expect(mail.subject).toBe(`${STAFF_NAME} shared ${fileName} with you`);
  expect(mail.text).toContain(`in the folder “${folderName}”`);
  const german = await latestMail(page.request, BUYER, "file_shared", sharedAt);
  expect(german.subject).toBe(`${STAFF_NAME} hat die Datei ${fileName} mit Ihnen geteilt`);
  const link = /https?:\/\/\S+\/my\/file-share\?folder=[0-9a-f-]{36}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The customer follows the mail's link into the folder.
  const customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const customer = await customerContext.newPage();
  await signInByApi(customer, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const target = new URL(link!);
  await gotoHydrated(customer, `${target.pathname}${target.search}`);
  await expect(
    customer.getByRole("navigation", { name: "Folder path" }).getByText(folderName),
  ).toHaveAttribute("aria-current", "page");
  const files = customer.getByRole("table", { name: "Folders and files" });
  const shared = files.getByRole("row", { name: new RegExp(escape(fileName)) });
  await expect(shared.getByText(/^Shared by /)).toBeVisible();

  // Preview in the page.
  await shared.getByRole("button", { name: `Preview ${fileName}` }).click();
  const preview = customer.getByRole("dialog", { name: fileName });
  await expect(preview.locator("iframe")).toHaveAttribute("title", fileName);
  await preview.getByRole("button", { name: "Close" }).click();
  await expect(preview).toHaveCount(0);

  // Download: the name and the bytes that were shared, a PDF a reader opens.
  const downloading = customer.waitForEvent("download");
  await shared.getByRole("link", { name: `Download ${fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.equals(report)).toBe(true);
  expect(await pdfText(bytes)).toContain(title);

  // Delete it, then restore it from Recently deleted.
  await shared.getByRole("button", { name: `Actions for ${fileName}` }).click();
  await customer.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = customer.getByRole("dialog", { name: `Delete ${fileName}?` });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(customer.getByText(`“${fileName}” deleted.`, { exact: false })).toBeVisible();
  await expect(shared).toHaveCount(0);
  const deleted = customer.getByRole("region", { name: "Recently deleted", exact: true });
  await deleted.getByRole("button", { name: `Restore ${fileName}` }).click();
  // The toast comes although the row with the button is gone by the time the answer is there.
  await expect(customer.getByText(`“${fileName}” restored`, { exact: true })).toBeVisible();
  await expect(deleted.getByRole("button", { name: `Restore ${fileName}` })).toHaveCount(0);
  await expect(shared).toBeVisible();
  await customerContext.close();

  // Staff see it back in the customer's folder.
  await page.reload();
  await expect(row.getByText("Shared by Lindqvar Elektronik")).toBeVisible();
});
