import { assemblyEndpoints } from "@ems/contracts/assemblies";
import { pcbEndpoints } from "@ems/contracts/pcbs";

import { ASSEMBLY_SHEET_PARAMS } from "~/lib/assembly-links";
import { ApiError, call, type ApiClient } from "~/lib/api-client";

import { versionParam, type AssemblySheetData, type PcbVersionOption } from "./assembly-helpers";

/** 400 and 404 mean "nothing there"; anything else goes to the error page. */
async function orNull<T>(promise: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await promise).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * The specification the address opens (`?pcba=`), its version (`&version=`, else the latest), its
 * bill of materials and its pick-and-place data; null without `pcba`, "missing" for another
 * company's id, a version that does not exist or a malformed address.
 */
export async function loadAssemblySheet(
  api: ApiClient,
  search: URLSearchParams,
): Promise<AssemblySheetData | "missing" | null> {
  const id = search.get(ASSEMBLY_SHEET_PARAMS.pcba);
  if (!id) return null;
  const spec = await orNull(call(api, assemblyEndpoints.detail, { params: { id } }));
  if (!spec) return "missing";
  const wanted = versionParam(search.get(ASSEMBLY_SHEET_PARAMS.version)) ?? spec.latest_version;
  const [version, bom, placements] = await Promise.all([
    wanted === spec.latest_version
      ? spec.latest
      : orNull(call(api, assemblyEndpoints.version, { params: { id, version: wanted } })),
    orNull(call(api, assemblyEndpoints.bom, { params: { id }, query: {} })),
    orNull(call(api, assemblyEndpoints.placements, { params: { id } })),
  ]);
  if (!version) return "missing";
  return { spec, version, bom, placements };
}

/** How many PCB specifications the form offers (the most recently changed). */
export const PCB_VERSIONS_MAX = 100;

/**
 * The PCB specification versions an assembly may be built on: the latest version of each of the
 * company's active specifications, most recently changed first. Without them the form offers none.
 */
export async function loadPcbVersionOptions(api: ApiClient): Promise<PcbVersionOption[]> {
  try {
    const { data } = await call(api, pcbEndpoints.list, {
      query: { page_size: PCB_VERSIONS_MAX, sort: "updated_at", dir: "desc" },
    });
    return data.items.map((spec) => ({
      version_id: spec.latest_version_id,
      number: spec.number,
      name: spec.name,
      version: spec.latest_version,
    }));
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return [];
    throw error;
  }
}
