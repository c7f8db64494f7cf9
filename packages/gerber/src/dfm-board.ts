/**
 * The measurable geometry of a whole board, built once and shared by the board data and the
 * manufacturability checks: every layer's shapes with their grids, and the board outline as edges.
 */
import type { Board, BoardLayer } from "./board.ts";
import { CAPSULES, LayerIndex, POLYGON, layerShapes, type Shapes } from "./dfm-geometry.ts";
import { emptyBox, isEmptyBox, type Box } from "./graphics.ts";

/**
 * How far apart two things may be and still be asked about, per kind of index: copper to copper,
 * silkscreen to mask openings, hole to hole, anything to the board edge. A grid is tuned to its
 * reach: asking it further than that misses things, and a larger reach makes every query slower.
 */
export interface Reach {
  copper: number;
  soldermask: number;
  drill: number;
  outline: number;
}

export const DEFAULT_REACH: Reach = { copper: 0.1, soldermask: 0.1, drill: 0.3, outline: 0.5 };

export class BoardGeometry {
  readonly board: Board;
  readonly reach: Reach;
  private readonly indexes = new Map<string, LayerIndex>();
  private outline: LayerIndex | null | undefined;
  private drills: LayerIndex | null | undefined;

  constructor(board: Board, reach: Reach = DEFAULT_REACH) {
    this.board = board;
    this.reach = reach;
  }

  /** The index of one layer, built on first use. */
  layer(layer: BoardLayer): LayerIndex {
    let index = this.indexes.get(layer.id);
    if (!index) {
      const reach =
        layer.type === "copper" ? this.reach.copper : layer.type === "soldermask" ? this.reach.soldermask : 0;
      index = new LayerIndex(layerShapes(layer.image), reach, this.area());
      this.indexes.set(layer.id, index);
    }
    return index;
  }

  /** The board outline as closed polygons (board and cut-outs), or null when there is none. */
  outlineIndex(): LayerIndex | null {
    if (this.outline !== undefined) return this.outline;
    const loops = this.board.outline.filter((loop) => loop.length >= 6);
    this.outline =
      loops.length === 0 ? null : new LayerIndex(loopShapes(loops), this.reach.outline, this.area());
    return this.outline;
  }

  /** Every drill layer's holes and slots in one index (hole-to-hole spacing crosses files). */
  drillIndex(): LayerIndex | null {
    if (this.drills !== undefined) return this.drills;
    const drills = this.board.layers.filter((layer) => layer.type === "drill");
    this.drills =
      drills.length === 0
        ? null
        : new LayerIndex(
            mergeShapes(drills.map((layer) => layerShapes(layer.image))),
            this.reach.drill,
            this.area(),
          );
    return this.drills;
  }

  private areaBox: Box | null = null;
  /** One area for every grid: the board, or everything drawn, grown a little. */
  area(): Box {
    if (this.areaBox) return this.areaBox;
    const box = emptyBox();
    const add = (b: Box) => {
      if (isEmptyBox(b)) return;
      box[0] = Math.min(box[0], b[0]);
      box[1] = Math.min(box[1], b[1]);
      box[2] = Math.max(box[2], b[2]);
      box[3] = Math.max(box[3], b[3]);
    };
    add(this.board.bounds);
    for (const layer of this.board.layers) if (layer.type !== "drawing") add(layer.image.bounds);
    this.areaBox = isEmptyBox(box) ? [0, 0, 1, 1] : [box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1];
    return this.areaBox;
  }
}

/** Closed loops as polygon features, one per loop, all dark. */
export function loopShapes(loops: number[][]): Shapes {
  let elements = 0;
  for (const loop of loops) elements += loop.length / 2;
  const element = new Float64Array(elements * 5);
  const elementFeature = new Int32Array(elements);
  const elementStart = new Int32Array(loops.length + 1);
  const box = new Float64Array(loops.length * 4);
  const bounds = emptyBox();
  let e = 0;
  loops.forEach((loop, f) => {
    elementStart[f] = e;
    const n = loop.length;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i += 2) {
      const x0 = loop[i]!;
      const y0 = loop[i + 1]!;
      const x1 = loop[(i + 2) % n]!;
      const y1 = loop[(i + 3) % n]!;
      element.set([x0, y0, x1, y1, 0], e * 5);
      elementFeature[e++] = f;
      minX = Math.min(minX, x0);
      minY = Math.min(minY, y0);
      maxX = Math.max(maxX, x0);
      maxY = Math.max(maxY, y0);
    }
    box.set([minX, minY, maxX, maxY], f * 4);
    bounds[0] = Math.min(bounds[0], minX);
    bounds[1] = Math.min(bounds[1], minY);
    bounds[2] = Math.max(bounds[2], maxX);
    bounds[3] = Math.max(bounds[3], maxY);
  });
  elementStart[loops.length] = e;
  return {
    features: loops.length,
    kind: new Uint8Array(loops.length).fill(POLYGON),
    dark: new Uint8Array(loops.length).fill(1),
    run: new Int32Array(loops.length).fill(1),
    elementStart,
    box,
    elements,
    element,
    elementFeature,
    bounds,
    hasClear: false,
  };
}

