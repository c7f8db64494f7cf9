import { remembered, rememberedLike } from "./format-ledger.ts";
import { LOCALE_TAGS, normalizeLocale } from "./locales.ts";

/**
 * The one set of formatters for dates, numbers, rates and money, used by pages, PDFs and mails, so
 * a Portuguese reader sees the same date on the quotes list, the invoice PDF and the invoice mail.
 *
 * Each takes one of the 12 language codes (anything else reads as its language or English) and
 * formats with that language's regional tag (pt → pt-PT, not Intl's default pt-BR). Formatters are
 * cached per tag: constructing an Intl formatter costs far more than using one. Results go through
 * the format ledger (format-ledger.ts), so the browser hydrating a page reuses the server's texts.
 */

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames;
const cache = new Map<string, Formatter>();

function cached<T extends Formatter>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** The BCP 47 tag the product formats a language with (`pt` → `pt-PT`). */
export function localeTag(locale: string): string {
  return LOCALE_TAGS[normalizeLocale(locale)];
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day (`2026-11-23`) or an instant as a medium date in the language ("23/11/2026" in
 * Portuguese, "23.11.2026" in German, "Nov 23, 2026" in English). Calendar days name a day, not a
 * moment, so they and instants are both shown as their UTC day: the server's HTML, the browser's
 * first render, the PDF and the mail agree whatever the reader's time zone. Answers the input for
 * text that is no date, and "" for nothing.
 */
export function formatDate(value: string | Date | null | undefined, locale: string): string {
  if (value === null || value === undefined || value === "") return "";
  const date =
    typeof value === "string" ? new Date(CALENDAR_DAY.test(value) ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === "string" ? value : "";
  const tag = localeTag(locale);
  return remembered(`date:${tag}|${date.toISOString()}`, () =>
    cached(
      `date:${tag}`,
      () => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }),
    ).format(date),
  );
}

/**
 * An instant as a medium date with its time and the zone's name ("Nov 23, 2026, 10:42:13 AM UTC").
 * `timeZone` defaults to UTC, which the server renders; the browser passes the visitor's own zone
 * once hydrated (`useDateTime` in the web app), and the zone's name says which one is shown.
 */
export function formatDateTime(value: string | Date, locale: string, timeZone = "UTC"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === "string" ? value : "";
  const tag = localeTag(locale);
  return remembered(`datetime:${tag}:${timeZone}|${date.toISOString()}`, () =>
    cached(
      `datetime:${tag}:${timeZone}`,
      () => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "long", timeZone }),
    ).format(date),
  );
}

/** The weekday's name of a calendar day ("Montag"). */
export function formatWeekday(value: string, locale: string): string {
  const tag = localeTag(locale);
  const day = value.slice(0, 10);
  return remembered(`weekday:${tag}|${day}`, () =>
    cached(`weekday:${tag}`, () => new Intl.DateTimeFormat(tag, { weekday: "long", timeZone: "UTC" })).format(
      new Date(`${day}T00:00:00Z`),
    ),
  );
}

/** A count or quantity with the language's grouping ("1.250" in German). */
export function formatNumber(value: number, locale: string): string {
  const tag = localeTag(locale);
  return remembered(
    `number:${tag}|${value}`,
    () =>
      groupedLikeLedger(tag, value) ??
      cached(`number:${tag}`, () => new Intl.NumberFormat(tag)).format(value),
  );
}

/** A measurement with a fixed number of decimals (a 0.3 mm drill as "0,300" in German). */
export function formatDecimal(value: number, digits: number, locale: string): string {
  const tag = localeTag(locale);
  return remembered(`decimal:${tag}:${digits}|${value}`, () =>
    cached(
      `decimal:${tag}:${digits}`,
      () => new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    ).format(value),
  );
}

const DIGITS = /^\d+$/;

/**
 * A whole number written like one of the same length the server formatted for this page: where a
 * language puts its group separators depends only on how many digits there are (and all twelve
 * languages write Latin digits), so "4.558.635" and 4558641 give "4.558.641". The counter band's
 * live figures grow each second in the browser; this keeps their first render from loading Intl's
 * number data while the page hydrates (ADR 0021). Undefined when the ledger has no such number.
 */
function groupedLikeLedger(tag: string, value: number): string | undefined {
  if (!Number.isSafeInteger(value) || value < 0) return undefined;
  const digits = String(value);
  const sample = rememberedLike(
    `number:${tag}|`,
    (rest) => rest.length === digits.length && DIGITS.test(rest),
  );
  if (sample === undefined) return undefined;
  let next = 0;
  return sample.replace(/\d/g, () => digits[next++] ?? "");
}

