import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import { createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { createQuote } from "@ems/db/quote-factories";
import { activityLog, mailOutbox, quotes, salesOrders } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

/**
 * Issue 19 point 1: staff change the VAT treatment of an existing quote or order with a reason. The
 * rate follows the treatment on the document's date, an order's tax and total are computed again, the
 * activity log keeps from, to and the reason, and the customer is mailed the new total. Documents
 * past the point of change (ordered quotes, invoiced or cancelled orders) answer 409 and stay as
 * they were.
 */
const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

const reason = "Goods collected in Bamberg by the customer";

async function quoteRow(id: string) {
  return (await db().select().from(quotes).where(eq(quotes.id, id)))[0]!;
}

async function orderRow(id: string) {
  return (await db().select().from(salesOrders).where(eq(salesOrders.id, id)))[0]!;
}

/** The log's entries of this action about one document. */
const entries = (action: string, subjectId: string) =>
  db()
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.action, action), eq(activityLog.subjectId, subjectId)));

/** Everything a refused change must leave alone. */
async function snapshot(kind: "quote" | "order", id: string) {
  return {
    row: kind === "quote" ? await quoteRow(id) : await orderRow(id),
    log: await kit.rows(activityLog),
    mails: await kit.rows(mailOutbox),
  };
}

describe("PUT /api/staff/quotes/:id/tax", () => {
  async function quoteIn(status: "Draft" | "Open" | "In Progress" | "Ordered", extra = {}) {
    const { company, admin } = await kit.customerCompany();
    const { quote } = await createQuote(db(), { companyId: company.id, status, ...extra });
    return { company, admin, quote };
  }

  it("domestic → reverse charge: 0 %, logged with the reason, the customer mailed the new total", async () => {
    const staff = await kit.staff();
    const { admin, quote } = await quoteIn("Open");
    const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/tax`, {
      tax_treatment: "reverse_charge",
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tax_treatment: "reverse_charge", tax_rate_bp: 0 });
    expect(await quoteRow(quote.id)).toMatchObject({ taxTreatment: "reverse_charge", taxRateBp: 0 });
    const [entry] = await entries("quote.tax_overridden", quote.id);
    expect(entry).toMatchObject({ subjectId: quote.id, companyId: quote.companyId });
    expect(entry!.details).toMatchObject({
      number: quote.number,
      from: "domestic",
      to: "reverse_charge",
      rate_bp: 0,
      reason,
    });
    const mails = (await kit.outbox(admin.user.email)).filter((m) => m.template === "quote_tax_changed");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(quote.number);
    // The cheapest tier with its one-off costs (10 × 42.50 + 150.00), no VAT on top.
    expect(mails[0]!.text).toContain("575.00");
    expect(mails[0]!.text).toContain(`https://portal.example.test/`);
  });

  it("reverse charge → domestic: 19 % on the quote's date, the mail's total with VAT", async () => {
    const staff = await kit.staff();
    const { admin, quote } = await quoteIn("Open", { taxTreatment: "reverse_charge", taxRateBp: 0 });
    const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/tax`, {
      tax_treatment: "domestic",
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tax_treatment: "domestic", tax_rate_bp: 1900 });
    const [mail] = (await kit.outbox(admin.user.email)).filter((m) => m.template === "quote_tax_changed");
    // 575.00 + 19 % = 684.25
    expect(mail?.text).toContain("684.25");
  });

  it("takes the rate of the quote's date: a quote sent in the second half of 2020 gets 16 %", async () => {
    const staff = await kit.staff();
    const sentAt = new Date("2020-08-03T09:00:00Z");
    const { quote } = await quoteIn("Draft", {
      taxTreatment: "export",
      taxRateBp: 0,
      createdAt: sentAt,
    });
    const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/tax`, {
      tax_treatment: "eu_no_vat_id",
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tax_treatment: "eu_no_vat_id", tax_rate_bp: 1600 });
  });

  it("does not mail customers about a draft they have never seen", async () => {
    const staff = await kit.staff();
    const { admin, quote } = await quoteIn("Draft");
    const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/tax`, {
      tax_treatment: "export",
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tax_treatment: "export", tax_rate_bp: 0, can_change_tax: true });
    expect(await kit.outbox(admin.user.email)).toEqual([]);
  });

  it.each(["Ordered", "Partially Ordered", "Declined", "Lost", "Expired"] as const)(
    "refuses a quote that is %s with 409 and changes nothing",
    async (status) => {
      const staff = await kit.staff();
      const { company } = await kit.customerCompany();
      const { quote } = await createQuote(db(), { companyId: company.id, status });
      const before = await snapshot("quote", quote.id);
      const detail = await staff.call("GET", `/api/staff/quotes/${quote.id}`);
      expect(detail.json().data.can_change_tax).toBe(false);
      const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/tax`, {
        tax_treatment: "export",
        reason,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        data: null,
        status: 409,
        error: "CONFLICT",
        message: expect.stringContaining(status),
      });
      expect(await snapshot("quote", quote.id)).toEqual(before);
    },
  );

  it("refuses an Open quote past its validity: it has expired", async () => {
    const staff = await kit.staff();
    const { quote } = await quoteIn("Open", { validUntil: addCalendarDays(todayIso(), -2) });
    const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/tax`, {
      tax_treatment: "export",
      reason,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((await quoteRow(quote.id)).taxTreatment).toBe("domestic");
    expect(await entries("quote.tax_overridden", quote.id)).toEqual([]);
  });

  it("refuses the treatment the quote has already with 409", async () => {
    const staff = await kit.staff();
    const { quote } = await quoteIn("Open");
    const before = await snapshot("quote", quote.id);
    const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/tax`, {
      tax_treatment: "domestic",
      reason,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(await snapshot("quote", quote.id)).toEqual(before);
  });
});

