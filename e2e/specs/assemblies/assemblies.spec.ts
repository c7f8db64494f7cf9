import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { pdfText } from "../../support/pdf.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The demo company's engineer (packages/db/src/seed.ts): may write assembly specifications. */
const ENGINEER = { email: "engineer@customer.example", password: "demo-engineer-2026" } as const;

/** The EasyEDA centroid export of the SimpleFOC shield v3 (fixtures/cpl, with its licence). */
const PICK_AND_PLACE = path.join(
  root,
  "fixtures/cpl/simplefoc-shield-v3-easyeda/PickAndPlace_SimpleFOCShieldV3.PcbDoc_2024-06-23.csv",
);

/** Nothing on the page is wider than the window (a phone held upright). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The value shown under a label of a summary's list of counts. */
function countOf(summary: Locator, label: string): Locator {
  return summary
    .locator("dl > div")
    .filter({ has: summary.page().getByText(label, { exact: true }) })
    .locator("dd");
}

/**
 * Done-when journey of issue 18 (assemblies): an engineer describes an assembly on the demo company's
 * NW-420 board, finds it in the list, opens its sheet, saves a second version, uploads the real
 * EasyEDA pick-and-place file of the SimpleFOC shield, checks the preview (SMT and THT per side, the
 * origin, the parts over the board) before saving it, and downloads the specification as a PDF.
 */
test("an assembly specification: create on a PCB version, list, sheet, new version, pick-and-place, PDF", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Parallel journeys and earlier runs share the demo company: the name is this run's own.
  const stamp = Date.now();
  const name = `NW-420 sensor assembly ${stamp}`;
  await signInByApi(page, ENGINEER.email, ENGINEER.password);

  await gotoHydrated(page, "/my/pcbas");
  await expect(page.getByRole("heading", { level: 1, name: "Your assembly specifications" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Customer portal" }).getByRole("link", { name: "Assemblies" }),
  ).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  // A new assembly on the seeded 6-layer NW-420 board, to be quoted at 10 and 100 pieces.
  await page.getByRole("button", { name: "New assembly" }).click();
  const create = page.getByRole("dialog", { name: "New assembly specification" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Your part number").fill(`NW-420-PCBA-${stamp}`);
  await create.getByLabel("Revision").fill("C");
  const pcb = create.getByLabel("PCB specification");
  const nw420 = await pcb
    .locator("option", { hasText: "NW-420 humidity sensor" })
    .first()
    .getAttribute("value");
  await pcb.selectOption(nw420!);
  await create.getByLabel("Bottom side, SMT").check();
  await create.getByText("Partly consigned").click();
  await create.getByLabel("Quantity 1", { exact: true }).fill("100");
  await create.getByLabel("Quantity 2", { exact: true }).fill("10");
  // Falling quantities are refused at the field, with the reason.
  await create.getByRole("button", { name: "Create assembly" }).click();
  await expect(create.getByText("Each quantity must be larger than the one before it.")).toBeVisible();
  await create.getByLabel("Quantity 1", { exact: true }).fill("10");
  await create.getByLabel("Quantity 2", { exact: true }).fill("100");
  await expectNoAxeViolations(page);
  await create.getByRole("button", { name: "Create assembly" }).click();

  // The new assembly opens in the sheet over the list.
  const sheet = page.getByRole("dialog", { name: new RegExp(`: ${name}$`) });
  await expect(sheet).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByText("Version 1 of 1")).toBeVisible();
  await expect(sheet.getByText(/NW-420 humidity sensor/).first()).toBeVisible();
  await expect(sheet.getByText("Partly consigned")).toBeVisible();
  await expect(sheet.getByRole("link", { name: "Upload BOM" })).toBeVisible();
  await expectNoAxeViolations(page);
  const assemblyId = new URL(page.url()).searchParams.get("pcba")!;

  // The list shows it, found by its name.
  await gotoHydrated(page, `/my/pcbas?q=${stamp}`);
  await expect(page.getByText("1 assembly specification")).toBeVisible();
  // The table from 1280 px, cards below: whichever the window shows.
  await expect(page.getByText(name).filter({ visible: true })).toBeVisible();
  await expect(page.getByText("No BOM yet").filter({ visible: true })).toBeVisible();
  await page
    .getByRole("link", { name: /^Open / })
    .filter({ visible: true })
    .click();
  await expect(sheet).toBeVisible();

  // A second version.
  await sheet.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: /^Edit / });
  await edit.getByLabel("X-ray inspection").check();
  await edit.getByRole("button", { name: "Save as version 2" }).click();
  await expect(sheet.getByText("Version 2 of 2")).toBeVisible({ timeout: 15_000 });
  await expect(sheet.getByRole("link", { name: "Version 1" })).toBeVisible();

  // The real EasyEDA pick-and-place file: 32 parts on top (7 of them through-hole headers and
  // terminal blocks), 15 on the bottom. First a preview: nothing is saved until the customer says so.
  await sheet.locator("input[type=file]").setInputFiles(PICK_AND_PLACE);
  const preview = sheet.getByTestId("placements-preview");
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(countOf(preview, "Top")).toHaveText("25 SMT · 7 THT");
  await expect(countOf(preview, "Bottom")).toHaveText("15 SMT · 0 THT");
  await expect(preview.getByTestId("placements-plot")).toBeVisible();
  await expect(sheet.getByTestId("placements-summary")).toHaveCount(0);
  // The file states its unit (mm on every value) and its sides: only the origin is asked.
  await expect(preview.getByLabel("Unit")).toHaveValue("mm");
  await expect(preview.getByLabel("Side of all parts")).toHaveCount(0);
  const origin = preview.getByLabel("Origin");
  await expect(origin).toBeVisible();
  // Choosing another origin reads the file again against the board laid that way.
  await origin.selectOption("elsewhere");
  await expect(origin).toHaveValue("elsewhere");
  await expect(preview.getByText("Detected from the coordinates:", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await sheet.getByRole("button", { name: "Save pick-and-place data" }).click();

  const summary = sheet.getByTestId("placements-summary");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(preview).toHaveCount(0);
  await expect(countOf(summary, "Top")).toHaveText("25 SMT · 7 THT");
  await expect(countOf(summary, "Bottom")).toHaveText("15 SMT · 0 THT");
  await expect(countOf(summary, "Origin")).toHaveText("Elsewhere (board laid over the parts)");
  await expect(summary).toContainText("PickAndPlace_SimpleFOCShieldV3");
  // The specification ticks SMT only on top; the data places THT parts there, and the sheet says so.
  await expect(
    sheet.getByText(/THT parts are placed here, but THT is not selected for this side/),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The specification as a PDF.
  const pdfHref = await sheet.getByRole("link", { name: "PDF" }).getAttribute("href");
  expect(pdfHref).toBe(`/api/pcbas/${assemblyId}/versions/2/pdf`);
  await pdfText(page.request, pdfHref!);

  // A phone held upright: the list and the sheet fit.
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, `/my/pcbas?q=${stamp}`);
  await expect(page.getByText(name).filter({ visible: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await gotoHydrated(page, `/my/pcbas?pcba=${assemblyId}`);
  await expect(sheet).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
