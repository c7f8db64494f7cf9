import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { siteConfig } from "@ems/config/site";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { formatMoney } from "@ems/i18n/format";
import { LOCALES } from "@ems/i18n/locales";
import { createDeliveryNote, createInvoice, createPayment, createSalesOrder } from "@ems/db/order-factories";
import { activityLog, invoices, paymentIntegrations, payments } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { renderMail } from "../mail/mail-templates.ts";
import { MISSING_ID, fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

async function unpaidInvoice(role: "admin" | "finance" = "finance") {
  const { company, admin } = await kit.customerCompany();
  const payer = role === "admin" ? admin : await kit.customer(company.id, "finance");
  const { order } = await createSalesOrder(db(), { companyId: company.id });
  const invoice = await createInvoice(db(), { orderId: order.id });
  return { company, admin, payer, order, invoice };
}

const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;
const livePayments = (invoiceId: string) =>
  db()
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.status, ["pending", "succeeded"])));

/** What staff post for money that arrived: by default the whole invoice, today, by bank transfer. */
const received = (
  invoice: { totalMinor: number; currency: string },
  extra: Partial<{
    amount_minor: number;
    currency: string;
    paid_on: string;
    method: string;
    reference: string;
  }> = {},
) => ({
  amount_minor: invoice.totalMinor,
  currency: invoice.currency,
  paid_on: todayIso(),
  method: "bank_transfer",
  ...extra,
});

