import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

const STAFF = { email: "staff@lindqvar.example", password: "demo-staff-2026" } as const;
const COMPANY = "Nordwind Sensorik GmbH";

/** Where the journey's 375 px screenshot goes besides the test output (STAFF_SHOTS_DIR to keep it). */
const SHOTS_DIR = process.env.STAFF_SHOTS_DIR;

/** The data of a successful answer (200 or 201: creating calls differ between modules). */
async function data<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Lets the notifications go first (a notice still fading in is half transparent, and axe would judge
 * its colours mid-transition) and waits for transitions to end, then runs axe.
 */
async function checkAxe(page: Page): Promise<void> {
  // A pointer resting on a toast keeps it open.
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await expectNoAxeViolations(page);
}

interface Address {
  id: string;
  is_billing: boolean;
  is_shipping: boolean;
}

/** The customer orders the sent quote through the API (placeOrder), as the brief's buyer would. */
async function customerOrders(customer: Page, staff: Page, quoteId: string): Promise<string> {
  let addresses = await data<Address[]>(await customer.request.get("/api/company/addresses"));
  if (addresses.length === 0) {
    await data(
      await customer.request.post("/api/company/addresses", {
        data: {
          label: "Works",
          street: "Am Speicher 4",
          postal_code: "28217",
          city: "Bremen",
          country: "DE",
          is_billing: true,
          is_shipping: true,
        },
      }),
    );
    addresses = await data<Address[]>(await customer.request.get("/api/company/addresses"));
  }
  const billing = addresses.find((a) => a.is_billing) ?? addresses[0]!;
  const shipping = addresses.find((a) => a.is_shipping) ?? addresses[0]!;

  let services = await data<{ id: string }[]>(await customer.request.get("/api/parcel-services"));
  if (services.length === 0) {
    await data(
      await staff.request.post("/api/staff/parcel-services", {
        data: {
          name: "DHL Paket",
          carrier: "DHL",
          price_minor: 1290,
          currency: "EUR",
          transit_days: 2,
          active: true,
        },
      }),
    );
    services = await data<{ id: string }[]>(await customer.request.get("/api/parcel-services"));
  }
  const terms = await data<{ version: string }>(await customer.request.get("/api/orders/terms"));
  const quote = await data<{ lines: { id: string; tiers: { quantity: number }[] }[] }>(
    await customer.request.get(`/api/quotes/${quoteId}`),
  );
  const placed = await data<{ order_id: string }>(
    await customer.request.post("/api/orders", {
      data: {
        quote_id: quoteId,
        lines: quote.lines.map((line) => ({ line_id: line.id, quantity: line.tiers[0]!.quantity })),
        po_number: `PO-E2E-${Date.now()}`,
        billing_address_id: billing.id,
        shipping_address_id: shipping.id,
        parcel_service_id: services[0]!.id,
        terms_version: terms.version,
        accept_terms: true,
      },
    }),
  );
  return placed.order_id;
}

test("a customer who opens the back office lands on their desk", async ({ page }) => {
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/my\/desk$/);
  await page.goto("/staff/quotes");
  await expect(page).toHaveURL(/\/my\/desk$/);
});

