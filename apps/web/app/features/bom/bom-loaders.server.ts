import { assemblyEndpoints, type AssemblyDetail } from "@ems/contracts/assemblies";
import { data } from "react-router";

import { ApiError, call, type ApiClient } from "~/lib/api-client";

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
