import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { latestMail, registerCompany, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { pdfText } from "../../support/pdf.ts";
import { E2E_MAIL_URL } from "../../support/settings.ts";

const STAFF = { email: "staff@lindqvar.example", password: "demo-staff-2026" } as const;

/** The number a desk tile shows. */
async function tile(page: Page, id: string): Promise<number> {
  return Number(await page.locator(`[data-tile="${id}"] .text-3xl`).textContent());
}

async function openDesk(page: Page): Promise<void> {
  await gotoHydrated(page, "/my/desk");
  await expect(page.getByRole("heading", { level: 1, name: "Your desk" })).toBeVisible();
}

/** Sonner's notices fade out on their own; axe runs on the page, not on a notice in transition. */
/**
 * Done-when journey of issue 5, across both sides, for a company that registers first (so the desk's
 * figures belong to this journey alone while the other journeys run in parallel): the customer asks
 * for a quote, staff price and send it, the customer orders part of it, staff advance production in
 * one form (the customer reads "Step 4 of 9" and gets one digest mail for the changes),
 * ship and invoice it, the customer pays, staff book the money; the desk follows every step, and
 * the four PDFs open and hold the figures the pages showed.
 */
test("quote to cash across the customer portal and the back office", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const company = `Kestrel Drives ${stamp} GmbH`;
  const email = `purchasing.${stamp}@kestrel.example`;
  const password = "kestrel drives quote to cash";

  // 1. A new customer registers and signs in with the e-mailed code.
  await registerCompany(page, { company, firstName: "Jana", lastName: "Petersen", email, password });
  await signInByApi(page, email, password);

  // The desk of a new company is empty.
  await openDesk(page);
  expect(await tile(page, "open-quotes")).toBe(0);
  expect(await tile(page, "quotes-in-progress")).toBe(0);
  expect(await tile(page, "orders-in-production")).toBe(0);
  await expect(page.getByText("No quotes are waiting for you.")).toBeVisible();

  // An address to bill and ship to.
  await gotoHydrated(page, "/my/companies");
  await page.getByRole("button", { name: "Add address" }).click();
  const addressDialog = page.getByRole("dialog", { name: "Add address" });
  await addressDialog.getByLabel("Label").fill("Works");
  await addressDialog.getByLabel("Street and number").fill("Hafenstraße 12");
  await addressDialog.getByLabel("Postcode").fill("24103");
  await addressDialog.getByLabel("Town or city").fill("Kiel");
  await addressDialog.getByRole("button", { name: "Save" }).click();
  await expect(addressDialog).toBeHidden();

  // 2. The customer asks for a quote: an assembly at two quantities and a bare board.
  const title = `Servo controller SC-3 ${stamp}`;
  await gotoHydrated(page, "/my/quotes");
  await page.getByRole("button", { name: "Request a quote" }).click();
  const request = page.getByRole("dialog", { name: "Request a quote" });
  await request.getByLabel("Title").fill(title);
  await request.getByLabel("Your reference (optional)").fill("SC3-RFQ");
  await request.getByLabel("Description").fill("Servo controller SC-3, SMT both sides, THT connectors");
  await request.getByLabel("Line 1, quantity 1").fill("25");
  await request.getByRole("button", { name: "Add a quantity to line 1" }).click();
  await request.getByLabel("Line 1, quantity 2").fill("100");
  await request.getByRole("button", { name: "Add line" }).click();
  const requestLine2 = request.getByRole("group", { name: "Line 2" });
  await requestLine2.getByLabel("Product category").selectOption({ label: "PCB" });
  await requestLine2.getByLabel("Description").fill("SC-3 bare board, 4 layers");
  await requestLine2.getByLabel("Line 2, quantity 1").fill("100");
  await request.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Quote QTN-/ })).toBeVisible();
  await expect(page.getByText("In progress", { exact: true })).toBeVisible();
  const quoteId = new URL(page.url()).pathname.split("/").pop()!;
  const quoteNumber = /QTN-\d{4}-\d{5}/.exec(
    (await page.getByRole("heading", { level: 1 }).textContent())!,
  )![0];

  await openDesk(page);
  expect(await tile(page, "quotes-in-progress")).toBe(1);
  await expect(page.getByRole("region", { name: "Open quotes" }).getByText(quoteNumber)).toBeVisible();

  // 3. Staff price the request and send it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);
  await gotoHydrated(staff, `/staff/quotes?q=${encodeURIComponent(title)}`);
  await staff.getByRole("link", { name: quoteNumber }).click();
  await expect(staff.getByRole("heading", { level: 1, name: new RegExp(title) })).toBeVisible();
  await staff.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const line1 = staff.getByRole("group", { name: "Line 1" });
  await line1.getByLabel("Lead time (working days)").fill("10");
  await line1.getByLabel("One-off engineering costs (EUR)").fill("350");
  await line1.getByLabel("Unit price, tier 1 (EUR)").fill("48.00");
  await line1.getByLabel("Unit price, tier 2 (EUR)").fill("39.50");
  const line2 = staff.getByRole("group", { name: "Line 2" });
  await line2.getByLabel("Lead time (working days)").fill("5");
  await line2.getByLabel("Unit price, tier 1 (EUR)").fill("6.20");
  await staff.getByRole("button", { name: "Save lines" }).click();
  await expect(staff.getByText("Lines saved")).toBeVisible();
  await staff.getByRole("button", { name: "Send quote" }).click();
  const send = staff.getByRole("dialog", { name: `Send ${quoteNumber}` });
  await send.getByRole("button", { name: "Send quote" }).click();
  await expect(staff.getByText(`Quote sent to ${company}`)).toBeVisible();
  // The customer hears of it by e-mail.
  expect((await latestMail(page.request, email)).text).toContain(quoteNumber);

  // The desk now counts it as open, and the quote's PDF holds the prices.
  await openDesk(page);
  expect(await tile(page, "open-quotes")).toBe(1);
  expect(await tile(page, "quotes-in-progress")).toBe(0);
  const quotePdf = await pdfText(page.request, `/api/quotes/${quoteId}/pdf`);
  expect(quotePdf).toContain(quoteNumber);
  expect(quotePdf).toContain(company);
  expect(quotePdf).toMatch(/€\s?39\.50/);
  expect(quotePdf).toMatch(/€\s?350\.00/);

  // 4. The customer orders line 1 at 100 pieces and leaves the bare board out.
  await gotoHydrated(page, `/my/quotes/${quoteId}`);
  await expect(page.getByText("Open", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Order", exact: true }).click();
  const order = page.getByRole("dialog", { name: `Order quote ${quoteNumber}` });
  await order
    .getByRole("group", { name: /^Line 1:/ })
    .getByLabel(/^100 pieces/)
    .check();
  await order
    .getByRole("group", { name: /^Line 2:/ })
    .getByLabel("Do not order this line")
    .check();
  await order.getByLabel("Purchase order number").fill(`PO-SC3-${stamp}`);
  await order.getByLabel("I accept the terms of sale").check();
  const submit = order.getByRole("button", { name: /^Place order \(€[\d,.]+\)$/ });
  const orderTotal = /€[\d,.]+/.exec((await submit.textContent())!)![0];
  await expectNoAxeViolations(page);
  await submit.click();
  await expect(page).toHaveURL(/\/my\/orders\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  const orderNumber = /SO-\d{4}-\d{5}/.exec(
    (await page.getByRole("heading", { level: 1, name: /^Order SO-/ }).textContent())!,
  )![0];
  await expect(page.getByText("Partially ordered", { exact: true })).toBeVisible();
  await expect(page.getByText(orderTotal).first()).toBeVisible();

  await openDesk(page);
  expect(await tile(page, "open-quotes")).toBe(0);
  expect(await tile(page, "orders-in-production")).toBe(1);
  const deskOrders = page.getByRole("region", { name: "Orders in production" });
  await expect(deskOrders.getByText(orderNumber)).toBeVisible();
  await expect(
    deskOrders.getByRole("progressbar", { name: `Production progress of ${orderNumber}` }),
  ).toHaveAttribute("aria-valuenow", "0");
  const orderPdf = await pdfText(page.request, `/api/orders/${orderId}/pdf`);
  expect(orderPdf).toContain(orderNumber);
  expect(orderPdf).toContain(`PO-SC3-${stamp}`);
  expect(orderPdf).toContain(orderTotal);
  expect(orderPdf).not.toContain("SC-3 bare board");

  // 5. Staff advance production in one form with one save: the data is checked, the components are
  // in, the board is made, SMT assembly is under way. The assembly line has the nine assembly stages.
  await gotoHydrated(staff, `/staff/orders/${orderId}`);
  await expect(staff.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const production = staff.getByRole("region", { name: "Production progress" });
  await expect(production.getByRole("row")).toHaveCount(1 + 9);
  await expect(production.getByRole("button")).toHaveCount(1);
  const savedAt = new Date();
  for (const [stage, percent] of [
    ["Data check", "100"],
    ["Component sourcing", "100"],
    ["PCB fabrication", "100"],
    ["SMT assembly", "40"],
  ] as const)
    await production.getByLabel(`${stage} percent, line 1`).fill(percent);
  await production.getByRole("button", { name: "Save production progress" }).click();
  await expect(staff.getByText(`Production progress of ${orderNumber} saved`)).toBeVisible();

  // The customer reads where the line stands: step numbers, names and a bar, not a bare percentage.
  await gotoHydrated(page, `/my/orders/${orderId}`);
  await expect(page.getByText("Step 4 of 9: SMT assembly")).toBeVisible();
  const lineBar = page.getByRole("progressbar", { name: "Production progress of line 1" });
  expect(Number(await lineBar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await expect(lineBar).toHaveAttribute(
    "aria-valuetext",
    /^Step 4 of 9: SMT assembly, \d+ % of production done$/,
  );
  const stages = page.getByRole("list", { name: "Production stages of line 1" });
  await expect(stages.getByRole("listitem")).toHaveCount(9);
  await expect(stages.getByRole("listitem").nth(3)).toHaveAttribute("aria-current", "step");
  await expectNoAxeViolations(page);

  // Mail: production starting is mailed at once; the four changes arrive as one digest once they
  // have rested (PRODUCTION_DIGEST_DELAY_S in the journeys), never as one mail per change.
  expect((await latestMail(page.request, email, "production_started", savedAt)).subject).toContain(
    orderNumber,
  );
  const digest = await latestMail(page.request, email, "production_digest", savedAt);
  expect(digest.subject).toBe(`Production update for order ${orderNumber}`);
  expect(digest.text).toMatch(/• Line 1 \(.+\), SMT assembly: 40 % done/);
  expect(digest.text).toContain("PCB fabrication: complete");
  const sink = (await (
    await page.request.get(`${E2E_MAIL_URL}/mail?to=${encodeURIComponent(email)}`)
  ).json()) as { data: { template: string }[] };
  expect(sink.data.filter((m) => m.template === "production_digest")).toHaveLength(1);
  await openDesk(page);
  const progress = page
    .getByRole("region", { name: "Orders in production" })
    .getByRole("progressbar", { name: `Production progress of ${orderNumber}` });
  expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);

  // 6. Staff ship it and invoice it.
  await gotoHydrated(staff, `/staff/orders/${orderId}`);
  await staff.getByRole("button", { name: "Create delivery note" }).click();
  const delivery = staff.getByRole("dialog", { name: "Create delivery note" });
  await delivery.getByLabel("Tracking number (optional)").fill("JD014600003828140001");
  await delivery.getByRole("button", { name: "Create delivery note" }).click();
  await expect(staff.getByText("Delivery note created")).toBeVisible();
  const deliveryNumber = (await staff
    .getByRole("region", { name: "Delivery notes", exact: true })
    .getByRole("link", { name: /^DN-/ })
    .textContent())!.trim();
  await staff.getByRole("button", { name: "Create invoice" }).click();
  await staff
    .getByRole("dialog", { name: "Create invoice" })
    .getByRole("button", { name: "Create invoice" })
    .click();
  await expect(staff.getByText("Invoice created")).toBeVisible();
  const invoiceNumber = (await staff
    .getByRole("region", { name: "Invoices", exact: true })
    .getByRole("link", { name: /^INV-/ })
    .textContent())!.trim();

  await openDesk(page);
  expect(await tile(page, "orders-in-production")).toBe(0);
  expect(await tile(page, "deliveries")).toBe(1);
  expect(await tile(page, "unpaid-invoices")).toBe(1);
  await expect(
    page.getByRole("region", { name: "Recent deliveries" }).getByText(deliveryNumber),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Unpaid invoices" }).getByText(invoiceNumber)).toBeVisible();
  await expectNoAxeViolations(page);

  const deliveries = (await (await page.request.get("/api/deliveries")).json()) as {
    data: { items: { id: string; number: string }[] };
  };
  const deliveryId = deliveries.data.items.find((d) => d.number === deliveryNumber)!.id;
  const deliveryPdf = await pdfText(page.request, `/api/deliveries/${deliveryId}/pdf`);
  expect(deliveryPdf).toContain(deliveryNumber);
  expect(deliveryPdf).toContain(orderNumber);
  expect(deliveryPdf).toContain("JD014600003828140001");
  expect(deliveryPdf).toMatch(/\b100\b/);

  // 7. The customer pays by bank transfer; the invoice waits for the money.
  await gotoHydrated(page, `/my/invoices?q=${invoiceNumber}`);
  const invoiceRow = page.getByRole("row", { name: new RegExp(invoiceNumber) });
  await expect(invoiceRow.getByText(orderTotal)).toBeVisible();
  await invoiceRow.getByRole("button", { name: `Pay invoice ${invoiceNumber}` }).click();
  const pay = page.getByRole("dialog", { name: `Pay invoice ${invoiceNumber}` });
  await pay.getByRole("button", { name: /by bank transfer$/ }).click();
  await expect(pay.getByText("Bank transfer pending")).toBeVisible();
  await pay.getByRole("button", { name: "Close" }).last().click();
  await expect(invoiceRow.getByText("Payment pending")).toBeVisible();
  const invoices = (await (await page.request.get(`/api/invoices?q=${invoiceNumber}`)).json()) as {
    data: { items: { id: string; number: string }[] };
  };
  const invoiceId = invoices.data.items.find((i) => i.number === invoiceNumber)!.id;
  const invoicePdf = await pdfText(page.request, `/api/invoices/${invoiceId}/pdf`);
  expect(invoicePdf).toContain(invoiceNumber);
  expect(invoicePdf).toContain(orderNumber);
  expect(invoicePdf).toContain(company);
  expect(invoicePdf).toContain(orderTotal);

  // 8. The money arrives: staff book it, and the desk has nothing left to pay.
  await gotoHydrated(staff, `/staff/billing?q=${invoiceNumber}`);
  await staff.getByRole("button", { name: `Record payment for ${invoiceNumber}` }).click();
  const record = staff.getByRole("dialog", { name: `Record payment for ${invoiceNumber}` });
  await record.getByLabel("Reference (optional)").fill(`SEPA ${invoiceNumber}`);
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText(`Payment recorded: ${invoiceNumber} is paid`)).toBeVisible();
  await staffContext.close();

  await openDesk(page);
  expect(await tile(page, "unpaid-invoices")).toBe(0);
  await expect(page.getByText("All invoices are paid.")).toBeVisible();
  await gotoHydrated(page, `/my/invoices?q=${invoiceNumber}`);
  await expect(
    page.getByRole("row", { name: new RegExp(invoiceNumber) }).getByText("Paid", { exact: true }),
  ).toBeVisible();
  await gotoHydrated(page, `/my/orders/${orderId}`);
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible();
});
