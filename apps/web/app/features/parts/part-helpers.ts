import { MSL_LEVELS, PART_SORTS, PART_TYPES } from "@ems/contracts/parts";

import type { ListSpec } from "~/lib/list-query";
import { NEW_PART_PARAMS, PART_SHEET_PARAM } from "~/lib/part-links";

/** The parts list's URL state (GET /api/parts): by part number A→Z unless sorted otherwise. */
export const PART_LIST: ListSpec = {
  sorts: PART_SORTS,
  ascFirst: ["part_number", "description"],
  filters: { type: PART_TYPES, msl: MSL_LEVELS },
  // The sheet's and the new-part dialog's parameters steer the page only.
  local: [PART_SHEET_PARAM, NEW_PART_PARAMS.open],
  searchMax: 100,
};

/** How many MPNs the list shows of a part before "+2 more". */
export const LIST_MPNS_SHOWN = 1;
