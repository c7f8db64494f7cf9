import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

/** The demo company's engineer (packages/db/src/seed.ts): parts.manage, but not the numbering. */
const ENGINEER = { email: "engineer@customer.example", password: "demo-engineer-2026" } as const;

/** Nothing on the page is wider than the window (a phone held upright). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Done-when journey of issue 18: an engineer creates a part with two MPNs, finds it by an MPN
 * written another way and by its lifecycle, changes its MSL and lifecycle and sees that in the
 * history, adds an MPN, is stopped from
 * giving a second part an MPN the first has, and opens the new-part form prefilled from a link as
 * the BOM page makes it.
 */
test("a customer's parts: create with MPNs, search by MPN, edit MSL and lifecycle with history, add MPN, duplicate refused, prefilled form", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Parallel journeys and earlier runs share the demo company: every number here is this run's own.
  const stamp = Date.now();
  const description = `Buck converter 3 A ${stamp}`;
  const mpnTi = `TPS62130-X${stamp}`;
  const mpnOther = `TPS62130-Y${stamp}`;
  await signInByApi(page, ENGINEER.email, ENGINEER.password);

  await gotoHydrated(page, "/my/parts");
  await expect(page.getByRole("heading", { level: 1, name: "Your parts" })).toBeVisible();
  // An engineer may add parts but not change the company's numbering.
  await expect(page.getByRole("button", { name: "Numbering" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A new part with two MPNs, one of them Texas Instruments' written as "TI".
  await page.getByRole("button", { name: "New part" }).first().click();
  const create = page.getByRole("dialog", { name: "New part" });
  await expect(create.getByLabel("Part number")).toHaveAttribute("placeholder", /^next number: /);
  await create.getByLabel("Description").fill(description);
  await create.getByLabel("Type").selectOption({ label: "Integrated circuit (IC)" });
  await create
    .getByLabel("Moisture sensitivity level (MSL)")
    .selectOption({ label: "MSL 1 – unlimited floor life" });
  await create.getByLabel("Polarised").check();
  await expect(create.getByLabel("Lifecycle")).toHaveValue("");
  await create.getByLabel("Lifecycle").selectOption({ label: "Active" });
  await create.getByLabel("Valuation rate per piece (EUR)").fill("1.25");
  await create.getByLabel("Manufacturer 1", { exact: true }).fill("TI");
  await create.getByLabel("MPN 1", { exact: true }).fill(mpnTi);
  await create.getByRole("button", { name: "Add MPN" }).click();
  await create.getByLabel("MPN 2", { exact: true }).fill(mpnOther);
  await expectNoAxeViolations(page);
  await create.getByRole("button", { name: "Create part" }).click();

  // The new part opens in the sheet over the list.
  const sheet = page.getByRole("dialog", { name: new RegExp(`: ${description}$`) });
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(sheet.getByText(mpnTi, { exact: true })).toBeVisible();
  await expect(sheet.getByText("Texas Instruments")).toBeVisible();
  await expect(sheet.getByText("Part created.")).toBeVisible();
  const partNumber = (await sheet.getByRole("heading").first().textContent())!.split(":")[0]!;
  await sheet.getByRole("button", { name: "Close" }).first().click();
  await expect(sheet).toBeHidden();

  // Found by its MPN written in lower case and without the dash.
  const search = page.getByRole("search", { name: "Search and filter parts" });
  await search.getByLabel("Search").fill(`tps62130x${stamp}`);
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("1 part", { exact: true })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: description });
  await expect(row).toContainText(mpnTi);
  await expect(row).toContainText("+1 more");
  await expect(row).toContainText("€1.25");
  await expect(row.getByText("Lifecycle: Active")).toBeAttached();
  await row.getByRole("link", { name: `Open part ${partNumber}` }).click();
  await expect(sheet).toBeVisible();

  await expect(sheet.getByText("Active", { exact: true })).toBeVisible();

  // The MSL and the lifecycle changed: the history names each field and its new value.
  await sheet.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit part ${partNumber}` });
  await expect(edit.getByLabel("Lifecycle")).toHaveValue("active");
  await edit.getByLabel("Moisture sensitivity level (MSL)").selectOption({ label: "MSL 3 – 168 hours" });
  await edit.getByLabel("Lifecycle").selectOption({ label: "Not recommended for new designs (NRND)" });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  const history = sheet.getByRole("region", { name: "History" });
  await expect(history.getByText("MSL: MSL 3")).toBeVisible();
  await expect(history.getByText("Lifecycle: Not recommended for new designs (NRND)")).toBeVisible();
  await expect(sheet.getByText("MSL 3 – 168 hours")).toBeVisible();
  await expect(sheet.getByText("Not recommended for new designs (NRND)", { exact: true })).toBeVisible();

  // Another MPN, added in the sheet.
  const mpnAdded = `TPS62130-Z${stamp}`;
  const addForm = sheet.getByRole("form", { name: "Add MPN" });
  await addForm.getByLabel("Manufacturer part number (MPN)").fill(mpnAdded);
  await addForm.getByRole("button", { name: "Add MPN" }).click();
  await expect(sheet.getByRole("button", { name: `Remove ${mpnAdded}` })).toBeVisible();
  await expect(history.getByText(`MPN ${mpnAdded} added`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await sheet.getByRole("button", { name: "Close" }).first().click();

  // The lifecycle filter finds it among the parts not recommended for new designs, not among the active.
  await search.getByLabel("Lifecycle").selectOption({ label: "Not recommended for new designs (NRND)" });
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("1 part", { exact: true })).toBeVisible();
  await expect(row.getByText("Lifecycle: Not recommended for new designs (NRND)")).toBeAttached();
  await search.getByLabel("Lifecycle").selectOption({ label: "Active" });
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No part matches this search or filter.")).toBeVisible();

  // A second part may not have an MPN the first has, however it is written: refused at the field.
  await page.getByRole("button", { name: "New part" }).first().click();
  await create.getByLabel("Description").fill(`Second converter ${stamp}`);
  await create.getByLabel("MPN 1", { exact: true }).fill(`tps62130 x${stamp}`);
  await create.getByRole("button", { name: "Create part" }).click();
  const taken = create.getByLabel("MPN 1", { exact: true });
  await expect(taken).toHaveAttribute("aria-invalid", "true");
  await expect(create.getByText("One of your parts already has this MPN.")).toBeVisible();
  await create.getByRole("button", { name: "Cancel" }).click();

  // The link the BOM page offers for a line without a part opens the form filled in.
  const bomMpn = `GRM155R71C104KA88-${stamp}`;
  await gotoHydrated(
    page,
    `/my/parts?new=1&description=${encodeURIComponent("Capacitor 100 nF 16 V X7R 0402")}&mpn=${bomMpn}&manufacturer=Murata&type=capacitor`,
  );
  await expect(create).toBeVisible();
  await expect(create.getByLabel("Description")).toHaveValue("Capacitor 100 nF 16 V X7R 0402");
  await expect(create.getByLabel("Type")).toHaveValue("capacitor");
  await expect(create.getByLabel("Manufacturer 1", { exact: true })).toHaveValue("Murata");
  await expect(create.getByLabel("MPN 1", { exact: true })).toHaveValue(bomMpn);
  await create.getByRole("button", { name: "Cancel" }).click();
  await expect(page).not.toHaveURL(/new=1/);

  // On a phone nothing runs off the side: the list as cards, and the sheet.
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, `/my/parts?q=${encodeURIComponent(mpnTi)}`);
  await expect(page.getByRole("list", { name: "Your parts" })).toContainText(description);
  await expectNoSidewaysScroll(page);
  await page
    .getByRole("list", { name: "Your parts" })
    .getByRole("link", { name: `Open part ${partNumber}` })
    .click();
  await expect(sheet).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
