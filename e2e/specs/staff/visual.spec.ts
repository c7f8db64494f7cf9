import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

/**
 * Screenshots of every back-office page at 375 and 1280 px in light and dark mode, for a person to
 * look at. Runs only when STAFF_SHOTS_DIR names the folder to write them to.
 */
const SHOTS_DIR = process.env.STAFF_SHOTS_DIR;

test.skip(!SHOTS_DIR, "set STAFF_SHOTS_DIR to take the back office's screenshots");

test("back-office pages at 375 and 1280 px, light and dark", async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS_DIR!, { recursive: true });
  await signInByApi(page, "staff@lindqvar.example", "demo-staff-2026");

  // Something to show on the detail pages: the newest quote and order, if the journey made them.
  const quotes = (await (await page.request.get("/api/staff/quotes?page_size=10")).json()) as {
    data: { items: { id: string }[] };
  };
  const orders = (await (await page.request.get("/api/staff/orders?page_size=10")).json()) as {
    data: { items: { id: string }[] };
  };
  const customers = (await (await page.request.get("/api/staff/customers?q=Nordwind")).json()) as {
    data: { items: { id: string }[] };
  };
  const pages: [string, string][] = [
    ["home", "/staff"],
    ["customers", "/staff/customers"],
    ["customer", `/staff/customers?customer=${customers.data.items[0]?.id ?? ""}`],
    ["quotes", "/staff/quotes?status=all"],
    ["new-quote", `/staff/quotes?new=1&company=${customers.data.items[0]?.id ?? ""}`],
    ["orders", "/staff/orders"],
    ["billing", "/staff/billing"],
    ["deliveries", "/staff/billing?view=deliveries"],
    ["supply", "/staff/supply"],
    ["contracts", "/staff/supply?view=contracts"],
    ["settings", "/staff/settings"],
  ];
  if (quotes.data.items[0]) pages.push(["quote", `/staff/quotes/${quotes.data.items[0].id}`]);
  if (orders.data.items[0]) pages.push(["order", `/staff/orders/${orders.data.items[0].id}`]);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      for (const [name, url] of pages) {
        await gotoHydrated(page, url);
        // Pages with an open dialog hide the rest from the accessibility tree; the h1 is there.
        await expect(page.locator("h1").first()).toBeAttached();
        await page.screenshot({
          path: path.join(SHOTS_DIR!, `${name}-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
    }
  }
});
