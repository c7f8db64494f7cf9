import { expect, test } from "@playwright/test";
import { signInByApi } from "../../support/accounts.ts";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { gotoHydrated } from "../../support/navigation.ts";

/** The operator's staff member, the demo company and another customer (packages/db/src/seed.ts). */
const STAFF = { email: "staff@lindqvar.example", password: "demo-staff-2026" } as const;
const DEMO_COMPANY = "Nordwind Sensorik GmbH";
const OTHER_COMPANY = "Carpathia Drives SRL";

/**
 * Issue 18, point 7: staff see every customer's parts. From the back-office menu to the demo
 * company's seeded item master (NW-0001…6): found by number, narrowed to one customer and to a type,
 * and one part read in its sheet without the customer's editing.
 */
test("staff read every customer's parts: search, filter by customer and type, open a part", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page, STAFF.email, STAFF.password);

  await gotoHydrated(page, "/staff");
  const nav = page.getByRole("navigation", { name: "Back office" });
  await nav.getByRole("link", { name: "Parts", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/parts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Parts" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Parts", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: "Customers' parts" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Found by its number among every customer's parts, with the customer named.
  const filters = page.getByRole("search", { name: "Search and filter parts" });
  await filters.getByLabel("Search").fill("NW-0001");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]q=NW-0001/);
  const mcu = page.getByRole("row").filter({ hasText: "NW-0001" });
  await expect(mcu).toHaveCount(1);
  await expect(mcu).toContainText(DEMO_COMPANY);
  await expect(mcu).toContainText("MCU Cortex-M0+ 192 KB flash");
  await expect(mcu).toContainText("STM32L072CZT6");
  await expect(mcu).toContainText("STMicroelectronics");
  await expect(mcu).toContainText("MSL 3");

  // Another customer's parts do not include it; the demo company's do.
  await filters.getByLabel("Customer").selectOption({ label: OTHER_COMPANY });
  await expect(page).toHaveURL(/[?&]company=[0-9a-f-]{36}/);
  await expect(page.getByRole("row").filter({ hasText: DEMO_COMPANY })).toHaveCount(0);
  await filters.getByLabel("Customer").selectOption({ label: DEMO_COMPANY });
  await expect(page.getByText("1 part", { exact: true })).toBeVisible();
  await expect(mcu).toContainText(DEMO_COMPANY);

  // The demo company's capacitors, without the search: NW-0004 and not the microcontroller.
  await filters.getByLabel("Search").fill("");
  await filters.getByLabel("Type").selectOption({ label: "Capacitor" });
  await expect(page).toHaveURL(/[?&]type=capacitor/);
  await expect(page).toHaveURL(/[?&]company=/);
  await expect(page.getByRole("row").filter({ hasText: "NW-0004" })).toContainText("GRM155R71C104KA88D");
  await expect(page.getByRole("row").filter({ hasText: "NW-0001" })).toHaveCount(0);
  const rows = page.getByRole("row").filter({ hasText: /NW-\d{4}/ });
  for (const row of await rows.all()) await expect(row).toContainText(DEMO_COMPANY);

  // A part opens in its sheet: the customer named, its MPNs and history, nothing to edit.
  await gotoHydrated(page, `/staff/parts?q=NW-0001`);
  await page.getByRole("link", { name: "Open part NW-0001" }).click();
  const sheet = page.getByRole("dialog", { name: "NW-0001: MCU Cortex-M0+ 192 KB flash" });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL(/[?&]part=[0-9a-f-]{36}/);
  await expect(sheet.getByText(DEMO_COMPANY, { exact: true })).toBeVisible();
  await expect(sheet.getByText("STM32L072CZT6", { exact: true })).toBeVisible();
  await expect(sheet.getByText("MSL 3 – 168 hours")).toBeVisible();
  // The demo data adds parts without recording changes, and the sheet says so.
  await expect(sheet.getByRole("region", { name: "History" })).toContainText(
    "No changes have been recorded for this part.",
  );
  await expect(sheet.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(sheet.getByRole("form", { name: "Add MPN" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await sheet.getByRole("button", { name: "Close" }).first().click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/[?&]q=NW-0001/);
  await expect(page).not.toHaveURL(/[?&]part=/);

  // An address with an unknown part says so above the list.
  await gotoHydrated(page, "/staff/parts?part=00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("This part does not exist.")).toBeVisible();
});
