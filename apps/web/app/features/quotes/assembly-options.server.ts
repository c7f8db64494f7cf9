import { assemblyEndpoints } from "@ems/contracts/assemblies";

import { ApiError, call, type ApiClient } from "~/lib/api-client";
import { QUOTE_REQUEST_PARAMS } from "~/lib/pcb-links";

import {
  ASSEMBLY_OPTIONS_MAX,
  wantedVersionNumber,
  type AssemblyOption,
  type AssemblyOptions,
} from "./assembly-options";

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
): Promise<AssemblyOption | null> {
  const spec = (await call(api, assemblyEndpoints.detail, { params: { id: specId } })).data;
  if (spec.archived_at !== null) return null;
  const shown =
    version === null || version === spec.latest_version
      ? spec.latest
      : (await call(api, assemblyEndpoints.version, { params: { id: specId, version } })).data;
  return {
    spec_id: spec.id,
    version_id: shown.id,
    number: spec.number,
    name: shown.fields.name,
    version: shown.version,
  };
}

/**
 * The assembly specifications a request line may refer to: the company's most recently changed
 * active ones (their latest versions), and the version the address asks for
 * (?request_pcba=<spec>&version=<n>), which the dialog then opens with.
 */
export async function loadAssemblyOptions(api: ApiClient, search: URLSearchParams): Promise<AssemblyOptions> {
  const specId = search.get(QUOTE_REQUEST_PARAMS.assembly);
  const [list, preselect] = await Promise.all([
    orNull(
      call(api, assemblyEndpoints.list, {
        query: { page_size: ASSEMBLY_OPTIONS_MAX, sort: "updated_at", dir: "desc" },
      }),
    ),
    specId
      ? orNull(wantedVersion(api, specId, wantedVersionNumber(search.get(QUOTE_REQUEST_PARAMS.version))))
      : null,
  ]);
  const options: AssemblyOption[] = (list?.data.items ?? []).map((spec) => ({
    spec_id: spec.id,
    version_id: spec.latest_version_id,
    number: spec.number,
    name: spec.name,
    version: spec.latest_version,
  }));
  if (preselect && !options.some((option) => option.version_id === preselect.version_id))
    options.unshift(preselect);
  return { options, more: (list?.data.total ?? 0) > ASSEMBLY_OPTIONS_MAX, preselect };
}
