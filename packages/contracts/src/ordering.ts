import { z } from "zod";
import { singleLine } from "./text.ts";
import { taxOf } from "./money.ts";
import { MAX_QUOTE_LINES, MAX_QUOTE_QUANTITY, QUOTE_STATUSES, quoteLineAmountMinor } from "./quotes.ts";

/**
 * Sales order: getSalesOrderTerms and placeOrder (docs/behaviour/orders.md#placing-an-order). An Open, still valid quote becomes a sales
 * order: the customer picks one tier quantity per line they order, a purchase order number, billing
 * and shipping addresses of their company, a parcel service, and accepts the current terms of sale.
 */

/** The terms of sale in the caller's language; `version` is what placeOrder must repeat. */
export const termsSchema = z
  .object({ version: z.string(), title: z.string(), text: z.string() })
  .meta({ id: "SalesOrderTerms" });

export const placeOrderLineSchema = z.strictObject({
  line_id: z.uuid(),
  /** One of the line's tier quantities. */
  quantity: z.number().int().min(1).max(MAX_QUOTE_QUANTITY),
});

export const placeOrderSchema = z
  .strictObject({
    quote_id: z.uuid(),
    lines: z
      .array(placeOrderLineSchema)
      .min(1)
      .max(MAX_QUOTE_LINES)
      .refine(
        (lines) => new Set(lines.map((l) => l.line_id)).size === lines.length,
        "a line may appear once",
      ),
    po_number: singleLine().min(1).max(50),
    billing_address_id: z.uuid(),
    shipping_address_id: z.uuid(),
    parcel_service_id: z.uuid(),
    /** The version of the terms shown to the customer (GET /api/orders/terms). */
    terms_version: z.string().min(1).max(20),
    accept_terms: z.literal(true),
  })
  .meta({ id: "PlaceOrder" });

export const orderPlacedSchema = z
  .object({
    order_id: z.uuid(),
    order_number: z.string(),
    quote_status: z.enum(QUOTE_STATUSES),
  })
  .meta({ id: "OrderPlaced" });

export interface OrderTotals {
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
}

/**
 * What an order costs: every line at its chosen quantity with its one-off costs, plus shipping,
 * plus tax of that subtotal. The web app shows the same figures the API stores.
 */
export function orderTotals(
  lines: readonly { quantity: number; unit_price_minor: number; engineering_cost_minor: number }[],
  shippingMinor: number,
  taxRateBp: number,
): OrderTotals {
  const linesMinor = lines.reduce(
    (sum, line) =>
      sum + quoteLineAmountMinor(line.quantity, line.unit_price_minor, line.engineering_cost_minor),
    0,
  );
  const subtotal = linesMinor + shippingMinor;
  const tax = taxOf(subtotal, taxRateBp);
  return { subtotal_minor: subtotal, tax_minor: tax, total_minor: subtotal + tax };
}

export type Terms = z.infer<typeof termsSchema>;
export type PlaceOrder = z.infer<typeof placeOrderSchema>;
export type OrderPlaced = z.infer<typeof orderPlacedSchema>;
