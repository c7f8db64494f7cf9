import { en16931Errors } from "@ems/testing/en16931";
import { embeddedXml } from "@ems/testing/pdf-attachments";
import { pdfText as readPdfText } from "@ems/testing/pdf-text";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { latestMail, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import {
  apiData,
  orderQuoteByApi,
  registerCustomer,
  sendSensorBoardQuote,
  STAFF,
} from "../../support/orders.ts";

/** The operator's VAT ID in the demo configuration (packages/config/src/site.ts). */
const OPERATOR_VAT_ID = "DE111010009";
const LINE = "Line 1: SB-7 sensor board, SMT both sides";

interface Invoice {
  id: string;
  number: string;
  tax_treatment: string;
  tax_rate_bp: number;
  customer_vat_id: string | null;
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
  lines: { position: number; quantity: number }[];
}

const money = (minor: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(minor / 100);

/** The invoice as a PDF (text and the embedded EN 16931 XML) and as XRechnung UBL, both validated. */
async function readEInvoice(
  page: Page,
  invoice: Invoice,
): Promise<{ text: string; cii: string; ubl: string }> {
  const pdf = await page.request.get(`/api/invoices/${invoice.id}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const bytes = await pdf.body();
  const cii = await embeddedXml(bytes);
  expect(await en16931Errors(cii, "cii")).toEqual([]);
  const xml = await page.request.get(`/api/invoices/${invoice.id}/xml`);
  expect(xml.status()).toBe(200);
  expect(xml.headers()["content-type"]).toContain("application/xml");
  const ubl = await xml.text();
  expect(await en16931Errors(ubl, "ubl")).toEqual([]);
  expect(cii).toContain(invoice.number);
  expect(ubl).toContain(invoice.number);
  return { text: await readPdfText(bytes), cii, ubl };
}

/** Staff ship every line of an order in full and invoice it, through the API. */
async function shipAndInvoice(staff: Page, orderId: string): Promise<Invoice> {
  const order = await apiData<{ lines: { id: string; quantity: number }[] }>(
    await staff.request.get(`/api/staff/orders/${orderId}`),
  );
  await apiData(
    await staff.request.post("/api/staff/deliveries", {
      data: {
        order_id: orderId,
        carrier: "DHL",
        lines: order.lines.map((line) => ({ order_line_id: line.id, quantity: line.quantity })),
      },
    }),
  );
  return apiData<Invoice>(await staff.request.post("/api/staff/invoices", { data: { order_id: orderId } }));
}

/**
 * Done-when journey of issue 19. A Swedish company with a valid VAT ID orders 50 boards, receives 20,
 * is invoiced for the 20 under the reverse charge with both VAT IDs, and pays by transfer in two
 * parts; a German company is charged 19 % VAT and a Swiss one gets an export invoice. Every invoice
 * PDF is read (its text and the EN 16931 XML it embeds) and both XML syntaxes pass the EN 16931 rules.
 */
test("VAT by rule: Swedish reverse charge with a partial delivery and two transfers, German VAT, Swiss export", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);

  // 1. A Swedish company with a valid VAT ID registers and orders 50 boards from a sent quote.
  const swedish = `Skärgård Elektronik ${stamp} AB`;
  const swedishVatId = "SE556036079301";
  const swedishEmail = await registerCustomer(page, stamp, {
    company: swedish,
    country: "SE",
    vatId: swedishVatId,
    street: "Sveavägen 44",
    postcode: "111 34",
    city: "Stockholm",
  });
  const quote = await sendSensorBoardQuote(staff, page, {
    company: swedish,
    title: `Sensor board SB-7 for Stockholm ${stamp}`,
    quantities: [50],
  });
  await gotoHydrated(page, `/my/quotes/${quote.id}`);
  await expect(page.getByTestId("tax-treatment")).toContainText("Reverse charge");
  await page.getByRole("button", { name: "Order", exact: true }).click();
  const orderDialog = page.getByRole("dialog", { name: `Order quote ${quote.number}` });
  await orderDialog
    .getByRole("group", { name: /^Line 1:/ })
    .getByLabel(/^50 pieces/)
    .check();
  await orderDialog.getByLabel("Purchase order number").fill(`PO-STH-${stamp}`);
  await orderDialog.getByLabel("I accept the terms of sale").check();
  await orderDialog.getByRole("button", { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/my\/orders\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("tax-treatment")).toContainText(`Your VAT ID: ${swedishVatId}.`);

  // 2. Staff ship 20 of the 50; the customer is told what shipped and what follows.
  const shippedAt = new Date();
  await gotoHydrated(staff, `/staff/orders/${orderId}`);
  await staff.getByRole("button", { name: "Create delivery note" }).click();
  const delivery = staff.getByRole("dialog", { name: "Create delivery note" });
  await delivery.getByLabel(LINE).fill("20");
  await delivery.getByRole("button", { name: "Create delivery note" }).click();
  await expect(staff.getByText("Delivery note created")).toBeVisible();
  const partial = await latestMail(page.request, swedishEmail, "delivery_partly_shipped", shippedAt);
  expect(partial.text).toContain("20 × SB-7 sensor board, SMT both sides");
  expect(partial.text).toContain("30 × SB-7 sensor board, SMT both sides");

  // 3. Staff invoice what shipped: the dialog offers the 20.
  await staff.getByRole("button", { name: "Create invoice" }).click();
  const invoiceDialog = staff.getByRole("dialog", { name: "Create invoice" });
  await expect(
    invoiceDialog.getByRole("group", { name: LINE }).getByLabel("Quantity to invoice"),
  ).toHaveValue("20");
  await invoiceDialog.getByRole("button", { name: "Create invoice" }).click();
  await expect(staff.getByText("Invoice created")).toBeVisible();
  const invoiceNumber = (await staff
    .getByRole("region", { name: "Invoices", exact: true })
    .getByRole("link", { name: /^INV-/ })
    .textContent())!.trim();

  // 4. The invoice bills 20 boards without VAT, under the reverse charge, with both VAT IDs.
  const invoices = await apiData<{ items: Invoice[] }>(
    await page.request.get(`/api/invoices?q=${invoiceNumber}`),
  );
  const invoice = invoices.items.find((i) => i.number === invoiceNumber)!;
  expect(invoice.tax_treatment).toBe("reverse_charge");
  expect(invoice.tax_minor).toBe(0);
  expect(invoice.customer_vat_id).toBe(swedishVatId);
  expect(invoice.lines.filter((l) => l.position > 0)).toEqual([expect.objectContaining({ quantity: 20 })]);
  const swedishDocs = await readEInvoice(page, invoice);
  expect(swedishDocs.text).toContain(swedish);
  expect(swedishDocs.text).toMatch(/SB-7 sensor board, SMT both sides\s+20\b/);
  expect(swedishDocs.text).toContain("Reverse charge: the recipient of the supply is liable for the VAT");
  expect(swedishDocs.text).toContain(swedishVatId);
  expect(swedishDocs.text).toContain(OPERATOR_VAT_ID);
  expect(swedishDocs.text).toContain(money(invoice.total_minor));
  // The data says the same: VAT category AE (reverse charge) with both parties' VAT IDs.
  for (const xml of [swedishDocs.cii, swedishDocs.ubl]) {
    expect(xml).toContain(swedishVatId);
    expect(xml).toContain(OPERATOR_VAT_ID);
    expect(xml).toMatch(/>AE</);
  }

  // 5. The customer announces a transfer of part of it; staff book that part, then the rest.
  const firstPart = 20_000;
  const rest = invoice.total_minor - firstPart;
  await gotoHydrated(page, `/my/invoices?q=${invoiceNumber}`);
  const invoiceRow = page.getByRole("row", { name: new RegExp(invoiceNumber) });
  await invoiceRow.getByRole("button", { name: `Pay invoice ${invoiceNumber}` }).click();
  const pay = page.getByRole("dialog", { name: `Pay invoice ${invoiceNumber}` });
  await pay.getByLabel("Amount transferred (EUR)").fill((firstPart / 100).toFixed(2));
  await pay.getByRole("button", { name: `Pay ${money(firstPart)} by bank transfer` }).click();
  await expect(pay.getByText("Bank transfer pending")).toBeVisible();
  await pay.getByRole("button", { name: "Close" }).last().click();
  await expect(invoiceRow.getByText("Payment pending")).toBeVisible();

  await gotoHydrated(staff, `/staff/billing?q=${invoiceNumber}`);
  const staffRow = staff.getByRole("row", { name: new RegExp(invoiceNumber) });
  await expect(staffRow.getByText("Transfer announced")).toBeVisible();
  await staffRow.getByRole("button", { name: `Record payment for ${invoiceNumber}` }).click();
  const record = staff.getByRole("dialog", { name: `Record payment for ${invoiceNumber}` });
  await expect(
    record.getByText(`The customer announced a transfer of ${money(firstPart)}`, { exact: false }),
  ).toBeVisible();
  await record.getByLabel("Amount received (EUR)").fill((firstPart / 100).toFixed(2));
  await record.getByLabel("Received by").selectOption("bank_transfer");
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(
    staff.getByText(`Payment recorded: ${money(rest)} of ${invoiceNumber} is still open`),
  ).toBeVisible();
  await expect(record).toBeHidden();

  await gotoHydrated(page, `/my/invoices?q=${invoiceNumber}`);
  await expect(invoiceRow.getByText(`${money(rest)} open`)).toBeVisible();
  await expect(invoiceRow.getByText(`${money(firstPart)} paid`)).toBeVisible();
  await expectNoAxeViolations(page);

  await gotoHydrated(staff, `/staff/billing?q=${invoiceNumber}`);
  await staffRow.getByRole("button", { name: `Record payment for ${invoiceNumber}` }).click();
  await expect(record.getByLabel("Amount received (EUR)")).toHaveValue((rest / 100).toFixed(2));
  await record.getByLabel("Received by").selectOption("bank_transfer");
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText(`Payment recorded: ${invoiceNumber} is paid`)).toBeVisible();
  await gotoHydrated(page, `/my/invoices?q=${invoiceNumber}`);
  await expect(invoiceRow.getByText("Paid", { exact: true })).toBeVisible();
  await expect(invoiceRow.getByText(/ open$/)).toHaveCount(0);

  // 6. A German company pays German VAT: 19 %.
  const germanPage = await browser.newPage();
  const german = `Weser Messtechnik ${stamp} GmbH`;
  await registerCustomer(germanPage, stamp, {
    company: german,
    country: "DE",
    street: "Am Wall 120",
    postcode: "28195",
    city: "Bremen",
  });
  const germanQuote = await sendSensorBoardQuote(staff, germanPage, {
    company: german,
    title: `Sensor board SB-7 for Bremen ${stamp}`,
    quantities: [100],
  });
  const germanOrder = await orderQuoteByApi(germanPage, germanQuote.id, 100);
  const germanInvoice = await shipAndInvoice(staff, germanOrder.order_id);
  expect(germanInvoice.tax_treatment).toBe("domestic");
  expect(germanInvoice.tax_rate_bp).toBe(1900);
  expect(germanInvoice.tax_minor).toBe(Math.round(germanInvoice.subtotal_minor * 0.19));
  const germanDocs = await readEInvoice(germanPage, germanInvoice);
  expect(germanDocs.text).toContain(german);
  expect(germanDocs.text).toContain(money(germanInvoice.tax_minor));
  expect(germanDocs.text).not.toContain("Reverse charge");
  expect(germanDocs.ubl).toMatch(/<cbc:Percent>19(\.0+)?<\/cbc:Percent>/);
  await germanPage.close();

  // 7. A Swiss company gets a tax-exempt export invoice.
  const swissPage = await browser.newPage();
  const swiss = `Aare Präzision ${stamp} AG`;
  await registerCustomer(swissPage, stamp, {
    company: swiss,
    country: "CH",
    vatId: "CHE116281710MWST",
    street: "Bahnhofplatz 10",
    postcode: "3011",
    city: "Bern",
  });
  const swissQuote = await sendSensorBoardQuote(staff, swissPage, {
    company: swiss,
    title: `Sensor board SB-7 for Bern ${stamp}`,
    quantities: [100],
  });
  const swissOrder = await orderQuoteByApi(swissPage, swissQuote.id, 100);
  const swissInvoice = await shipAndInvoice(staff, swissOrder.order_id);
  expect(swissInvoice.tax_treatment).toBe("export");
  expect(swissInvoice.tax_minor).toBe(0);
  const swissDocs = await readEInvoice(swissPage, swissInvoice);
  expect(swissDocs.text).toContain(swiss);
  expect(swissDocs.text).toContain("Tax-exempt export delivery to a country outside the European Union");
  expect(swissDocs.cii).toMatch(/>G</);
  expect(swissDocs.ubl).toContain("VATEX-EU-G");
  await swissPage.close();
  await staffContext.close();
});
