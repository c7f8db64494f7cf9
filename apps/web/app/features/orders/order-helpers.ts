import { ORDER_SORTS, ORDER_STATUSES } from "@ems/contracts/orders";

import type { ListSpec } from "~/lib/list-query";

/** Pure helpers of the customer's order pages: the list's URL state and figures. */

/** The order list's URL state (GET /api/orders and orderListQuerySchema); newest first by default. */
export const ORDER_LIST: ListSpec = {
  sorts: ORDER_SORTS,
  // Numbers start A→Z and delivery dates with the soonest; order dates and totals high→low.
  ascFirst: ["number", "delivery_date"],
  filters: { status: ORDER_STATUSES },
  searchMax: 100,
};

/** The sum of the lines: the subtotal without shipping. */
export function linesTotal(order: { subtotal_minor: number; shipping_minor: number }): number {
  return order.subtotal_minor - order.shipping_minor;
}