/** Spaces as printed by Intl (narrow no-break) made plain, to compare money in texts. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("GET /api/payments/methods", () => {
  it("offers bank transfer with the operator's account when no card gateway is set up", async () => {
    const { company } = await unpaidInvoice();
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("GET", "/api/payments/methods");
      if (role === "engineer") {
        expect(res.statusCode).toBe(403);
        continue;
      }
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data).toEqual({
        methods: [{ method: "bank_transfer", provider: "bank_transfer" }],
        bank_account: siteConfig.legal.bank,
      });
    }
    // Switched on in the table but without keys on the server, cards stay off.
    await db().insert(paymentIntegrations).values({ provider: "stripe", enabled: true });
    const admin = await kit.customer(company.id, "admin");
    expect((await admin.call("GET", "/api/payments/methods")).json().data.methods).toHaveLength(1);
    await db().delete(paymentIntegrations);
  });
});

describe("POST /api/payments/client-token (Payment: get_client_token)", () => {
  it("answers the payment reference for bank transfers; cards are not available", async () => {
    const { payer, invoice } = await unpaidInvoice();
    const bank = await payer.call("POST", "/api/payments/client-token", {
      invoice_id: invoice.id,
      method: "bank_transfer",
    });
    expect(bank.statusCode).toBe(200);
    expect(bank.json().data).toEqual({ provider: "bank_transfer", client_token: invoice.number });
    const card = await payer.call("POST", "/api/payments/client-token", {
      invoice_id: invoice.id,
      method: "card",
    });
    expect(card.statusCode).toBe(409);
    expect(card.json().message).toBe("Card payments are not available");
  });

  it("answers 404 for another company's invoice, 409 for a paid one, 403 for roles that do not pay", async () => {
    const { company, payer } = await unpaidInvoice();
    const other = await unpaidInvoice();
    for (const id of [other.invoice.id, MISSING_ID]) {
      const res = await payer.call("POST", "/api/payments/client-token", {
        invoice_id: id,
        method: "bank_transfer",
      });
      expect(res.statusCode).toBe(404);
    }
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    const paid = await createInvoice(db(), { orderId: order.id, status: "paid", paidAt: new Date() });
    expect(
      (
        await payer.call("POST", "/api/payments/client-token", {
          invoice_id: paid.id,
          method: "bank_transfer",
        })
      ).statusCode,
    ).toBe(409);
    for (const role of ["buyer", "engineer", "viewer"] as const) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("POST", "/api/payments/client-token", {
        invoice_id: paid.id,
        method: "bank_transfer",
      });
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe("POST /api/payments/charge (Payment: charge_client) by bank transfer", () => {
  it("creates a pending payment, logs it and mails the transfer instructions", async () => {
    const { company, payer, invoice } = await unpaidInvoice();
    const res = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "bank_transfer",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      method: "bank_transfer",
      provider: "bank_transfer",
      status: "pending",
      amount_minor: invoice.totalMinor,
      currency: "EUR",
      paid_on: todayIso(),
      failure_reason: null,
    });
    expect((await invoiceRow(invoice.id)).status).toBe("unpaid");
    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.filter((e) => e.action === "payment.started")).toHaveLength(1);
    const mail = (await kit.outbox(payer.user.email)).find((m) => m.template === "bank_transfer");
    expect(mail?.text).toContain(siteConfig.legal.bank.iban);
    expect(mail?.text).toContain(siteConfig.legal.bank.bic);
    expect(mail?.subject).toContain(invoice.number);

    const details = (await payer.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(details.payments.map((p: { status: string }) => p.status)).toEqual(["pending"]);
  });

  it("answers 409 to a second charge while one is under way, and after the invoice is paid", async () => {
    const { payer, invoice } = await unpaidInvoice("admin");
    const body = { invoice_id: invoice.id, method: "bank_transfer" };
    expect((await payer.call("POST", "/api/payments/charge", body)).statusCode).toBe(200);
    const again = await payer.call("POST", "/api/payments/charge", body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: "CONFLICT",
      message: "The invoice is already paid or being paid",
    });
    expect(await livePayments(invoice.id)).toHaveLength(1);

    const staff = await kit.staff();
    expect(
      (await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, received(invoice))).statusCode,
    ).toBe(200);
    const paid = await payer.call("POST", "/api/payments/charge", body);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe("The invoice is already paid");
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
  });

  it("lets exactly one of five concurrent charges through", async () => {
    const { company, payer, invoice } = await unpaidInvoice();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        payer.call("POST", "/api/payments/charge", { invoice_id: invoice.id, method: "bank_transfer" }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await livePayments(invoice.id)).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
    const started = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, company.id), eq(activityLog.action, "payment.started")));
    expect(started).toHaveLength(1);
  });

  it("refuses bad bodies with the field and writes nothing", async () => {
    const { payer, invoice } = await unpaidInvoice();
    const before = { payments: await kit.rows(payments), activity: await kit.rows(activityLog) };
    for (const [body, field] of [
      [{ invoice_id: invoice.id }, "method"],
      [{ invoice_id: invoice.id, method: "cash" }, "method"],
      [{ invoice_id: invoice.id, method: "card" }, "payment_token"],
      [{ invoice_id: invoice.id, method: "bank_transfer", payment_token: "pm_x" }, "payment_token"],
      [
        { invoice_id: invoice.id, method: "card", payment_token: "pm_x'; drop table payments;--" },
        "payment_token",
      ],
      [{ invoice_id: invoice.id, method: "card", payment_token: "p".repeat(256) }, "payment_token"],
      [{ invoice_id: invoice.id, method: "card", payment_token: "pm_x", amount_minor: 100 }, "amount_minor"],
      [{ invoice_id: invoice.id, method: "bank_transfer", amount_minor: 0 }, "amount_minor"],
      [{ invoice_id: invoice.id, method: "bank_transfer", amount_minor: -500 }, "amount_minor"],
      [{ invoice_id: invoice.id, method: "bank_transfer", amount_minor: 12.5 }, "amount_minor"],
      [{ invoice_id: invoice.id, method: "bank_transfer", amount_minor: 2_000_000_001 }, "amount_minor"],
      [{ invoice_id: invoice.id, method: "bank_transfer", amount_minor: "100" }, "amount_minor"],
      [{ invoice_id: invoice.id, method: "bank_transfer", transferred_on: "2026-02-30" }, "transferred_on"],
      [{ invoice_id: invoice.id, method: "bank_transfer", transferred_on: "yesterday" }, "transferred_on"],
      [
        { invoice_id: invoice.id, method: "bank_transfer", transferred_on: addCalendarDays(todayIso(), 3) },
        "transferred_on",
      ],
      [
        {
          invoice_id: invoice.id,
          method: "bank_transfer",
          transferred_on: addCalendarDays(todayIso(), -400),
        },
        "transferred_on",
      ],
      [{ invoice_id: invoice.number, method: "bank_transfer" }, "invoice_id"],
    ] as const) {
      const res = await payer.call("POST", "/api/payments/charge", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field });
    }
    const raw = await t().app.inject({
      method: "POST",
      url: "/api/payments/charge",
      headers: { cookie: payer.cookie, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(raw.statusCode).toBe(400);
    expect(await kit.rows(payments)).toBe(before.payments);
    expect(await kit.rows(activityLog)).toBe(before.activity);
  });

  it("answers 404 for another company's invoice and 403 for roles that do not pay", async () => {
    const { company, payer } = await unpaidInvoice();
    const other = await unpaidInvoice();
    const before = await kit.rows(payments);
    for (const id of [other.invoice.id, MISSING_ID]) {
      const res = await payer.call("POST", "/api/payments/charge", {
        invoice_id: id,
        method: "bank_transfer",
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("No such invoice");
    }
    for (const role of ["buyer", "engineer", "viewer"] as const) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("POST", "/api/payments/charge", {
        invoice_id: other.invoice.id,
        method: "bank_transfer",
      });
      expect(res.statusCode, role).toBe(403);
    }
    const staff = await kit.staff();
    expect(
      (
        await staff.call("POST", "/api/payments/charge", {
          invoice_id: other.invoice.id,
          method: "bank_transfer",
        })
      ).statusCode,
    ).toBe(403);
    expect(await kit.rows(payments)).toBe(before);
  });
});

describe("POST /api/payments/charge: announcing a bank transfer", () => {
  it("takes the amount and the day the customer gives; staff see it in their list and can filter by it", async () => {
    const { payer, invoice } = await unpaidInvoice();
    const other = await unpaidInvoice();
    const day = addCalendarDays(todayIso(), -2);
    const res = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "bank_transfer",
      amount_minor: 10_000,
      transferred_on: day,
    });
    expect(res.statusCode).toBe(200);
    const payment = res.json().data;
    expect(payment).toMatchObject({ status: "pending", amount_minor: 10_000, paid_on: day });
    const mail = (await kit.outbox(payer.user.email)).find((m) => m.template === "bank_transfer");
    expect(plain(mail!.text)).toContain(plain(formatMoney(10_000, "EUR", "en")));

    const announced = {
      payment_id: payment.id,
      amount_minor: 10_000,
      transferred_on: day,
      announced_at: expect.any(String),
    };
    const details = (await payer.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(details).toMatchObject({ transfer_announced: announced, paid_minor: 0 });

    const staff = await kit.staff();
    const listed = (
      await staff.call("GET", "/api/staff/invoices?payment=transfer_announced&page_size=100")
    ).json().data;
    expect(listed.items.find((i: { id: string }) => i.id === invoice.id)).toMatchObject({
      transfer_announced: announced,
      open_minor: invoice.totalMinor,
    });
    expect(listed.items.map((i: { id: string }) => i.id)).not.toContain(other.invoice.id);
    const all = (await staff.call("GET", `/api/staff/invoices?company_id=${other.company.id}`)).json().data;
    expect(all.items[0]).toMatchObject({ id: other.invoice.id, transfer_announced: null });
    expect((await staff.call("GET", "/api/staff/invoices?payment=announced")).statusCode).toBe(400);
  });

  it("answers 409 for an invoice whose order was cancelled, and writes nothing", async () => {
    const { company, payer } = await unpaidInvoice();
    const { order } = await createSalesOrder(db(), { companyId: company.id, status: "cancelled" });
    const invoice = await createInvoice(db(), { orderId: order.id });
    const before = { payments: await kit.rows(payments), activity: await kit.rows(activityLog) };
    const res = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "bank_transfer",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The order of this invoice is cancelled: nothing is paid on it");
    const staff = await kit.staff();
    const recorded = await staff.call(
      "POST",
      `/api/staff/invoices/${invoice.id}/payments`,
      received(invoice),
    );
    expect(recorded.statusCode).toBe(409);
    expect(await kit.rows(payments)).toBe(before.payments);
    expect(await kit.rows(activityLog)).toBe(before.activity);
  });
});

describe("POST /api/staff/invoices/:id/payments", () => {
  it("completes the announced bank transfer with what arrived, pays the invoice and mails finance", async () => {
    const staff = await kit.staff();
    const { company, admin, payer, invoice } = await unpaidInvoice();
    await payer.call("POST", "/api/payments/charge", { invoice_id: invoice.id, method: "bank_transfer" });
    const day = addCalendarDays(todayIso(), -1);
    const res = await staff.call(
      "POST",
      `/api/staff/invoices/${invoice.id}/payments`,
      received(invoice, { reference: "SEPA 2026-11-20", paid_on: day }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      method: "bank_transfer",
      status: "succeeded",
      amount_minor: invoice.totalMinor,
      paid_on: day,
      provider_reference: "SEPA 2026-11-20",
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.find((e) => e.action === "payment.recorded")).toMatchObject({
      actorUserId: staff.user.id,
      details: expect.objectContaining({ amount_minor: invoice.totalMinor, open_minor: 0, paid_on: day }),
    });
    for (const user of [payer, admin]) {
      expect(
        (await kit.outbox(user.user.email)).filter((m) => m.template === "payment_received"),
      ).toHaveLength(1);
    }
    const listed = (await payer.call("GET", "/api/invoices?status=paid")).json().data;
    expect(listed.items.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    expect(listed.items[0]).toMatchObject({
      open_minor: 0,
      paid_minor: invoice.totalMinor,
      transfer_announced: null,
    });
  });

  it("records part payments and an overpayment: the open amount for both sides, paid at zero, credit beyond", async () => {
    const staff = await kit.staff();
    const { company, payer, invoice } = await unpaidInvoice();
    // A declined card payment brought nothing in.
    await createPayment(db(), {
      invoiceId: invoice.id,
      status: "failed",
      method: "card",
      provider: "stripe",
    });
    const part = Math.floor(invoice.totalMinor / 3);
    const first = await staff.call(
      "POST",
      `/api/staff/invoices/${invoice.id}/payments`,
      received(invoice, { amount_minor: part, method: "manual", reference: "Cash" }),
    );
    expect(first.json().data).toMatchObject({ method: "manual", provider: "manual", amount_minor: part });
    expect((await invoiceRow(invoice.id)).status).toBe("unpaid");
    const open = invoice.totalMinor - part;

    const details = (await payer.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(details).toMatchObject({ status: "unpaid", paid_minor: part, open_minor: open, paid_at: null });
    expect(details.payments.map((p: { status: string }) => p.status).sort()).toEqual(["failed", "succeeded"]);
    const mine = (await payer.call("GET", "/api/invoices")).json().data.items;
    expect(mine[0]).toMatchObject({ id: invoice.id, open_minor: open });
    const partMail = (await kit.outbox(payer.user.email)).find((m) => m.template === "payment_part_received");
    expect(plain(partMail!.text)).toContain(plain(formatMoney(open, "EUR", "en")));
    expect(plain(partMail!.text)).toContain(plain(formatMoney(part, "EUR", "en")));
    const desk = (await payer.call("GET", "/api/desk")).json().data;
    expect(desk.unpaid_total).toEqual([{ currency: "EUR", amount_minor: open }]);

    const partPaid = (
      await staff.call("GET", `/api/staff/invoices?payment=part_paid&company_id=${company.id}`)
    ).json().data;
    expect(partPaid.items.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    expect(partPaid.items[0]).toMatchObject({ paid_minor: part, open_minor: open });

    // The customer pays 10.00 more than is open: the invoice is paid, the rest is their credit.
    const rest = await staff.call(
      "POST",
      `/api/staff/invoices/${invoice.id}/payments`,
      received(invoice, { amount_minor: open + 1000 }),
    );
    expect(rest.statusCode).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
    const paid = (await payer.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(paid).toMatchObject({ status: "paid", paid_minor: invoice.totalMinor + 1000, open_minor: -1000 });
    expect((await payer.call("GET", "/api/desk")).json().data.unpaid_total).toEqual([]);
    expect(
      (await staff.call("GET", `/api/staff/invoices?payment=part_paid&company_id=${company.id}`)).json().data
        .items,
    ).toEqual([]);
    expect(
      (await kit.outbox(payer.user.email)).filter((m) => m.template === "payment_received"),
    ).toHaveLength(1);
    const recorded = (
      await db().select().from(activityLog).where(eq(activityLog.companyId, company.id))
    ).filter((e) => e.action === "payment.recorded");
    expect(recorded.map((e) => (e.details as { open_minor: number }).open_minor).sort()).toEqual(
      [-1000, open].sort(),
    );

    // Nothing is open any more.
    const activity = await kit.rows(activityLog);
    const again = await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, received(invoice));
    expect(again.statusCode).toBe(409);
    expect(await livePayments(invoice.id)).toHaveLength(2);
    expect(await kit.rows(activityLog)).toBe(activity);
  });

  it("closes an announced transfer the invoice no longer waits for once other money paid it", async () => {
    const staff = await kit.staff();
    const { payer, invoice } = await unpaidInvoice();
    const announced = (
      await payer.call("POST", "/api/payments/charge", {
        invoice_id: invoice.id,
        method: "bank_transfer",
        amount_minor: 5000,
      })
    ).json().data;
    // A manual part payment leaves the announcement waiting.
    await staff.call(
      "POST",
      `/api/staff/invoices/${invoice.id}/payments`,
      received(invoice, { method: "manual", amount_minor: 1000 }),
    );
    const waiting = (
      await staff.call("GET", "/api/staff/invoices?payment=transfer_announced&page_size=100")
    ).json().data;
    expect(waiting.items.map((i: { id: string }) => i.id)).toContain(invoice.id);
    await staff.call(
      "POST",
      `/api/staff/invoices/${invoice.id}/payments`,
      received(invoice, { method: "manual", amount_minor: invoice.totalMinor - 1000 }),
    );
    const [row] = await db().select().from(payments).where(eq(payments.id, announced.id));
    expect(row).toMatchObject({ status: "failed", failureReason: "superseded" });
    const after = (
      await staff.call("GET", "/api/staff/invoices?payment=transfer_announced&page_size=100")
    ).json().data;
    expect(after.items.map((i: { id: string }) => i.id)).not.toContain(invoice.id);
    expect((await payer.call("GET", `/api/invoices/${invoice.id}`)).json().data).toMatchObject({
      status: "paid",
      transfer_announced: null,
      open_minor: 0,
    });
  });

  it("refuses customers, bad bodies and missing invoices without writing", async () => {
    const staff = await kit.staff();
    const { company, invoice } = await unpaidInvoice();
    const before = { payments: await kit.rows(payments), activity: await kit.rows(activityLog) };
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      expect(
        (await member.call("POST", `/api/staff/invoices/${invoice.id}/payments`, received(invoice)))
          .statusCode,
      ).toBe(403);
    }
    const { amount_minor: _amount, ...withoutAmount } = received(invoice);
    for (const [body, field] of [
      [{}, "amount_minor"],
      [withoutAmount, "amount_minor"],
      [received(invoice, { amount_minor: 0 }), "amount_minor"],
      [received(invoice, { amount_minor: -100 }), "amount_minor"],
      [received(invoice, { amount_minor: 10.5 }), "amount_minor"],
      [received(invoice, { amount_minor: 2_000_000_001 }), "amount_minor"],
      [received(invoice, { currency: "usd" }), "currency"],
      [received(invoice, { currency: "XYZ" }), "currency"],
      [received(invoice, { currency: "USD" }), "currency"],
      [received(invoice, { paid_on: "2026-13-01" }), "paid_on"],
      [received(invoice, { paid_on: addCalendarDays(todayIso(), 5) }), "paid_on"],
      [received(invoice, { paid_on: addCalendarDays(todayIso(), -800) }), "paid_on"],
      [received(invoice, { method: "card" }), "method"],
      [received(invoice, { method: "cash" }), "method"],
      [received(invoice, { reference: "" }), "reference"],
      [received(invoice, { reference: "r".repeat(121) }), "reference"],
      [received(invoice, { reference: "a\u0000b" }), "reference"],
      [{ ...received(invoice), invoice_id: invoice.id }, "invoice_id"],
    ] as const) {
      const res = await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field });
    }
    const raw = await t().app.inject({
      method: "POST",
      url: `/api/staff/invoices/${invoice.id}/payments`,
      headers: { cookie: staff.cookie, "content-type": "application/json" },
      payload: '{"amount_minor": 5',
    });
    expect(raw.statusCode).toBe(400);
    const huge = await t().app.inject({
      method: "POST",
      url: `/api/staff/invoices/${invoice.id}/payments`,
      headers: { cookie: staff.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ ...received(invoice), reference: "x".repeat(2_000_000) }),
    });
    expect([400, 413]).toContain(huge.statusCode);
    const missing = await staff.call("POST", `/api/staff/invoices/${MISSING_ID}/payments`, received(invoice));
    expect(missing.statusCode).toBe(404);
    expect(
      (await staff.call("POST", "/api/staff/invoices/not-a-uuid/payments", received(invoice))).statusCode,
    ).toBe(400);
    expect(await kit.rows(payments)).toBe(before.payments);
    expect(await kit.rows(activityLog)).toBe(before.activity);
    expect((await invoiceRow(invoice.id)).status).toBe("unpaid");
  });

  it("counts every payment when staff record several of one invoice at once", async () => {
    const staff = await kit.staff();
    const { invoice } = await unpaidInvoice();
    const amounts = [invoice.totalMinor - 2000, 1000, 1000];
    const results = await Promise.all(
      amounts.map((amount_minor) =>
        staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, received(invoice, { amount_minor })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await db().select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows.map((r) => r.amountMinor).sort((a, b) => a - b)).toEqual([...amounts].sort((a, b) => a - b));
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid" });
    const open = results.map((r) => r.json().data.id);
    expect(new Set(open).size).toBe(3);
  });
});

describe("mails offer only the payment methods that are switched on", () => {
  it("the invoice mail asks for a bank transfer, with the account, and says nothing of cards while they are off", async () => {
    const staff = await kit.staff();
    const { company, admin } = await kit.customerCompany();
    const finance = await kit.customer(company.id, "finance", { language: "de" });
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    await createDeliveryNote(db(), { orderId: order.id });
    // Switched on in the table but without keys on the server, cards stay off.
    await db().insert(paymentIntegrations).values({ provider: "stripe", enabled: true });
    const res = await staff.call("POST", "/api/staff/invoices", { order_id: order.id });
    await db().delete(paymentIntegrations);
    expect(res.statusCode).toBe(201);
    const english = (await kit.outbox(admin.user.email)).find((m) => m.template === "invoice_issued")!;
    expect(english.text).not.toMatch(/card/i);
    expect(english.text).toContain("by bank transfer");
    expect(english.text).toContain(siteConfig.legal.bank.iban);
    expect(english.text).toContain(res.json().data.number);
    const german = (await kit.outbox(finance.user.email)).find((m) => m.template === "invoice_issued")!;
    expect(german.text).not.toMatch(/Karte/);
    expect(german.text).toContain(siteConfig.legal.bank.iban);
  });

  it.each(LOCALES)("%s: the invoice mail names cards only when they are on", (locale) => {
    const values = {
      number: "INV-2026-00042",
      order: "SO-2026-00042",
      total: "1,00 €",
      due_date: "1. Dezember 2026",
      ...siteConfig.legal.bank,
    };
    const on = renderMail("invoice_issued", locale, { ...values, card: "on" }).text;
    const off = renderMail("invoice_issued", locale, { ...values, card: "off" }).text;
    expect(on).not.toBe(off);
    for (const text of [on, off]) expect(text).toContain(siteConfig.legal.bank.iban);
    const card = { en: /card/i, de: /Karte/, fr: /carte/, es: /tarjeta/, sv: /kort/ } as Partial<
      Record<string, RegExp>
    >;
    if (card[locale]) {
      expect(on).toMatch(card[locale]);
      expect(off).not.toMatch(card[locale]);
    }
  });
});

describe("payment integrations (Payment: enable_integration)", () => {
  it("are switched by staff administrators only, and not without the gateway's keys", async () => {
    const staff = await kit.staff("staff");
    const admin = await kit.staff("staff_admin");
    const { admin: customer } = await kit.customerCompany();
    const body = { provider: "stripe", enabled: true };
    expect((await staff.call("PUT", "/api/staff/payment-integrations", body)).statusCode).toBe(403);
    expect((await customer.call("PUT", "/api/staff/payment-integrations", body)).statusCode).toBe(403);
    const res = await admin.call("PUT", "/api/staff/payment-integrations", body);
    expect(res.statusCode).toBe(409);
    expect(await kit.rows(paymentIntegrations)).toBe(0);

    const off = await admin.call("PUT", "/api/staff/payment-integrations", {
      provider: "stripe",
      enabled: false,
    });
    expect(off.json().data).toEqual([{ provider: "stripe", enabled: false, configured: false }]);
    for (const bad of [
      { provider: "paypal", enabled: true },
      { provider: "stripe" },
      { ...body, key: "sk" },
    ]) {
      expect((await admin.call("PUT", "/api/staff/payment-integrations", bad)).statusCode).toBe(400);
    }
    expect((await staff.call("GET", "/api/staff/payment-integrations")).json().data).toEqual([
      { provider: "stripe", enabled: false, configured: false },
    ]);
    expect((await customer.call("GET", "/api/staff/payment-integrations")).statusCode).toBe(403);
  });
});
