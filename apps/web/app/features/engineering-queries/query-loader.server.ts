import { assemblyEndpoints } from "@ems/contracts/assemblies";
import { engineeringQueryEndpoints, type QueryDetail } from "@ems/contracts/engineering-queries";
import type { Locale } from "@ems/i18n/locales";
import { redirect } from "react-router";

import { ApiError, call, type ApiClient } from "~/lib/api-client";
import { querySheetHref } from "~/lib/engineering-query-links";
import { formIntent } from "~/lib/form-action.server";

import { queryReplyForm, replyBodyOf } from "./query-form";
import { sortQueries, type PinnedBomLine, type SheetQueries } from "./query-helpers";

/** How many of a version's queries the sheet shows in full. */
export const QUERIES_MAX = 25;

/**
 * The queries of the version a sheet shows, each with its thread (GET /api/engineering-queries
 * narrowed to the version, then each query's detail), and the BOM lines they pin from the BOM the
 * version was saved with. Null when the caller may not read them.
 */
export async function loadSheetQueries(
  api: ApiClient,
  version:
    | { assembly_spec_version_id: string; bom_version: number | null; assembly_id: string }
    | {
        pcb_spec_version_id: string;
      },
): Promise<SheetQueries | null> {
  const filter =
    "pcb_spec_version_id" in version
      ? { pcb_spec_version_id: version.pcb_spec_version_id }
      : { assembly_spec_version_id: version.assembly_spec_version_id };
  const page = await call(api, engineeringQueryEndpoints.list, {
    query: { ...filter, page_size: QUERIES_MAX, sort: "created_at", dir: "desc" },
  })
    .then((answer) => answer.data)
    .catch((error: unknown) => {
      if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return null;
      throw error;
    });
  if (!page) return null;
  const details = await Promise.all(
    page.items.map((item) =>
      call(api, engineeringQueryEndpoints.detail, { params: { id: item.id } })
        .then((answer) => answer.data)
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
    ),
  );
  const items = sortQueries(details.filter((detail): detail is QueryDetail => detail !== null));
  const bomLines: Record<string, PinnedBomLine> = {};
  const pinned = new Set(items.flatMap((item) => item.location.bom_line_ids));
  if (pinned.size > 0 && "assembly_id" in version) {
    const bom = await call(api, assemblyEndpoints.bom, {
      params: { id: version.assembly_id },
      query: version.bom_version ? { version: version.bom_version } : {},
    })
      .then((answer) => answer.data)
      .catch(() => null);
    for (const line of bom?.lines ?? []) {
      if (!pinned.has(line.id)) continue;
      bomLines[line.id] = {
        id: line.id,
        position: line.position,
        designators: line.designators,
        value: line.value,
        mpn: line.parts[0]?.mpn ?? null,
      };
    }
  }
  return { items, total: page.total, bomLines };
}

/**
 * `?query=<id>` without a specification (an order's hold links so): the sheet of the query's
 * version, or nothing when the query is not the company's.
 */
export async function redirectToQuery(api: ApiClient, locale: Locale, queryId: string): Promise<null> {
  const detail = await call(api, engineeringQueryEndpoints.detail, { params: { id: queryId } })
    .then((answer) => answer.data)
    .catch((error: unknown) => {
      if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return null;
      throw error;
    });
  if (!detail) return null;
  throw redirect(querySheetHref(locale, detail.subject, detail.id));
}

/** The sheets' answer form (POST /api/engineering-queries/:id/replies). */
export const queryReplyIntent = formIntent(queryReplyForm, async (api, form) => {
  const { data } = await call(api, engineeringQueryEndpoints.reply, {
    params: { id: form.query_id },
    body: replyBodyOf(form),
  });
  return { number: data.number, status: data.status };
});
