import {
  FINAL_QUERY_STATUSES,
  QUERY_STATUSES,
  type BoardSide,
  type QueryDetail,
  type QueryPoint,
  type QueryStatus,
} from "@ems/contracts/engineering-queries";
import type { PlacementsDto } from "@ems/contracts/assemblies";

import { boardBounds, bottomPreviewUrl, footprintSize, toSvg, type Bounds } from "~/lib/board-geometry";

/**
 * What the customer's engineering-query panel computes: the order of the queries, which parts of
 * the board a query pins and on which side, and the part of the board to zoom to.
 */

type Placement = PlacementsDto["placements"][number];

/** The board a sheet draws the pins on: the assembly's placements, or a bare board's size. */
export interface QueryBoardSource {
  bounds: Bounds;
  /** The assembly's placements; none for a bare board. */
  parts: readonly Placement[];
  images: { top: string | null; bottom: string | null };
}

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

/** The placements of the given designators (a designator may be placed on both sides, or twice). */
export function highlightedParts(designators: readonly string[], parts: readonly Placement[]): Placement[] {
  const wanted = new Set(designators.map((d) => d.toUpperCase()));
  return parts.filter((part) => wanted.has(part.designator.toUpperCase()));
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

export interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The smallest share of the board a zoom shows, so a single part keeps its surroundings. */
export const MIN_VIEW_SHARE = 0.3;

/**
 * The part of the drawing to show: the whole board, or the pins of one side with a margin, no
 * smaller than MIN_VIEW_SHARE of the board and kept inside it.
 */
export function fitView(
  bounds: Bounds,
  side: BoardSide,
  parts: readonly Placement[],
  points: readonly QueryPoint[],
): ViewBox {
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  const whole = { x: 0, y: 0, w: width, h: height };
  const spots = [
    ...parts
      .filter((part) => part.side === side)
      .flatMap((part) => {
        const at = toSvg(bounds, side, part.x, part.y);
        const size = footprintSize(part.footprint);
        const r = Math.max(size.w, size.h);
        return [
          { x: at.x - r, y: at.y - r },
          { x: at.x + r, y: at.y + r },
        ];
      }),
    ...points
      .filter((point) => point.side === side)
      .map((point) => toSvg(bounds, side, point.x_mm, point.y_mm)),
  ];
  if (spots.length === 0 || width <= 0 || height <= 0) return whole;
  const minX = Math.min(...spots.map((s) => s.x));
  const maxX = Math.max(...spots.map((s) => s.x));
  const minY = Math.min(...spots.map((s) => s.y));
  const maxY = Math.max(...spots.map((s) => s.y));
  const margin = Math.max(width, height) * 0.05;
  const w = Math.min(Math.max(maxX - minX + 2 * margin, width * MIN_VIEW_SHARE), width);
  const h = Math.min(Math.max(maxY - minY + 2 * margin, height * MIN_VIEW_SHARE), height);
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  return {
    x: Math.min(Math.max(centreX - w / 2, 0), width - w),
    y: Math.min(Math.max(centreY - h / 2, 0), height - h),
    w,
    h,
  };
}

/** A bare board drawn from its size: the origin at its lower left corner. */
export function bareBoardBounds(widthMm: number, heightMm: number): Bounds | null {
  if (!(widthMm > 0) || !(heightMm > 0)) return null;
  return { minX: 0, minY: 0, maxX: widthMm, maxY: heightMm };
}

/** Which query the sheet shows on the board at first: the one the address names, else the first waiting one. */
export function initialQuery(
  queries: readonly Pick<QueryDetail, "id" | "status">[],
  wanted: string | null,
): string | null {
  if (wanted && queries.some((query) => query.id === wanted)) return wanted;
  return (queries.find((query) => isReplyable(query.status)) ?? queries[0])?.id ?? null;
}

/** An assembly's board: its placements over the PCB's outline and images; null without placements. */
export function assemblyBoardSource(
  placements: Pick<PlacementsDto, "outline" | "placements"> | null,
  previewTop: string | null,
): QueryBoardSource | null {
  const bounds = placements ? boardBounds(placements) : null;
  if (!placements || !bounds) return null;
  return {
    bounds,
    parts: placements.placements,
    images: { top: previewTop, bottom: bottomPreviewUrl(previewTop) },
  };
}

/** A bare board drawn from its size and its images (the points of a PCB query are on it). */
export function pcbBoardSource(
  widthMm: number,
  heightMm: number,
  images: { top: string | null; bottom: string | null },
): QueryBoardSource | null {
  const bounds = bareBoardBounds(widthMm, heightMm);
  return bounds ? { bounds, parts: [], images } : null;
}
