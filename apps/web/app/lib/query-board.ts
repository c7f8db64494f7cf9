import type { PcbSpecReference } from "@ems/contracts/pcbs";
import { QUERY_LIMITS, type BoardSide, type QueryPoint } from "@ems/contracts/engineering-queries";
import type { PlacementsDto } from "@ems/contracts/assemblies";

import { boardBounds, bottomPreviewUrl, footprintSize, fromSvg, toSvg, type Bounds } from "./board-geometry";

/**
 * The board an engineering query is pinned on, shared by the customer's sheet (which shows a query's
 * pins) and the back office's raise form (where staff drop them): which board to draw, which parts a
 * query lights, the part of the board to zoom to, and where a click on the drawing lands on the board.
 */

type Placement = PlacementsDto["placements"][number];

/** The board a sheet draws the pins on: the assembly's placements, or a bare board's size. */
export interface QueryBoardSource {
  bounds: Bounds;
  /** The assembly's placements; none for a bare board. */
  parts: readonly Placement[];
  images: { top: string | null; bottom: string | null };
}

/** The placements of the given designators (a designator may be placed on both sides, or twice). */
export function highlightedParts(designators: readonly string[], parts: readonly Placement[]): Placement[] {
  const wanted = new Set(designators.map((d) => d.toUpperCase()));
  return parts.filter((part) => wanted.has(part.designator.toUpperCase()));
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

/**
 * An assembly's board: its placements over the PCB's outline and images; without placements, the
 * bare board of its PCB (so points can still be pinned); null when it has neither.
 */
export function assemblyBoardSource(
  placements: Pick<PlacementsDto, "outline" | "placements"> | null,
  pcb: Pick<PcbSpecReference, "width_mm" | "height_mm" | "preview_top_url"> | null,
): QueryBoardSource | null {
  const previewTop = pcb?.preview_top_url ?? null;
  const images = { top: previewTop, bottom: bottomPreviewUrl(previewTop) };
  const bounds = placements ? boardBounds(placements) : null;
  if (placements && bounds) return { bounds, parts: placements.placements, images };
  return pcb ? pcbBoardSource(pcb.width_mm, pcb.height_mm, images) : null;
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

/** How finely a pin is placed: a tenth of a millimetre, finer than anyone aims with a pointer. */
const STEPS_PER_MM = 10;

/** Rounded to the step (and never -0, which would read "-0"). */
const toStep = (mm: number) => Math.round(mm * STEPS_PER_MM) / STEPS_PER_MM || 0;

/**
 * Where a click lands in the drawing's own units: the SVG scales its viewBox to fit its box keeping
 * the proportions, centred (preserveAspectRatio xMidYMid meet), so the box may have empty bands on
 * two sides. Null for a click in such a band.
 */
export function svgPointAt(
  client: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
  view: ViewBox,
): { x: number; y: number } | null {
  if (box.width <= 0 || box.height <= 0 || view.w <= 0 || view.h <= 0) return null;
  const scale = Math.min(box.width / view.w, box.height / view.h);
  const offsetX = (box.width - view.w * scale) / 2;
  const offsetY = (box.height - view.h * scale) / 2;
  const x = (client.x - box.left - offsetX) / scale + view.x;
  const y = (client.y - box.top - offsetY) / scale + view.y;
  if (x < view.x || x > view.x + view.w || y < view.y || y > view.y + view.h) return null;
  return { x, y };
}

/**
 * The point of the board under a spot of the drawing, in millimetres rounded to a tenth; null
 * off the board (the drawing has a margin around it).
 */
export function boardPointAt(
  bounds: Bounds,
  side: BoardSide,
  spot: { x: number; y: number },
): QueryPoint | null {
  const at = fromSvg(bounds, side, spot.x, spot.y);
  if (at.x < bounds.minX || at.x > bounds.maxX || at.y < bounds.minY || at.y > bounds.maxY) return null;
  return { side, x_mm: toStep(at.x), y_mm: toStep(at.y) };
}

/** The API takes points up to a metre from the origin (queryPointSchema). */
export const POINT_LIMIT_MM = 1_000;

/** Why typed coordinates are refused: not numbers in the API's range, or off the board drawn. */
export type PointRefusal = "number" | "outside";

/**
 * A point typed into the form's fields (a comma as decimal separator too): a number in the API's
 * range, and on the board when there is one to draw.
 */
export function typedPoint(
  side: BoardSide,
  typedX: string,
  typedY: string,
  bounds: Bounds | null,
): { point: QueryPoint } | { refused: PointRefusal } {
  const read = (typed: string) => {
    const text = typed.trim().replace(",", ".");
    return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  };
  const x = read(typedX);
  const y = read(typedY);
  if (![x, y].every((mm) => Number.isFinite(mm) && Math.abs(mm) <= POINT_LIMIT_MM))
    return { refused: "number" };
  if (bounds && (x < bounds.minX || x > bounds.maxX || y < bounds.minY || y > bounds.maxY))
    return { refused: "outside" };
  return { point: { side, x_mm: toStep(x), y_mm: toStep(y) } };
}

/**
 * The pins with one more: unchanged when the same spot is pinned already (a double click), null when
 * the query has as many as it may (QUERY_LIMITS.pointsMax).
 */
export function withPoint(points: readonly QueryPoint[], point: QueryPoint): readonly QueryPoint[] | null {
  const same = (other: QueryPoint) =>
    other.side === point.side && other.x_mm === point.x_mm && other.y_mm === point.y_mm;
  if (points.some(same)) return points;
  if (points.length >= QUERY_LIMITS.pointsMax) return null;
  return [...points, point];
}
