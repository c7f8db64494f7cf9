import {
  FINAL_QUERY_STATUSES,
  QUERY_STATUSES,
  type BoardSide,
  type QueryDetail,
  type QueryStatus,
} from "@ems/contracts/engineering-queries";
import type { PlacementsDto } from "@ems/contracts/assemblies";

import { highlightedParts } from "~/lib/query-board";

/**
 * What the customer's engineering-query panel computes: the order of the queries, which parts of
 * the board a query pins and on which side (the board itself: ~/lib/query-board).
 */

type Placement = PlacementsDto["placements"][number];

/** A BOM line a query pins, as the panel names it. */
export interface PinnedBomLine {
  id: string;
  position: number;
  designators: string[];
  value: string | null;
  mpn: string | null;
}

/** One version's engineering queries for its sheet: every query in full, waiting ones first. */
export interface SheetQueries {
  items: QueryDetail[];
  /** More queries than the sheet loads (it shows the first QUERIES_MAX). */
  total: number;
  /** The BOM lines the queries pin, by id. */
  bomLines: Record<string, PinnedBomLine>;
}

/** Waiting for the customer first, then waiting for staff, then the settled; oldest first within each. */
export function sortQueries<T extends { status: QueryStatus; created_at: string }>(
  queries: readonly T[],
): T[] {
  const rank = (status: QueryStatus) => QUERY_STATUSES.indexOf(status);
  return [...queries].sort(
    (a, b) => rank(a.status) - rank(b.status) || a.created_at.localeCompare(b.created_at),
  );
}

/** Whether the customer may still answer (an answered query takes further replies). */
export function isReplyable(status: QueryStatus): boolean {
  return !FINAL_QUERY_STATUSES.includes(status);
}

/**
 * The query's designators split into those the board can show (they have a placement) and those it
 * cannot (not in the pick-and-place data): both are listed as text, only the first are drawn.
 */
export function pinnedDesignators(
  designators: readonly string[],
  parts: readonly Placement[],
): { placed: string[]; unplaced: string[] } {
  const onBoard = new Set(parts.map((part) => part.designator.toUpperCase()));
  const placed: string[] = [];
  const unplaced: string[] = [];
  for (const designator of designators) {
    (onBoard.has(designator.toUpperCase()) ? placed : unplaced).push(designator);
  }
  return { placed, unplaced };
}

/** The side most of the query's pins are on; top when it pins nothing on the board. */
export function pinSide(query: Pick<QueryDetail, "location">, parts: readonly Placement[]): BoardSide {
  let top = 0;
  let bottom = 0;
  for (const part of highlightedParts(query.location.designators, parts)) {
    if (part.side === "top") top++;
    else bottom++;
  }
  for (const point of query.location.points) {
    if (point.side === "top") top++;
    else bottom++;
  }
  return bottom > top ? "bottom" : "top";
}

/** Which query the sheet shows on the board at first: the one the address names, else the first waiting one. */
export function initialQuery(
  queries: readonly Pick<QueryDetail, "id" | "status">[],
  wanted: string | null,
): string | null {
  if (wanted && queries.some((query) => query.id === wanted)) return wanted;
  return (queries.find((query) => isReplyable(query.status)) ?? queries[0])?.id ?? null;
}
