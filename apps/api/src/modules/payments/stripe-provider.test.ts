import { describe, expect, it, vi } from "vitest";
import { EnvError, loadEnv } from "../../env.ts";
import { PaymentGatewayError } from "./payment-provider.ts";
import { STRIPE_API, StripeProvider } from "./stripe-provider.ts";

const invoice = {
  id: "0b6f3f4e-2d0a-4c0e-9a53-6a2d0f3a1b11",
  number: "INV-2026-00042",
  amountMinor: 21_420,
  currency: "EUR",
};

function stripeWith(answer: () => Promise<Response>) {
  const fetch = vi.fn<typeof globalThis.fetch>(answer);
  const provider = new StripeProvider({
    secretKey: "sk_test_secret",
    publishableKey: "pk_test_public",
    fetch,
  });
  return { provider, fetch };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );

describe("StripeProvider", () => {
  it("creates and confirms a PaymentIntent with the exact request Stripe expects", async () => {
    const { provider, fetch } = stripeWith(() =>
      json(200, { id: "pi_3Ok", object: "payment_intent", status: "succeeded" }),
    );
    const outcome = await provider.charge({ invoice, token: "pm_card_visa", idempotencyKey: "pay-1" });
    expect(outcome).toEqual({ status: "succeeded", reference: "pi_3Ok" });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${STRIPE_API}/v1/payment_intents`);
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({
      Authorization: "Bearer sk_test_secret",
      "Content-Type": "application/x-www-form-urlencoded",
      "Idempotency-Key": "pay-1",
    });
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      amount: "21420",
      currency: "eur",
      payment_method: "pm_card_visa",
      "payment_method_types[]": "card",
      confirm: "true",
      error_on_requires_action: "true",
      description: "Invoice INV-2026-00042",
      "metadata[invoice_id]": invoice.id,
      "metadata[invoice_number]": "INV-2026-00042",
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("turns a decline into a failure with the decline code", async () => {
    const { provider } = stripeWith(() =>
      json(402, {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
          payment_intent: { id: "pi_declined" },
        },
      }),
    );
    expect(await provider.charge({ invoice, token: "pm_card_chargeDeclined", idempotencyKey: "k" })).toEqual({
      status: "failed",
      reason: "insufficient_funds",
      reference: "pi_declined",
    });
  });

  it("fails an unusable payment method and a required authentication", async () => {
    const missing = stripeWith(() =>
      json(400, { error: { type: "invalid_request_error", code: "resource_missing" } }),
    );
    expect(await missing.provider.charge({ invoice, token: "pm_unknown", idempotencyKey: "k" })).toEqual({
      status: "failed",
      reason: "resource_missing",
      reference: null,
    });
    const sca = stripeWith(() =>
      json(402, {
        error: { type: "card_error", code: "authentication_required", payment_intent: { id: "pi_sca" } },
      }),
    );
    expect(await sca.provider.charge({ invoice, token: "pm_3ds", idempotencyKey: "k" })).toMatchObject({
      status: "failed",
      reason: "authentication_required",
    });
  });

  it("keeps a processing intent pending", async () => {
    const { provider } = stripeWith(() =>
      json(200, { id: "pi_slow", object: "payment_intent", status: "processing" }),
    );
    expect(await provider.charge({ invoice, token: "pm_x", idempotencyKey: "k" })).toEqual({
      status: "pending",
      reference: "pi_slow",
    });
  });

  it("throws a gateway error for outages, bad keys and unreachable networks", async () => {
    for (const answer of [
      () => json(500, { error: { type: "api_error" } }),
      () => json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } }),
      () => Promise.resolve(new Response("<html>bad gateway</html>", { status: 502 })),
      () => Promise.reject(new TypeError("fetch failed")),
    ]) {
      const { provider } = stripeWith(answer);
      await expect(provider.charge({ invoice, token: "pm_x", idempotencyKey: "k" })).rejects.toBeInstanceOf(
        PaymentGatewayError,
      );
    }
  });

  it("never calls Stripe without a payment method, and hands out the publishable key as client token", async () => {
    const { provider, fetch } = stripeWith(() => json(200, {}));
    expect(await provider.charge({ invoice, token: null, idempotencyKey: "k" })).toMatchObject({
      status: "failed",
    });
    expect(await provider.clientToken(invoice)).toEqual({
      clientToken: "pk_test_public",
      publishableKey: "pk_test_public",
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("Stripe environment", () => {
  it("takes both keys or neither, and checks their form", () => {
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(
      loadEnv({ STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_PUBLISHABLE_KEY: "pk_live_abc123" }),
    ).toMatchObject({
      STRIPE_SECRET_KEY: "sk_live_abc123",
    });
    for (const env of [
      { STRIPE_SECRET_KEY: "sk_test_abc" },
      { STRIPE_PUBLISHABLE_KEY: "pk_test_abc" },
      { STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc" },
      { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "sk_test_abc" },
    ]) {
      expect(() => loadEnv(env), JSON.stringify(env)).toThrow(EnvError);
    }
  });
});
