import type {
  ChargeOutcome,
  ChargeableInvoice,
  ClientTokenAnswer,
  PaymentProvider,
} from "./payment-provider.ts";
import { PaymentGatewayError } from "./payment-provider.ts";

export const STRIPE_API = "https://api.stripe.com";
/** Stripe answers a confirm within seconds; past this the request is abandoned as a gateway error. */
const TIMEOUT_MS = 20_000;

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  /** The HTTP client; tests pass a double, so the network is never called. */
  fetch?: typeof fetch;
}

interface StripeAnswer {
  id?: string;
  object?: string;
  status?: string;
  error?: {
    type?: string;
    code?: string;
    decline_code?: string;
    payment_intent?: { id?: string };
  };
}

/**
 * Card payments through Stripe's REST API, without the SDK. The browser turns the card into a
 * PaymentMethod (pm_…) with Stripe.js and the publishable key; `charge` creates and confirms a
 * PaymentIntent for the invoice total with it in one request. The payment row's id is the
 * Idempotency-Key, so a retried request is answered from Stripe's record instead of charging again.
 * 3-D Secure challenges are not supported by this flow: error_on_requires_action turns them into
 * a decline (authentication_required) rather than leaving a half-finished intent.
 */
export class StripeProvider implements PaymentProvider {
  readonly id = "stripe";
  readonly method = "card" as const;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: StripeOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** Stripe.js tokenises cards with the publishable key alone: it is the client token. */
  async clientToken(_invoice: Omit<ChargeableInvoice, "amountMinor">): Promise<ClientTokenAnswer> {
    return { clientToken: this.options.publishableKey, publishableKey: this.options.publishableKey };
  }

  async charge({
    invoice,
    token,
    idempotencyKey,
  }: {
    invoice: ChargeableInvoice;
    token: string | null;
    idempotencyKey: string;
  }): Promise<ChargeOutcome> {
    if (!token) return { status: "failed", reason: "payment_method_missing", reference: null };
    const body = new URLSearchParams({
      amount: String(invoice.amountMinor),
      currency: invoice.currency.toLowerCase(),
      payment_method: token,
      "payment_method_types[]": "card",
      confirm: "true",
      error_on_requires_action: "true",
      description: `Invoice ${invoice.number}`,
      "metadata[invoice_id]": invoice.id,
      "metadata[invoice_number]": invoice.number,
    });

    let response: Response;
    try {
      response = await this.fetch(`${STRIPE_API}/v1/payment_intents`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.options.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": idempotencyKey,
        },
        body: body.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentGatewayError("Stripe could not be reached", { cause: error });
    }
    const answer = (await response.json().catch(() => null)) as StripeAnswer | null;

    if (response.ok && answer?.object === "payment_intent" && answer.id) {
      if (answer.status === "succeeded") return { status: "succeeded", reference: answer.id };
      // Some payment methods settle later; the payment stays pending until it is recorded.
      if (answer.status === "processing") return { status: "pending", reference: answer.id };
      return { status: "failed", reason: answer.status ?? "unexpected_status", reference: answer.id };
    }
    const error = answer?.error;
    // 402 card_error: declined; 400 invalid_request_error: e.g. an unknown or used payment method.
    if (
      error &&
      (error.type === "card_error" || (response.status === 400 && error.type === "invalid_request_error"))
    ) {
      return {
        status: "failed",
        reason: error.decline_code ?? error.code ?? "card_declined",
        reference: error.payment_intent?.id ?? null,
      };
    }
    throw new PaymentGatewayError(`Stripe answered HTTP ${response.status}`);
  }
}
