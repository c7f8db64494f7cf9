import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

/** The operator's demo staff account (packages/db/src/seed.ts). */
const STAFF = { email: "staff@lindqvar.example", password: "demo-staff-2026" } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

interface Envelope<T> {
  data: T;
}

/**
 * The back office prepares and sends a two-line quote to the demo company, through the staff API,
 * and makes sure a parcel service in euros exists. Returns the quote's number and title.
 */
async function sendQuote(browser: Browser, title: string): Promise<{ number: string; parcel: string }> {
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);
  const customers = await staff.request.get("/api/staff/customers?q=Nordwind");
  expect(customers.status()).toBe(200);
  const company = (
    (await customers.json()) as Envelope<{ items: { id: string; name: string }[] }>
  ).data.items.find((c) => c.name === "Nordwind Sensorik GmbH");
  expect(company).toBeTruthy();

  const parcel = `Express ${title.slice(-6)}`;
  const service = await staff.request.post("/api/staff/parcel-services", {
    data: {
      name: parcel,
      carrier: "DHL",
      price_minor: 2_490,
      currency: "EUR",
      transit_days: 1,
      active: true,
    },
  });
  expect(service.status()).toBe(201);

  const created = await staff.request.post("/api/staff/quotes", {
    data: {
      company_id: company!.id,
      title,
      customer_reference: "NW-4711",
      currency: "EUR",
      valid_until: isoDay(30),
      lines: [
        {
          category: "assemblies",
          description: "SMT and THT assembly of the sensor board",
          lead_time_days: 10,
          engineering_cost_minor: 45_000,
          tiers: [
            { quantity: 10, unit_price_minor: 4_200 },
            { quantity: 50, unit_price_minor: 3_100 },
            { quantity: 250, unit_price_minor: 2_450 },
          ],
        },
        {
          category: "pcb",
          description: "Bare PCB, 4 layers, FR4 1.6 mm",
          lead_time_days: 15,
          engineering_cost_minor: 0,
          tiers: [
            { quantity: 10, unit_price_minor: 900 },
            { quantity: 100, unit_price_minor: 350 },
          ],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const quote = ((await created.json()) as Envelope<{ id: string; number: string }>).data;
  const sent = await staff.request.post(`/api/staff/quotes/${quote.id}/send`, {
    data: { valid_until: isoDay(30) },
  });
  expect(sent.status()).toBe(200);
  await context.close();
  return { number: quote.number, parcel };
}

/**
 * Closes the notices, as a user would, before axe runs: a notice still fading in is half
 * transparent, and axe would judge its colours mid-transition.
 */
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

async function findQuote(page: Page, title: string) {
  await gotoHydrated(page, "/my/quotes");
  await expect(page.getByRole("heading", { level: 1, name: "Your quotes" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(title);
  await page.getByRole("button", { name: "Show quotes" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

test.describe("quotes and orders", () => {
  test("a customer orders one of two lines of a quote and follows production", async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(90_000);
    const title = `Sensor board ${Date.now()}`;
    const { number, parcel } = await sendQuote(browser, title);

    await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.setViewportSize({ width: 1280, height: 900 });
    await findQuote(page, title);
    const row = page.getByRole("row", { name: new RegExp(number) });
    await expect(row.getByText("Open", { exact: true })).toBeVisible();
    await expect(row.getByText(/Expires in (29|30) days/)).toBeVisible();
    await expectNoAxeViolations(page);

    // Sorting is a link in the column header; the URL keeps it.
    await page.getByRole("link", { name: "Number" }).click();
    await expect(page).toHaveURL(/sort=number&dir=asc/);
    await expect(page.getByRole("columnheader", { name: "Number" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    await row.getByRole("link", { name: number }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Quote ${number}` })).toBeVisible();
    await expect(page.getByText("Open", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", /\/pdf$/);
    await expect(page.getByText(/weekends and our holidays are skipped/)).toBeVisible();
    await page.getByRole("button", { name: /Our holidays/ }).click();
    await expectNoAxeViolations(page);

    // Order line 1 at 50 pieces and leave line 2 out.
    await page.getByRole("button", { name: "Order", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Order quote ${number}` });
    await dialog
      .getByRole("group", { name: /^Line 1:/ })
      .getByLabel(/^50 pieces/)
      .check();
    await dialog
      .getByRole("group", { name: /^Line 2:/ })
      .getByLabel("Do not order this line")
      .check();
    await dialog.getByLabel(new RegExp(parcel)).check();
    await dialog.getByLabel("Purchase order number").fill(`PO-${title.slice(-6)}`);

    // Without the terms accepted the order is not sent.
    await dialog.getByRole("button", { name: /^Place order/ }).click();
    await expect(dialog.getByText("Accept the terms of sale to place the order.")).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Terms of sale" })).toBeVisible();
    await dialog.getByLabel("I accept the terms of sale").check();
    // 50 × €31.00 + €450.00 one-off + €24.90 shipping = €2,024.90 net; 19 % VAT €384.73.
    await expect(dialog.getByText("the quote becomes Partially ordered", { exact: false })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Place order (€2,409.63)" })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Place order (€2,409.63)" }).click();

    // The new order: the quote is now Partially Ordered and the assembly line starts the nine
    // stages of an assembly, at step 1.
    await expect(page).toHaveURL(/\/my\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Order SO-/ })).toBeVisible();
    await expect(page.getByText("Partially ordered", { exact: true })).toBeVisible();
    const stages = page.getByRole("list", { name: "Production stages of line 1" });
    await expect(stages.getByRole("listitem")).toHaveCount(9);
    await expect(stages.getByRole("listitem").first()).toHaveAttribute("aria-current", "step");
    await expect(page.getByText("Step 1 of 9: Data check")).toBeVisible();
    for (const stage of [
      "Data check",
      "Component sourcing",
      "PCB fabrication",
      "SMT assembly",
      "THT assembly",
      "Optical inspection (AOI)",
      "Testing",
      "Quality inspection",
      "Packing and shipping",
    ])
      await expect(stages.getByText(stage, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Order confirmation (PDF)" })).toHaveAttribute(
      "href",
      /\/pdf$/,
    );
    await expect(page.getByText("€2,409.63")).toBeVisible();
    await expect(page.getByText(/^Order SO-\d{4}-\d{5} placed$/)).toBeVisible();
    await closeToasts(page);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(stages.getByRole("listitem")).toHaveCount(9);
    await page.screenshot({ path: info.outputPath("order-375.png"), fullPage: true });
    await expectNoAxeViolations(page);

    // The orders list shows it with its progress.
    await page.getByRole("link", { name: "All orders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
    await expect(page.getByRole("progressbar").first()).toBeVisible();
    await page.screenshot({ path: info.outputPath("orders-375.png"), fullPage: true });
    await expectNoAxeViolations(page);
  });

  test("the order dialog starts with the company's default parcel service, else the cheapest", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const title = `Probe board ${Date.now()}`;
    const { number, parcel } = await sendQuote(browser, title);
    await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await findQuote(page, title);
    await page.getByRole("link", { name: number }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: `Quote ${number}` })).toBeVisible();
    const quoteUrl = new URL(page.url()).pathname;

    /** Chooses the company's default on its page, as an administrator does. */
    const chooseDefault = async (option: string) => {
      await gotoHydrated(page, "/my/companies");
      const details = page.getByRole("region", { name: "Company details" });
      await details.getByLabel("Default parcel service").selectOption({ label: option });
      await details.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await closeToasts(page);
    };
    const openDialog = async () => {
      await gotoHydrated(page, quoteUrl);
      await page.getByRole("button", { name: "Order", exact: true }).click();
      return page.getByRole("dialog", { name: `Order quote ${number}` });
    };

    // This run's express service (€24.90), dearer than the demo's other services, as the default.
    await chooseDefault(`DHL ${parcel} – €24.90`);
    await expect(
      page.getByRole("region", { name: "Company details" }).getByLabel("Default parcel service"),
    ).toHaveValue(/^[0-9a-f-]{36}$/);
    await expectNoAxeViolations(page);
    let dialog = await openDialog();
    await expect(dialog.getByLabel(new RegExp(parcel))).toBeChecked();

    // Without a default the dialog starts with the cheapest: the demo's free pick-up.
    await chooseDefault("The cheapest one offered");
    dialog = await openDialog();
    await expect(dialog.getByLabel(/Pick-up in Bamberg/)).toBeChecked();
    await expect(dialog.getByLabel(new RegExp(parcel))).not.toBeChecked();
    await expect(dialog.getByLabel(/DHL Express 12:00/)).not.toBeChecked();
  });

  test("a customer declines a quote with a reason, then asks for a new one", async ({ page, browser }) => {
    const title = `Gateway board ${Date.now()}`;
    const { number } = await sendQuote(browser, title);

    await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await findQuote(page, title);
    await page.getByRole("link", { name: number }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: `Quote ${number}` })).toBeVisible();

    await page.getByRole("link", { name: "Decline" }).click();
    const form = page.getByRole("region", { name: `Decline quote ${number}` });
    await expect(form.getByLabel("Reason")).toBeFocused();
    await form.getByRole("button", { name: "Decline quote" }).click();
    await expect(form.getByText("Enter a reason of 3 to 1,000 characters.")).toBeVisible();
    await form.getByLabel("Reason").fill("We found a supplier closer to our plant.");
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Decline quote" }).click();
    await expect(page.getByText(`Quote ${number} declined`)).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByText("Declined", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why you declined" })).toBeVisible();
    await expect(page.getByText("We found a supplier closer to our plant.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Order", exact: true })).toHaveCount(0);
    await closeToasts(page);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Ask for a new quote" }).click();
    await expect(page.getByText("In progress", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Ask for a new quote" })).toHaveCount(0);
  });

  test("declining a quote works with JavaScript disabled", async ({ browser }) => {
    const title = `Relay board ${Date.now()}`;
    const { number } = await sendQuote(browser, title);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const list = await page.request.get(`/api/quotes?q=${encodeURIComponent(title)}`);
      const quote = ((await list.json()) as Envelope<{ items: { id: string; number: string }[] }>).data
        .items[0]!;
      expect(quote.number).toBe(number);

      await page.goto(`/my/quotes/${quote.id}`);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await page.getByRole("link", { name: "Decline" }).click();
      const form = page.getByRole("region", { name: `Decline quote ${number}` });
      await form.getByLabel("Reason").fill("The housing changed; we will ask again.");
      // A plain form post: the page reloads with the route action's answer.
      await form.getByRole("button", { name: "Decline quote" }).click();
      await expect(page.getByText(`Quote ${number} declined`)).toBeVisible();
      await expect(page.getByText("Declined", { exact: true })).toBeVisible();
      await expect(page.getByText("The housing changed; we will ask again.")).toBeVisible();
      await expect(form).toBeHidden();
      const after = await page.request.get(`/api/quotes/${quote.id}`);
      expect(((await after.json()) as Envelope<{ status: string }>).data.status).toBe("Declined");
    } finally {
      await context.close();
    }
  });

  test("a customer asks for a quote with two lines and several quantities", async ({ page }) => {
    // A long form; on a loaded CI machine (the viewer journeys draw big boards alongside) 30 s is tight.
    await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await gotoHydrated(page, "/my/quotes");
    await page.getByRole("button", { name: "Request a quote" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a quote" });
    const title = `Motor driver ${Date.now()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Your reference (optional)").fill("MD-12");
    await dialog.getByLabel("Notes (optional)").fill("Please quote with and without conformal coating.");
    await dialog.getByLabel("Description").fill("Motor driver board, double-sided SMT");
    await dialog.getByLabel("Line 1, quantity 1").fill("25");
    await dialog.getByRole("button", { name: "Add a quantity to line 1" }).click();
    await dialog.getByLabel("Line 1, quantity 2").fill("100");
    await dialog.getByRole("button", { name: "Add line" }).click();
    const second = dialog.getByRole("group", { name: "Line 2" });
    await second.getByLabel("Product category").selectOption({ label: "PCB" });
    await second.getByLabel("Description").fill("Bare board, 2 layers");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(second.getByText(/Enter 1 to 6 different whole quantities/)).toBeVisible();
    await second.getByLabel("Line 2, quantity 1").fill("100");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Send request" }).click();

    await expect(page.getByRole("heading", { level: 1, name: /^Quote QTN-/ })).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByText("In progress", { exact: true })).toBeVisible();
    await expect(page.getByText("Please quote with and without conformal coating.")).toBeVisible();
    await expect(page.getByRole("row", { name: "100 pieces" })).toHaveCount(2);
    await expect(page.getByText(/^Your request QTN-\d{4}-\d{5} has been sent$/)).toBeVisible();
    await closeToasts(page);
    await expectNoAxeViolations(page);
  });
});
