import { orderTotals } from "@ems/contracts/orders";
import {
  PRODUCT_CATEGORIES,
  QUOTE_SORTS,
  QUOTE_STATUSES,
  type QuoteDetail,
  type QuoteStatus,
} from "@ems/contracts/quotes";
import type { ParcelService } from "@ems/contracts/reference";

import type { ListSpec } from "~/lib/list-query";

/**
 * Pure helpers of the customer's quote pages: the list's URL state, dates, and the order form's
 * live summary (computed with the same rules the API stores, orderTotals → taxOf).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The quote list's URL state (GET /api/quotes and quoteListQuerySchema); newest first by default. */
export const QUOTE_LIST: ListSpec = {
  sorts: QUOTE_SORTS,
  // Columns whose natural first order is A→Z; dates start with the newest.
  ascFirst: ["number", "title", "status"],
  filters: { status: QUOTE_STATUSES, category: PRODUCT_CATEGORIES },
  searchMax: 100,
};

/** "In Progress" → "in_progress": the ICU select key of a status. */
export const statusKey = (status: QuoteStatus) => status.toLowerCase().replace(/ /g, "_");

function dayNumber(isoDate: string): number {
  return Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
}

/** Calendar days from `today` to `isoDate` (both YYYY-MM-DD); negative when it lies in the past. */
export function daysUntil(isoDate: string, today: string): number {
  return Math.round((dayNumber(isoDate) - dayNumber(today)) / DAY_MS);
}

/** Per line of the quote: the tier quantity to order, or null for "do not order". */
export type LineChoices = Record<string, number | null>;

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

/** The calendar years a set of YYYY-MM-DD dates spans from `today` on (for the holiday list). */
export function yearsSpanned(today: string, dates: readonly (string | null)[]): number[] {
  const first = Number(today.slice(0, 4));
  const last = Math.max(
    first,
    ...dates.filter((d): d is string => d !== null).map((d) => Number(d.slice(0, 4))),
  );
  return Array.from({ length: Math.min(last - first, 2) + 1 }, (_, i) => first + i);
}

/**
 * The parcel service the order dialog starts with, among those it offers (active, in the quote's
 * currency): the company's default when it is one of them, otherwise the cheapest, the faster one
 * on a tie. Starting with the dearest would make every customer who does not look pay more.
 */
export function preselectedParcelService(
  services: readonly ParcelService[],
  preferredId: string | null,
): ParcelService | undefined {
  const preferred = services.find((s) => s.id === preferredId);
  if (preferred) return preferred;
  return services.reduce<ParcelService | undefined>(
    (best, s) =>
      !best ||
      s.price_minor < best.price_minor ||
      (s.price_minor === best.price_minor && s.transit_days < best.transit_days)
        ? s
        : best,
    undefined,
  );
}
