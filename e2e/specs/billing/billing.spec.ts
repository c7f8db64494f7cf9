import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { apiData as data, placeSensorBoardOrder, STAFF } from "../../support/orders.ts";

/** Extra screenshots at 375 and 1280 px in light and dark mode, for a person to look at. */
const SHOTS_DIR = process.env.BILLING_SHOTS_DIR;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Desk {
  counts: Record<string, number | null>;
}

/**
 * The staff side of quote to cash through the API: a quote sent to the demo company, which the
 * customer orders; then a delivery note of everything and an invoice for the order.
 */
async function prepareShippedAndInvoicedOrder(staff: Page, customer: Page) {
  const placed = await placeSensorBoardOrder(staff, customer);

  // Staff ship it and invoice it.
  const order = await data<{ lines: { id: string; quantity: number }[] }>(
    await staff.request.get(`/api/staff/orders/${placed.order_id}`),
  );
  const delivery = await data<{ id: string; number: string }>(
    await staff.request.post("/api/staff/deliveries", {
      data: {
        order_id: placed.order_id,
        carrier: "DHL Express",
        tracking_number: "JD014600006281230412",
        lines: order.lines.map((line) => ({ order_line_id: line.id, quantity: line.quantity })),
      },
    }),
  );
  const invoice = await data<{ id: string; number: string; total_minor: number }>(
    await staff.request.post("/api/staff/invoices", { data: { order_id: placed.order_id } }),
  );
  return { order: placed, delivery, invoice };
}

async function tileCount(page: Page, tile: string): Promise<number> {
  return Number(await page.locator(`[data-tile="${tile}"] .text-3xl`).textContent());
}

