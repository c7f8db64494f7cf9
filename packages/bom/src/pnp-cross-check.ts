import { type CrossCheckFinding, type PnpPlacement, type PnpSide } from "./bom-types.ts";
import { isFiducialDesignator } from "./pnp-import.ts";

export interface BoardRectangle {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface CrossCheckInput {
  bomLines: { designators: string[]; dnp: boolean }[];
  placements: PnpPlacement[];
  /** The board outline's bounding box, in the placement file's coordinates and millimetres. */
  outline?: BoardRectangle | null;
}

export interface CrossCheckResult {
  finding: CrossCheckFinding;
  designator: string;
}

/** Outline extraction and placement centroids both round; a part at the edge is not off the board. */
export const OFF_BOARD_TOLERANCE_MM = 0.5;

/**
 * Compares a BOM with its placements (after panel folding) and, when given, the outline. The
 * outline is compared as given: Gerber and pick-and-place origins often differ (KiCad's auxiliary
 * origin, Altium's relative origin), so the caller aligns them first and can use
 * `placementsLookOffsetFromOutline` to notice when it has not. Designators compare case-blind.
 * Findings come grouped by kind, each in BOM or file order, one per designator and kind.
 */
export function crossCheckPlacements(input: CrossCheckInput): CrossCheckResult[] {
  const fitted = new Map<string, string>();
  const dnp = new Map<string, string>();
  for (const line of input.bomLines) {
    for (const designator of line.designators) {
      const key = designatorKey(designator);
      if (key === "") continue;
      (line.dnp ? dnp : fitted).set(key, designator);
    }
  }
  // A designator fitted on one line and DNP on another is fitted: the placement is needed.
  for (const key of fitted.keys()) dnp.delete(key);

  const placedCount = new Map<string, number>();
  const placedFirst = new Map<string, PnpPlacement>();
  for (const placement of input.placements) {
    const key = designatorKey(placement.designator);
    placedCount.set(key, (placedCount.get(key) ?? 0) + 1);
    if (!placedFirst.has(key)) placedFirst.set(key, placement);
  }

  const findings: CrossCheckResult[] = [];
  for (const [key, designator] of fitted) {
    if (!placedCount.has(key)) findings.push({ finding: "missing_placement", designator });
  }
  for (const [key, placement] of placedFirst) {
    if (!fitted.has(key) && !dnp.has(key) && !isFiducialDesignator(placement.designator)) {
      findings.push({ finding: "missing_in_bom", designator: placement.designator });
    }
  }
  for (const [key, count] of placedCount) {
    if (count > 1)
      findings.push({ finding: "duplicate_placement", designator: placedFirst.get(key)?.designator ?? key });
  }
  for (const [key, designator] of dnp) {
    if (placedCount.has(key)) findings.push({ finding: "dnp_placed", designator });
  }
  if (input.outline) {
    const outline = input.outline;
    const reported = new Set<string>();
    for (const placement of input.placements) {
      const key = designatorKey(placement.designator);
      if (reported.has(key) || isInside(placement, outline, OFF_BOARD_TOLERANCE_MM)) continue;
      reported.add(key);
      findings.push({ finding: "off_board", designator: placement.designator });
    }
  }
  return findings;
}

/** The rectangle the placement centres span, or null when there are none. */
export function placementBounds(placements: PnpPlacement[]): BoardRectangle | null {
  if (placements.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { x, y } of placements) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/**
 * True when the placements look written against another origin than the outline (e.g. all
 * negative): the cloud of centres is no larger than the board, yet more than a quarter of it lies
 * off the board. Then the off_board findings are noise until the caller aligns the two. A few parts
 * genuinely off the board do not trip it; a cloud larger than the board cannot be fixed by moving it.
 */
export function placementsLookOffsetFromOutline(
  placements: PnpPlacement[],
  outline: BoardRectangle,
): boolean {
  const bounds = placementBounds(placements);
  if (!bounds) return false;
  const fitsWidth = bounds.maxX - bounds.minX <= outline.maxX - outline.minX + 2 * OFF_BOARD_TOLERANCE_MM;
  const fitsHeight = bounds.maxY - bounds.minY <= outline.maxY - outline.minY + 2 * OFF_BOARD_TOLERANCE_MM;
  if (!fitsWidth || !fitsHeight) return false;
  const outside = placements.filter(
    (placement) => !isInside(placement, outline, OFF_BOARD_TOLERANCE_MM),
  ).length;
  return outside * 4 > placements.length;
}

/**
 * Parts per side for quoting and set-up: distinct designators, fiducials left out (they are board
 * features, not parts) and through-hole designators left out when given (they go to hand or wave
 * soldering, not to the placement line of that side).
 */
export function deriveSideCounts(
  placements: PnpPlacement[],
  thtDesignators?: Set<string>,
): Record<PnpSide, number> {
  const tht = new Set([...(thtDesignators ?? [])].map(designatorKey));
  const seen = new Set<string>();
  const counts: Record<PnpSide, number> = { top: 0, bottom: 0 };
  for (const placement of placements) {
    const key = designatorKey(placement.designator);
    if (seen.has(key) || tht.has(key) || isFiducialDesignator(placement.designator)) continue;
    seen.add(key);
    counts[placement.side]++;
  }
  return counts;
}

function designatorKey(designator: string): string {
  return designator.trim().toUpperCase();
}

function isInside(placement: PnpPlacement, outline: BoardRectangle, tolerance: number): boolean {
  return (
    placement.x >= outline.minX - tolerance &&
    placement.x <= outline.maxX + tolerance &&
    placement.y >= outline.minY - tolerance &&
    placement.y <= outline.maxY + tolerance
  );
}
