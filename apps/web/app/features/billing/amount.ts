import { currencyDigits } from "@ems/i18n/format";

/** Minor units per major unit of a currency (100 for EUR, 1 for JPY-like currencies). */
export function minorFactor(currency: string): number {
  return 10 ** currencyDigits(currency);
}

/**
 * An amount typed into a number field ("250000", "1234.5") in minor units; null for an empty or
 * invalid entry. Commas are read as decimal separators as well, for browsers that pass them through.
 */
export function toMinor(value: string, currency: string): number | null {
  const text = value.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * minorFactor(currency));
}

/** Minor units as the text an amount field starts with ("1234.50"). */
export function toMajorText(minor: number, currency: string): string {
  return (minor / minorFactor(currency)).toFixed(currencyDigits(currency));
}
