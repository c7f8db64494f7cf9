import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

const STAFF = { email: "staff@lindqvar.example", password: "demo-staff-2026" } as const;
const COMPANY = "Nordwind Sensorik GmbH";

async function data<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Lets toasts fade out and transitions end (axe judges colours mid-fade wrongly), then runs axe. */
async function checkAxe(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await expectNoAxeViolations(page);
}

/**
 * Issue 19 point 1: staff change the VAT treatment of an existing quote with a reason; the page
 * shows the new treatment, its legal note and the total the new rate gives.
 */
test("staff change a quote's VAT treatment with a reason", async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page, STAFF.email, STAFF.password);

  // A German customer's draft: domestic VAT by rule. 100 × 12.50 + 250.00 one-off = 1,500.00 net.
  const customers = await data<{ items: { id: string; name: string }[] }>(
    await page.request.get(`/api/staff/customers?q=${encodeURIComponent("Nordwind")}`),
  );
  const company = customers.items.find((c) => c.name === COMPANY)!;
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const quote = await data<{ id: string; number: string; tax_treatment: string }>(
    await page.request.post("/api/staff/quotes", {
      data: {
        company_id: company.id,
        title: `Pilot run, VAT check ${Date.now()}`,
        currency: "EUR",
        valid_until: validUntil,
        lines: [
          {
            category: "assemblies",
            description: "Sensor board pilot run",
            lead_time_days: 10,
            engineering_cost_minor: 25_000,
            tiers: [{ quantity: 100, unit_price_minor: 1_250 }],
          },
        ],
      },
    }),
  );
  expect(quote.tax_treatment).toBe("domestic");

  await gotoHydrated(page, `/staff/quotes/${quote.id}`);
  const summary = page.getByRole("region", { name: "Quote details" });
  const treatment = summary.getByRole("definition").filter({ hasText: /^(Domestic VAT|Reverse charge)/ });
  await expect(treatment).toHaveText(/^Domestic VAT/);
  await expect(page.getByTestId("quote-gross-total")).toHaveText("€1,785.00");

  await page.getByRole("button", { name: "Change VAT treatment" }).click();
  const dialog = page.getByRole("dialog", { name: `Change the VAT treatment of ${quote.number}` });
  await expect(dialog.getByText("Now: Domestic VAT.")).toBeVisible();
  // The current treatment is no choice; a reason is required by the shared schema before anything is sent.
  await expect(dialog.getByLabel("New VAT treatment").locator("option")).toHaveText([
    "Reverse charge",
    "Export",
    "EU, no VAT ID",
  ]);
  await dialog.getByLabel("New VAT treatment").selectOption("reverse_charge");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Fill this in.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("ok");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Use at least 3 characters.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Customer confirmed its VAT ID in writing");
  await checkAxe(page);
  await dialog.getByRole("button", { name: "Save" }).click();

  await expect(page.getByText(`VAT treatment of ${quote.number} changed`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(treatment).toHaveText(/^Reverse charge/);
  await expect(page.getByTestId("tax-treatment")).toContainText("no VAT is charged");
  await expect(page.getByTestId("quote-gross-total")).toHaveText("€1,500.00");
  await checkAxe(page);
});
