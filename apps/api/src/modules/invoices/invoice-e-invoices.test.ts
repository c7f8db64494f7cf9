import { en16931Errors, loadEn16931Rules } from "@ems/testing/en16931";
import { embeddedXml } from "@ems/testing/pdf-attachments";
import { pdfText } from "@ems/testing/pdf-text";
import { beforeAll, describe, expect, it } from "vitest";
import { siteConfig } from "@ems/config/site";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createCompany } from "@ems/db/factories";
import { createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

// Compiling the official EN 16931 XSLT takes ~20 s per syntax on a fresh checkout (cached after).
beforeAll(() => loadEn16931Rules(), 300_000);

/** A Swedish company's invoice with reverse charge: both VAT IDs, 0 %, delivered. */
async function swedishInvoice() {
  const { company, admin } = await kit.customerCompany("Svensk Styrning AB");
  const finance = await kit.customer(company.id, "finance");
  const { order } = await createSalesOrder(db(), {
    companyId: company.id,
    taxRateBp: 0,
    poNumber: "PO-SE-881",
    billingAddress: {
      recipient: "Leverantörsreskontra",
      street: "Storgatan 12",
      street2: null,
      postal_code: "111 22",
      city: "Stockholm",
      region: null,
      country: "SE",
    },
    lines: [{ description: "Motor driver", quantity: 20, unitPriceMinor: 1250, engineeringCostMinor: 0 }],
  });
  const invoice = await createInvoice(db(), {
    orderId: order.id,
    taxTreatment: "reverse_charge",
    customerVatId: "SE556036079301",
    deliveredOn: "2026-03-01",
  });
  return { company, admin, finance, order, invoice };
}

describe("GET /api/invoices/:id/xml (XRechnung UBL)", () => {
  it("answers the invoice as UBL XML to save, named by its number, that passes EN 16931", async () => {
    const { admin, finance, order, invoice } = await swedishInvoice();
    const res = await finance.call("GET", `/api/invoices/${invoice.id}/xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${invoice.number}.xml"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const xml = res.payload;
    expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(xml).toContain("<cbc:BuyerReference>PO-SE-881</cbc:BuyerReference>");
    expect(xml).toContain(`<cbc:SalesOrderID>${order.number}</cbc:SalesOrderID>`);
    expect(xml).toContain("<cbc:CompanyID>SE556036079301</cbc:CompanyID>");
    expect(xml).toContain(`<cbc:CompanyID>${siteConfig.legal.vatId}</cbc:CompanyID>`);
    expect(xml).toContain("<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>");
    expect(xml).toContain("<cbc:ActualDeliveryDate>2026-03-01</cbc:ActualDeliveryDate>");
    // The buyer's electronic address is the first member who pays invoices: the administrator here.
    expect(xml).toContain(`<cbc:EndpointID schemeID="EM">${admin.user.email}</cbc:EndpointID>`);
    expect(xml).toContain(siteConfig.legal.bank.iban.replace(/\s/g, ""));
    expect(await en16931Errors(xml, "ubl")).toEqual([]);
  });

  it("is for every member who reads invoices; staff have their own route", async () => {
    const { company, invoice } = await swedishInvoice();
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("GET", `/api/invoices/${invoice.id}/xml`);
      expect(res.statusCode, role).toBe(role === "engineer" ? 403 : 200);
    }
    const staff = await kit.staff();
    expect((await staff.call("GET", `/api/invoices/${invoice.id}/xml`)).statusCode).toBe(403);
  });

  it("answers 404 for another company's invoice and a missing one, 400 for a malformed id", async () => {
    const { admin } = await swedishInvoice();
    const other = await swedishInvoice();
    for (const id of [other.invoice.id, MISSING_ID]) {
      const res = await admin.call("GET", `/api/invoices/${id}/xml`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: "No such invoice" });
    }
    expect((await admin.call("GET", "/api/invoices/42/xml")).statusCode).toBe(400);
  });
});

describe("GET /api/staff/invoices/:id/xml", () => {
  it("answers any company's invoice, its texts in the language asked for", async () => {
    const staff = await kit.staff();
    const { invoice } = await swedishInvoice();
    const res = await staff.call("GET", `/api/staff/invoices/${invoice.id}/xml?language=de`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.payload).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(res.payload).toContain("Steuerschuldnerschaft");
    expect(await en16931Errors(res.payload, "ubl")).toEqual([]);
    expect((await staff.call("GET", `/api/staff/invoices/${MISSING_ID}/xml`)).statusCode).toBe(404);
    expect((await staff.call("GET", `/api/staff/invoices/${invoice.id}/xml?language=xx`)).statusCode).toBe(
      400,
    );
  });

  it("answers 409 for a company with no member to address the e-invoice to", async () => {
    const staff = await kit.staff();
    const company = await createCompany(db());
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    const invoice = await createInvoice(db(), { orderId: order.id });
    const res = await staff.call("GET", `/api/staff/invoices/${invoice.id}/xml`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: "The company has no member to address the e-invoice to" });
  });
});

describe("GET /api/invoices/:id/pdf (Factur-X)", () => {
  it("is the printed invoice with its CII XML embedded as factur-x.xml, which passes EN 16931", async () => {
    const { admin, invoice } = await swedishInvoice();
    const res = await admin.call("GET", `/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const xml = await embeddedXml(res.rawPayload);
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    expect(xml).toContain("<ram:CategoryCode>AE</ram:CategoryCode>");
    expect(await en16931Errors(xml, "cii")).toEqual([]);
    expect(await pdfText(res.rawPayload)).toContain(invoice.number);
  });

  it("is the same Factur-X for staff", async () => {
    const staff = await kit.staff();
    const { invoice } = await swedishInvoice();
    const res = await staff.call("GET", `/api/staff/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(await embeddedXml(res.rawPayload)).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
  });
});
