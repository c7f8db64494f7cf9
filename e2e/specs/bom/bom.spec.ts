import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** A real EasyEDA export of the SimpleFOC shield v3 (UTF-16, tab separated) and its pick-and-place file. */
const BOM_FILE = path.join(
  root,
  "fixtures/boms/simplefoc-shield-v3-easyeda/BOM_SimpleFOCShield-v3_2024-06-23.csv",
);
const CPL_FILE = path.join(
  root,
  "fixtures/cpl/simplefoc-shield-v3-easyeda/PickAndPlace_SimpleFOCShieldV3.PcbDoc_2024-06-23.csv",
);

/** The demo company's engineer (packages/db/src/seed.ts): may manage parts and assemblies. */
const ENGINEER = { email: "engineer@customer.example", password: "demo-engineer-2026" } as const;

/** Nothing on the page is wider than the window (a phone held upright). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The data of an API answer's envelope. */
async function dataOf<T>(response: { json: () => Promise<unknown> }): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

/**
 * A file uploaded as the browser does (tus: create, then the bytes), with the signed-in cookie of the
 * page; the answer names the stored file. Requests without an Origin pass the CSRF check, as API
 * clients do.
 */
async function uploadByApi(page: Page, file: string, purpose: "bom" | "pick_place"): Promise<string> {
  const bytes = readFileSync(file);
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  const tus = { "Tus-Resumable": "1.0.0" };
  const created = await page.request.post("/api/uploads", {
    headers: {
      ...tus,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `filename ${b64(path.basename(file))},purpose ${b64(purpose)}`,
    },
  });
  expect(created.status()).toBe(201);
  const sent = await page.request.patch(created.headers()["location"]!, {
    headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: bytes,
  });
  expect(sent.status()).toBe(204);
  return sent.headers()["upload-file-id"]!;
}

/**
 * Done-when journey of the BOM pages (issue 18): an engineer imports a real EasyEDA BOM (UTF-16)
 * after checking how its columns are read, sees its lines and counts, finds the parts of a line on
 * the board drawn from the pick-and-place data and a line from a part on the board, starts a new part
 * from an unmatched line, edits a line into BOM version 2 (marking its parts as ones they send) and
 * exports the BOM.
 */
