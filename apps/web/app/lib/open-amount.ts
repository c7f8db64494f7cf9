import type { Invoice } from "@ems/contracts/billing";

/**
 * Where an invoice stands with its payments, as both the portal and the back office show it:
 * something still open (perhaps after part payments), settled exactly, or paid beyond its total
 * (the customer's credit).
 */
export type OpenState =
  | { kind: "open"; openMinor: number; paidMinor: number }
  | { kind: "settled" }
  | { kind: "credit"; creditMinor: number };

export function openState(invoice: Pick<Invoice, "open_minor" | "paid_minor">): OpenState {
  if (invoice.open_minor > 0)
    return { kind: "open", openMinor: invoice.open_minor, paidMinor: invoice.paid_minor };
  if (invoice.open_minor < 0) return { kind: "credit", creditMinor: -invoice.open_minor };
  return { kind: "settled" };
}

/**
 * What stays open once a payment of `amountMinor` is counted: negative is a credit. The API says so
 * as well; the form uses it to word its confirmation before the list has loaded again.
 */
export function openAfterPayment(invoice: Pick<Invoice, "open_minor">, amountMinor: number): number {
  return invoice.open_minor - amountMinor;
}
