import { MAX_MINOR } from "@ems/contracts/money";
import { addCalendarDays } from "@ems/contracts/reference";

import { toMinor } from "./amount";

/** How far before the invoice a transfer may lie (money paid in advance), as the API allows. */
const EARLIEST_DAYS_BEFORE_ISSUE = 366;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export type TransferReading =
  | { ok: true; amount_minor: number; transferred_on: string }
  | { ok: false; errors: { amount?: true; date?: true } };

/**
 * The customer's bank transfer announcement as the API takes it: the amount typed in major units
 * (at least one cent, at most what one payment may be) and the day of the transfer, which may not
 * lie in the future (a day's grace for time zones ahead of UTC) or long before the invoice.
 */
export function readTransfer(
  input: { amount: string; date: string },
  invoice: { currency: string; issued_on: string },
  today: string,
): TransferReading {
  const amount = toMinor(input.amount, invoice.currency);
  const amountOk = amount !== null && amount >= 1 && amount <= MAX_MINOR;
  const date = input.date.trim();
  const dateOk =
    ISO_DAY.test(date) &&
    !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) &&
    date <= addCalendarDays(today, 1) &&
    date >= addCalendarDays(invoice.issued_on, -EARLIEST_DAYS_BEFORE_ISSUE);
  if (amountOk && dateOk) return { ok: true, amount_minor: amount, transferred_on: date };
  return { ok: false, errors: { ...(amountOk ? {} : { amount: true }), ...(dateOk ? {} : { date: true }) } };
}
