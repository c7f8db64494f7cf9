import { currencyDigits } from "@ems/i18n/format";

/*
 * The billing feature has its own toMinor; features do not import each other, and a part's rate
 * must not be rounded silently: "0.004" EUR would be stored as 0, so more decimals than the
 * currency has are refused here instead.
 */

/**
 * An amount typed in major units ("0.12", "1,5") in minor units of the currency; null when it is
 * empty, negative, not a number or finer than the currency's smallest unit.
 */
export function majorToMinor(value: string, currency: string): number | null {
  const text = value.trim().replace(",", ".");
  const digits = currencyDigits(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** Minor units as the amount field shows them: major units with the currency's decimals ("0.12"). */
export function minorToMajor(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
