import type { Locale } from "@ems/i18n/locales";

import { href } from "./route-map";

/**
 * Addresses into the PCB specification pages that other pages link to: the sheet over the list
 * (/my/pcbs or /staff/pcbs with ?pcb=&version=) and the quote request opened for one version
 * (/my/quotes?request=&version=).
 */

export const PCB_SHEET_PARAMS = { pcb: "pcb", version: "version", compare: "compare" } as const;
export const QUOTE_REQUEST_PARAMS = { spec: "request", version: "version" } as const;

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
