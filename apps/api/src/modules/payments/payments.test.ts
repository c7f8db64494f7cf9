import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { siteConfig } from "@ems/config/site";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createInvoice, createPayment, createSalesOrder } from "@ems/db/order-factories";
import { activityLog, invoices, paymentIntegrations, payments } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
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
    expect((await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {})).statusCode).toBe(200);
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
      [{ invoice_id: invoice.id, method: "bank_transfer", amount_minor: 1 }, "amount_minor"],
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

describe("POST /api/staff/invoices/:id/payments", () => {
  it("completes the pending bank transfer, pays the invoice and mails finance", async () => {
    const staff = await kit.staff();
    const { company, admin, payer, invoice } = await unpaidInvoice();
    await payer.call("POST", "/api/payments/charge", { invoice_id: invoice.id, method: "bank_transfer" });
    const res = await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {
      reference: "SEPA 2026-11-20",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      method: "bank_transfer",
      status: "succeeded",
      provider_reference: "SEPA 2026-11-20",
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.find((e) => e.action === "payment.recorded")?.actorUserId).toBe(staff.user.id);
    for (const user of [payer, admin]) {
      expect(
        (await kit.outbox(user.user.email)).filter((m) => m.template === "payment_received"),
      ).toHaveLength(1);
    }
    const listed = (await payer.call("GET", "/api/invoices?status=paid")).json().data;
    expect(listed.items.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
  });

  it("records a manual payment when none is pending, and 409 once paid", async () => {
    const staff = await kit.staff();
    const { invoice } = await unpaidInvoice();
    const failed = await createPayment(db(), {
      invoiceId: invoice.id,
      status: "failed",
      method: "card",
      provider: "stripe",
    });
    const res = await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {});
    expect(res.json().data).toMatchObject({ method: "manual", provider: "manual", status: "succeeded" });
    expect(res.json().data.id).not.toBe(failed.id);
    const activity = await kit.rows(activityLog);
    const again = await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {});
    expect(again.statusCode).toBe(409);
    expect(await livePayments(invoice.id)).toHaveLength(1);
    expect(await kit.rows(activityLog)).toBe(activity);
  });

  it("refuses customers, bad bodies and missing invoices without writing", async () => {
    const staff = await kit.staff();
    const { company, invoice } = await unpaidInvoice();
    const before = await kit.rows(payments);
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      expect((await member.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {})).statusCode).toBe(
        403,
      );
    }
    for (const body of [
      { reference: "" },
      { reference: "r".repeat(121) },
      { amount_minor: 5 },
      { reference: "a\u0000b" },
    ]) {
      expect((await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, body)).statusCode).toBe(
        400,
      );
    }
    expect((await staff.call("POST", `/api/staff/invoices/${MISSING_ID}/payments`, {})).statusCode).toBe(404);
    expect(await kit.rows(payments)).toBe(before);
    expect((await invoiceRow(invoice.id)).status).toBe("unpaid");
  });

  it("records one payment when staff record the same invoice at once", async () => {
    const staff = await kit.staff();
    const { invoice } = await unpaidInvoice();
    const results = await Promise.all(
      Array.from({ length: 3 }, () => staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {})),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
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
