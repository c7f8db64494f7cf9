import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

interface Envelope<T> {
  data: T;
}

/** Nothing on the page is wider than the window (a phone held upright). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Toasts sit over the page's corner; closed, the page is checked as it stays. */
async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: "Close notification" });
  while ((await close.count()) > 0) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(close).toHaveCount(0);
}

/**
 * A customer asks for a quote on an assembly specification: the specification's "Request a quote"
 * address opens the dialog with an assembly line on that version, and the quote shows the card.
 */
test("a quote request on an assembly specification version", async ({ page }) => {
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const name = `Motor shield ${Date.now()}`;
  const created = await page.request.post("/api/pcbas", {
    data: {
      fields: {
        name,
        revision: "B",
        top_smt: true,
        top_tht: false,
        bottom_smt: false,
        bottom_tht: false,
        parts_sourcing: "turnkey",
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
  const assembly = ((await created.json()) as Envelope<{ id: string; number: string }>).data;

  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, `/my/quotes?request_pcba=${assembly.id}&version=1`);
  const dialog = page.getByRole("dialog", { name: "Request a quote" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Product category")).toHaveValue("assemblies");
  await expect(dialog.getByLabel("Description")).toHaveValue(name);
  await expect(dialog.getByLabel("Assembly specification").locator("option:checked")).toHaveText(
    `${assembly.number} v1 · ${name}`,
  );
  await dialog.getByLabel("Title").fill(`Shields ${name.slice(-6)}`);
  await dialog.getByLabel("Line 1, quantity 1").fill("100");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Send request" }).click();

  await expect(page.getByRole("heading", { level: 1, name: /^Quote QTN-/ })).toBeVisible();
  const card = page.getByText("Assembly specification", { exact: true }).locator("..");
  await expect(card.getByText(`${assembly.number}: ${name}`)).toBeVisible();
  await expect(card.getByText("No BOM yet")).toBeVisible();
  await expect(card.getByRole("link", { name: "Open the specification" })).toHaveAttribute(
    "href",
    `/my/pcbas?pcba=${assembly.id}&version=1`,
  );
  await expectNoSidewaysScroll(page);
  await closeToasts(page);
  await expectNoAxeViolations(page);
});
