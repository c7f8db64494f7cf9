import { currencyDigits } from "@ems/i18n/format";

/**
 * Pure helpers of the back office: money typed in major units, VAT rates in percent, dates in the
 * page's language.
 */

/**
 * Reads an amount typed in major units ("1234.5", "1.234,50", "1 234,5") into integer minor units.
 * The last "." or "," followed by at most the currency's decimals is the decimal separator; any
 * other separator groups thousands. Answers null for anything that is not a plain non-negative
 * amount or has more decimals than the currency.
 */
export function parseMajor(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const compact = text.trim().replace(/[\s\u00a0\u202f']/g, "");
  if (!/^[0-9.,]+$/.test(compact) || !/[0-9]/.test(compact)) return null;
  const lastSep = Math.max(compact.lastIndexOf("."), compact.lastIndexOf(","));
  let whole = compact;
  let fraction = "";
  if (lastSep >= 0) {
    const tail = compact.slice(lastSep + 1);
    const separators = compact.match(/[.,]/g) ?? [];
    const mixed = new Set(separators).size > 1;
    const single = separators.length === 1;
    // "1,234" with a 2-decimal currency: a thousands group. "12,5" or "12.50": decimals.
    const isDecimal = mixed || (single && tail.length > 0 && tail.length !== 3) || (single && digits >= 3);
    if (isDecimal) {
      whole = compact.slice(0, lastSep);
      fraction = tail;
    }
  }
  const cleanWhole = whole.replace(/[.,]/g, "");
  if (!/^[0-9]*$/.test(fraction) || fraction.length > digits) return null;
  if (cleanWhole === "" && fraction === "") return null;
  const minor = Number(cleanWhole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the text an amount field starts with ("1234.50"). */
export function majorText(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return "";
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** A whole number typed into a field, or null. */
export function parseWhole(text: string): number | null {
  const compact = text.trim();
  if (!/^\d{1,9}$/.test(compact)) return null;
  return Number(compact);
}

/** The calendar day `days` after today (UTC), as YYYY-MM-DD. */
export function dayFromToday(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A quote status as a key ICU `select` accepts ("In Progress" → in_progress). */
export function statusKey(status: string): string {
  return status.toLowerCase().replace(/\s+/g, "_");
}