test("a BOM: import with mapping, lines beside the board, create part, edit, export", async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  await signInByApi(page, ENGINEER.email, ENGINEER.password);

  // The assembly the BOM belongs to, made through the API (its page is another journey's).
  const created = await page.request.post("/api/pcbas", {
    data: {
      fields: {
        name: `SimpleFOC shield ${stamp}`,
        top_smt: true,
        top_tht: true,
        bottom_smt: false,
        bottom_tht: false,
        parts_sourcing: "partial",
        stencil: "framed",
        conformal_coating: "none",
        aoi: true,
        xray: false,
        electrical_test: "none",
        functional_test: false,
        programming: false,
        packaging: "esd_bags",
        quantity_tiers: [10, 100],
      },
    },
  });
  expect(created.status()).toBe(201);
  const assembly = await dataOf<{ id: string; number: string }>(created);

  // Step 1: the file goes up resumably; step 2 shows what the reader made of it.
  await gotoHydrated(page, `/my/pcbas/bom/${assembly.id}/newBom`);
  await expect(page.getByRole("heading", { level: 1, name: "Upload a new bill of materials" })).toBeVisible();
  await expect(page.getByText(`${assembly.number}: SimpleFOC shield ${stamp}`)).toBeVisible();
  await page.locator("input[type=file]").setInputFiles(BOM_FILE);
  await expect(page).toHaveURL(/[?&]file=/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "2. Check what we read" })).toBeVisible();
  await expect(page.getByText("UTF-16", { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel("Read column Designator as")).toHaveValue("designators");
  await expect(page.getByLabel("Read column Manufacturer Part as")).toHaveValue("mpn");
  await expect(page.getByLabel("Read column Quantity as")).toHaveValue("quantity");
  const counts = page.getByRole("list", { name: "Counts" });
  await expect(counts.getByText("16 lines", { exact: true })).toBeVisible();
  await expect(counts.getByText("25 parts to place", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // A mapping the API refuses (two designator columns) is explained, and the import waits.
  await page.getByLabel("Read column Name as").selectOption("designators");
  await expect(page.getByText("Two columns are read as Designators; choose one.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await page.getByLabel("Read column Name as").selectOption("value");
  await expect(page.getByLabel("Read column Name as")).toHaveValue("value");
  await expect(counts.getByText("16 lines", { exact: true })).toBeVisible();

  // Step 3: imported as BOM version 1, the BOM opens.
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Imported as BOM version 1.")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/my/pcbas/bom/${assembly.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Bill of materials" })).toBeVisible();
  await expect(page.getByText("No pick-and-place data yet")).toBeVisible();

  // The pick-and-place data of the same board, through the API; the board appears beside the table.
  const cpl = await uploadByApi(page, CPL_FILE, "pick_place");
  const placed = await page.request.post(`/api/pcbas/${assembly.id}/placements`, { data: { file_id: cpl } });
  expect(placed.status()).toBe(201);
  await gotoHydrated(page, `/my/pcbas/bom/${assembly.id}`);
  const board = page.getByTestId("board");
  await expect(board).toBeVisible();

  // A line selected in the table lights its parts on the board.
  const capacitors = page.getByRole("row", { name: /: C7, C8$/ });
  await capacitors.getByRole("cell").first().click();
  await expect(capacitors).toHaveAttribute("aria-current", "true");
  await expect(board.locator('[data-designator="C7"]')).toHaveAttribute("data-highlighted", "true");
  await expect(board.locator('[data-designator="C8"]')).toHaveAttribute("data-highlighted", "true");
  await expect(board.locator('[data-designator="C5"]')).not.toHaveAttribute("data-highlighted", "true");

  // A part selected on the board (by keyboard here) selects its line.
  await board.locator('[data-designator="D1"]').focus();
  await page.keyboard.press("Enter");
  const led = page.getByRole("row", { name: /: D1$/ });
  await expect(led).toHaveAttribute("aria-current", "true");
  await expect(led).toBeInViewport();
  await expectNoAxeViolations(page);

  // Editing a line's comment saves BOM version 2; on this partly consigned assembly the customer
  // also says they send these capacitors themselves.
  await capacitors.getByRole("button", { name: /^Edit line/ }).click();
  const edit = page.getByRole("dialog", { name: /^Edit line/ });
  await edit.getByLabel("Your comment").fill(`Any X7R 100 nF is fine (${stamp})`);
  await edit.getByLabel("You send us this line's parts (consigned)").check();
  await edit.getByRole("button", { name: "Save line" }).click();
  await expect(page.getByText("Saved as BOM version 2.")).toBeVisible({ timeout: 15_000 });
  await expect(edit).toBeHidden();
  await expect(page.getByLabel("BOM version")).toHaveValue("2");
  await expect(capacitors).toContainText(`Any X7R 100 nF is fine (${stamp})`);
  await expect(capacitors).toContainText("You supply");

  // The BOM as CSV.
  const csv = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  const exported = await page.request.get(csv!);
  expect(exported.status()).toBe(200);
  expect(await exported.text()).toContain("CL10B104KB8NNNC");

  // A line without a part of the company's opens the new-part form prefilled from the line.
  const c5 = page.getByRole("row", { name: /: C5$/ });
  await c5.getByRole("link", { name: "Create part" }).click();
  await expect(page).toHaveURL(/\/my\/parts\?new=1/);
  const create = page.getByRole("dialog", { name: "New part" });
  await expect(create).toBeVisible();
  await expect(create.getByLabel("Description")).toHaveValue("470nF");
  await expect(create.getByLabel("MPN 1", { exact: true })).toHaveValue("CC0603ZRY5V6BB474");
  await expect(create.getByLabel("Manufacturer 1", { exact: true })).toHaveValue("YAGEO");
  await create.getByRole("button", { name: "Cancel" }).click();

  // On a phone nothing runs off the side: the lines as cards, the board under them.
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, `/my/pcbas/bom/${assembly.id}`);
  await expect(page.getByRole("list", { name: "Lines of the bill of materials" })).toContainText("C7, C8");
  await expect(board).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await gotoHydrated(page, `/my/pcbas/bom/${assembly.id}/newBom`);
  await expectNoSidewaysScroll(page);
});
