import type { QuerySubject } from "@ems/contracts/engineering-queries";
import type { Locale } from "@ems/i18n/locales";

import { ASSEMBLY_SHEET_PARAMS, assemblySheetHref } from "./assembly-links";
import { PCB_SHEET_PARAMS, pcbSheetLink } from "./pcb-links";
import { href } from "./route-map";

/**
 * Where the customer reads and answers an engineering query: the sheet of the specification version
 * it is about, opened at the query (/my/pcbas?pcba=…&version=…&query=…, /my/pcbs?pcb=…&version=…&query=…),
 * as the query mails link. Where only the query's id is known (an order's hold), `/my/pcbas?query=…`
 * finds the sheet and redirects there.
 */

/** The sheet of the query's version, opened at the query. */
export function querySheetHref(
  locale: Locale,
  subject: Pick<QuerySubject, "kind" | "spec_id" | "version">,
  queryId: string,
): string {
  if (subject.kind === "pcb")
    return `${pcbSheetLink("customer", locale, subject)}&${PCB_SHEET_PARAMS.query}=${encodeURIComponent(queryId)}`;
  return `${assemblySheetHref(locale, subject.spec_id, subject.version)}&${ASSEMBLY_SHEET_PARAMS.query}=${encodeURIComponent(queryId)}`;
}

/** A query known by its id only: the assemblies page finds its sheet and goes there. */
export function queryHref(locale: Locale, queryId: string): string {
  return `${href("my-pcbas", locale)}?${ASSEMBLY_SHEET_PARAMS.query}=${encodeURIComponent(queryId)}`;
}
