import {
  ASSEMBLY_SORTS,
  ASSEMBLY_STATES,
  type AssemblyDetail,
  type AssemblyVersion,
  type BomDto,
  type PlacementsDto,
} from "@ems/contracts/assemblies";

import { ASSEMBLY_SHEET_PARAMS } from "~/lib/assembly-links";
import type { ListSpec } from "~/lib/list-query";

/** The list's URL state (GET /api/pcbas); the last saved first by default, as the API sorts. */
export const ASSEMBLY_LIST: ListSpec = {
  sorts: ["updated_at", ...ASSEMBLY_SORTS.filter((sort) => sort !== "updated_at")],
  ascFirst: ["number", "name"],
  filters: { state: ASSEMBLY_STATES },
  // The sheet's own parameters steer the page only.
  local: Object.values(ASSEMBLY_SHEET_PARAMS),
  searchMax: 100,
};

/** The back office's list: every customer's specifications, `company` narrowing to one. */
export const STAFF_ASSEMBLY_LIST: ListSpec = { ...ASSEMBLY_LIST, ids: ["company"] };

/** A positive whole number from the address, or null. */
export function versionParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}

/** A version of one of the company's PCB specifications an assembly may be built on. */
export interface PcbVersionOption {
  version_id: string;
  number: string;
  name: string;
  version: number;
}

export interface AssemblySheetData {
  spec: AssemblyDetail;
  version: AssemblyVersion;
  /** The latest BOM version; null before the first import. */
  bom: BomDto | null;
  /** The latest pick-and-place data with its cross-check; null before the first import. */
  placements: PlacementsDto | null;
}
