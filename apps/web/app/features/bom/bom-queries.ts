import type { QueryStatus, QuerySubject, QuerySummary } from "@ems/contracts/engineering-queries";

/**
 * The engineering queries the BOM page marks (issue 21): the open and answered ones of any version
 * of the assembly that pin lines of the BOM version shown. Line ids belong to one BOM version, so a
 * query raised on another version's BOM pins none of the lines shown.
 */

/** The statuses whose queries the page marks: still waiting for an answer, or answered and not yet closed. */
export const MARKED_QUERY_STATUSES = ["open", "answered"] as const satisfies readonly QueryStatus[];

/** A query as the BOM page shows it: its number, title, status, sheet and the shown lines it pins. */
export interface BomLineQuery {
  id: string;
  number: string;
  title: string;
  status: (typeof MARKED_QUERY_STATUSES)[number];
  subject: Pick<QuerySubject, "kind" | "spec_id" | "version">;
  line_ids: string[];
}

/** Of `queries`, those pinning any of `lineIds`, each with only those lines; waiting ones first, oldest first. */
export function queriesOnLines(
  queries: readonly Pick<
    QuerySummary,
    "id" | "number" | "title" | "status" | "subject" | "location" | "created_at"
  >[],
  lineIds: readonly string[],
): BomLineQuery[] {
  const shown = new Set(lineIds);
  const marked = new Set<QueryStatus>(MARKED_QUERY_STATUSES);
  return queries
    .filter((query) => marked.has(query.status))
    .map((query) => ({ query, lines: query.location.bom_line_ids.filter((id) => shown.has(id)) }))
    .filter(({ lines }) => lines.length > 0)
    .sort(
      (a, b) =>
        Number(b.query.status === "open") - Number(a.query.status === "open") ||
        a.query.created_at.localeCompare(b.query.created_at),
    )
    .map(({ query, lines }) => ({
      id: query.id,
      number: query.number,
      title: query.title,
      status: query.status as BomLineQuery["status"],
      subject: { kind: query.subject.kind, spec_id: query.subject.spec_id, version: query.subject.version },
      line_ids: lines,
    }));
}

/** The queries by the line they pin. */
export function queriesByLine(queries: readonly BomLineQuery[]): Map<string, BomLineQuery[]> {
  const result = new Map<string, BomLineQuery[]>();
  for (const query of queries)
    for (const id of query.line_ids) result.set(id, [...(result.get(id) ?? []), query]);
  return result;
}
