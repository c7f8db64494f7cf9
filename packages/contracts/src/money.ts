import { z } from "zod";

/**
 * Money is integer minor units with an ISO 4217 currency. Amounts stay below 2^31 so
 * they fit the database's integer columns; one document never reaches twenty million euros.
 */
export const CURRENCIES = ["EUR", "RON", "USD", "GBP", "CHF", "SEK", "DKK", "NOK"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const currencySchema = z.enum(CURRENCIES);

export const MAX_MINOR = 2_000_000_000;
export const minorSchema = z.number().int().min(0).max(MAX_MINOR);

export const moneySchema = z.object({ amount_minor: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

/** Tax of a net amount at a rate in basis points, rounded half away from zero to the minor unit. */
export function taxOf(netMinor: number, rateBp: number): number {
  const exact = (netMinor * rateBp) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** A net amount with its tax at a rate in basis points. */
export function grossOf(netMinor: number, rateBp: number): number {
  return netMinor + taxOf(netMinor, rateBp);
}
