import { formatMoney } from "@ems/i18n/format";
import { asPrinted, pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";

import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createDeliveryNote, createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "./fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

describe("GET /api/orders (Sales order: getAllRaw)", () => {
  it("lists only the caller's company's orders with progress and current stage", async () => {
    const { company, admin } = await kit.customerCompany("Alpha Sensors GmbH");
    const other = await kit.customerCompany();
    const done = await createSalesOrder(db(), {
      companyId: company.id,
      stagePercents: { material_procurement: 100, smt: 100, tht: 50 },
    });
    const fresh = await createSalesOrder(db(), { companyId: company.id, lines: [{}, {}] });
    await createSalesOrder(db(), { companyId: other.company.id });

    const res = await admin.call("GET", "/api/orders");
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ page: 1, page_size: 25, total: 2 });
    const ids = page.items.map((o: { id: string }) => o.id);
    expect(ids).toEqual([fresh.order.id, done.order.id]);
    const first = page.items.find((o: { id: string }) => o.id === done.order.id);
    expect(first).toMatchObject({
      number: done.order.number,
      quote_id: done.order.quoteId,
      quote_number: expect.stringMatching(/^QTN-TEST-/),
      status: "confirmed",
      po_number: done.order.poNumber,
      currency: "EUR",
      total_minor: done.order.totalMinor,
      delivery_date: done.order.deliveryDate,
      // (100 + 100 + 50) / 7 stages
      progress_percent: 36,
      current_stage: "tht",
    });
    expect(page.items.find((o: { id: string }) => o.id === fresh.order.id)).toMatchObject({
      progress_percent: 0,
      current_stage: "material_procurement",
    });
  });

  it("searches number and purchase order number, filters by status, sorts and pages", async () => {
    const { company, admin } = await kit.customerCompany();
    const cheap = await createSalesOrder(db(), {
      companyId: company.id,
      poNumber: "PO-ALPHA-77",
      shippingMinor: 0,
    });
    const dear = await createSalesOrder(db(), { companyId: company.id, lines: [{ quantity: 5000 }] });
    const shipped = await createSalesOrder(db(), { companyId: company.id, status: "shipped" });

    const byPo = (await admin.call("GET", "/api/orders?q=alpha-77")).json().data;
    expect(byPo.items.map((o: { id: string }) => o.id)).toEqual([cheap.order.id]);
    const byNumber = (await admin.call("GET", `/api/orders?q=${dear.order.number}`)).json().data;
    expect(byNumber.items.map((o: { id: string }) => o.id)).toEqual([dear.order.id]);
    const hostile = (await admin.call("GET", "/api/orders?q=%25")).json().data;
    expect(hostile.total).toBe(0);

    const status = (await admin.call("GET", "/api/orders?status=shipped")).json().data;
    expect(status.items.map((o: { id: string }) => o.id)).toEqual([shipped.order.id]);

    const sorted = (await admin.call("GET", "/api/orders?sort=total&dir=asc")).json().data;
    const totals = sorted.items.map((o: { total_minor: number }) => o.total_minor);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => a - b));
    expect(sorted.items.at(-1).id).toBe(dear.order.id);

    for (let i = 0; i < 9; i++) await createSalesOrder(db(), { companyId: company.id });
    const second = (await admin.call("GET", "/api/orders?page=2&page_size=10")).json().data;
    expect(second).toMatchObject({ page: 2, page_size: 10, total: 12 });
    expect(second.items).toHaveLength(2);
  });

  it("refuses malformed queries with the field", async () => {
    const { admin } = await kit.customerCompany();
    for (const [query, field] of [
      ["page_size=9", "page_size"],
      ["page_size=101", "page_size"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["status=shipping", "status"],
      ["sort=company", "sort"],
      ["dir=up", "dir"],
      [`q=${"x".repeat(101)}`, "q"],
      ["company_id=" + MISSING_ID, "company_id"],
    ] as const) {
      const res = await admin.call("GET", `/api/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field });
    }
  });

  it("is open to every company role, not to staff or visitors", async () => {
    const { company } = await kit.customerCompany();
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      for (const url of ["/api/orders", `/api/orders/${order.id}`, `/api/orders/${order.id}/progress`]) {
        expect((await member.call("GET", url)).statusCode, `${role} ${url}`).toBe(200);
      }
    }
    const staff = await kit.staff();
    expect((await staff.call("GET", "/api/orders")).statusCode).toBe(403);
    expect((await t().app.inject({ method: "GET", url: "/api/orders" })).statusCode).toBe(401);
  });
});

describe("GET /api/orders/:id (Sales order: fetch_row_details)", () => {
  it("answers lines, addresses, parcel service, totals and the order's documents", async () => {
    const { company, admin } = await kit.customerCompany();
    const { order, lines } = await createSalesOrder(db(), {
      companyId: company.id,
      lines: [
        { quantity: 100, unitPriceMinor: 1250, engineeringCostMinor: 15_000 },
        { category: "pcb", quantity: 40 },
      ],
    });
    const note = await createDeliveryNote(db(), { orderId: order.id, quantities: { 1: 60 } });
    const invoice = await createInvoice(db(), { orderId: order.id });

    const res = await admin.call("GET", `/api/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const details = res.json().data;
    expect(details).toMatchObject({
      id: order.id,
      billing_address: { recipient: "Accounts payable", city: "Nürnberg", country: "DE" },
      shipping_address: { recipient: "Goods receiving" },
      parcel_service: { id: null, name: "DHL Express" },
      subtotal_minor: order.subtotalMinor,
      shipping_minor: 2500,
      tax_minor: order.taxMinor,
      total_minor: order.totalMinor,
      terms_version: "2026-1",
      delivery_notes: [{ id: note.id, number: note.number, date: note.shippedAt.toISOString().slice(0, 10) }],
      invoices: [{ id: invoice.id, number: invoice.number, date: invoice.issuedOn }],
    });
    expect(details.lines).toEqual([
      expect.objectContaining({
        id: lines[0]!.id,
        position: 1,
        category: "assemblies",
        quantity: 100,
        unit_price_minor: 1250,
        engineering_cost_minor: 15_000,
        amount_minor: 140_000,
        delivered_quantity: 60,
        invoiced_quantity: 100,
      }),
      expect.objectContaining({ id: lines[1]!.id, position: 2, category: "pcb", delivered_quantity: 0 }),
    ]);
  });

  it("lists no invoices for engineers, who may not see them", async () => {
    const { company } = await kit.customerCompany();
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    await createInvoice(db(), { orderId: order.id });
    const engineer = await kit.customer(company.id, "engineer");
    expect((await engineer.call("GET", `/api/orders/${order.id}`)).json().data.invoices).toEqual([]);
  });

  it("answers 404 for another company's order, a missing one, and 400 for a malformed id", async () => {
    const { admin } = await kit.customerCompany();
    const other = await kit.customerCompany();
    const { order } = await createSalesOrder(db(), { companyId: other.company.id });
    for (const suffix of ["", "/progress", "/pdf"]) {
      for (const id of [order.id, MISSING_ID]) {
        const res = await admin.call("GET", `/api/orders/${id}${suffix}`);
        expect(res.statusCode, `${id}${suffix}`).toBe(404);
        expect(res.json()).toMatchObject({ error: "NOT_FOUND", message: "No such order" });
      }
      expect((await admin.call("GET", `/api/orders/not-a-uuid${suffix}`)).statusCode).toBe(400);
      expect((await admin.call("GET", `/api/orders/${order.id}${suffix}?x=1`)).statusCode).toBe(400);
    }
  });
});

describe("GET /api/orders/:id/progress (Sales order: get_wo_progress_data)", () => {
  it("answers every line's seven stages in order with dates", async () => {
    const { company, admin } = await kit.customerCompany();
    const { order, lines } = await createSalesOrder(db(), {
      companyId: company.id,
      lines: [{ description: "Motor driver" }, { description: "Sensor board" }],
      stagePercents: { material_procurement: 100, smt: 30 },
    });
    const res = await admin.call("GET", `/api/orders/${order.id}/progress`);
    expect(res.statusCode).toBe(200);
    const progress = res.json().data;
    expect(progress).toMatchObject({
      order_id: order.id,
      number: order.number,
      status: "confirmed",
      progress_percent: 19,
      current_stage: "smt",
    });
    expect(progress.lines).toHaveLength(2);
    expect(progress.lines[0]).toMatchObject({
      line_id: lines[0]!.id,
      position: 1,
      description: "Motor driver",
      quantity: 100,
      progress_percent: 19,
    });
    const stages = progress.lines[0].stages;
    expect(stages.map((s: { stage: string }) => s.stage)).toEqual([
      "material_procurement",
      "smt",
      "tht",
      "inspection",
      "testing",
      "packing",
      "shipped",
    ]);
    expect(stages[0]).toMatchObject({ position: 1, percent: 100, started_at: expect.any(String) });
    expect(stages[0].completed_at).not.toBeNull();
    expect(stages[1]).toMatchObject({ percent: 30, completed_at: null, planned_date: null });
    expect(stages[2]).toMatchObject({ percent: 0, started_at: null });
  });
});

describe("GET /api/orders/:id/pdf (Sales order: PDF)", () => {
  it("renders the order confirmation in the caller's language with terms, totals and addresses", async () => {
    const { company } = await kit.customerCompany("Țesătoria Ștefănești SRL");
    const german = await kit.customer(company.id, "buyer", { language: "de" });
    const { order } = await createSalesOrder(db(), {
      companyId: company.id,
      lines: [{ description: "Steuerplatine", quantity: 250, unitPriceMinor: 1999 }],
      shippingAddress: {
        recipient: "Ștefan Țurcanu",
        street: "Strada Mureșului 5",
        street2: null,
        postal_code: "550000",
        city: "Sibiu",
        region: null,
        country: "RO",
      },
    });
    const res = await german.call("GET", `/api/orders/${order.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${order.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Auftragsbestätigung");
    expect(text).toContain(order.number);
    expect(text).toContain(order.poNumber);
    expect(text).toContain("Ștefan Țurcanu");
    expect(text).toContain("Țesătoria Ștefănești SRL");
    expect(text).toContain("Rumänien");
    expect(text).toContain(asPrinted(formatMoney(order.totalMinor, "EUR", "de")));
    expect(text).toContain("2026-1");
  });
});