describe("PUT /api/staff/orders/:id/tax", () => {
  async function orderOf(extra: Parameters<typeof createSalesOrder>[1] | object = {}) {
    const { company, admin } = await kit.customerCompany();
    const buyer = await kit.customer(company.id, "buyer");
    const created = await createSalesOrder(db(), {
      companyId: company.id,
      placedByUserId: admin.user.id,
      ...extra,
    });
    return { company, admin, buyer, ...created };
  }

  it("domestic → reverse charge: no tax, the total is the subtotal, logged and mailed", async () => {
    const staff = await kit.staff();
    const { order, admin, buyer } = await orderOf();
    // 100 × 12.50 + 150.00 one-off + 25.00 shipping = 1,425.00 net; 19 %: 270.75.
    expect(order).toMatchObject({ subtotalMinor: 142_500, taxMinor: 27_075, totalMinor: 169_575 });
    const res = await staff.call("PUT", `/api/staff/orders/${order.id}/tax`, {
      tax_treatment: "reverse_charge",
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      tax_treatment: "reverse_charge",
      tax_rate_bp: 0,
      subtotal_minor: 142_500,
      tax_minor: 0,
      total_minor: 142_500,
      can_change_tax: true,
    });
    expect(await orderRow(order.id)).toMatchObject({
      taxTreatment: "reverse_charge",
      taxRateBp: 0,
      taxMinor: 0,
      totalMinor: 142_500,
    });
    const [entry] = await entries("order.tax_overridden", order.id);
    expect(entry).toMatchObject({ subjectType: "sales_order", subjectId: order.id });
    expect(entry!.details).toMatchObject({
      from: "domestic",
      to: "reverse_charge",
      reason,
      total_minor: 142_500,
    });
    for (const user of [admin, buyer]) {
      const mails = (await kit.outbox(user.user.email)).filter((m) => m.template === "order_tax_changed");
      expect(mails, user.user.email).toHaveLength(1);
      expect(mails[0]!.subject).toContain(order.number);
      expect(mails[0]!.text).toContain("1,425.00");
    }
  });

  it("reverse charge → domestic: 19 % of the subtotal again", async () => {
    const staff = await kit.staff();
    const { order } = await orderOf({ taxRateBp: 0, taxTreatment: "reverse_charge" });
    expect(order).toMatchObject({ taxMinor: 0, totalMinor: 142_500 });
    const res = await staff.call("PUT", `/api/staff/orders/${order.id}/tax`, {
      tax_treatment: "domestic",
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tax_rate_bp: 1900, tax_minor: 27_075, total_minor: 169_575 });
  });

  it("refuses an order with an invoice: the invoice is corrected with a credit note", async () => {
    const staff = await kit.staff();
    const { order } = await orderOf({ status: "shipped" });
    await createInvoice(db(), { orderId: order.id });
    const before = await snapshot("order", order.id);
    expect((await staff.call("GET", `/api/staff/orders/${order.id}`)).json().data.can_change_tax).toBe(false);
    const res = await staff.call("PUT", `/api/staff/orders/${order.id}/tax`, {
      tax_treatment: "export",
      reason,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      data: null,
      status: 409,
      error: "CONFLICT",
      message: "An invoice has been issued; correct it with a credit note",
    });
    expect(await snapshot("order", order.id)).toEqual(before);
  });

  it("refuses a cancelled order and the current treatment with 409", async () => {
    const staff = await kit.staff();
    const { order: cancelled } = await orderOf({ status: "cancelled" });
    const before = await snapshot("order", cancelled.id);
    const refused = await staff.call("PUT", `/api/staff/orders/${cancelled.id}/tax`, {
      tax_treatment: "export",
      reason,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await snapshot("order", cancelled.id)).toEqual(before);

    const { order } = await orderOf();
    const same = await staff.call("PUT", `/api/staff/orders/${order.id}/tax`, {
      tax_treatment: "domestic",
      reason,
    });
    expect(same.statusCode, same.body).toBe(409);
    expect(await entries("order.tax_overridden", order.id)).toEqual([]);
  });
});

describe("both endpoints refuse bad calls and write nothing", () => {
  async function world() {
    const staff = await kit.staff();
    const { company, admin } = await kit.customerCompany();
    const { quote } = await createQuote(db(), { companyId: company.id, status: "Open" });
    const { order } = await createSalesOrder(db(), { companyId: company.id, placedByUserId: admin.user.id });
    const urls = { quote: `/api/staff/quotes/${quote.id}/tax`, order: `/api/staff/orders/${order.id}/tax` };
    const state = async () => ({
      quote: await quoteRow(quote.id),
      order: await orderRow(order.id),
      log: await kit.rows(activityLog),
      mails: await kit.rows(mailOutbox),
    });
    return { staff, company, admin, urls, state };
  }

  it.each([
    ["no body", undefined, null],
    ["an empty object", {}, null],
    ["no reason", { tax_treatment: "export" }, "reason"],
    ["a reason of two characters", { tax_treatment: "export", reason: "ok" }, "reason"],
    ["a blank reason", { tax_treatment: "export", reason: "      " }, "reason"],
    ["a reason over 500 characters", { tax_treatment: "export", reason: "x".repeat(501) }, "reason"],
    ["an unknown treatment", { tax_treatment: "zero", reason }, "tax_treatment"],
    ["a treatment of the wrong type", { tax_treatment: ["export"], reason }, "tax_treatment"],
    ["an unknown field", { tax_treatment: "export", reason, tax_rate_bp: 0 }, null],
    ["a rate instead of a treatment", { tax_rate_bp: 0, reason }, null],
  ])("400 for %s", async (_name, body, field) => {
    const { staff, urls, state } = await world();
    const before = await state();
    for (const url of Object.values(urls)) {
      const res = await staff.call("PUT", url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ data: null, status: 400, error: expect.any(String) });
      if (field) expect(res.json().field, url).toBe(field);
    }
    expect(await state()).toEqual(before);
  });

  it("404 for unknown ids, 400 for malformed ones", async () => {
    const { staff, state } = await world();
    const before = await state();
    const body = { tax_treatment: "export", reason };
    for (const kind of ["quotes", "orders"]) {
      const missing = await staff.call("PUT", `/api/staff/${kind}/${MISSING_ID}/tax`, body);
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json()).toMatchObject({ data: null, status: 404, error: "NOT_FOUND" });
      const malformed = await staff.call("PUT", `/api/staff/${kind}/not-a-uuid/tax`, body);
      expect(malformed.statusCode, malformed.body).toBe(400);
    }
    expect(await state()).toEqual(before);
  });

  it("403 for every customer role, also on its own company's documents; 401 signed out", async () => {
    const { company, urls, state } = await world();
    const before = await state();
    const body = { tax_treatment: "export", reason };
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      for (const url of Object.values(urls))
        expect((await member.call("PUT", url, body)).statusCode, `${role} ${url}`).toBe(403);
    }
    for (const url of Object.values(urls))
      expect((await t().app.inject({ method: "PUT", url, payload: body })).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });
});
