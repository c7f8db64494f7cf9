import type { PnpPlacement } from "./bom-types.ts";

/**
 * Where a centroid file's coordinate origin sits on the board. CAM tools and Altium put it at the
 * board's lower left corner; some EAGLE ULPs and hand-made files at its centre; KiCad writes its
 * page coordinates unless the designer set an auxiliary origin, which leaves the board somewhere on
 * an A4 sheet ("elsewhere"). The board itself is known only by its size (from the Gerber analysis).
 */
export type PnpOrigin = "lower_left" | "centre" | "elsewhere";

export interface BoardSize {
  widthMm: number;
  heightMm: number;
}

export interface BoardOutline {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The origin under which most placements land on the board; "elsewhere" when neither does. */
export function detectOrigin(placements: readonly PnpPlacement[], size: BoardSize): PnpOrigin {
  if (placements.length === 0) return "lower_left";
  const share = (outline: BoardOutline) => insideCount(placements, outline) / placements.length;
  const corner = share(cornerOutline(size));
  const centre = share(centredOutline(size));
  if (corner >= 0.5 && corner >= centre) return "lower_left";
  if (centre >= 0.5) return "centre";
  return "elsewhere";
}

/**
 * The board in the placements' coordinates. For an origin "elsewhere" the board is laid centred on
 * the placements' median, which puts it where the parts are without knowing the page offset.
 */
export function boardOutline(
  origin: PnpOrigin,
  placements: readonly PnpPlacement[],
  size: BoardSize,
): BoardOutline {
  if (origin === "lower_left") return cornerOutline(size);
  if (origin === "centre" || placements.length === 0) return centredOutline(size);
  const cx = median(placements.map((p) => p.x));
  const cy = median(placements.map((p) => p.y));
  return {
    minX: cx - size.widthMm / 2,
    minY: cy - size.heightMm / 2,
    maxX: cx + size.widthMm / 2,
    maxY: cy + size.heightMm / 2,
  };
}

function cornerOutline(size: BoardSize): BoardOutline {
  return { minX: 0, minY: 0, maxX: size.widthMm, maxY: size.heightMm };
}

function centredOutline(size: BoardSize): BoardOutline {
  const halfWidth = size.widthMm / 2;
  const halfHeight = size.heightMm / 2;
  return { minX: -halfWidth, minY: -halfHeight, maxX: halfWidth, maxY: halfHeight };
}

function insideCount(placements: readonly PnpPlacement[], outline: BoardOutline): number {
  return placements.filter(
    (p) => p.x >= outline.minX && p.x <= outline.maxX && p.y >= outline.minY && p.y <= outline.maxY,
  ).length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
