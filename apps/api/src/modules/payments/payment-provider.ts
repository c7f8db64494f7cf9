import type { PaymentMethod } from "@ems/contracts/billing";

/** What a provider needs to know about the invoice being paid and the amount to charge. */
export interface ChargeableInvoice {
  id: string;
  number: string;
  /** What this payment is for: what is open of the invoice (a card pays the rest in one go). */
  amountMinor: number;
  /** ISO 4217, upper case as stored. */
  currency: string;
}

/**
 * How a charge ended. `pending`: the money has not arrived yet (a bank transfer the customer still
 * has to make); `failed` carries the provider's reason (a decline code) and leaves the invoice
 * payable again.
 */
export type ChargeOutcome =
  | { status: "succeeded"; reference: string }
  | { status: "pending"; reference: string | null }
  | { status: "failed"; reason: string; reference: string | null };

export interface ClientTokenAnswer {
  clientToken: string;
  publishableKey?: string;
}

/**
 * A way to pay an invoice (docs/behaviour/billing.md#payments). `idempotencyKey` is the payment row's
 * id: a provider that talks to a gateway passes it on, so a retried request never charges twice.
 */
export interface PaymentProvider {
  /** Stored in payments.provider: bank_transfer or the gateway's name (stripe). */
  readonly id: string;
  readonly method: PaymentMethod;
  /** Before anything is charged: the amount is not known yet (the customer may pay in parts). */
  clientToken(invoice: Omit<ChargeableInvoice, "amountMinor">): Promise<ClientTokenAnswer>;
  charge(input: {
    invoice: ChargeableInvoice;
    token: string | null;
    idempotencyKey: string;
  }): Promise<ChargeOutcome>;
}

/**
 * The gateway could not be reached or failed on its side: unlike a decline, nothing is known about
 * the card, so the caller is told to try again later.
 */
export class PaymentGatewayError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = "PaymentGatewayError";
  }
}
