import { formatMoney } from "@ems/contracts/money";
import { LOCALE_TAGS, type Locale } from "@ems/i18n/locales";

/**
 * Dates and amounts of documents for the page's language. Calendar days (YYYY-MM-DD) and instants
 * are both shown as the UTC day, so the server's HTML and the browser's first render agree.
 */
export function formatDay(value: string, locale: Locale): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

export function money(amountMinor: number, currency: string, locale: Locale): string {
  return formatMoney(amountMinor, currency, LOCALE_TAGS[locale]);
}

/** A tax rate in basis points as a percentage of the language ("19 %", "19%"). */
export function formatRate(rateBp: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: "percent", maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );
}
