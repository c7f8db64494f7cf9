import { assemblyEndpoints, type AssemblyDetail } from "@ems/contracts/assemblies";
import { engineeringQueryEndpoints, type QuerySummary } from "@ems/contracts/engineering-queries";
import { PAGE_SIZES } from "@ems/contracts/lists";
import { data } from "react-router";

import { ApiError, call, type ApiClient } from "~/lib/api-client";

import { MARKED_QUERY_STATUSES } from "./bom-queries";

/** The assembly both BOM pages are about; another company's, a missing one or a malformed id is the not-found page. */
export async function loadAssembly(api: ApiClient, id: string, request: Request): Promise<AssemblyDetail> {
  try {
    return (await call(api, assemblyEndpoints.detail, { params: { id } })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
    throw error;
  }
}

/** What the pages show of the assembly: its number, name and the board it is built on. */
export function assemblyHeader(assembly: AssemblyDetail) {
  return {
    id: assembly.id,
    number: assembly.number,
    name: assembly.latest.fields.name,
    pcb: assembly.latest.pcb,
    partsSourcing: assembly.latest.fields.parts_sourcing,
  };
}

export type AssemblyHeader = ReturnType<typeof assemblyHeader>;

/** A 404 of an optional part of the page (no BOM yet, no pick-and-place data) is that part missing. */
export async function orNone<T>(promise: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await promise).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The open and answered engineering queries of any version of the assembly (GET
 * /api/engineering-queries narrowed to the assembly, once per status); the page marks those that pin
 * lines of the BOM it shows (`queriesOnLines`). None when the caller may not read them: the marks are
 * a pointer, the assembly's sheet has the queries.
 */
export async function loadMarkedQueries(api: ApiClient, assemblyId: string): Promise<QuerySummary[]> {
  const pages = await Promise.all(
    MARKED_QUERY_STATUSES.map((status) =>
      call(api, engineeringQueryEndpoints.list, {
        query: {
          assembly_spec_id: assemblyId,
          status,
          page_size: PAGE_SIZES.max,
          sort: "created_at",
          dir: "asc",
        },
      })
        .then((answer) => answer.data.items)
        .catch((error: unknown) => {
          if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return [];
          throw error;
        }),
    ),
  );
  return pages.flat();
}
