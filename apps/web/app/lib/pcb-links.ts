import type { Locale } from "@ems/i18n/locales";
import { PAGES, type PageKey } from "@ems/i18n/pages";

import { ASSEMBLY_SHEET_PARAMS } from "./assembly-links";
import { href, pageHref } from "./route-map";

/**
 * Addresses into the PCB specification pages that other pages link to: the sheet over the list
 * (/my/pcbs or /staff/pcbs with ?pcb=&version=) and the quote request opened for one version
 * (/my/quotes?request=&version=, or ?request_pcba=&version= for an assembly specification).
 */

/** `query` opens one of the version's engineering queries (the mails link there). */
export const PCB_SHEET_PARAMS = {
  pcb: "pcb",
  version: "version",
  compare: "compare",
  query: "query",
} as const;
export const QUOTE_REQUEST_PARAMS = {
  spec: "request",
  assembly: "request_pcba",
  version: "version",
} as const;

/** The sheet of one version, on the customer's page or the back office's. */
export function pcbSheetLink(
  audience: "customer" | "staff",
  locale: Locale,
  spec: { spec_id: string; version: number },
): string {
  const params = new URLSearchParams({
    [PCB_SHEET_PARAMS.pcb]: spec.spec_id,
    [PCB_SHEET_PARAMS.version]: String(spec.version),
  });
  return `${href(audience === "staff" ? "staff-pcbs" : "my-pcbs", locale)}?${params.toString()}`;
}

/** The quotes page with the request dialog open on one version of a specification. */
export function quoteRequestLink(locale: Locale, specId: string, version: number): string {
  const params = new URLSearchParams({
    [QUOTE_REQUEST_PARAMS.spec]: specId,
    [QUOTE_REQUEST_PARAMS.version]: String(version),
  });
  return `${href("my-quotes", locale)}?${params.toString()}`;
}

/** The quotes page with the request dialog open on one version of an assembly specification. */
export function assemblyQuoteRequestLink(locale: Locale, specId: string, version: number): string {
  const params = new URLSearchParams({
    [QUOTE_REQUEST_PARAMS.assembly]: specId,
    [QUOTE_REQUEST_PARAMS.version]: String(version),
  });
  return `${href("my-quotes", locale)}?${params.toString()}`;
}

// The back office's assembly page may not be in the route map yet: until it is, staff get no link.
const STAFF_ASSEMBLIES = "staff-pcbas";

/** One version of an assembly specification in the back office, or null while that page does not exist. */
export function staffAssemblySheetLink(
  locale: Locale,
  spec: { spec_id: string; version: number },
): string | null {
  if (!Object.hasOwn(PAGES, STAFF_ASSEMBLIES)) return null;
  const path = pageHref(STAFF_ASSEMBLIES as PageKey, locale);
  if (path === null) return null;
  const params = new URLSearchParams({
    [ASSEMBLY_SHEET_PARAMS.pcba]: spec.spec_id,
    [ASSEMBLY_SHEET_PARAMS.version]: String(spec.version),
  });
  return `${path}?${params.toString()}`;
}
