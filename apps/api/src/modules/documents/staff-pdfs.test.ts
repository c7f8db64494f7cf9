import { pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createDeliveryNote, createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { createQuote } from "@ems/db/quote-factories";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "../orders/fulfilment-test-kit.ts";
import { documentTexts } from "./document-texts.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

/** One document of each kind for a customer company, and the four staff download URLs. */
async function documents() {
  const { company } = await kit.customerCompany("Șerban Țesătorie SRL");
  const { quote } = await createQuote(db(), { companyId: company.id, status: "Open" });
  const { order } = await createSalesOrder(db(), { companyId: company.id });
  const note = await createDeliveryNote(db(), { orderId: order.id });
  const invoice = await createInvoice(db(), { orderId: order.id });
  return {
    company,
    docs: [
      { url: `/api/staff/quotes/${quote.id}/pdf`, number: quote.number, title: "quote.title" },
      { url: `/api/staff/orders/${order.id}/pdf`, number: order.number, title: "order.title" },
      { url: `/api/staff/deliveries/${note.id}/pdf`, number: note.number, title: "delivery.title" },
      { url: `/api/staff/invoices/${invoice.id}/pdf`, number: invoice.number, title: "invoice.title" },
    ] as const,
  };
}

describe("the back office's document PDFs", () => {
  it("hands staff any company's quote, order confirmation, delivery note and invoice", async () => {
    const staff = await kit.staff();
    const { docs } = await documents();
    for (const doc of docs) {
      const res = await staff.call("GET", doc.url);
      expect(res.statusCode, doc.url).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`inline; filename="${doc.number}.pdf"`);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(doc.number);
      expect(text).toContain(documentTexts("en").t(doc.title));
      expect(text).toContain("Șerban Țesătorie SRL");
    }
  });

  it("writes them in another of the 12 languages on request, and refuses any other", async () => {
    const staff = await kit.staff();
    const { docs } = await documents();
    for (const doc of docs) {
      const german = await staff.call("GET", `${doc.url}?language=de`);
      expect(german.statusCode, doc.url).toBe(200);
      expect(await pdfText(german.rawPayload)).toContain(documentTexts("de").t(doc.title));
      for (const query of ["?language=xx", "?language=", "?lang=de", "?language=de&x=1"])
        expect((await staff.call("GET", `${doc.url}${query}`)).statusCode, `${doc.url}${query}`).toBe(400);
    }
  });

  it("are for staff only: 401 for visitors, 403 for every customer role, even of the same company", async () => {
    const { company, docs } = await documents();
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      for (const doc of docs) expect((await member.call("GET", doc.url)).statusCode, `${role}`).toBe(403);
    }
    for (const doc of docs)
      expect((await t().app.inject({ method: "GET", url: doc.url })).statusCode).toBe(401);
  });

  it("answer 404 for missing ids, 400 for malformed ones, and 409 for a quote without prices", async () => {
    const staff = await kit.staff();
    for (const kind of ["quotes", "orders", "deliveries", "invoices"]) {
      expect((await staff.call("GET", `/api/staff/${kind}/${MISSING_ID}/pdf`)).statusCode, kind).toBe(404);
      expect((await staff.call("GET", `/api/staff/${kind}/not-an-id/pdf`)).statusCode, kind).toBe(400);
    }
    const { company } = await kit.customerCompany();
    const { quote } = await createQuote(db(), { companyId: company.id, status: "In Progress" });
    const res = await staff.call("GET", `/api/staff/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "CONFLICT", data: null });
  });
});
