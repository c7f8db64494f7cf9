import { LOCALE_TAGS, type Locale } from "@ems/i18n/locales";

/**
 * The value axis of the desk chart: a "nice" maximum at or above the largest value and evenly
 * spaced ticks (steps of 1, 2, 2.5 or 5 times a power of ten), so labels read 0, 5K, 10K, 15K…
 */
export function niceScale(max: number, ticks = 4): { max: number; step: number; values: number[] } {
  if (!(max > 0)) return { max: ticks, step: 1, values: Array.from({ length: ticks + 1 }, (_, i) => i) };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  const count = Math.round(top / step);
  return { max: top, step, values: Array.from({ length: count + 1 }, (_, i) => i * step) };
}

/** Compact money for axis labels ("€12K", "12.000 €" → "12.000 €" in German stays short). */
export function compactMoney(amountMinor: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** A month (YYYY-MM) as the language names it: "Mar", "März"; with the year for the long form. */
export function monthName(month: string, locale: Locale, style: "short" | "long" = "short"): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    month: style,
    ...(style === "long" ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(date);
}