test("staff quote, send, follow production, ship, invoice and get paid; keep a holiday list", async ({
  page,
  browser,
}) => {
  // A long journey across two accounts; on a loaded runner it needs well over 30 s.
  test.setTimeout(180_000);
  await signInByApi(page, STAFF.email, STAFF.password);

  // The customer directory: find the demo company and start a quote for it.
  await gotoHydrated(page, "/staff/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.getByRole("search", { name: "Find customers" }).getByLabel("Company name").fill("Nordwind");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=Nordwind/);
  const row = page.getByRole("row", { name: new RegExp(COMPANY) });
  await row.getByRole("link", { name: COMPANY, exact: true }).click();
  const customerDialog = page.getByRole("dialog", { name: COMPANY });
  await expect(customerDialog.getByRole("heading", { name: "Users" })).toBeVisible();
  await expect(customerDialog.getByText(DEMO_ADMIN.email)).toBeVisible();
  await checkAxe(page);
  await customerDialog.getByRole("link", { name: "New quote" }).click();

  const title = `Sensor board SB-9 pilot ${Date.now()}`;
  const newQuote = page.getByRole("dialog", { name: "New quote" });
  await expect(newQuote.getByLabel("Customer company")).toHaveValue(/[0-9a-f-]{36}/);
  await expect(newQuote.getByLabel("Customer company").locator("option:checked")).toHaveText(COMPANY);
  await newQuote.getByLabel("Title").fill(title);
  await newQuote.getByLabel("Customer reference (optional)").fill("RFQ-4711");
  // VAT follows the customer's country and VAT ID unless staff choose otherwise, with a reason.
  await expect(newQuote.getByLabel("VAT treatment")).toHaveValue("");
  await newQuote.getByLabel("VAT treatment").selectOption("export");
  await expect(newQuote.getByLabel("Reason for the other treatment")).toBeVisible();
  await newQuote.getByLabel("VAT treatment").selectOption("");
  await expect(newQuote.getByLabel("Reason for the other treatment")).toHaveCount(0);
  // The shared schema's rules show before anything is sent.
  await newQuote.getByRole("button", { name: "Create quote" }).click();
  await expect(newQuote.getByText("Use at least 3 characters.")).toBeVisible();
  await newQuote.getByLabel("Description").fill("SB-9 sensor board, SMT both sides");
  await newQuote.getByLabel("Lead time (working days)").fill("10");
  await newQuote.getByLabel("Quantity").fill("100");
  await newQuote.getByLabel("Unit price (EUR)").fill("12,50");
  await newQuote.getByLabel("One-off engineering costs (EUR)").fill("250");
  await newQuote.getByRole("button", { name: "Create quote" }).click();

  // The quote page: a second tier on line 1, a second line with two tiers.
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(title) })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const quoteUrl = page.url();
  const quoteId = quoteUrl.split("/").pop()!;
  await page.getByRole("button", { name: "Add a tier to line 1" }).click();
  await page.getByLabel("Quantity, tier 2").fill("500");
  await page.getByLabel("Unit price, tier 2 (EUR)").fill("9.80");
  await page.getByRole("button", { name: "Add line" }).click();
  const line2 = page.getByRole("group", { name: "Line 2" });
  await line2.getByLabel("Category").selectOption("pcb");
  await line2.getByLabel("Description").fill("SB-9 bare board, 4 layers");
  await line2.getByLabel("Lead time (working days)").fill("5");
  await line2.getByLabel("Quantity, tier 1").fill("1000");
  await line2.getByLabel("Unit price, tier 1 (EUR)").fill("2.10");
  await line2.getByRole("button", { name: "Add a tier to line 2" }).click();
  await line2.getByLabel("Quantity, tier 2").fill("100");
  await line2.getByLabel("Unit price, tier 2 (EUR)").fill("3.20");
  // Tiers must grow: the editor says so before saving.
  await page.getByRole("button", { name: "Save lines" }).click();
  await expect(line2.getByText("Each tier needs a larger quantity than the one before.")).toBeVisible();
  await line2.getByLabel("Quantity, tier 1").fill("100");
  await line2.getByLabel("Unit price, tier 1 (EUR)").fill("3.20");
  await line2.getByLabel("Quantity, tier 2").fill("1000");
  await line2.getByLabel("Unit price, tier 2 (EUR)").fill("2.10");
  await expect(page.getByRole("button", { name: "Send quote" })).toBeDisabled();
  await page.getByRole("button", { name: "Save lines" }).click();
  await expect(page.getByText("Lines saved")).toBeVisible();
  await checkAxe(page);

  await page.getByRole("button", { name: "Send quote" }).click();
  const send = page.getByRole("dialog", { name: /^Send QTN-/ });
  await send.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByText(`Quote sent to ${COMPANY}`)).toBeVisible();
  await expect(page.getByRole("main").getByText("Open", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Save lines" })).toHaveCount(0);

  // The customer orders it through the API.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInByApi(customer, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const orderId = await customerOrders(customer, page, quoteId);
  await customerContext.close();

  // The order: SMT of line 1 to 100 %, saved with the production form's one Save.
  await gotoHydrated(page, `/staff/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Order SO-/ })).toBeVisible();
  await page.getByLabel("SMT assembly percent, line 1").fill("100");
  await page.getByLabel("SMT assembly planned date, line 1").fill(new Date().toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Save production progress" }).click();
  await expect(page.getByText(/^Production progress of SO-\d{4}-\d{5} saved$/)).toBeVisible();
  await expect(page.getByLabel("SMT assembly percent, line 1")).toHaveValue("100");
  await expect(page.getByRole("main").getByText("In production").first()).toBeVisible();

  // Ship everything that was ordered.
  await page.getByRole("button", { name: "Create delivery note" }).click();
  const delivery = page.getByRole("dialog", { name: "Create delivery note" });
  await delivery.getByLabel("Tracking number (optional)").fill("JD0146000062812");
  await delivery.getByRole("button", { name: "Create delivery note" }).click();
  await expect(page.getByText("Delivery note created")).toBeVisible();
  const notes = page.getByRole("region", { name: "Delivery notes", exact: true });
  await expect(notes.getByRole("link", { name: /^DN-/ })).toBeVisible();
  await expect(page.getByText("Everything ordered has been delivered.")).toBeVisible();

  // Invoice it.
  await page.getByRole("button", { name: "Create invoice" }).click();
  const invoiceDialog = page.getByRole("dialog", { name: "Create invoice" });
  await invoiceDialog.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByText("Invoice created")).toBeVisible();
  const invoiceLink = page
    .getByRole("region", { name: "Invoices", exact: true })
    .getByRole("link", { name: /^INV-/ });
  const invoiceNumber = (await invoiceLink.textContent())!.trim();
  await checkAxe(page);
  await page.setViewportSize({ width: 375, height: 812 });
  const shot = await page.screenshot({ fullPage: true });
  await test.info().attach("staff-order-375", { body: shot, contentType: "image/png" });
  if (SHOTS_DIR) {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, "journey-order-375.png"), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Billing: the money arrived.
  await invoiceLink.click();
  await expect(page).toHaveURL(/\/staff\/billing\?q=INV-/);
  await page.getByRole("button", { name: `Record payment for ${invoiceNumber}` }).click();
  const payment = page.getByRole("dialog", { name: `Record payment for ${invoiceNumber}` });
  await payment.getByLabel("Reference (optional)").fill("Bank statement 2026-118");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(`Payment recorded: ${invoiceNumber} is paid`)).toBeVisible();
  const invoiceRow = page.getByRole("row", { name: new RegExp(invoiceNumber) });
  await expect(invoiceRow.getByText("Paid", { exact: true })).toBeVisible();
  await checkAxe(page);

  // Settings: a holiday added and deleted again.
  await gotoHydrated(page, "/staff/settings?year=2099");
  const holidays = page.getByRole("region", { name: "Holidays", exact: true });
  const name = `Founders' day ${Date.now()}`;
  await holidays.getByLabel("Date").fill("2099-06-12");
  await holidays.getByLabel("Name").fill(name);
  await holidays.getByRole("button", { name: "Add holiday" }).click();
  await expect(page.getByText(`Holiday ${name} added`)).toBeVisible();
  const holidayRow = page.getByRole("row", { name: new RegExp(name) });
  await expect(holidayRow).toBeVisible();
  await checkAxe(page);
  await holidayRow.getByRole("button", { name: new RegExp(`^Delete holiday ${name}`) }).click();
  await expect(page.getByText(`Holiday ${name} deleted`)).toBeVisible();
  await expect(holidayRow).toHaveCount(0);

  // A redirect rule added and deleted again (the delete names the path in a JSON body).
  const redirects = page.getByRole("region", { name: "Redirect rules", exact: true });
  const from = `/old-e2e-${Date.now()}`;
  await redirects.getByLabel("Old path").fill(from);
  await redirects.getByLabel("Target").fill("/resources/faq");
  await redirects.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText(`Redirect of ${from} saved`)).toBeVisible();
  await redirects.getByRole("button", { name: `Delete the redirect of ${from}` }).click();
  await expect(page.getByText(`Redirect of ${from} deleted`)).toBeVisible();
  await expect(redirects.getByRole("button", { name: `Delete the redirect of ${from}` })).toHaveCount(0);
});
