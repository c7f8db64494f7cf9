import { orderTotals } from "@ems/contracts/ordering";
import {
  PRODUCT_CATEGORIES,
  QUOTE_SORTS,
  QUOTE_STATUSES,
  type QuoteDetail,
  type QuoteSort,
  type QuoteStatus,
} from "@ems/contracts/quotes";

/**
 * Pure helpers of the customer's quote pages: the list's URL state, dates, and the order form's
 * live summary (computed with the same rules the API stores, orderTotals → taxOf).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The query parameters the quote list reads from its URL and hands to GET /api/quotes. */
export const QUOTE_LIST_PARAMS = ["status", "category", "q", "sort", "dir", "page"] as const;
export type QuoteListParam = (typeof QUOTE_LIST_PARAMS)[number];
export type QuoteListParams = Partial<Record<QuoteListParam, string>>;

/** The list's state as the URL holds it; empty values are dropped, everything else is the API's to check. */
export function quoteListParams(search: URLSearchParams): QuoteListParams {
  const params: QuoteListParams = {};
  for (const name of QUOTE_LIST_PARAMS) {
    const value = search.get(name)?.trim();
    if (value) params[name] = value;
  }
  return params;
}

export const isQuoteStatus = (value: string | undefined): value is QuoteStatus =>
  (QUOTE_STATUSES as readonly string[]).includes(value ?? "");
export const isQuoteSort = (value: string | undefined): value is QuoteSort =>
  (QUOTE_SORTS as readonly string[]).includes(value ?? "");
export const isProductCategory = (value: string | undefined): value is (typeof PRODUCT_CATEGORIES)[number] =>
  (PRODUCT_CATEGORIES as readonly string[]).includes(value ?? "");

/** Columns whose natural first order is A→Z; dates start with the newest. */
const ASCENDING_FIRST: readonly QuoteSort[] = ["number", "title", "status"];

/** The sort the API uses when the URL names none (quoteListQuerySchema defaults). */
export function currentSort(params: QuoteListParams): { sort: QuoteSort; dir: "asc" | "desc" } {
  return {
    sort: isQuoteSort(params.sort) ? params.sort : "created_at",
    dir: params.dir === "asc" ? "asc" : "desc",
  };
}

/** Clicking a column header: the active column flips its direction, another one starts in its natural order. */
export function nextSort(
  params: QuoteListParams,
  column: QuoteSort,
): { sort: QuoteSort; dir: "asc" | "desc" } {
  const { sort, dir } = currentSort(params);
  if (sort === column) return { sort, dir: dir === "asc" ? "desc" : "asc" };
  return { sort: column, dir: ASCENDING_FIRST.includes(column) ? "asc" : "desc" };
}

/** A link to the list with some parameters changed (null removes one). */
export function listHref(
  pathname: string,
  params: QuoteListParams,
  changes: Partial<Record<QuoteListParam, string | null>>,
): string {
  const next = new URLSearchParams();
  for (const name of QUOTE_LIST_PARAMS) {
    const value = name in changes ? changes[name] : params[name];
    if (value) next.set(name, value);
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** "In Progress" → "in_progress": the ICU select key of a status. */
export const statusKey = (status: QuoteStatus) => status.toLowerCase().replace(/ /g, "_");

function dayNumber(isoDate: string): number {
  return Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
}

/** Calendar days from `today` to `isoDate` (both YYYY-MM-DD); negative when it lies in the past. */
export function daysUntil(isoDate: string, today: string): number {
  return Math.round((dayNumber(isoDate) - dayNumber(today)) / DAY_MS);
}

/** A YYYY-MM-DD date in the page's language; plain dates are UTC days, so they are shown in UTC. */
export function formatDay(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(dayNumber(isoDate)),
  );
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A tax rate in basis points as a percentage for the language (1900 → "19 %"). */
export function formatRate(rateBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );
}

/** Per line of the quote: the tier quantity to order, or null for "do not order". */
export type LineChoices = Record<string, number | null>;

/** The order form starts with every line at its smallest quantity. */
export function initialChoices(lines: QuoteDetail["lines"]): LineChoices {
  return Object.fromEntries(lines.map((line) => [line.id, line.tiers[0]?.quantity ?? null]));
}

export interface OrderSummary {
  /** The ordered lines with their one-off costs, without shipping. */
  lines_minor: number;
  shipping_minor: number;
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
  ordered_lines: number;
  /** What the quote becomes: every line ordered, some, or nothing chosen yet. */
  outcome: "Ordered" | "Partially Ordered" | null;
}

/** The live summary of the order form: the figures the API will store for the same choices. */
export function orderSummary(
  quote: Pick<QuoteDetail, "lines" | "tax_rate_bp">,
  choices: LineChoices,
  shippingMinor: number,
): OrderSummary {
  const chosen = quote.lines.flatMap((line) => {
    const quantity = choices[line.id];
    const tier = line.tiers.find((t) => t.quantity === quantity);
    if (quantity == null || !tier || tier.unit_price_minor === null) return [];
    return [
      {
        quantity,
        unit_price_minor: tier.unit_price_minor,
        engineering_cost_minor: line.engineering_cost_minor ?? 0,
      },
    ];
  });
  const shipping = chosen.length > 0 ? shippingMinor : 0;
  const totals = orderTotals(chosen, shipping, quote.tax_rate_bp);
  return {
    lines_minor: totals.subtotal_minor - shipping,
    shipping_minor: shipping,
    ...totals,
    ordered_lines: chosen.length,
    outcome:
      chosen.length === 0 ? null : chosen.length === quote.lines.length ? "Ordered" : "Partially Ordered",
  };
}

/** The body of POST /api/orders for the lines that are ordered. */
export function orderLines(choices: LineChoices): { line_id: string; quantity: number }[] {
  return Object.entries(choices).flatMap(([line_id, quantity]) =>
    quantity == null ? [] : [{ line_id, quantity }],
  );
}

/** The calendar years a set of YYYY-MM-DD dates spans from `today` on (for the holiday list). */
export function yearsSpanned(today: string, dates: readonly (string | null)[]): number[] {
  const first = Number(today.slice(0, 4));
  const last = Math.max(
    first,
    ...dates.filter((d): d is string => d !== null).map((d) => Number(d.slice(0, 4))),
  );
  return Array.from({ length: Math.min(last - first, 2) + 1 }, (_, i) => first + i);
}

/** Zod issue paths ("lines", 0, "quantities", 1) as the dotted keys the request form uses. */
export function issueKey(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}
