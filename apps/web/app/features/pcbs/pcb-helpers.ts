import { capabilities } from "@ems/config/capabilities";
import { SURFACE_FINISHES } from "@ems/contracts/pcb-spec";
import { pathOf } from "@ems/contracts/endpoints";
import {
  pcbEndpoints,
  PCB_SPEC_SORTS,
  staffPcbEndpoints,
  type PcbSpecSummary,
  type PcbSpecVersion,
} from "@ems/contracts/pcbs";
import type { BoardData } from "@ems/gerber/board-data";
import type { DfmReport } from "@ems/gerber/dfm";

import type { ListSpec } from "~/lib/list-query";
import { PCB_SHEET_PARAMS as SHEET_PARAMS } from "~/lib/pcb-links";

/**
 * Pure helpers of the PCB specification page: the list's URL state and the addresses of the sheet
 * that opens one specification over the list (ADR 0014).
 */

/** The list's URL state (GET /api/pcbs); the last saved first by default. */
export const PCB_LIST: ListSpec = {
  sorts: PCB_SPEC_SORTS,
  ascFirst: ["number", "name"],
  filters: {
    layers: capabilities.bareBoards.layerCounts.map(String),
    finish: SURFACE_FINISHES,
    state: ["active", "archived"],
  },
  // The sheet's own parameters steer the page only.
  local: Object.values(SHEET_PARAMS),
  searchMax: 100,
};

/** The back office's list: every customer's specifications, `company` narrowing to one. */
export const STAFF_PCB_LIST: ListSpec = { ...PCB_LIST, ids: ["company"] };

/** Query parameters of the sheet. */

/**
 * The list's address with one specification open (and a version, and one to compare with): the list
 * keeps its filters, sort and page underneath.
 */
export function sheetHref(
  search: string,
  pcb: string | null,
  version: number | null = null,
  compare: number | null = null,
): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(SHEET_PARAMS)) params.delete(name);
  if (pcb) params.set(SHEET_PARAMS.pcb, pcb);
  if (pcb && version !== null) params.set(SHEET_PARAMS.version, String(version));
  if (pcb && compare !== null) params.set(SHEET_PARAMS.compare, String(compare));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** A positive whole number from the address, or null. */
export function versionParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}

/** The top image of a specification's latest version, once the server has rendered it. */
export function listPreviewUrl(
  spec: Pick<PcbSpecSummary, "id" | "latest_version" | "analysis_status">,
  staff = false,
): string | null {
  return spec.analysis_status === "done"
    ? pathOf(staff ? staffPcbEndpoints.preview : pcbEndpoints.preview, {
        id: spec.id,
        version: spec.latest_version,
        side: "top",
      })
    : null;
}

/** A version's analysis as the engine wrote it; the API types it loosely (its shapes are @ems/gerber's). */
export function versionAnalysis(
  version: Pick<PcbSpecVersion, "analysis">,
): { board: BoardData; dfm: DfmReport } | null {
  return version.analysis as { board: BoardData; dfm: DfmReport } | null;
}