test("from invoice to payment: desk, deliveries, paying by bank transfer, material and a contract", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const { order, delivery, invoice } = await prepareShippedAndInvoicedOrder(staff, page);

  // The desk: the figures the API counts, the new delivery and invoice, and the chart.
  const desk = await data<Desk>(await page.request.get("/api/desk"));
  await gotoHydrated(page, "/my/desk");
  await expect(page.getByRole("heading", { level: 1, name: "Your desk" })).toBeVisible();
  // "Welcome" when this is the demo user's first session in a fresh database (issue 20), else "Welcome back".
  await expect(page.getByText(/^Welcome( back)?, Lena$/)).toBeVisible();
  const unpaidBefore = (desk.counts.unpaid_invoices ?? 0) - (desk.counts.overdue_invoices ?? 0);
  expect(unpaidBefore).toBeGreaterThanOrEqual(1);
  expect(await tileCount(page, "unpaid-invoices")).toBe(unpaidBefore);
  expect(await tileCount(page, "deliveries")).toBe(desk.counts.deliveries_last_30_days);
  expect(await tileCount(page, "open-quotes")).toBe(desk.counts.open_quotes);
  await expect(page.locator('[data-tile="unpaid-invoices"]')).toHaveAttribute(
    "href",
    "/my/invoices?status=unpaid",
  );
  const deliveries = page.getByRole("region", { name: "Recent deliveries" });
  await expect(deliveries.getByText(delivery.number)).toBeVisible();
  await expect(
    deliveries.getByRole("link", { name: /Track JD014600006281230412 with DHL Express/ }),
  ).toHaveAttribute("href", /dhl\.com.*JD014600006281230412/);
  await expect(page.getByRole("region", { name: "Unpaid invoices" }).getByText(invoice.number)).toBeVisible();
  const chart = page.getByRole("img", { name: /Bar chart of ordered and invoiced amounts per month in EUR/ });
  await expect(chart).toBeVisible();
  const thisMonth = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );
  const monthRow = page.getByRole("row", { name: new RegExp(`^${thisMonth}`) });
  await expect(monthRow).toHaveCount(1);
  await expect(monthRow.getByRole("cell").first()).not.toHaveText("€0.00");
  await expect(monthRow.getByRole("cell").nth(1)).not.toHaveText("€0.00");
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("desk-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The deliveries list: the note with its order and tracking links; search narrows it down.
  await gotoHydrated(page, `/my/deliveries?q=${delivery.number}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your deliveries" })).toBeVisible();
  const deliveryRow = page.getByRole("row", { name: new RegExp(delivery.number) });
  await expect(deliveryRow.getByRole("link", { name: order.order_number })).toHaveAttribute(
    "href",
    `/my/orders/${order.order_id}`,
  );
  await expect(deliveryRow.getByRole("link", { name: /Track JD014600006281230412/ })).toHaveAttribute(
    "href",
    /dhl\.com/,
  );
  await expect(deliveryRow.getByRole("link", { name: `Download ${delivery.number} as PDF` })).toHaveAttribute(
    "href",
    `/api/deliveries/${delivery.id}/pdf`,
  );
  await expect(page.getByText("1 delivery note")).toBeVisible();
  await expectNoAxeViolations(page);

  // Part of the money arrives first: staff record 500.00 of it in the back office.
  const money = (minor: number) =>
    new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(minor / 100);
  const today = new Intl.DateTimeFormat("en", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date());
  const open = invoice.total_minor - 50_000;
  await gotoHydrated(staff, `/staff/billing?q=${invoice.number}`);
  const staffRow = staff.getByRole("row", { name: new RegExp(invoice.number) });
  await expect(staffRow.getByText(money(invoice.total_minor)).first()).toBeVisible();
  await staffRow.getByRole("button", { name: `Record payment for ${invoice.number}` }).click();
  const record = staff.getByRole("dialog", { name: `Record payment for ${invoice.number}` });
  await expect(record.getByLabel("Amount received (EUR)")).toHaveValue(
    (invoice.total_minor / 100).toFixed(2),
  );
  await record.getByLabel("Amount received (EUR)").fill("500.00");
  await record.getByLabel("Received by").selectOption("bank_transfer");
  await record.getByLabel("Reference (optional)").fill("SEPA 4711");
  await expectNoAxeViolations(staff);
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(
    staff.getByText(`Payment recorded: ${money(open)} of ${invoice.number} is still open`),
  ).toBeVisible();
  await expect(record).toBeHidden();
  await expect(staffRow.getByText(`${money(open)} open`)).toBeVisible();
  await expect(staffRow.getByText(`${money(50_000)} paid`)).toBeVisible();
  await expect(staffRow.getByText("Unpaid", { exact: true })).toBeVisible();

  // The customer sees what is still open, and announces a transfer of the rest.
  await gotoHydrated(page, "/my/invoices");
  await expect(page.getByRole("heading", { level: 1, name: "Your invoices" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Open amount" })).toBeVisible();
  const invoiceRow = page.getByRole("row", { name: new RegExp(invoice.number) });
  await expect(invoiceRow.getByText("Unpaid", { exact: true })).toBeVisible();
  await expect(invoiceRow.getByText(`${money(open)} open`)).toBeVisible();
  await expect(invoiceRow.getByText(`${money(50_000)} paid`)).toBeVisible();
  await invoiceRow.getByRole("button", { name: `Pay invoice ${invoice.number}` }).click();
  const dialog = page.getByRole("dialog", { name: `Pay invoice ${invoice.number}` });
  await expect(dialog.getByText(`Still open: ${money(open)}`)).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Bank transfer/ })).toBeChecked();
  await expect(dialog.getByLabel("Amount transferred (EUR)")).toHaveValue((open / 100).toFixed(2));
  await dialog.getByLabel("Amount transferred (EUR)").fill("abc");
  await dialog.getByRole("button", { name: /by bank transfer$/ }).click();
  await expect(dialog.getByText("Enter the amount of your transfer, such as 250.00.")).toBeVisible();
  await dialog.getByLabel("Amount transferred (EUR)").fill((open / 100).toFixed(2));
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: `Pay ${money(open)} by bank transfer` }).click();
  await expect(dialog.getByText("Bank transfer pending")).toBeVisible();
  await expect(dialog.getByText("DE02 1203 0000 0000 2020 51")).toBeVisible();
  await expect(dialog.getByText(invoice.number, { exact: true })).toBeVisible();
  await expect(page.getByText(`Bank transfer for ${invoice.number} announced.`)).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();
  await expect(invoiceRow.getByText("Payment pending")).toBeVisible();
  await expect(invoiceRow.getByText(`Transfer of ${money(open)} on ${today} announced`)).toBeVisible();
  await expect(invoiceRow.getByRole("button", { name: `Pay invoice ${invoice.number}` })).toHaveCount(0);
  // A second payment is refused while the transfer is pending.
  const again = await page.request.post("/api/payments/charge", {
    data: { invoice_id: invoice.id, method: "bank_transfer" },
  });
  expect(again.status()).toBe(409);
  await invoiceRow
    .getByRole("button", { name: `Bank transfer details for invoice ${invoice.number}` })
    .click();
  await expect(dialog.getByText("Bank transfer pending")).toBeVisible();
  await page.keyboard.press("Escape");
  await expectNoAxeViolations(page);

  // Staff see the announced transfer with its amount and day, filter by it, and record the money.
  await gotoHydrated(staff, `/staff/billing?payment=transfer_announced&q=${invoice.number}`);
  await expect(staff.locator('select[name="payment"]')).toHaveValue("transfer_announced");
  await expect(staffRow.getByText("Transfer announced")).toBeVisible();
  await expect(staffRow.getByText(`${money(open)} on ${today}`)).toBeVisible();
  await expectNoAxeViolations(staff);
  await staffRow.getByRole("button", { name: `Record payment for ${invoice.number}` }).click();
  await expect(
    record.getByText(`The customer announced a transfer of ${money(open)} on ${today}.`),
  ).toBeVisible();
  await expect(record.getByLabel("Amount received (EUR)")).toHaveValue((open / 100).toFixed(2));
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText(`Payment recorded: ${invoice.number} is paid`)).toBeVisible();
  // Settled: the filter no longer lists it; without the filter it is paid with nothing open.
  await expect(staff.getByText("No invoices match")).toBeVisible();
  await gotoHydrated(staff, `/staff/billing?q=${invoice.number}`);
  await expect(staffRow.getByText("Paid", { exact: true })).toBeVisible();
  await expect(staffRow.getByText(/ open$/)).toHaveCount(0);

  // The invoice is paid everywhere.
  await gotoHydrated(page, `/my/invoices?status=paid&q=${invoice.number}`);
  const paidRow = page.getByRole("row", { name: new RegExp(invoice.number) });
  await expect(paidRow.getByText("Paid", { exact: true })).toBeVisible();
  await expect(paidRow.getByText(/ open$/)).toHaveCount(0);
  await gotoHydrated(page, "/my/desk");
  expect(await tileCount(page, "unpaid-invoices")).toBe(unpaidBefore - 1);
  await expect(page.getByRole("region", { name: "Unpaid invoices" }).getByText(invoice.number)).toHaveCount(
    0,
  );

  // The quick action announces material: two parts for the order.
  await page.getByRole("link", { name: "Announce material" }).click();
  const announce = page.getByRole("dialog", { name: "Announce material" });
  await expect(announce).toBeVisible();
  await announce.getByLabel("For order").selectOption(order.order_id);
  await announce.getByLabel("Expected arrival").fill(day(5));
  await announce.getByLabel("Carrier").fill("UPS");
  await announce.getByLabel("Tracking number").fill("1Z999AA10123456784");
  const part1 = announce.getByRole("group", { name: "Part 1" });
  await part1.getByLabel("Part number (MPN)").fill("STM32F103C8T6");
  await part1.getByLabel("Manufacturer").fill("STMicroelectronics");
  await part1.getByLabel("Quantity").fill("250");
  await part1.getByLabel("Packaging").selectOption("tray");
  await announce.getByRole("button", { name: "Add part" }).click();
  const part2 = announce.getByRole("group", { name: "Part 2" });
  await expect(part2.getByLabel("Part number (MPN)")).toBeFocused();
  await part2.getByLabel("Part number (MPN)").fill("GRM188R71H104KA93D");
  await part2.getByLabel("Description").fill("100 nF 50 V X7R 0603");
  await part2.getByLabel("Quantity").fill("4000");
  await expectNoAxeViolations(page);
  await announce.getByRole("button", { name: "Announce material" }).click();
  await expect(announce).toBeHidden();
  await expect(page.getByText(/Material request .+ announced/)).toBeVisible();
  const materialRow = page.getByRole("row", { name: /STM32F103C8T6/ });
  await expect(materialRow.getByText("2 parts")).toBeVisible();
  await expect(materialRow.getByText("Announced", { exact: true })).toBeVisible();
  await expect(materialRow.getByRole("link", { name: order.order_number })).toBeVisible();
  await expect(materialRow.getByRole("link", { name: /Track 1Z999AA10123456784 with UPS/ })).toHaveAttribute(
    "href",
    /ups\.com/,
  );
  await expectNoAxeViolations(page);

  // Request a framework agreement.
  await gotoHydrated(page, "/my/contracts");
  await expect(page.getByRole("heading", { level: 1, name: "Your contracts" })).toBeVisible();
  await page.getByRole("button", { name: "Request a contract" }).click();
  const contract = page.getByRole("dialog", { name: "Request a contract" });
  const title = `Framework agreement SB-7 ${Date.now()}`;
  await contract.getByLabel("Type of agreement").selectOption("framework");
  await contract.getByLabel("Title").fill(title);
  await contract.getByLabel("End date").fill(day(400));
  await contract.getByLabel("Planned annual volume (EUR)").fill("250000");
  await contract
    .getByLabel("Terms and wishes")
    .fill("Quarterly call-offs of 2,500 boards, prices fixed for 12 months.");
  await expectNoAxeViolations(page);
  await contract.getByRole("button", { name: "Send request" }).click();
  await expect(contract).toBeHidden();
  const contractRow = page.getByRole("row", { name: new RegExp(title) });
  await expect(contractRow.getByText("Requested")).toBeVisible();
  await expect(contractRow.getByText("€250,000.00")).toBeVisible();
  await expectNoAxeViolations(page);

  if (SHOTS_DIR) {
    mkdirSync(SHOTS_DIR, { recursive: true });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const route of ["desk", "deliveries", "invoices", "material-request", "contracts"]) {
          await gotoHydrated(page, `/my/${route}`);
          await page.screenshot({
            path: path.join(SHOTS_DIR, `${route}-${width}-${scheme}.png`),
            fullPage: true,
          });
        }
        await gotoHydrated(page, "/my/invoices");
        await page
          .getByRole("button", { name: /^Pay invoice/ })
          .first()
          .click();
        await page.screenshot({ path: path.join(SHOTS_DIR, `pay-${width}-${scheme}.png`) });
        await gotoHydrated(page, "/my/contracts");
        await page.getByRole("button", { name: "Request a contract" }).click();
        await page.screenshot({ path: path.join(SHOTS_DIR, `contract-${width}-${scheme}.png`) });
        await gotoHydrated(page, "/my/material-request?announce=1");
        await page.screenshot({ path: path.join(SHOTS_DIR, `announce-${width}-${scheme}.png`) });
      }
    }
  }
  await staffContext.close();
});

test("roles: a viewer reads invoices and contracts without paying or requesting; an engineer sees no invoices", async ({
  page,
  browser,
}) => {
  await signInByApi(page, "viewer@customer.example", "demo-viewer-2026");
  await gotoHydrated(page, "/my/invoices");
  await expect(page.getByRole("row", { name: /INV-2026-00001/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay invoice/ })).toHaveCount(0);
  await expect(
    page.getByText("Invoices are paid by your company's administrators and finance users."),
  ).toBeVisible();
  await gotoHydrated(page, "/my/contracts");
  await expect(page.getByRole("button", { name: "Request a contract" })).toHaveCount(0);
  await gotoHydrated(page, "/my/material-request");
  await expect(page.getByRole("button", { name: "Announce material" })).toHaveCount(0);

  const engineerContext = await browser.newContext();
  const engineer = await engineerContext.newPage();
  await signInByApi(engineer, "engineer@customer.example", "demo-engineer-2026");
  await gotoHydrated(engineer, "/my/desk");
  await expect(engineer.getByRole("heading", { level: 1, name: "Your desk" })).toBeVisible();
  await expect(engineer.locator('[data-tile="unpaid-invoices"]')).toHaveCount(0);
  await expect(engineer.getByRole("region", { name: "Unpaid invoices" })).toHaveCount(0);
  await expect(engineer.getByRole("img", { name: /Bar chart of ordered amounts per month/ })).toBeVisible();
  await gotoHydrated(engineer, "/my/invoices");
  await expect(engineer.getByText("Not available for your role")).toBeVisible();
  await expectNoAxeViolations(engineer);
  await engineerContext.close();
});
