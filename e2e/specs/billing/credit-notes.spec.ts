import { en16931Errors } from "@ems/testing/en16931";
import { embeddedXml } from "@ems/testing/pdf-attachments";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { apiData, placeSensorBoardOrder, registerCustomer, STAFF } from "../../support/orders.ts";
import { pdfText } from "../../support/pdf.ts";

const LINE = "Line 1: SB-7 sensor board, SMT both sides";

const money = (minor: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(minor / 100);

/**
 * A correction by credit note: staff credit 10 boards of one invoice line from the billing page,
 * the credit note appears in the back office's list, and the customer sees it under the invoice,
 * with the credited amount and what is still open, and downloads its PDF (a Factur-X whose embedded
 * EN 16931 XML is a credit note of the invoice) and its XRechnung XML.
 */
test("staff credit one line of an invoice; the customer sees the credit note and downloads its PDF and XML", async ({
  page,
  browser,
}) => {
  // Validating against the EN 16931 rules compiles them first (~20 s per syntax on a fresh checkout).
  test.setTimeout(300_000);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);
  // A company of its own, so the figures it checks are not moved by journeys running beside it.
  const stamp = Date.now();
  const company = `Fjord Instruments ${stamp} GmbH`;
  await registerCustomer(page, stamp, {
    company,
    country: "DE",
    street: "Holstenstraße 8",
    postcode: "22767",
    city: "Hamburg",
  });
  const placed = await placeSensorBoardOrder(staff, page, "Sensor board SB-7, credit note", company);

  // Everything ships and is invoiced, through the API.
  const order = await apiData<{ lines: { id: string; quantity: number }[] }>(
    await staff.request.get(`/api/staff/orders/${placed.order_id}`),
  );
  await apiData(
    await staff.request.post("/api/staff/deliveries", {
      data: {
        order_id: placed.order_id,
        carrier: "DHL Express",
        lines: order.lines.map((line) => ({ order_line_id: line.id, quantity: line.quantity })),
      },
    }),
  );
  const invoice = await apiData<{
    id: string;
    number: string;
    total_minor: number;
    issued_on: string;
    lines: { position: number; quantity: number; unit_price_minor: number }[];
  }>(await staff.request.post("/api/staff/invoices", { data: { order_id: placed.order_id } }));
  const boards = invoice.lines.find((l) => l.position === 1)!;

  // Staff issue a credit note for 10 boards of line 1 from the invoice's row.
  await gotoHydrated(staff, `/staff/billing?q=${invoice.number}`);
  const row = staff.getByRole("row", { name: new RegExp(invoice.number) });
  await row.getByRole("button", { name: `Issue a credit note for ${invoice.number}` }).click();
  const dialog = staff.getByRole("dialog", { name: `Credit note for ${invoice.number}` });
  const quantity = dialog.getByLabel(LINE);
  await expect(quantity).toHaveValue(String(boards.quantity));
  await expect(dialog.getByText(`Invoiced ${boards.quantity}, credited so far 0`)).toBeVisible();
  await quantity.fill("10");
  await dialog.getByLabel(/^Shipping: /).fill("0");
  // The reason is required.
  await dialog.getByRole("button", { name: "Issue credit note" }).click();
  await expect(dialog.getByText("Say why, in 3 to 500 characters.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Ten boards returned with damaged connectors");
  await expectNoAxeViolations(staff);
  await dialog.getByRole("button", { name: "Issue credit note" }).click();
  await expect(dialog).toBeHidden();
  const toast = staff.getByText(new RegExp(`^Credit note CN-\\d{4}-\\d{5} for ${invoice.number} issued: `));
  await expect(toast).toBeVisible();
  const creditNumber = /CN-\d{4}-\d{5}/.exec((await toast.textContent())!)![0];

  const notes = await apiData<{ items: { id: string; number: string; total_minor: number }[] }>(
    await page.request.get(`/api/credit-notes?invoice_id=${invoice.id}`),
  );
  expect(notes.items.map((n) => n.number)).toEqual([creditNumber]);
  const note = notes.items[0]!;
  expect(note.total_minor).toBeGreaterThan(10 * boards.unit_price_minor);
  await expect(row.getByText(`Credited ${money(note.total_minor)}`)).toBeVisible();
  await expect(row.getByText(`${money(invoice.total_minor - note.total_minor)} open`)).toBeVisible();

  // The back office's credit notes list finds it by the invoice's number.
  await gotoHydrated(staff, `/staff/billing?view=credit-notes&q=${invoice.number}`);
  const listed = staff.getByRole("row", { name: new RegExp(creditNumber) });
  await expect(listed.getByText("Ten boards returned with damaged connectors")).toBeVisible();
  await expect(listed.getByRole("link", { name: `Download ${creditNumber} as PDF` })).toHaveAttribute(
    "href",
    `/api/staff/credit-notes/${note.id}/pdf`,
  );
  await expect(
    listed.getByRole("link", { name: `Download credit note ${creditNumber} as XML e-invoice (XRechnung)` }),
  ).toHaveAttribute("href", `/api/staff/credit-notes/${note.id}/xml`);
  await expectNoAxeViolations(staff);

  // The customer sees the credited amount, what is still open and the credit note's PDF.
  await gotoHydrated(page, `/my/invoices?q=${invoice.number}`);
  const invoiceRow = page.getByRole("row", { name: new RegExp(invoice.number) });
  await expect(invoiceRow.getByText(`Credited ${money(note.total_minor)}`)).toBeVisible();
  await expect(invoiceRow.getByText(`${money(invoice.total_minor - note.total_minor)} open`)).toBeVisible();
  await expect(invoiceRow.getByText(creditNumber)).toBeVisible();
  const link = invoiceRow.getByRole("link", { name: `Download ${creditNumber} as PDF` });
  await expect(link).toHaveAttribute("href", `/api/credit-notes/${note.id}/pdf`);
  const xmlLink = invoiceRow.getByRole("link", {
    name: `Download credit note ${creditNumber} as XML e-invoice (XRechnung)`,
  });
  await expect(xmlLink).toHaveAttribute("href", `/api/credit-notes/${note.id}/xml`);
  await expectNoAxeViolations(page);

  const text = (await pdfText(page.request, `/api/credit-notes/${note.id}/pdf`)).replace(/\s+/g, " ");
  expect(text).toContain("Credit note");
  expect(text).toContain(creditNumber);
  expect(text).toContain(`Refers to invoice ${invoice.number} of`);
  expect(text).toContain("Reason: Ten boards returned with damaged connectors");
  expect(text).toContain("SB-7 sensor board, SMT both sides");
  expect(text).toContain(money(note.total_minor));

  // The PDF is a Factur-X: its embedded XML is a credit note (381) of the invoice and passes EN 16931.
  const pdf = await page.request.get(`/api/credit-notes/${note.id}/pdf`);
  const cii = await embeddedXml(await pdf.body());
  expect(cii).toContain("<ram:TypeCode>381</ram:TypeCode>");
  expect(cii).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
  expect(await en16931Errors(cii, "cii")).toEqual([]);
  // The XRechnung download is a UBL CreditNote referring to the invoice.
  const xml = await page.request.get(`/api/credit-notes/${note.id}/xml`);
  expect(xml.status()).toBe(200);
  expect(xml.headers()["content-type"]).toContain("application/xml");
  const ubl = await xml.text();
  expect(ubl).toContain("<CreditNote");
  expect(ubl).toMatch(
    new RegExp(`<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice.number}<`),
  );
  expect(await en16931Errors(ubl, "ubl")).toEqual([]);
  await staffContext.close();
});
