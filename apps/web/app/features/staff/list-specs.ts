import { CONTRACT_KINDS, CONTRACT_SORTS, CONTRACT_STATUSES } from "@ems/contracts/contracts";
import { CREDIT_NOTE_SORTS } from "@ems/contracts/credit-notes";
import { QUERY_SORTS, QUERY_STATUSES } from "@ems/contracts/engineering-queries";
import {
  DELIVERY_SORTS,
  INVOICE_DISPLAY_STATUSES,
  INVOICE_PAYMENT_FILTERS,
  INVOICE_SORTS,
} from "@ems/contracts/billing";
import { MATERIAL_REQUEST_SORTS, MATERIAL_REQUEST_STATUSES } from "@ems/contracts/material-requests";
import { ORDER_SORTS, ORDER_STATUSES } from "@ems/contracts/orders";
import { QUOTE_SORTS, QUOTE_STATUSES } from "@ems/contracts/quotes";
import { STAFF_CUSTOMER_SORTS } from "@ems/contracts/staff-customers";

import type { ListSpec } from "~/lib/list-query";

/**
 * The URL state of the back-office lists (the staff list query schemas). Text columns start A→Z,
 * dates and amounts with the newest or highest, as in the portal.
 */

const ASC_FIRST = ["number", "title", "status", "name"];

/** status=all shows every status; without one the list shows the customers' requests. */
export const STAFF_QUOTES: ListSpec = {
  sorts: QUOTE_SORTS,
  ascFirst: ASC_FIRST,
  filters: { status: [...QUOTE_STATUSES, "all"], new: ["1"] },
  ids: ["company_id", "company"],
  // ?new=1&company= opens the new-quote dialog.
  local: ["new", "company"],
  searchMax: 100,
};

export const STAFF_ORDERS: ListSpec = {
  sorts: ORDER_SORTS,
  ascFirst: ASC_FIRST,
  filters: { status: ORDER_STATUSES },
  ids: ["company_id"],
  searchMax: 100,
};

export const STAFF_INVOICES: ListSpec = {
  sorts: INVOICE_SORTS,
  ascFirst: ASC_FIRST,
  filters: { status: INVOICE_DISPLAY_STATUSES, payment: INVOICE_PAYMENT_FILTERS },
  ids: ["company_id"],
  searchMax: 100,
};

/** The delivery notes are the billing page's second view (?view=deliveries). */
export const STAFF_DELIVERIES: ListSpec = {
  sorts: DELIVERY_SORTS,
  ascFirst: ASC_FIRST,
  filters: { view: ["deliveries"] },
  ids: ["company_id"],
  local: ["view"],
  searchMax: 100,
};

/** The credit notes are the billing page's third view (?view=credit-notes). */
export const STAFF_CREDIT_NOTES: ListSpec = {
  sorts: CREDIT_NOTE_SORTS,
  ascFirst: ASC_FIRST,
  filters: { view: ["credit-notes"] },
  ids: ["company_id"],
  local: ["view"],
  searchMax: 100,
};

export const STAFF_MATERIAL: ListSpec = {
  sorts: MATERIAL_REQUEST_SORTS,
  ascFirst: ASC_FIRST,
  filters: { status: MATERIAL_REQUEST_STATUSES },
  ids: ["company_id"],
  searchMax: 80,
};

/** The contracts are the supply page's second view (?view=contracts). */
export const STAFF_CONTRACTS: ListSpec = {
  sorts: CONTRACT_SORTS,
  ascFirst: ASC_FIRST,
  filters: { status: CONTRACT_STATUSES, kind: CONTRACT_KINDS, view: ["contracts"] },
  ids: ["company_id"],
  local: ["view"],
  searchMax: 80,
};

/** ?customer= opens one company's details. */
export const STAFF_CUSTOMERS: ListSpec = {
  sorts: STAFF_CUSTOMER_SORTS,
  ascFirst: ASC_FIRST,
  ids: ["customer"],
  local: ["customer"],
  searchMax: 100,
};

/**
 * The engineering-query queue: oldest first (the API's default); ?query= opens one query, and
 * ?status=, ?company= and ?q= narrow the queue.
 */
export const STAFF_ENGINEERING_QUERIES: ListSpec = {
  sorts: QUERY_SORTS,
  ascFirst: [...ASC_FIRST, "created_at"],
  filters: { status: QUERY_STATUSES },
  ids: ["company", "query"],
  local: ["query"],
  searchMax: 100,
};
