import type { Locale } from "@ems/i18n/locales";

import { href } from "./route-map";

/**
 * Addresses into the assembly pages that other pages link to: one specification open in the sheet
 * over the list (/my/pcbas?pcba=&version=), its bill of materials (/my/pcbas/bom/:assembly) and the
 * upload of a new BOM (/my/pcbas/bom/:assembly/newBom).
 */

/** `query` opens one of the version's engineering queries (the mails link there). */
export const ASSEMBLY_SHEET_PARAMS = { pcba: "pcba", version: "version", query: "query" } as const;

/** The sheet of one specification (its latest version without `version`). */
export function assemblySheetHref(locale: Locale, assembly: string, version: number | null = null): string {
  const params = new URLSearchParams({ [ASSEMBLY_SHEET_PARAMS.pcba]: assembly });
  if (version !== null) params.set(ASSEMBLY_SHEET_PARAMS.version, String(version));
  return `${href("my-pcbas", locale)}?${params.toString()}`;
}

/** The list's address with one specification open (and a version), or with none (null); the list's state stays. */
export function assemblySheetSearch(
  search: string,
  assembly: string | null,
  version: number | null = null,
): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(ASSEMBLY_SHEET_PARAMS)) params.delete(name);
  if (assembly) params.set(ASSEMBLY_SHEET_PARAMS.pcba, assembly);
  if (assembly && version !== null) params.set(ASSEMBLY_SHEET_PARAMS.version, String(version));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** The bill of materials of one specification. */
export function bomHref(locale: Locale, assembly: string): string {
  return href("my-bom", locale, { assembly });
}

/** The upload of a new BOM version for one specification. */
export function newBomHref(locale: Locale, assembly: string): string {
  return href("my-bom-new", locale, { assembly });
}
