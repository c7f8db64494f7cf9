import { describe, expect, it } from "vitest";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import type { StaffHome } from "@ems/contracts/staff-home";
import { createContactMessage } from "@ems/db/contact-factories";
import { createEngineeringQuery } from "@ems/db/engineering-query-factories";
import { createCompany, createPcbSpec, createSession, createUser } from "@ems/db/factories";
import { createDeliveryNote, createInvoice, createPayment, createSalesOrder } from "@ems/db/order-factories";
import { createQuote } from "@ems/db/quote-factories";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp();
const db = () => t().db.db;
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const day = (offset: number) => addCalendarDays(todayIso(), offset);

async function signedIn(role: "staff" | "staff_admin" | "customer") {
  const company = await createCompany(db(), { isOperator: role !== "customer" });
  const user =
    role === "customer"
      ? await createUser(db(), { companyId: company.id, companyRole: "admin" })
      : await createUser(db(), { companyId: company.id, role });
  const { token } = await createSession(db(), { userId: user.id });
  return (url = "/api/staff/home") =>
    t().app.inject({ method: "GET", url, headers: { cookie: `session=${token}` } });
}

async function home(get: Awaited<ReturnType<typeof signedIn>>): Promise<StaffHome> {
  const res = await get();
  expect(res.statusCode).toBe(200);
  return res.json().data as StaffHome;
}

async function customerCompany(name: string) {
  return createCompany(db(), { name });
}

