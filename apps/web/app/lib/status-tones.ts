import type { ContractStatus } from "@ems/contracts/contracts";
import type { InvoiceDisplayStatus } from "@ems/contracts/billing";
import type { MaterialRequestStatus } from "@ems/contracts/material-requests";
import type { OrderStatus } from "@ems/contracts/orders";
import type { QueryStatus } from "@ems/contracts/engineering-queries";

import type { BadgeTone } from "~/components/ui/badge";

/**
 * The badge colour of every document status, shared by the portal and the back office (quote
 * colours are QUOTE_STATUS_COLORS in the contracts package, docs/behaviour/quotes.md#status-colours).
 */

/** Done and archived orders are calm; a cancelled one stands out. */
export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  confirmed: "info",
  in_production: "primary",
  shipped: "success",
  completed: "neutral",
  cancelled: "error",
};

/** Paid success, unpaid warning, overdue error. */
export const INVOICE_STATUS_TONES: Record<InvoiceDisplayStatus, BadgeTone> = {
  paid: "success",
  unpaid: "warning",
  overdue: "error",
};

/** Requested: waiting for the operator (info); active (success); ended (neutral). */
export const CONTRACT_STATUS_TONES: Record<ContractStatus, BadgeTone> = {
  requested: "info",
  active: "success",
  ended: "neutral",
};

/** Announced: on its way (warning, it needs goods receiving); received (success); cancelled (neutral). */
export const MATERIAL_STATUS_TONES: Record<MaterialRequestStatus, BadgeTone> = {
  announced: "warning",
  received: "success",
  cancelled: "neutral",
};

/** Open waits for the customer (warning); answered waits for staff (info); closed settled (success); withdrawn (neutral). */
export const QUERY_STATUS_TONES: Record<QueryStatus, BadgeTone> = {
  open: "warning",
  answered: "info",
  closed: "success",
  withdrawn: "neutral",
};