/** Several layers' shapes as one (features keep their own kind, polarity and order). */
export function mergeShapes(list: Shapes[]): Shapes {
  let features = 0;
  let elements = 0;
  for (const s of list) {
    features += s.features;
    elements += s.elements;
  }
  const kind = new Uint8Array(features);
  const dark = new Uint8Array(features);
  const run = new Int32Array(features);
  const elementStart = new Int32Array(features + 1);
  const box = new Float64Array(features * 4);
  const element = new Float64Array(elements * 5);
  const elementFeature = new Int32Array(elements);
  const bounds = emptyBox();
  let f0 = 0;
  let e0 = 0;
  let runOffset = 0;
  let hasClear = false;
  for (const s of list) {
    kind.set(s.kind, f0);
    dark.set(s.dark, f0);
    let maxRun = 0;
    for (let f = 0; f < s.features; f++) {
      run[f0 + f] = s.run[f]! + runOffset;
      maxRun = Math.max(maxRun, s.run[f]!);
      elementStart[f0 + f] = s.elementStart[f]! + e0;
    }
    box.set(s.box, f0 * 4);
    element.set(s.element, e0 * 5);
    for (let e = 0; e < s.elements; e++) elementFeature[e0 + e] = s.elementFeature[e]! + f0;
    if (!isEmptyBox(s.bounds)) {
      bounds[0] = Math.min(bounds[0], s.bounds[0]);
      bounds[1] = Math.min(bounds[1], s.bounds[1]);
      bounds[2] = Math.max(bounds[2], s.bounds[2]);
      bounds[3] = Math.max(bounds[3], s.bounds[3]);
    }
    hasClear ||= s.hasClear;
    f0 += s.features;
    e0 += s.elements;
    runOffset += maxRun + 1;
  }
  elementStart[features] = e0;
  return {
    features,
    kind,
    dark,
    run,
    elementStart,
    box,
    elements,
    element,
    elementFeature,
    bounds,
    hasClear,
  };
}

/** A drilled hole (a circle) or a slot (a stroke) of a drill image. */
export interface Hole {
  x: number;
  y: number;
  /** The slot's other end; the same as (x, y) for a round hole. */
  x1: number;
  y1: number;
  diameter: number;
  slot: boolean;
  plated: boolean | null;
  layer: string;
}

/**
 * The holes of every drill layer, each once: some tools write the same vias into two files
 * (EasyEDA's through-hole file repeats its via file).
 */
export function boardHoles(board: Board): Hole[] {
  const seen = new Set<string>();
  const holes: Hole[] = [];
  for (const layer of board.layers) {
    if (layer.type !== "drill") continue;
    const shapes = layerShapes(layer.image);
    for (let f = 0; f < shapes.features; f++) {
      if (shapes.kind[f] !== CAPSULES || shapes.dark[f] !== 1) continue;
      const first = shapes.elementStart[f]! * 5;
      const last = (shapes.elementStart[f + 1]! - 1) * 5;
      const e = shapes.element;
      const x = e[first]!;
      const y = e[first + 1]!;
      const x1 = e[last + 2]!;
      const y1 = e[last + 3]!;
      const diameter = 2 * e[first + 4]!;
      const key = [x, y, x1, y1, diameter].map((v) => Math.round(v * 1000)).join(",");
      if (seen.has(key)) continue;
      seen.add(key);
      const tool = layer.tools?.find((t) => Math.abs(t.diameter - diameter) < 1e-6);
      const plated = tool?.plated ?? layer.identity.plated ?? null;
      holes.push({ x, y, x1, y1, diameter, slot: x !== x1 || y !== y1, plated, layer: layer.id });
    }
  }
  return holes;
}

/** How far outside the outline something still belongs to the board (edge plating, castellations). */
export const BOARD_MARGIN_MM = 1;

/**
 * Where the board is, for leaving out what the films draw beside it (drill charts, titles, frames):
 * the outline's extent grown by BOARD_MARGIN_MM, or undefined when there is no outline to go by.
 */
export function boardArea(board: Board): Box | undefined {
  if (board.sizeSource !== "outline" || isEmptyBox(board.bounds)) return undefined;
  const [minX, minY, maxX, maxY] = board.bounds;
  return [minX - BOARD_MARGIN_MM, minY - BOARD_MARGIN_MM, maxX + BOARD_MARGIN_MM, maxY + BOARD_MARGIN_MM];
}