describe("GET /api/staff/home", () => {
  it("refuses visitors (401) and customers (403); both staff roles read it", async () => {
    expect((await t().app.inject({ method: "GET", url: "/api/staff/home" })).statusCode).toBe(401);
    expect((await (await signedIn("customer"))()).statusCode).toBe(403);
    expect((await (await signedIn("staff"))()).statusCode).toBe(200);
    expect((await (await signedIn("staff_admin"))()).statusCode).toBe(200);
    // No filter exists: an unknown parameter is a typo, not an unfiltered answer.
    expect((await (await signedIn("staff"))("/api/staff/home?days=3")).statusCode).toBe(400);
  });

  it("has a group for each queue, open engineering queries among them", async () => {
    const data = await home(await signedIn("staff"));
    expect(Object.keys(data).sort()).toEqual([
      "announced_transfers",
      "contact_messages",
      "deliveries_due",
      "engineering_queries",
      "orders_in_production",
      "quotes_to_price",
    ]);
  });

  it("counts open engineering queries, oldest first with their age; answered ones wait for nobody", async () => {
    const get = await signedIn("staff");
    const before = (await home(get)).engineering_queries.count;
    const company = await customerCompany("Query Queue AB");
    const pcb = await createPcbSpec(db(), { companyId: company.id });
    const versionId = pcb.versions[0]!.id;
    const old = await createEngineeringQuery(db(), {
      companyId: company.id,
      pcbSpecVersionId: versionId,
      title: "Solder mask opening at the USB shield",
      createdAt: daysAgo(9),
    });
    await createEngineeringQuery(db(), { companyId: company.id, pcbSpecVersionId: versionId });
    await createEngineeringQuery(db(), {
      companyId: company.id,
      pcbSpecVersionId: versionId,
      answer: { userId: null, name: "Customer", body: "Keep it as drawn." },
    });
    const group = (await home(get)).engineering_queries;
    expect(group.count).toBe(before + 2);
    expect(group.items[0]).toEqual({
      id: old.id,
      number: old.number,
      title: "Solder mask opening at the USB shield",
      company_name: "Query Queue AB",
      raised_at: old.createdAt.toISOString(),
      age_days: 9,
    });
  });

  it("counts quote requests not yet sent, oldest first with their age", async () => {
    const get = await signedIn("staff");
    const before = (await home(get)).quotes_to_price.count;
    const company = await customerCompany("Quote Queue Oy");
    const oldest = await createQuote(db(), {
      companyId: company.id,
      status: "In Progress",
      title: "Oldest request",
      createdAt: daysAgo(400),
    });
    await createQuote(db(), { companyId: company.id, status: "In Progress", createdAt: daysAgo(2) });
    // Sent, drafted or decided quotes do not wait for pricing.
    await createQuote(db(), { companyId: company.id, status: "Open", createdAt: daysAgo(500) });
    await createQuote(db(), { companyId: company.id, status: "Draft", createdAt: daysAgo(500) });

    const group = (await home(get)).quotes_to_price;
    expect(group.count).toBe(before + 2);
    expect(group.items[0]).toEqual({
      id: oldest.quote.id,
      number: oldest.quote.number,
      title: "Oldest request",
      company_name: "Quote Queue Oy",
      requested_at: oldest.quote.createdAt.toISOString(),
      age_days: 400,
    });
    expect(group.items.length).toBeLessThanOrEqual(5);
  });

  it("counts orders in production and open orders on hold, oldest first", async () => {
    const get = await signedIn("staff");
    const before = (await home(get)).orders_in_production;
    const company = await customerCompany("Production Queue AB");
    const running = await createSalesOrder(db(), {
      companyId: company.id,
      status: "in_production",
      createdAt: daysAgo(410),
    });
    const held = await createSalesOrder(db(), {
      companyId: company.id,
      status: "confirmed",
      productionHeldAt: new Date(),
      productionHoldReason: "Waiting for the customer's stencil data",
      createdAt: daysAgo(405),
    });
    // Confirmed but not started, shipped and closed orders are no production work.
    await createSalesOrder(db(), { companyId: company.id, status: "confirmed", createdAt: daysAgo(500) });
    await createSalesOrder(db(), { companyId: company.id, status: "shipped", createdAt: daysAgo(500) });
    await createSalesOrder(db(), {
      companyId: company.id,
      status: "cancelled",
      productionHeldAt: new Date(),
      createdAt: daysAgo(500),
    });

    const group = (await home(get)).orders_in_production;
    expect(group.count).toBe(before.count + 2);
    expect(group.on_hold).toBe(before.on_hold + 1);
    expect(group.items.slice(0, 2)).toEqual([
      {
        id: running.order.id,
        number: running.order.number,
        company_name: "Production Queue AB",
        placed_at: running.order.createdAt.toISOString(),
        age_days: 410,
        delivery_date: running.order.deliveryDate,
        on_hold: false,
      },
      expect.objectContaining({ id: held.order.id, age_days: 405, on_hold: true }),
    ]);
  });

  it("lists order lines due within seven days or overdue that are not fully shipped", async () => {
    const get = await signedIn("staff");
    const before = (await home(get)).deliveries_due;
    expect(before.window_days).toBe(7);
    const company = await customerCompany("Delivery Queue GmbH");
    const late = await createSalesOrder(db(), {
      companyId: company.id,
      status: "in_production",
      lines: [
        { description: "Late board", quantity: 100, deliveryDate: day(-300) },
        { description: "Shipped board", quantity: 50, deliveryDate: day(-300) },
        { description: "Later board", quantity: 20, deliveryDate: day(30) },
      ],
    });
    // 40 of the late line and all of the second shipped: 60 of the first stay open.
    await createDeliveryNote(db(), { orderId: late.order.id, quantities: { 1: 40, 2: 50 } });
    await createSalesOrder(db(), {
      companyId: company.id,
      status: "confirmed",
      lines: [{ description: "Due soon board", quantity: 10, deliveryDate: day(7) }],
    });
    // Beyond the window, or on a closed order: not due.
    await createSalesOrder(db(), {
      companyId: company.id,
      status: "confirmed",
      lines: [{ quantity: 10, deliveryDate: day(8) }],
    });
    await createSalesOrder(db(), {
      companyId: company.id,
      status: "cancelled",
      lines: [{ quantity: 10, deliveryDate: day(-310) }],
    });

    const group = (await home(get)).deliveries_due;
    expect(group.count).toBe(before.count + 2);
    expect(group.overdue).toBe(before.overdue + 1);
    expect(group.items[0]).toEqual({
      order_id: late.order.id,
      order_number: late.order.number,
      company_name: "Delivery Queue GmbH",
      position: 1,
      description: "Late board",
      open_quantity: 60,
      delivery_date: day(-300),
      due_in_days: -300,
    });
    expect(group.items.map((item) => item.description)).not.toContain("Shipped board");
  });

  it("lists unpaid invoices with an announced transfer, oldest announcement first", async () => {
    const get = await signedIn("staff");
    const before = (await home(get)).announced_transfers.count;
    const company = await customerCompany("Transfer Queue ApS");
    const { order } = await createSalesOrder(db(), { companyId: company.id, status: "shipped" });
    const announced = await createInvoice(db(), { orderId: order.id });
    const payment = await createPayment(db(), { invoiceId: announced.id, createdAt: daysAgo(420) });
    // A card charge under way, a recorded transfer and an invoice without payments do not count.
    const card = await createInvoice(db(), { orderId: order.id });
    await createPayment(db(), {
      invoiceId: card.id,
      method: "card",
      provider: "stripe",
      createdAt: daysAgo(500),
    });
    const recorded = await createInvoice(db(), { orderId: order.id, status: "paid" });
    await createPayment(db(), { invoiceId: recorded.id, status: "succeeded", createdAt: daysAgo(500) });
    await createInvoice(db(), { orderId: order.id });

    const group = (await home(get)).announced_transfers;
    expect(group.count).toBe(before + 1);
    expect(group.items[0]).toEqual({
      invoice_id: announced.id,
      invoice_number: announced.number,
      company_name: "Transfer Queue ApS",
      amount_minor: announced.totalMinor,
      currency: "EUR",
      announced_at: payment.createdAt.toISOString(),
      age_days: 420,
    });
  });

  it("counts contact messages nobody has handled, oldest first", async () => {
    const get = await signedIn("staff");
    const before = (await home(get)).contact_messages.count;
    const oldest = await createContactMessage(db(), { name: "Oldest Sender", createdAt: daysAgo(430) });
    await createContactMessage(db(), { createdAt: daysAgo(1) });
    await createContactMessage(db(), { createdAt: daysAgo(600), handledAt: new Date() });

    const group = (await home(get)).contact_messages;
    expect(group.count).toBe(before + 2);
    expect(group.items[0]).toEqual({
      id: oldest.id,
      reference: oldest.reference,
      name: "Oldest Sender",
      company: "Aurora Marine Oy",
      received_at: oldest.createdAt.toISOString(),
      age_days: 430,
    });
  });
});