const FILE_SIZE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/**
 * A file size in the language with binary steps, as file managers show it (1 536 → "1.5 kB",
 * 209 715 200 → "200 MB"; "200 Mo" in French): one decimal below 10 units, none above.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const tag = localeTag(locale);
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  const name = FILE_SIZE_UNITS[unit] ?? "byte";
  return remembered(`size:${tag}|${bytes}`, () =>
    cached(
      `size:${tag}:${name}:${digits}`,
      () =>
        new Intl.NumberFormat(tag, {
          style: "unit",
          unit: name,
          unitDisplay: unit === 0 ? "long" : "short",
          maximumFractionDigits: digits,
        }),
    ).format(value),
  );
}

/** A rate in basis points as a percentage in the language (1900 → "19 %" in German, "19%" in English). */
export function formatRate(rateBp: number, locale: string): string {
  const tag = localeTag(locale);
  return remembered(`percent:${tag}|${rateBp}`, () =>
    cached(
      `percent:${tag}`,
      () => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 }),
    ).format(rateBp / 10_000),
  );
}

/** A rate in basis points as the bare figure of a percent field (750 → "7.5", "7,5"). */
export function formatPercentFigure(rateBp: number, locale: string): string {
  const tag = localeTag(locale);
  return remembered(`figure:${tag}|${rateBp}`, () =>
    cached(`figure:${tag}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 })).format(
      rateBp / 100,
    ),
  );
}

/** How many decimals a currency has (EUR 2, JPY 0, BHD 3), as Intl knows it; 2 for an unknown code. */
export function currencyDigits(currency: string): number {
  try {
    return (
      cached(
        `digits:${currency}`,
        () => new Intl.NumberFormat("en", { style: "currency", currency }),
      ).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Integer minor units of an ISO 4217 currency ("1.234,50 €" in German, "€1,234.50" in English). */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const tag = localeTag(locale);
  return remembered(`money:${tag}:${currency}|${amountMinor}`, () => {
    const format = cached(
      `money:${tag}:${currency}`,
      () => new Intl.NumberFormat(tag, { style: "currency", currency }),
    );
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountMinor / 10 ** digits);
  });
}

/** Money for a chart's axis, short ("€12.5K", "2,5 Mio. €"). */
export function formatCompactMoney(amountMinor: number, currency: string, locale: string): string {
  const tag = localeTag(locale);
  return remembered(`compact-money:${tag}:${currency}|${amountMinor}`, () => {
    const format = cached(
      `compact-money:${tag}:${currency}`,
      () =>
        new Intl.NumberFormat(tag, {
          style: "currency",
          currency,
          notation: "compact",
          minimumFractionDigits: 0,
          maximumFractionDigits: 1,
        }),
    );
    return format.format(amountMinor / 10 ** currencyDigits(currency));
  });
}

/** A month (YYYY-MM) as the language names it: "Mar", "März"; with the year for the long form. */
export function formatMonth(month: string, locale: string, style: "short" | "long" = "short"): string {
  const tag = localeTag(locale);
  return remembered(`month:${tag}:${style}|${month}`, () =>
    cached(
      `month:${tag}:${style}`,
      () =>
        new Intl.DateTimeFormat(tag, {
          month: style,
          ...(style === "long" ? { year: "numeric" } : {}),
          timeZone: "UTC",
        }),
    ).format(new Date(`${month}-01T00:00:00Z`)),
  );
}

/** A country's name in the language ("DE" → "Deutschland"); the code itself when Intl has none. */
export function formatRegion(code: string, locale: string): string {
  const tag = localeTag(locale);
  return remembered(`region:${tag}|${code}`, () => {
    try {
      return (
        cached(`region:${tag}`, () => new Intl.DisplayNames([tag], { type: "region", fallback: "code" })).of(
          code,
        ) ?? code
      );
    } catch {
      return code;
    }
  });
}

/** A language's name in the language of the page ("ro" → "Rumänisch"); the code when Intl has none. */
export function formatLanguageName(code: string, locale: string): string {
  const tag = localeTag(locale);
  return remembered(`language:${tag}|${code}`, () => {
    try {
      return (
        cached(
          `language:${tag}`,
          () => new Intl.DisplayNames([tag], { type: "language", fallback: "code" }),
        ).of(code) ?? code
      );
    } catch {
      return code;
    }
  });
}
