import { en16931Errors, loadEn16931Rules } from "@ems/testing/en16931";
import { embeddedXml } from "@ems/testing/pdf-attachments";
import { pdfText } from "@ems/testing/pdf-text";
import { beforeAll, describe, expect, it } from "vitest";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createCreditNote, createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

// Compiling the official EN 16931 XSLT takes ~20 s per syntax on a fresh checkout (cached after).
beforeAll(() => loadEn16931Rules(), 300_000);

/** A French company's reverse-charge invoice of 20 boards (with one-off costs) and the shipping. */
async function frenchInvoice() {
  const { company, admin } = await kit.customerCompany("Cartes Lyonnaises SAS");
  const { order } = await createSalesOrder(db(), {
    companyId: company.id,
    status: "shipped",
    taxRateBp: 0,
    shippingMinor: 3900,
    poNumber: "PO-FR-77",
    lines: [{ description: "Sensor board", quantity: 20, unitPriceMinor: 880, engineeringCostMinor: 5000 }],
  });
  const invoice = await createInvoice(db(), {
    orderId: order.id,
    taxTreatment: "reverse_charge",
    customerVatId: "FR40303265045",
    deliveredOn: "2026-03-01",
  });
  return { company, admin, order, invoice };
}

/** Staff credit 5 of the 20 boards through the API, as the back office does. */
async function creditFive(invoiceId: string) {
  const staff = await kit.staff();
  const res = await staff.call("POST", `/api/staff/invoices/${invoiceId}/credit-notes`, {
    reason: "Five boards damaged in transit",
    lines: [{ position: 1, quantity: 5 }],
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; number: string; total_minor: number };
}

/** The CII's reference to the corrected invoice (BG-3): its number and issue date. */
const ciiReference = (invoice: { number: string; issuedOn: string }) =>
  new RegExp(
    `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>\\s*<ram:FormattedIssueDateTime>\\s*<[a-z]+:DateTimeString format="102">${invoice.issuedOn.replaceAll("-", "")}<`,
  );

describe("GET /api/credit-notes/:id/pdf (Factur-X)", () => {
  it("is the printed credit note with its CII XML (381, referring to the invoice) embedded, which passes EN 16931", async () => {
    const { admin, invoice } = await frenchInvoice();
    const note = await creditFive(invoice.id);
    const res = await admin.call("GET", `/api/credit-notes/${note.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const xml = await embeddedXml(res.rawPayload);
    expect(xml).toContain(`<ram:ID>${note.number}</ram:ID>`);
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xml).toMatch(ciiReference(invoice));
    expect(xml).toContain("<ram:CategoryCode>AE</ram:CategoryCode>");
    // A credited amount is stated as positive quantities and amounts.
    expect(xml).toContain('<ram:BilledQuantity unitCode="H87">5</ram:BilledQuantity>');
    expect(xml).not.toMatch(/>-\d/);
    expect(await en16931Errors(xml, "cii")).toEqual([]);
    expect(await pdfText(res.rawPayload)).toContain(note.number);
  });

  it("is the same Factur-X for staff, and a whole credit note with the shipping passes too", async () => {
    const staff = await kit.staff();
    const { invoice } = await frenchInvoice();
    const note = await createCreditNote(db(), { invoiceId: invoice.id });
    const res = await staff.call("GET", `/api/staff/credit-notes/${note.id}/pdf?language=de`);
    expect(res.statusCode).toBe(200);
    const xml = await embeddedXml(res.rawPayload);
    expect(xml).toContain(`<ram:ID>${note.number}</ram:ID>`);
    expect(xml).toMatch(ciiReference(invoice));
    expect(xml).toContain("Versand");
    expect(await en16931Errors(xml, "cii")).toEqual([]);
  });

  it("is attached to the credit_note_issued mail", async () => {
    const { admin, invoice } = await frenchInvoice();
    const note = await creditFive(invoice.id);
    const mail = (await kit.outbox(admin.user.email)).find(
      (m) => m.template === "credit_note_issued",
    ) as unknown as {
      id: string;
      attachments: { id: string; filename: string }[];
    };
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${note.number}.pdf` })]);
    const file = await t().app.inject({
      method: "GET",
      url: `/api/dev/outbox/${mail.id}/attachments/${mail.attachments[0]!.id}`,
    });
    const xml = await embeddedXml(file.rawPayload);
    expect(xml).toContain(`<ram:ID>${note.number}</ram:ID>`);
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
  });
});

