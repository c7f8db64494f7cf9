import { formatDate, formatMoney } from "@ems/i18n/format";
import { asPrinted, pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { siteConfig } from "@ems/config/site";
import { taxOf } from "@ems/contracts/money";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import type { OrderStatus } from "@ems/contracts/orders";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createDeliveryNote, createInvoice, createPayment, createSalesOrder } from "@ems/db/order-factories";
import { activityLog, invoices } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

/** An order of 100 motor drivers and 40 sensor boards; `shipped` are the delivered quantities by position (default: all). */
async function orderWithTwoLines(status: OrderStatus = "shipped", shipped?: Record<number, number> | null) {
  const { company, admin } = await kit.customerCompany();
  const created = await createSalesOrder(db(), {
    companyId: company.id,
    status,
    shippingMinor: 3900,
    taxRateBp: 1900,
    lines: [
      { description: "Motor driver", quantity: 100, unitPriceMinor: 1250, engineeringCostMinor: 15_000 },
      { description: "Sensor board", quantity: 40, unitPriceMinor: 880, engineeringCostMinor: 0 },
    ],
  });
  if (shipped !== null)
    await createDeliveryNote(db(), {
      orderId: created.order.id,
      ...(shipped ? { quantities: shipped } : {}),
    });
  return { company, admin, ...created };
}

