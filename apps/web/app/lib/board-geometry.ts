import type { PlacementsDto } from "@ems/contracts/assemblies";

/**
 * The board as the portal draws it (the BOM page's board, the engineering queries' pins): its
 * extent, where a point of the board lands in the drawing, and a part's body.
 */

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const MARGIN_MM = 2;

/** The board: its outline when the PCB gives one, else the placements' extent and a margin. */
export function boardBounds(placements: Pick<PlacementsDto, "outline" | "placements">): Bounds | null {
  if (placements.outline)
    return {
      minX: placements.outline.min_x,
      minY: placements.outline.min_y,
      maxX: placements.outline.max_x,
      maxY: placements.outline.max_y,
    };
  if (placements.placements.length === 0) return null;
  const xs = placements.placements.map((p) => p.x);
  const ys = placements.placements.map((p) => p.y);
  return {
    minX: Math.min(...xs) - MARGIN_MM,
    minY: Math.min(...ys) - MARGIN_MM,
    maxX: Math.max(...xs) + MARGIN_MM,
    maxY: Math.max(...ys) + MARGIN_MM,
  };
}

/**
 * A point of the board in the drawing: CAD's y axis points up and SVG's down, and the bottom is seen
 * from below, so left and right swap.
 */
export function toSvg(bounds: Bounds, side: "top" | "bottom", x: number, y: number) {
  return {
    x: side === "top" ? x - bounds.minX : bounds.maxX - x,
    y: bounds.maxY - y,
  };
}

/** The point of the board at a point of the drawing (the inverse of toSvg). */
export function fromSvg(bounds: Bounds, side: "top" | "bottom", x: number, y: number) {
  return {
    x: side === "top" ? x + bounds.minX : bounds.maxX - x,
    y: bounds.maxY - y,
  };
}

/** A part's body for the drawing, guessed from its imperial chip size where the footprint names one. */
export function footprintSize(footprint: string | null): { w: number; h: number } {
  const chip = /(?:^|[^0-9])(0201|0402|0603|0805|1206|1210|2010|2512)(?:[^0-9]|$)/.exec(footprint ?? "")?.[1];
  const sizes: Record<string, { w: number; h: number }> = {
    "0201": { w: 0.6, h: 0.3 },
    "0402": { w: 1, h: 0.5 },
    "0603": { w: 1.6, h: 0.8 },
    "0805": { w: 2, h: 1.25 },
    "1206": { w: 3.2, h: 1.6 },
    "1210": { w: 3.2, h: 2.5 },
    "2010": { w: 5, h: 2.5 },
    "2512": { w: 6.3, h: 3.2 },
  };
  return (chip && sizes[chip]) || { w: 2.4, h: 1.6 };
}

/** The bottom image sits beside the top one (…/preview/top → …/preview/bottom). */
export function bottomPreviewUrl(topUrl: string | null | undefined): string | null {
  return topUrl ? topUrl.replace(/\/top$/, "/bottom") : null;
}
