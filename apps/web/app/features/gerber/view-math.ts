/** Pure geometry of the viewer's screen: conversions, zoom about a point, measuring. */
import type { LayerSide } from "@ems/gerber/identify";
import type { ViewMode, ViewTransform } from "@ems/gerber/render-canvas";

export interface Point {
  x: number;
  y: number;
}

/** Device pixels on the canvas → board millimetres. */
export function toBoard(t: ViewTransform, mirror: boolean, px: number, py: number): Point {
  return { x: (px - t.originX) / (mirror ? -t.scale : t.scale), y: (t.originY - py) / t.scale };
}

/** Board millimetres → device pixels on the canvas. */
export function toScreen(t: ViewTransform, mirror: boolean, p: Point): Point {
  return { x: t.originX + (mirror ? -t.scale : t.scale) * p.x, y: t.originY - t.scale * p.y };
}

export const MIN_SCALE = 0.2; // px per mm
export const MAX_SCALE = 4000;

/** Zooms by `factor` keeping the board point under (px, py) where it is. */
export function zoomAt(t: ViewTransform, factor: number, px: number, py: number): ViewTransform {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, t.scale * factor));
  const k = scale / t.scale;
  return { scale, originX: px - (px - t.originX) * k, originY: py - (py - t.originY) * k };
}

export function panBy(t: ViewTransform, dx: number, dy: number): ViewTransform {
  return { ...t, originX: t.originX + dx, originY: t.originY + dy };
}

export interface Measurement {
  distance: number;
  dx: number;
  dy: number;
  /** Angle from the x axis, degrees, counter-clockwise. */
  angle: number;
}

export function measure(a: Point, b: Point): Measurement {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return { distance: Math.hypot(dx, dy), dx, dy, angle: (Math.atan2(dy, dx) * 180) / Math.PI };
}

/** Millimetres to thousandths of an inch, as engineers quote clearances. */
export const toMil = (mm: number) => mm / 0.0254;

/** A view with the board point `p` in the middle of a `width` × `height` canvas, at `scale` px/mm. */
export function centreOn(
  p: Point,
  scale: number,
  mirror: boolean,
  width: number,
  height: number,
): ViewTransform {
  const clamped = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  return {
    scale: clamped,
    originX: width / 2 - (mirror ? -p.x : p.x) * clamped,
    originY: height / 2 + p.y * clamped,
  };
}

/** The side a finding is on: its layer's, or "all" for the board as a whole and unknown layers. */
export function findingSide(
  layer: string | null | undefined,
  layers: readonly { id: string; fileName: string; side: LayerSide }[],
): LayerSide {
  if (!layer) return "all";
  return layers.find((candidate) => candidate.id === layer || candidate.fileName === layer)?.side ?? "all";
}

/**
 * Which view shows a finding: the bottom one for a finding on a bottom layer, the top one for the
 * rest (inner layers and the board as a whole read the same from either side, so the current one
 * stays when it is top or bottom).
 */
export function viewForFinding(side: LayerSide, current: ViewMode): "top" | "bottom" {
  if (side === "bottom") return "bottom";
  if (side === "top") return "top";
  return current === "bottom" ? "bottom" : "top";
}

/** Whether a view pins a finding: the top view hides what is on bottom layers, and the other way round. */
export function pinShownIn(side: LayerSide, mode: ViewMode): boolean {
  if (mode === "top") return side !== "bottom";
  if (mode === "bottom") return side !== "top";
  return true;
}
