import { pcbEndpoints } from "@ems/contracts/pcbs";

import { ApiError, call, type ApiClient } from "~/lib/api-client";
import { QUOTE_REQUEST_PARAMS } from "~/lib/pcb-links";

import { PCB_OPTIONS_MAX, type PcbOption, type PcbOptions } from "./pcb-options";

/** 400, 403 and 404 mean "nothing to offer" here; anything else goes to the error page. */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return null;
    throw error;
  }
}

/** The version the specification's sheet asked to quote (its latest without a version); not an archived one. */
async function wantedVersion(
  api: ApiClient,
  specId: string,
  version: number | null,
): Promise<PcbOption | null> {
  const spec = (await call(api, pcbEndpoints.detail, { params: { id: specId } })).data;
  if (spec.archived_at !== null) return null;
  const shown =
    version === null || version === spec.latest_version
      ? spec.latest
      : (await call(api, pcbEndpoints.version, { params: { id: specId, version } })).data;
  return {
    spec_id: spec.id,
    version_id: shown.id,
    number: spec.number,
    name: shown.name,
    version: shown.version,
  };
}

/**
 * The specifications a request line may refer to: the company's most recently changed active ones
 * (their latest versions), and the version the address asks for (?request=<spec>&version=<n>, from
 * the specification's sheet), which the dialog then opens with.
 */
export async function loadPcbOptions(api: ApiClient, search: URLSearchParams): Promise<PcbOptions> {
  const specId = search.get(QUOTE_REQUEST_PARAMS.spec);
  const version = Number(search.get(QUOTE_REQUEST_PARAMS.version));
  const [list, preselect] = await Promise.all([
    orNull(
      call(api, pcbEndpoints.list, {
        query: { page_size: PCB_OPTIONS_MAX, sort: "updated_at", dir: "desc" },
      }),
    ),
    specId
      ? orNull(wantedVersion(api, specId, Number.isInteger(version) && version > 0 ? version : null))
      : null,
  ]);
  const options: PcbOption[] = (list?.data.items ?? []).map((spec) => ({
    spec_id: spec.id,
    version_id: spec.latest_version_id,
    number: spec.number,
    name: spec.name,
    version: spec.latest_version,
  }));
  if (preselect && !options.some((option) => option.version_id === preselect.version_id))
    options.unshift(preselect);
  return { options, more: (list?.data.total ?? 0) > PCB_OPTIONS_MAX, preselect };
}