describe("GET /api/credit-notes/:id/xml (XRechnung UBL)", () => {
  it("answers the credit note as a UBL CreditNote referring to the invoice, named by its number, that passes EN 16931", async () => {
    const { admin, order, invoice } = await frenchInvoice();
    const note = await creditFive(invoice.id);
    const res = await admin.call("GET", `/api/credit-notes/${note.id}/xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${note.number}.xml"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const xml = res.payload;
    expect(xml).toContain("<CreditNote");
    expect(xml).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
    expect(xml).toContain(`<cbc:ID>${note.number}</cbc:ID>`);
    expect(xml).toMatch(
      new RegExp(
        `<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice.number}</cbc:ID>\\s*<cbc:IssueDate>${invoice.issuedOn}</cbc:IssueDate>`,
      ),
    );
    expect(xml).toContain("<cbc:BuyerReference>PO-FR-77</cbc:BuyerReference>");
    expect(xml).toContain(`<cbc:SalesOrderID>${order.number}</cbc:SalesOrderID>`);
    expect(xml).toContain(`<cbc:EndpointID schemeID="EM">${admin.user.email}</cbc:EndpointID>`);
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="H87">5</cbc:CreditedQuantity>');
    // Nothing is to be paid to the operator: no payment instructions.
    expect(xml).not.toContain("<cac:PaymentMeans>");
    expect(await en16931Errors(xml, "ubl")).toEqual([]);
  });

  it("is for every member who reads invoices; staff have their own route", async () => {
    const { company, invoice } = await frenchInvoice();
    const note = await createCreditNote(db(), { invoiceId: invoice.id });
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("GET", `/api/credit-notes/${note.id}/xml`);
      expect(res.statusCode, role).toBe(role === "engineer" ? 403 : 200);
      expect((await member.call("GET", `/api/staff/credit-notes/${note.id}/xml`)).statusCode, role).toBe(403);
    }
    const staff = await kit.staff();
    expect((await staff.call("GET", `/api/credit-notes/${note.id}/xml`)).statusCode).toBe(403);
  });

  it("answers 404 for another company's credit note and a missing one, 400 for a malformed id", async () => {
    const { admin } = await frenchInvoice();
    const other = await frenchInvoice();
    const foreign = await createCreditNote(db(), { invoiceId: other.invoice.id });
    for (const id of [foreign.id, MISSING_ID]) {
      const res = await admin.call("GET", `/api/credit-notes/${id}/xml`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: "No such credit note" });
    }
    expect((await admin.call("GET", "/api/credit-notes/42/xml")).statusCode).toBe(400);
  });
});

describe("GET /api/staff/credit-notes/:id/xml", () => {
  it("answers any company's credit note, its texts in the language asked for", async () => {
    const staff = await kit.staff();
    const { invoice } = await frenchInvoice();
    const note = await createCreditNote(db(), { invoiceId: invoice.id });
    const res = await staff.call("GET", `/api/staff/credit-notes/${note.id}/xml?language=de`);
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain("<CreditNote");
    expect(res.payload).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(res.payload).toContain("Steuerschuldnerschaft");
    expect(await en16931Errors(res.payload, "ubl")).toEqual([]);
    expect((await staff.call("GET", `/api/staff/credit-notes/${MISSING_ID}/xml`)).statusCode).toBe(404);
    expect((await staff.call("GET", "/api/staff/credit-notes/42/xml")).statusCode).toBe(400);
    expect((await staff.call("GET", `/api/staff/credit-notes/${note.id}/xml?language=xx`)).statusCode).toBe(
      400,
    );
  });
});