describe("POST /api/staff/invoices", () => {
  it("invoices every shipped line plus shipping by default, due after the payment term; finance and admins are mailed", async () => {
    const staff = await kit.staff();
    const { company, admin, order } = await orderWithTwoLines();
    const finance = await kit.customer(company.id, "finance", { language: "de" });
    const buyer = await kit.customer(company.id, "buyer");

    const res = await staff.call("POST", "/api/staff/invoices", { order_id: order.id });
    expect(res.statusCode).toBe(201);
    const invoice = res.json().data;
    const subtotal = 140_000 + 35_200 + 3900;
    const today = todayIso();
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV-\d{4}-\d{5}$/),
      order_id: order.id,
      order_number: order.number,
      company_id: company.id,
      status: "unpaid",
      display_status: "unpaid",
      currency: "EUR",
      subtotal_minor: subtotal,
      tax_minor: taxOf(subtotal, 1900),
      total_minor: subtotal + taxOf(subtotal, 1900),
      issued_on: today,
      due_on: addCalendarDays(today, siteConfig.legal.paymentTermDays),
      paid_at: null,
      lines: [
        {
          position: 1,
          description: "Motor driver",
          quantity: 100,
          unit_price_minor: 1250,
          amount_minor: 140_000,
        },
        {
          position: 2,
          description: "Sensor board",
          quantity: 40,
          unit_price_minor: 880,
          amount_minor: 35_200,
        },
        { position: 0, description: "DHL Express", quantity: 1, unit_price_minor: 3900, amount_minor: 3900 },
      ],
    });
    // The whole order at once bills exactly what the order costs.
    expect(invoice.total_minor).toBe(order.totalMinor);

    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.find((e) => e.action === "invoice.created")).toMatchObject({
      actorUserId: staff.user.id,
      subjectId: invoice.id,
    });
    const german = (await kit.outbox(finance.user.email)).find((m) => m.template === "invoice_issued");
    expect(german?.language).toBe("de");
    expect(asPrinted(german!.text)).toContain(asPrinted(formatMoney(invoice.total_minor, "EUR", "de")));
    expect((await kit.outbox(admin.user.email)).some((m) => m.template === "invoice_issued")).toBe(true);
    expect((await kit.outbox(buyer.user.email)).some((m) => m.template === "invoice_issued")).toBe(false);
  });

  it("bills chosen lines, then the rest with the shipping, then refuses a third invoice", async () => {
    const staff = await kit.staff();
    const { order, lines } = await orderWithTwoLines();
    const first = await staff.call("POST", "/api/staff/invoices", {
      order_id: order.id,
      lines: [{ order_line_id: lines[1]!.id }],
      include_shipping: false,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.lines.map((l: { position: number }) => l.position)).toEqual([2]);

    const twice = await staff.call("POST", "/api/staff/invoices", {
      order_id: order.id,
      lines: [{ order_line_id: lines[1]!.id }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Line 2 is invoiced in full already");

    const rest = await staff.call("POST", "/api/staff/invoices", { order_id: order.id });
    expect(rest.json().data.lines.map((l: { position: number }) => l.position)).toEqual([1, 0]);
    const before = await kit.rows(invoices);
    const shipping = await staff.call("POST", "/api/staff/invoices", {
      order_id: order.id,
      include_shipping: true,
    });
    expect(shipping.statusCode).toBe(409);
    const nothing = await staff.call("POST", "/api/staff/invoices", { order_id: order.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("Everything of this order is invoiced already");
    expect(await kit.rows(invoices)).toBe(before);
  });

  it("answers 404 for a missing order and a line of another order, 409 for a cancelled order", async () => {
    const staff = await kit.staff();
    const { order } = await orderWithTwoLines();
    const other = await orderWithTwoLines();
    const cancelled = await orderWithTwoLines("cancelled");
    const before = await kit.rows(invoices);
    expect((await staff.call("POST", "/api/staff/invoices", { order_id: MISSING_ID })).statusCode).toBe(404);
    const foreign = await staff.call("POST", "/api/staff/invoices", {
      order_id: order.id,
      lines: [{ order_line_id: other.lines[0]!.id }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await staff.call("POST", "/api/staff/invoices", { order_id: cancelled.order.id })).statusCode,
    ).toBe(409);
    expect(await kit.rows(invoices)).toBe(before);
  });

  it("refuses bad bodies with the field and writes nothing", async () => {
    const staff = await kit.staff();
    const { order, lines } = await orderWithTwoLines();
    const line = { order_line_id: lines[0]!.id };
    const before = { invoices: await kit.rows(invoices), activity: await kit.rows(activityLog) };
    for (const [body, field] of [
      [{}, "order_id"],
      [{ order_id: "INV-1" }, "order_id"],
      [{ order_id: order.id, lines: [] }, "lines"],
      [{ order_id: order.id, lines: [line, line] }, "lines"],
      [{ order_id: order.id, lines: [{ ...line, quantity: 0 }] }, "lines.0.quantity"],
      [{ order_id: order.id, lines: [{ ...line, quantity: -5 }] }, "lines.0.quantity"],
      [{ order_id: order.id, lines: [{ ...line, quantity: 2.5 }] }, "lines.0.quantity"],
      [{ order_id: order.id, lines: [{ ...line, quantity: "5" }] }, "lines.0.quantity"],
      [{ order_id: order.id, lines: [{ ...line, position: 1 }] }, "lines.0.position"],
      [{ order_id: order.id, include_shipping: "yes" }, "include_shipping"],
      [{ order_id: order.id, total_minor: 1 }, "total_minor"],
      [{ order_id: order.id, lines: Array.from({ length: 201 }, () => line) }, "lines"],
    ] as const) {
      const res = await staff.call("POST", "/api/staff/invoices", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field });
    }
    expect(await kit.rows(invoices)).toBe(before.invoices);
    expect(await kit.rows(activityLog)).toBe(before.activity);
  });

  it("bills an order once when several invoices are issued at the same time", async () => {
    const staff = await kit.staff();
    const { order } = await orderWithTwoLines();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => staff.call("POST", "/api/staff/invoices", { order_id: order.id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });

  it("is for staff only", async () => {
    const { company, order } = await orderWithTwoLines();
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      expect((await member.call("POST", "/api/staff/invoices", { order_id: order.id })).statusCode).toBe(403);
      expect((await member.call("GET", "/api/staff/invoices")).statusCode).toBe(403);
    }
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(0);
  });
});

describe("POST /api/staff/invoices bills delivered quantities", () => {
  const post = (staff: Awaited<ReturnType<typeof kit.staff>>, body: Record<string, unknown>) =>
    staff.call("POST", "/api/staff/invoices", body);
  type Line = { position: number; quantity: number; amount_minor: number };
  const billedOf = (invoice: { lines: Line[] }) =>
    invoice.lines.map(({ position, quantity, amount_minor }) => ({ position, quantity, amount_minor }));

  it("bills what two partial deliveries shipped, each quantity once, never more than shipped", async () => {
    const staff = await kit.staff();
    const { order, lines } = await orderWithTwoLines("in_production", { 1: 30 });

    const first = await post(staff, { order_id: order.id });
    expect(first.statusCode, first.body).toBe(201);
    // The engineering costs come with the line's first invoice, the shipping with the order's.
    expect(billedOf(first.json().data)).toEqual([
      { position: 1, quantity: 30, amount_minor: 30 * 1250 + 15_000 },
      { position: 0, quantity: 1, amount_minor: 3900 },
    ]);
    const none = await post(staff, { order_id: order.id });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      error: "CONFLICT",
      message: "Nothing shipped is left to invoice: ship first, or bill in advance with a reason",
    });

    await createDeliveryNote(db(), { orderId: order.id, quantities: { 1: 50, 2: 40 } });
    const second = await post(staff, { order_id: order.id });
    expect(second.statusCode, second.body).toBe(201);
    expect(billedOf(second.json().data)).toEqual([
      { position: 1, quantity: 50, amount_minor: 50 * 1250 },
      { position: 2, quantity: 40, amount_minor: 40 * 880 },
    ]);
    expect(second.json().data.delivered_on).toBe(todayIso());

    const details = (await staff.call("GET", `/api/staff/orders/${order.id}`)).json().data;
    expect(
      details.lines.map((l: { delivered_quantity: number; invoiced_quantity: number }) => [
        l.delivered_quantity,
        l.invoiced_quantity,
      ]),
    ).toEqual([
      [80, 80],
      [40, 40],
    ]);

    await createDeliveryNote(db(), { orderId: order.id, quantities: { 1: 20 } });
    const last = await post(staff, { order_id: order.id, lines: [{ order_line_id: lines[0]!.id }] });
    expect(billedOf(last.json().data)).toEqual([{ position: 1, quantity: 20, amount_minor: 20 * 1250 }]);
    // Billed in parts, the order costs what it costs at once.
    const all = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(all.reduce((sum, invoice) => sum + invoice.subtotalMinor, 0)).toBe(order.subtotalMinor);
    expect((await post(staff, { order_id: order.id })).json().message).toBe(
      "Everything of this order is invoiced already",
    );
  });

  it("refuses a quantity above shipped minus invoiced, naming the line and the figures, and writes nothing", async () => {
    const staff = await kit.staff();
    const { order, lines } = await orderWithTwoLines("in_production", { 1: 20 });
    const before = { invoices: await kit.rows(invoices), activity: await kit.rows(activityLog) };
    const tooMany = await post(staff, {
      order_id: order.id,
      lines: [{ order_line_id: lines[0]!.id, quantity: 21 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      error: "CONFLICT",
      message:
        "Line 1: 21 is more than the 20 shipped and not yet invoiced (shipped 20, invoiced 0 of 100 ordered); bill in advance with a reason to invoice more",
    });
    const unshipped = await post(staff, { order_id: order.id, lines: [{ order_line_id: lines[1]!.id }] });
    expect(unshipped.statusCode).toBe(409);
    expect(unshipped.json().message).toBe(
      "Line 2: nothing shipped is left to invoice (shipped 0, invoiced 0 of 40 ordered)",
    );
    // One refused line refuses the whole invoice.
    const mixed = await post(staff, {
      order_id: order.id,
      lines: [
        { order_line_id: lines[0]!.id, quantity: 5 },
        { order_line_id: lines[1]!.id, quantity: 1 },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect(await kit.rows(invoices)).toBe(before.invoices);
    expect(await kit.rows(activityLog)).toBe(before.activity);

    const part = await post(staff, {
      order_id: order.id,
      lines: [{ order_line_id: lines[0]!.id, quantity: 15 }],
    });
    expect(billedOf(part.json().data)[0]).toEqual({
      position: 1,
      quantity: 15,
      amount_minor: 15 * 1250 + 15_000,
    });
    const rest = await post(staff, {
      order_id: order.id,
      lines: [{ order_line_id: lines[0]!.id, quantity: 6 }],
    });
    expect(rest.statusCode).toBe(409);
    expect(rest.json().message).toContain("6 is more than the 5 shipped and not yet invoiced");
  });

  it("bills ahead of shipping with a reason, up to what was ordered, and logs it", async () => {
    const staff = await kit.staff();
    const { company, order, lines } = await orderWithTwoLines("in_production", { 1: 20 });
    const reason = "Customer pays before production (prepayment agreed)";
    const advance = await post(staff, {
      order_id: order.id,
      lines: [{ order_line_id: lines[0]!.id, quantity: 100 }],
      include_shipping: false,
      advance_billing: { reason: `  ${reason}  ` },
    });
    expect(advance.statusCode, advance.body).toBe(201);
    const invoice = advance.json().data;
    expect(billedOf(invoice)).toEqual([{ position: 1, quantity: 100, amount_minor: 140_000 }]);

    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.find((e) => e.action === "invoice.advance_billed")).toMatchObject({
      actorUserId: staff.user.id,
      subjectId: invoice.id,
      details: { number: invoice.number, order: order.number, reason, not_shipped: "1: 80" },
    });

    const before = await kit.rows(invoices);
    const beyondOrdered = await post(staff, {
      order_id: order.id,
      lines: [{ order_line_id: lines[1]!.id, quantity: 41 }],
      advance_billing: { reason },
    });
    expect(beyondOrdered.statusCode).toBe(409);
    expect(beyondOrdered.json().message).toBe(
      "Line 2: 41 is more than the 40 ordered and not yet invoiced (shipped 0, invoiced 0 of 40 ordered)",
    );
    const again = await post(staff, {
      order_id: order.id,
      lines: [{ order_line_id: lines[0]!.id, quantity: 1 }],
      advance_billing: { reason },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Line 1 is invoiced in full already");
    expect(await kit.rows(invoices)).toBe(before);

    // Without lines, advance billing bills what is ordered and not invoiced: the second line and the shipping.
    const rest = await post(staff, { order_id: order.id, advance_billing: { reason } });
    expect(billedOf(rest.json().data)).toEqual([
      { position: 2, quantity: 40, amount_minor: 35_200 },
      { position: 0, quantity: 1, amount_minor: 3900 },
    ]);
  });

  it("refuses advance billing without a reason, or with one too short or too long, and writes nothing", async () => {
    const staff = await kit.staff();
    const { order, lines } = await orderWithTwoLines("in_production", null);
    const before = { invoices: await kit.rows(invoices), activity: await kit.rows(activityLog) };
    const line = [{ order_line_id: lines[0]!.id, quantity: 10 }];
    for (const advance_billing of [
      {},
      { reason: "" },
      { reason: "ok" },
      { reason: "   ab   " },
      { reason: "x".repeat(501) },
      { reason: 42 },
      { reason: "Prepayment", note: "x" },
    ]) {
      const res = await post(staff, { order_id: order.id, lines: line, advance_billing });
      expect(res.statusCode, JSON.stringify(advance_billing).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({
        error: "VALIDATION_ERROR",
        field: expect.stringMatching(/^advance_billing/),
      });
    }
    for (const advance_billing of ["Prepayment", null, true]) {
      const res = await post(staff, { order_id: order.id, lines: line, advance_billing });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe("advance_billing");
    }
    // Nothing shipped and no advance billing: nothing to bill.
    expect((await post(staff, { order_id: order.id })).statusCode).toBe(409);
    expect(await kit.rows(invoices)).toBe(before.invoices);
    expect(await kit.rows(activityLog)).toBe(before.activity);
  });
});

describe("GET /api/invoices (Sales invoice: getAll)", () => {
  it("derives overdue, filters by display status, searches and keeps to the company", async () => {
    const { admin, order } = await orderWithTwoLines();
    const other = await orderWithTwoLines();
    const today = todayIso();
    const open = await createInvoice(db(), { orderId: order.id, dueOn: today });
    const overdue = await createInvoice(db(), {
      orderId: order.id,
      issuedOn: addCalendarDays(today, -40),
      dueOn: addCalendarDays(today, -1),
    });
    const paid = await createInvoice(db(), {
      orderId: order.id,
      status: "paid",
      dueOn: addCalendarDays(today, -5),
      paidAt: new Date(),
    });
    await createInvoice(db(), { orderId: other.order.id, dueOn: addCalendarDays(today, -1) });

    const all = (await admin.call("GET", "/api/invoices")).json().data;
    expect(all.total).toBe(3);
    const statusOf = (id: string) =>
      all.items.find((i: { id: string }) => i.id === id).display_status as string;
    expect([statusOf(open.id), statusOf(overdue.id), statusOf(paid.id)]).toEqual([
      "unpaid",
      "overdue",
      "paid",
    ]);

    for (const [filter, expected] of [
      ["unpaid", [open.id]],
      ["overdue", [overdue.id]],
      ["paid", [paid.id]],
    ] as const) {
      const page = (await admin.call("GET", `/api/invoices?status=${filter}`)).json().data;
      expect(
        page.items.map((i: { id: string }) => i.id),
        filter,
      ).toEqual(expected);
    }
    const byNumber = (await admin.call("GET", `/api/invoices?q=${overdue.number}`)).json().data;
    expect(byNumber.items.map((i: { id: string }) => i.id)).toEqual([overdue.id]);
    const byOrder = (await admin.call("GET", `/api/invoices?q=${order.number}`)).json().data;
    expect(byOrder.total).toBe(3);
    const sorted = (await admin.call("GET", "/api/invoices?sort=due_on&dir=asc")).json().data;
    expect(sorted.items.map((i: { id: string }) => i.id)).toEqual([paid.id, overdue.id, open.id]);

    for (const query of ["status=late", "page_size=1000", "sort=amount", "bogus=1"]) {
      expect((await admin.call("GET", `/api/invoices?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("is for administrators, finance, buyers and viewers; not engineers or staff", async () => {
    const { company, order } = await orderWithTwoLines();
    const invoice = await createInvoice(db(), { orderId: order.id });
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      const expected = role === "engineer" ? 403 : 200;
      for (const url of ["/api/invoices", `/api/invoices/${invoice.id}`, `/api/invoices/${invoice.id}/pdf`])
        expect((await member.call("GET", url)).statusCode, `${role} ${url}`).toBe(expected);
    }
    const staff = await kit.staff();
    expect((await staff.call("GET", "/api/invoices")).statusCode).toBe(403);
  });

  it("lists every company's invoices for staff", async () => {
    const staff = await kit.staff();
    const { company, order } = await orderWithTwoLines();
    const invoice = await createInvoice(db(), { orderId: order.id });
    const page = (await staff.call("GET", `/api/staff/invoices?company_id=${company.id}`)).json().data;
    expect(page.items).toEqual([expect.objectContaining({ id: invoice.id, company_name: company.name })]);
  });
});

describe("GET /api/invoices/:id", () => {
  it("answers the invoice with its billing address and payments", async () => {
    const { admin, order } = await orderWithTwoLines();
    const invoice = await createInvoice(db(), { orderId: order.id });
    const failed = await createPayment(db(), {
      invoiceId: invoice.id,
      method: "card",
      provider: "stripe",
      status: "failed",
      failureReason: "card_declined",
    });
    const res = await admin.call("GET", `/api/invoices/${invoice.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: invoice.id,
      billing_address: { recipient: "Accounts payable" },
      payments: [
        {
          id: failed.id,
          invoice_number: invoice.number,
          method: "card",
          provider: "stripe",
          status: "failed",
          failure_reason: "card_declined",
          amount_minor: invoice.totalMinor,
        },
      ],
    });
  });

  it("answers 404 for another company's invoice and a missing one", async () => {
    const { admin } = await orderWithTwoLines();
    const other = await orderWithTwoLines();
    const invoice = await createInvoice(db(), { orderId: other.order.id });
    for (const suffix of ["", "/pdf"]) {
      for (const id of [invoice.id, MISSING_ID]) {
        const res = await admin.call("GET", `/api/invoices/${id}${suffix}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe("No such invoice");
      }
      expect((await admin.call("GET", `/api/invoices/42${suffix}`)).statusCode).toBe(400);
    }
  });
});

describe("GET /api/invoices/:id/pdf (Sales invoice: PDF)", () => {
  it("prints the number, the total in the reader's language, the bank account and a Romanian name", async () => {
    const { company } = await kit.customerCompany("Fabrica de Plăci Țăndărei SRL");
    const german = await kit.customer(company.id, "finance", { language: "de" });
    const { order } = await createSalesOrder(db(), {
      companyId: company.id,
      lines: [{ description: "Steuerplatine", quantity: 1000, unitPriceMinor: 1234 }],
      billingAddress: {
        recipient: "Ștefan Țurcanu",
        street: "Bulevardul Mihai Viteazu 12",
        street2: null,
        postal_code: "300222",
        city: "Timișoara",
        region: "Timiș",
        country: "RO",
      },
    });
    const invoice = await createInvoice(db(), { orderId: order.id });
    const res = await german.call("GET", `/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${invoice.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Rechnung");
    expect(text).toContain(invoice.number);
    expect(text).toContain(asPrinted(formatMoney(invoice.totalMinor, "EUR", "de")));
    expect(text).toContain(siteConfig.legal.bank.iban);
    expect(text).toContain("Ștefan Țurcanu");
    expect(text).toContain("Timișoara");
    expect(text).toContain("Versand: DHL Express");
  });

  it("writes a Portuguese reader's dates as Portugal does, the same in the PDF, the mail and the lists", async () => {
    const staff = await kit.staff();
    const { company, order } = await orderWithTwoLines();
    const reader = await kit.customer(company.id, "finance", { language: "pt" });
    const invoice = (await staff.call("POST", "/api/staff/invoices", { order_id: order.id })).json().data;
    // The web lists format with the same function (apps/web invoices-table.test.tsx proves it there).
    const issued = formatDate(invoice.issued_on, "pt");
    const due = formatDate(invoice.due_on, "pt");
    expect(due).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const mail = (await kit.outbox(reader.user.email)).find((m) => m.template === "invoice_issued");
    expect(mail?.language).toBe("pt");
    expect(mail!.text).toContain(due);
    const text = await pdfText((await reader.call("GET", `/api/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(text).toContain(issued);
    expect(text).toContain(due);
  });

  it("prints the paid note instead of the payment request once paid", async () => {
    const { company } = await kit.customerCompany();
    const reader = await kit.customer(company.id, "viewer");
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    const invoice = await createInvoice(db(), {
      orderId: order.id,
      status: "paid",
      paidAt: new Date("2026-03-02T09:00:00Z"),
    });
    const text = await pdfText((await reader.call("GET", `/api/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(text).toContain("Paid on Mar 2, 2026. Thank you.");
    // The bank account stays in the footer (§ 14 UStG small print); the request to pay goes.
    expect(text).not.toContain("Please pay");
  });
});
