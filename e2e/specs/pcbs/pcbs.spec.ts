import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { zipSync } from "fflate";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { registerCompany, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A real 4-layer KiCad 9 export (fixtures/gerbers, with its licence) zipped as a customer would. */
function falcanZip(): string {
  const dir = path.join(root, "fixtures/gerbers/kicad9-falcan-4layer");
  const entries: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir)) entries[`falcan/${name}`] = readFileSync(path.join(dir, name));
  const file = path.join(mkdtempSync(path.join(tmpdir(), "e2e-pcb-")), "falcan-gerbers.zip");
  writeFileSync(file, zipSync(entries));
  return file;
}

/** Reloads the sheet until the server has read the files (the analysis runs in the background). */
async function waitForAnalysis(page: Page): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("detected-data")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
}

/**
 * Done-when journey of issue 17: a new customer describes a 4-layer board, uploads its real Gerber
 * zip with a progress bar, sees what the server read from it, the board images and the DFM report,
 * opens the stored board in the CAM viewer, saves a second version that is compared field by field
 * with the first, and requests a quote for it; staff open the same specification from the quote.
 */
test("a PCB specification with its Gerber zip: upload, detected data, images, DFM, CAM view, versions, quote", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const email = `layout.${stamp}@falcan.example`;
  const password = "falcan four layers of copper";
  await registerCompany(page, {
    company: `Falcan Robotics ${stamp} AB`,
    firstName: "Ingrid",
    lastName: "Berg",
    email,
    password,
  });
  await signInByApi(page, email, password);

  await gotoHydrated(page, "/my/pcbs");
  await expect(page.getByText("No PCB specifications yet.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "New specification" }).click();
  const dialog = page.getByRole("dialog", { name: "New PCB specification" });
  await dialog.getByLabel("Name").fill(`FalCAN controller ${stamp}`);
  await dialog.getByLabel("Your part number").fill("FC-400");
  await dialog.getByLabel("Layers").selectOption({ label: "4 layers" });
  await dialog.getByLabel("Inner copper").selectOption({ label: "35 µm (1 oz)" });
  await dialog.getByLabel("Width (mm)").fill("76.5");
  await dialog.getByLabel("Height (mm)").fill("30.9");

  // The zip goes up resumably, with a progress bar that ends at 100 %.
  await dialog.locator("input[type=file]").setInputFiles(falcanZip());
  const progress = dialog.getByRole("progressbar", { name: "Upload progress of falcan-gerbers.zip" });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
  await expect(dialog.getByText(/^Uploaded · /)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Save specification" }).click();

  // The new specification opens in the sheet over the list.
  const sheet = page.getByRole("dialog", { name: /^PCB-\d{4}-\d{5}: FalCAN controller/ });
  // Saving, then loading the new specification's sheet: two round trips that a loaded CI machine slows.
  await expect(sheet).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByText("Version 1 of 1")).toBeVisible();
  await waitForAnalysis(page);
  const detected = page.getByTestId("detected-data");
  await expect(detected).toContainText("Copper layers");
  await expect(detected).toContainText("4");
  await expect(page.getByRole("img", { name: /^Top side of FalCAN controller/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Bottom side of FalCAN controller/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Manufacturability check" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The list shows the specification with its board image.
  const pcbUrl = new URL(page.url());
  const pcbId = pcbUrl.searchParams.get("pcb")!;
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("link", { name: /^Open PCB-/ }).first()).toBeVisible();

  // The stored board in the CAM viewer.
  await gotoHydrated(page, `/my/cam/${pcbId}?version=1`);
  await expect(page.locator("[data-frames]")).toHaveAttribute("data-frames", /\d+/, { timeout: 60_000 });
  await expect(page.getByRole("img", { name: /^Board preview/ })).toBeVisible();
  // The stored files came from the server: the viewer does not claim they never left the browser.
  await expect(page.getByText("Your files never leave your browser")).toHaveCount(0);

  // A second version, compared with the first.
  await gotoHydrated(page, `/my/pcbs?pcb=${pcbId}`);
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: /^Edit PCB-/ });
  await edit.getByLabel("Surface finish").selectOption({ label: "Immersion silver" });
  await edit.getByRole("button", { name: "Save as version 2" }).click();
  await expect(page.getByText("Version 2 of 2")).toBeVisible();
  await page.getByLabel("Compare with").selectOption({ label: "Version 1" });
  await expect(page.getByText("Changed since version 1")).toBeVisible();
  await expect(page.locator("[data-changed]")).toContainText(
    "ENIG (electroless nickel, immersion gold) → Immersion silver",
  );

  // A quote for version 2, asked from the specification's sheet: the line refers to it.
  await page.getByRole("link", { name: "Request a quote" }).click();
  const request = page.getByRole("dialog", { name: "Request a quote" });
  await expect(request).toBeVisible();
  await expect(request.getByLabel("Product category")).toHaveValue("pcb");
  await expect(request.getByLabel("Description")).toHaveValue(`FalCAN controller ${stamp}`);
  await expect(request.getByLabel("PCB specification").locator("option:checked")).toHaveText(
    /^PCB-\d{4}-\d{5}: FalCAN controller .* \(version 2\)$/,
  );
  await request.getByLabel("Title").fill(`FalCAN boards ${stamp}`);
  await request.getByLabel("Line 1, quantity 1").fill("250");
  await expectNoAxeViolations(page);
  await request.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Quote QTN-/ })).toBeVisible();
  const quoteId = new URL(page.url()).pathname.split("/").at(-1)!;
  const reference = page.getByRole("listitem", { name: /^FalCAN controller/ });
  await expect(reference).toContainText("Version 2");
  await expect(reference.getByRole("img", { name: /^Top side of FalCAN controller/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Quoted, version 2 is frozen.
  await reference.getByRole("link", { name: "Open the specification" }).click();
  await expect(page.getByText("Version 2 of 2")).toBeVisible();
  await expect(page.getByText("A quote or an order refers to this version")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Quotes and orders" }).getByRole("link", { name: /^Quote QTN-/ }),
  ).toBeVisible();

  // Staff open the same specification from the quote while pricing it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByApi(staff, "staff@lindqvar.example", "demo-staff-2026");
  await gotoHydrated(staff, `/staff/quotes/${quoteId}`);
  await expect(staff.getByText("PCB specification").first()).toBeVisible();
  await staff.getByRole("link", { name: "Open the specification" }).first().click();
  const staffSheet = staff.getByRole("dialog", { name: /^PCB-\d{4}-\d{5}: FalCAN controller/ });
  await expect(staffSheet).toBeVisible();
  await expect(staffSheet.getByText(`Falcan Robotics ${stamp} AB`)).toBeVisible();
  await expect(staffSheet.getByText("Version 2 of 2")).toBeVisible();
  await expect(staff.getByRole("img", { name: /^Top side of FalCAN controller/ })).toBeVisible();
  await expect(staff.getByRole("heading", { name: "Manufacturability check" })).toBeVisible();
  await expect(staffSheet.getByRole("link", { name: "Download Gerber files" })).toBeVisible();
  await expectNoAxeViolations(staff);
  await staffContext.close();
});
