import { MSL_LEVELS, PART_LIFECYCLES, PART_SORTS, PART_TYPES } from "@ems/contracts/parts";

import type { ListSpec } from "~/lib/list-query";
import { NEW_PART_PARAMS, PART_SHEET_PARAM } from "~/lib/part-links";

/** The parts list's URL state (GET /api/parts): by part number A→Z unless sorted otherwise. */
export const PART_LIST: ListSpec = {
  sorts: PART_SORTS,
  ascFirst: ["part_number", "description"],
  filters: { type: PART_TYPES, msl: MSL_LEVELS, lifecycle: PART_LIFECYCLES },
  // The sheet's and the new-part dialog's parameters steer the page only.
  local: [PART_SHEET_PARAM, NEW_PART_PARAMS.open],
  searchMax: 100,
};

/**
 * The back office's list (GET /api/staff/parts): every customer's parts, the last changed first as the
 * API sorts them, `company` narrowing to one customer.
 */
export const STAFF_PART_LIST: ListSpec = {
  ...PART_LIST,
  sorts: ["updated_at", ...PART_SORTS.filter((sort) => sort !== "updated_at")],
  ids: ["company"],
};

/** How many MPNs the list shows of a part before "+2 more". */
export const LIST_MPNS_SHOWN = 1;
