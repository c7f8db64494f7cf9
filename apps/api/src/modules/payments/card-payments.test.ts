import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { createDeliveryNote, createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { activityLog, invoices, payments } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { fulfilmentKit } from "../orders/fulfilment-test-kit.ts";
import { STRIPE_API } from "./stripe-provider.ts";

/**
 * Card payments end to end with Stripe configured. The network is never called: the global fetch is
 * replaced by a double that checks each request and answers like Stripe would.
 */

const t = useTestApp({
  RATE_LIMIT_MAX: "1000",
  PUBLIC_URL: "https://portal.example.test",
  STRIPE_SECRET_KEY: "sk_test_51Secret",
  STRIPE_PUBLISHABLE_KEY: "pk_test_51Public",
});
const kit = fulfilmentKit(t);
const db = () => kit.db();

type Answer = (body: URLSearchParams, headers: Record<string, string>) => Response | Promise<Response>;
let answer: Answer;
const gateway = vi.fn<typeof fetch>(async (url, init) => {
  if (String(url) !== `${STRIPE_API}/v1/payment_intents`)
    throw new Error(`unexpected request to ${String(url)}`);
  return answer(new URLSearchParams(String(init?.body)), init?.headers as Record<string, string>);
});
const stripeJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const succeed: Answer = () => stripeJson(200, { id: "pi_ok", object: "payment_intent", status: "succeeded" });

beforeEach(() => {
  gateway.mockClear();
  answer = succeed;
  vi.stubGlobal("fetch", gateway);
});
afterEach(() => vi.unstubAllGlobals());

let enabled = false;
async function setUp() {
  if (!enabled) {
    const admin = await kit.staff("staff_admin");
    const res = await admin.call("PUT", "/api/staff/payment-integrations", {
      provider: "stripe",
      enabled: true,
    });
    expect(res.json().data).toEqual([{ provider: "stripe", enabled: true, configured: true }]);
    enabled = true;
  }
  const { company, admin } = await kit.customerCompany();
  const { order } = await createSalesOrder(db(), { companyId: company.id, currency: "RON" });
  const invoice = await createInvoice(db(), { orderId: order.id });
  return { company, payer: admin, invoice };
}

const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;
const actions = async (companyId: string) =>
  (await db().select().from(activityLog).where(eq(activityLog.companyId, companyId)))
    .map((e) => e.action)
    .filter((a) => a.startsWith("payment."));

describe("card payments through Stripe", () => {
  it("are offered once a staff administrator switched Stripe on; the client token is the publishable key", async () => {
    const { payer, invoice } = await setUp();
    const methods = (await payer.call("GET", "/api/payments/methods")).json().data.methods;
    expect(methods).toEqual([
      { method: "bank_transfer", provider: "bank_transfer" },
      { method: "card", provider: "stripe" },
    ]);
    const token = await payer.call("POST", "/api/payments/client-token", {
      invoice_id: invoice.id,
      method: "card",
    });
    expect(token.json().data).toEqual({
      provider: "stripe",
      client_token: "pk_test_51Public",
      publishable_key: "pk_test_51Public",
    });
    expect(gateway).not.toHaveBeenCalled();
  });

  it("charges the invoice total with the payment row as idempotency key and pays the invoice", async () => {
    const { company, payer, invoice } = await setUp();
    const res = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "card",
      payment_token: "pm_card_visa",
    });
    expect(res.statusCode).toBe(200);
    const payment = res.json().data;
    expect(payment).toMatchObject({
      method: "card",
      provider: "stripe",
      status: "succeeded",
      provider_reference: "pi_ok",
      amount_minor: invoice.totalMinor,
      currency: "RON",
    });
    expect(gateway).toHaveBeenCalledTimes(1);
    const [, init] = gateway.mock.calls[0]!;
    expect(init?.headers).toMatchObject({
      "Idempotency-Key": payment.id,
      Authorization: "Bearer sk_test_51Secret",
    });
    const sent = new URLSearchParams(String(init?.body));
    expect(sent.get("amount")).toBe(String(invoice.totalMinor));
    expect(sent.get("currency")).toBe("ron");
    expect(sent.get("payment_method")).toBe("pm_card_visa");
    expect(sent.get("metadata[invoice_number]")).toBe(invoice.number);

    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
    expect(await actions(company.id)).toEqual(["payment.started", "payment.succeeded"]);
    expect(
      (await kit.outbox(payer.user.email)).filter((m) => m.template === "payment_received"),
    ).toHaveLength(1);
    const again = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "card",
      payment_token: "pm_card_visa",
    });
    expect(again.statusCode).toBe(409);
    expect(gateway).toHaveBeenCalledTimes(1);
  });

  it("marks a declined payment failed so the customer can try again", async () => {
    const { company, payer, invoice } = await setUp();
    answer = () =>
      stripeJson(402, {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
          payment_intent: { id: "pi_no" },
        },
      });
    const declined = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "card",
      payment_token: "pm_card_chargeDeclinedInsufficientFunds",
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ status: "failed", failure_reason: "insufficient_funds" });
    expect((await invoiceRow(invoice.id)).status).toBe("unpaid");
    expect(await actions(company.id)).toEqual(["payment.started", "payment.failed"]);

    answer = succeed;
    const retry = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "card",
      payment_token: "pm_card_visa",
    });
    expect(retry.json().data.status).toBe("succeeded");
    const keys = gateway.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)["Idempotency-Key"],
    );
    expect(new Set(keys).size).toBe(2);
    const rows = await db().select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "succeeded"]);
  });

  it("answers 502 when Stripe cannot be reached and leaves the invoice payable", async () => {
    const { payer, invoice } = await setUp();
    answer = () => Promise.reject(new TypeError("fetch failed"));
    const res = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "card",
      payment_token: "pm_card_visa",
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe("UNKNOWN_ERROR");
    const [row] = await db().select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(row).toMatchObject({ status: "failed", failureReason: "gateway_error" });
    expect((await invoiceRow(invoice.id)).status).toBe("unpaid");
  });

  it("charges what is open of an invoice paid in part", async () => {
    const { payer, invoice } = await setUp();
    const staff = await kit.staff();
    const part = await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {
      amount_minor: 5000,
      currency: "RON",
      paid_on: new Date().toISOString().slice(0, 10),
      method: "manual",
    });
    expect(part.statusCode).toBe(200);
    const res = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "card",
      payment_token: "pm_card_visa",
    });
    expect(res.json().data).toMatchObject({ status: "succeeded", amount_minor: invoice.totalMinor - 5000 });
    const [, init] = gateway.mock.calls[0]!;
    expect(new URLSearchParams(String(init?.body)).get("amount")).toBe(String(invoice.totalMinor - 5000));
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid" });
    expect((await payer.call("GET", `/api/invoices/${invoice.id}`)).json().data).toMatchObject({
      paid_minor: invoice.totalMinor,
      open_minor: 0,
    });
  });

  it("offers cards in the invoice mail while they are on", async () => {
    const { company, payer } = await setUp();
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    await createDeliveryNote(db(), { orderId: order.id });
    const staff = await kit.staff();
    expect((await staff.call("POST", "/api/staff/invoices", { order_id: order.id })).statusCode).toBe(201);
    const mail = (await kit.outbox(payer.user.email)).find((m) => m.template === "invoice_issued");
    expect(mail?.text).toMatch(/by card, or by bank transfer/);
  });

  it("lets exactly one of five concurrent card charges reach Stripe", async () => {
    const { company, payer, invoice } = await setUp();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        payer.call("POST", "/api/payments/charge", {
          invoice_id: invoice.id,
          method: "card",
          payment_token: "pm_card_visa",
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(gateway).toHaveBeenCalledTimes(1);
    const live = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, "succeeded")));
    expect(live).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
    expect(await actions(company.id)).toEqual(["payment.started", "payment.succeeded"]);
  });

  it("stops offering cards once switched off", async () => {
    const { payer, invoice } = await setUp();
    const admin = await kit.staff("staff_admin");
    await admin.call("PUT", "/api/staff/payment-integrations", { provider: "stripe", enabled: false });
    enabled = false;
    const res = await payer.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "card",
      payment_token: "pm_card_visa",
    });
    expect(res.statusCode).toBe(409);
    expect(gateway).not.toHaveBeenCalled();
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(0);
  });
});
