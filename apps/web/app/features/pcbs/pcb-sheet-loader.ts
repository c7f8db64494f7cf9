import type { pcbEndpoints, staffPcbEndpoints } from "@ems/contracts/pcbs";

import { ApiError, call, type ApiClient } from "~/lib/api-client";

import { PCB_SHEET_PARAMS as SHEET_PARAMS } from "~/lib/pcb-links";

import { versionParam } from "./pcb-helpers";
import type { SheetData } from "./pcb-sheet";

/** The customer's or the back office's pair of reads behind the sheet. */
type SheetEndpoints =
  Pick<typeof pcbEndpoints, "detail" | "version"> | Pick<typeof staffPcbEndpoints, "detail" | "version">;

/**
 * The specification the address opens (`?pcb=`), its version (`&version=`, else the latest) and the
 * one compared with (`&compare=`); null without `pcb`, "missing" for another company's id, a
 * deleted version or a malformed address.
 */
export async function loadPcbSheet(
  api: ApiClient,
  endpoints: SheetEndpoints,
  search: URLSearchParams,
): Promise<SheetData | "missing" | null> {
  const id = search.get(SHEET_PARAMS.pcb);
  if (!id) return null;
  const version = (n: number) =>
    call(api, endpoints.version as typeof pcbEndpoints.version, { params: { id, version: n } }).then(
      (answer) => answer.data,
    );
  try {
    const spec = (await call(api, endpoints.detail as typeof pcbEndpoints.detail, { params: { id } })).data;
    const wanted = versionParam(search.get(SHEET_PARAMS.version)) ?? spec.latest_version;
    const compareWith = versionParam(search.get(SHEET_PARAMS.compare));
    const [shown, compare] = await Promise.all([
      version(wanted),
      compareWith && compareWith !== wanted ? version(compareWith) : null,
    ]);
    return { spec, version: shown, compare };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return "missing";
    throw error;
  }
}
