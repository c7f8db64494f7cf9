import type {
  ChargeOutcome,
  ChargeableInvoice,
  ClientTokenAnswer,
  PaymentProvider,
} from "./payment-provider.ts";

/**
 * Paying by bank transfer needs no external account: "charging" announces the transfer, which stays
 * pending (and blocks a second payment) until staff record the money that arrived. The invoice
 * number is the payment reference the customer gives their bank.
 */
export class BankTransferProvider implements PaymentProvider {
  readonly id = "bank_transfer";
  readonly method = "bank_transfer" as const;

  async clientToken(invoice: Omit<ChargeableInvoice, "amountMinor">): Promise<ClientTokenAnswer> {
    return { clientToken: invoice.number };
  }

  async charge({ invoice }: { invoice: ChargeableInvoice }): Promise<ChargeOutcome> {
    return { status: "pending", reference: invoice.number };
  }
}
