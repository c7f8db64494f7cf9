import { pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createDeliveryNote, createSalesOrder } from "@ems/db/order-factories";
import { activityLog, companies } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

/**
 * VAT by rule (issue 19): the customer's country and VAT ID decide the treatment of a new quote, which
 * the order and its invoices keep; the documents state both VAT IDs and the legal basis.
 */
const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

async function companyIn(country: string, vatId: string | null) {
  const { company, admin } = await kit.customerCompany();
  await db().update(companies).set({ country, vatId }).where(eq(companies.id, company.id));
  return { company, admin };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const draft = (companyId: string, overrides: Record<string, unknown> = {}) => ({
  company_id: companyId,
  title: "Motor controller",
  currency: "EUR",
  valid_until: inDays(30),
  lines: [
    {
      category: "assemblies",
      description: "Motor controller PCBA",
      lead_time_days: 15,
      engineering_cost_minor: 0,
      tiers: [{ quantity: 50, unit_price_minor: 3100 }],
    },
  ],
  ...overrides,
});

describe("VAT treatment of new quotes", () => {
  it.each([
    ["DE", "DE136695976", "domestic", 1900],
    ["SE", "SE556677889901", "reverse_charge", 0],
    ["SE", null, "eu_no_vat_id", 1900],
    ["CH", "CHE-116.281.710 MWST", "export", 0],
    ["US", null, "export", 0],
  ])("a company in %s with VAT ID %s gets %s at %i bp", async (country, vatId, treatment, rate) => {
    const staff = await kit.staff();
    const { company } = await companyIn(country, vatId);
    const created = await staff.call("POST", "/api/staff/quotes", draft(company.id));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      tax_treatment: treatment,
      tax_rate_bp: rate,
      customer_vat_id: vatId ? vatId.replace(/[\s.-]/g, "").toUpperCase() : null,
    });
  });

  it("follows the rule for a customer's own request too", async () => {
    const { admin } = await companyIn("SE", "SE556677889901");
    const requested = await admin.call("POST", "/api/quotes", {
      title: "Sensor boards",
      lines: [{ category: "pcb", description: "Sensor board", quantities: [100] }],
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json().data).toMatchObject({ tax_treatment: "reverse_charge", tax_rate_bp: 0 });
  });

  it("lets staff choose another treatment with a reason, which the activity log keeps", async () => {
    const staff = await kit.staff();
    const { company } = await companyIn("SE", "SE556677889901");
    const created = await staff.call(
      "POST",
      "/api/staff/quotes",
      draft(company.id, {
        tax_override: { tax_treatment: "domestic", reason: "Collected by the customer in Bamberg" },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ tax_treatment: "domestic", tax_rate_bp: 1900 });
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "quote.tax_overridden"));
    expect(entry?.details).toMatchObject({
      treatment: "domestic",
      reason: "Collected by the customer in Bamberg",
    });
  });
});

describe("VAT IDs are checked when a company saves them", () => {
  it("refuses a malformed or foreign VAT ID on the company's field and keeps the old one", async () => {
    const { company, admin } = await companyIn("SE", "SE556677889901");
    for (const vat_id of ["SE556677889902", "DE136695976", "SE12"]) {
      const refused = await admin.call("PUT", "/api/company", {
        name: company.name,
        country: "SE",
        vat_id,
      });
      expect(refused.statusCode, vat_id).toBe(400);
      expect(refused.json()).toMatchObject({
        field: "vat_id",
        message: expect.stringContaining("VAT_ID_INVALID"),
      });
    }
    const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row?.vatId).toBe("SE556677889901");
  });
});

describe("orders and invoices keep the quote's treatment", () => {
  it("an invoice of a Swedish order: reverse charge, both VAT IDs, the delivery date and the legal footer", async () => {
    const staff = await kit.staff();
    const { company } = await companyIn("SE", "SE556677889901");
    const { order } = await createSalesOrder(db(), {
      companyId: company.id,
      status: "shipped",
      taxRateBp: 0,
      taxTreatment: "reverse_charge",
      customerVatId: "SE556677889901",
    });
    await createDeliveryNote(db(), { orderId: order.id, shippedAt: new Date("2026-11-20T10:00:00Z") });
    const issued = await staff.call("POST", "/api/staff/invoices", { order_id: order.id });
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json().data;
    expect(invoice).toMatchObject({
      tax_treatment: "reverse_charge",
      tax_rate_bp: 0,
      tax_minor: 0,
      customer_vat_id: "SE556677889901",
      delivered_on: "2026-11-20",
    });
    const pdf = await staff.call("GET", `/api/staff/invoices/${invoice.id}/pdf?language=en`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("SE556677889901");
    expect(text).toContain("DE111010009");
    expect(text).toContain("Reverse charge");
    expect(text).toContain("Article 196");
    expect(text).toContain("Delivery date");
    expect(text).toContain("Katrin Lindqvar");
    expect(text).toContain("Amtsgericht Bamberg");
    const german = await pdfText(
      (await staff.call("GET", `/api/staff/invoices/${invoice.id}/pdf?language=de`)).rawPayload,
    );
    expect(german).toContain("Steuerschuldnerschaft des Leistungsempfängers");
  });

  it("an invoice before any shipment says it is an advance invoice; a domestic one has no tax note", async () => {
    const staff = await kit.staff();
    const { company } = await companyIn("DE", "DE136695976");
    const { order } = await createSalesOrder(db(), { companyId: company.id, status: "in_production" });
    const issued = (
      await staff.call("POST", "/api/staff/invoices", {
        order_id: order.id,
        advance_billing: { reason: "Prepayment agreed before production" },
      })
    ).json().data;
    expect(issued).toMatchObject({ tax_treatment: "domestic", tax_rate_bp: 1900, delivered_on: null });
    const text = await pdfText(
      (await staff.call("GET", `/api/staff/invoices/${issued.id}/pdf?language=en`)).rawPayload,
    );
    expect(text).toMatch(/Delivery date\s+not yet delivered/);
    expect(text).not.toContain("Reverse charge");
    expect(text).not.toContain("export");
  });
});
