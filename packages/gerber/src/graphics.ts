/**
 * The plotted image of one layer: a compact display list in millimetres, built once by the parsers
 * and drawn many times (canvas, SVG, PNG). It is a flat Float64Array so a Web Worker can hand it to
 * the page without copying.
 *
 * Ops (each followed by its arguments):
 *   MOVE x y · LINE x y · CLOSE · CIRCLE cx cy r (a whole circle as its own sub-path)
 *   FILL (fill the path so far with the non-zero rule, start a new path)
 *   STROKE width (stroke the path so far with round caps and joins, start a new path)
 *   DARK · CLEAR (the polarity of what follows: add to the image or erase from it)
 *   GROUP (draw what follows on its own sheet…) · END_GROUP clear (…then add the sheet to the image,
 *   or erase it from the image when clear is 1)
 *
 * Union inside one polarity run is what the non-zero rule gives as long as every outline winds
 * counter-clockwise and every hole winds clockwise; the builder makes sure of that.
 */
export const OP = {
  MOVE: 1,
  LINE: 2,
  CLOSE: 3,
  CIRCLE: 4,
  FILL: 5,
  STROKE: 6,
  DARK: 7,
  CLEAR: 8,
  GROUP: 9,
  END_GROUP: 10,
} as const;

/** How many numbers follow each op. */
export const OP_ARGUMENTS: Record<number, number> = {
  [OP.MOVE]: 2,
  [OP.LINE]: 2,
  [OP.CLOSE]: 0,
  [OP.CIRCLE]: 3,
  [OP.FILL]: 0,
  [OP.STROKE]: 1,
  [OP.DARK]: 0,
  [OP.CLEAR]: 0,
  [OP.GROUP]: 0,
  [OP.END_GROUP]: 1,
};

export type Box = [minX: number, minY: number, maxX: number, maxY: number];

export const emptyBox = (): Box => [Infinity, Infinity, -Infinity, -Infinity];
export const isEmptyBox = (box: Box): boolean => !(box[0] <= box[2] && box[1] <= box[3]);

export interface LayerImage {
  ops: Float64Array;
  /** Extent of everything drawn dark, in mm; empty when the layer draws nothing. */
  bounds: Box;
}

/** Circle segments: enough that the chord error stays under 1 µm at board scale, never fewer than 8. */
export function arcSegments(radius: number, sweep: number): number {
  const tolerance = 0.001;
  if (radius <= tolerance) return 1;
  const step = 2 * Math.acos(Math.max(-1, 1 - tolerance / radius));
  return Math.max(2, Math.min(720, Math.ceil(Math.abs(sweep) / step)));
}

class Growable {
  data = new Float64Array(1024);
  length = 0;
  push1(a: number): void {
    if (this.length + 1 > this.data.length) this.grow(1);
    this.data[this.length++] = a;
  }
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) this.grow(3);
    const d = this.data;
    const n = this.length;
    d[n] = a;
    d[n + 1] = b;
    d[n + 2] = c;
    this.length = n + 3;
  }
  push4(a: number, b: number, c: number, e: number): void {
    if (this.length + 4 > this.data.length) this.grow(4);
    const d = this.data;
    const n = this.length;
    d[n] = a;
    d[n + 1] = b;
    d[n + 2] = c;
    d[n + 3] = e;
    this.length = n + 4;
  }
  private grow(extra: number): void {
    let size = this.data.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Float64Array(size);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}

/** A graphic object as the parsers produce it, before batching; kept for step-and-repeat and blocks. */
export type Graphic =
  | { kind: "circle"; x: number; y: number; r: number; clear: boolean }
  | { kind: "polygon"; rings: number[][]; clear: boolean; oriented?: boolean }
  | { kind: "stroke"; points: number[]; width: number; clear: boolean }
  | { kind: "group"; items: Graphic[]; clear: boolean };

export interface GraphicSink {
  circle(x: number, y: number, r: number, clear: boolean): void;
  /**
   * Rings as flat [x0, y0, x1, y1, …], moved by (dx, dy); the first ring is an outline, later ones
   * holes. `oriented` says the rings already wind as the builder wants (outline counter-clockwise,
   * holes clockwise), which apertures settle once at definition instead of at every flash.
   */
  polygon(rings: number[][], clear: boolean, dx?: number, dy?: number, oriented?: boolean): void;
  stroke(points: number[], width: number, clear: boolean): void;
  group(items: Graphic[], clear: boolean): void;
}

/** Collects graphics as objects (for step-and-repeat, block apertures and macro groups). */
export class GraphicRecorder implements GraphicSink {
  items: Graphic[] = [];
  circle(x: number, y: number, r: number, clear: boolean): void {
    this.items.push({ kind: "circle", x, y, r, clear });
  }
  polygon(rings: number[][], clear: boolean, dx = 0, dy = 0, oriented = false): void {
    const moved = dx === 0 && dy === 0 ? rings : rings.map((ring) => translateFlat(ring, dx, dy));
    this.items.push({ kind: "polygon", rings: moved, clear, oriented });
  }
  stroke(points: number[], width: number, clear: boolean): void {
    this.items.push({ kind: "stroke", points, width, clear });
  }
  group(items: Graphic[], clear: boolean): void {
    this.items.push({ kind: "group", items, clear });
  }
}

function translateFlat(points: number[], dx: number, dy: number): number[] {
  const out = new Array<number>(points.length);
  for (let i = 0; i < points.length; i += 2) {
    out[i] = points[i]! + dx;
    out[i + 1] = points[i + 1]! + dy;
  }
  return out;
}

/** Replays recorded graphics into a sink, moved by (dx, dy), optionally with polarity inverted. */
export function replay(items: Graphic[], sink: GraphicSink, dx: number, dy: number, invert: boolean): void {
  for (const item of items) {
    const clear = item.clear !== invert;
    switch (item.kind) {
      case "circle":
        sink.circle(item.x + dx, item.y + dy, item.r, clear);
        break;
      case "polygon":
        sink.polygon(item.rings, clear, dx, dy, item.oriented === true);
        break;
      case "stroke":
        sink.stroke(translateFlat(item.points, dx, dy), item.width, clear);
        break;
      case "group": {
        const moved = new GraphicRecorder();
        replay(item.items, moved, dx, dy, false);
        sink.group(moved.items, clear);
        break;
      }
    }
  }
}

/** Signed area of a flat ring (positive when counter-clockwise). */
export function ringArea(ring: ArrayLike<number>, start = 0, end = ring.length): number {
  let area = 0;
  const n = end;
  if (n - start < 6) return 0;
  let px = ring[n - 2]!;
  let py = ring[n - 1]!;
  for (let i = start; i < n; i += 2) {
    const x = ring[i]!;
    const y = ring[i + 1]!;
    area += px * y - x * py;
    px = x;
    py = y;
  }
  return area / 2;
}

/** Rings wound the way the builder wants: outline counter-clockwise, holes clockwise. */
export function orientRings(rings: number[][]): number[][] {
  return rings.map((ring, index) => {
    const area = ringArea(ring);
    return (index === 0 ? area < 0 : area > 0) ? reverseRing(ring) : ring;
  });
}

/** The same points in the opposite order (pairs kept together). */
export function reverseRing(ring: number[]): number[] {
  const out = new Array<number>(ring.length);
  for (let i = 0; i < ring.length; i += 2) {
    out[ring.length - 2 - i] = ring[i]!;
    out[ring.length - 1 - i] = ring[i + 1]!;
  }
  return out;
}

/**
 * Builds a layer's display list. Objects of one polarity are batched: all fills in one path, strokes
 * in one path per width, so a renderer needs a handful of draw calls per polarity run.
 */
export class ImageBuilder implements GraphicSink {
  /** Finished pieces of the display list, joined once in finish(). */
  private chunks: Float64Array[] = [];
  private size = 0;
  private fills = new Growable();
  private strokes = new Map<number, Growable>();
  private runClear = false;
  private runEmpty = true;
  readonly bounds: Box = emptyBox();

  private include(x: number, y: number, pad: number): void {
    const b = this.bounds;
    if (x - pad < b[0]) b[0] = x - pad;
    if (y - pad < b[1]) b[1] = y - pad;
    if (x + pad > b[2]) b[2] = x + pad;
    if (y + pad > b[3]) b[3] = y + pad;
  }

  private emit(values: ArrayLike<number>): void {
    const chunk = Float64Array.from(values);
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  private emitGrowable(g: Growable): void {
    // Hand over the buffer itself and start a fresh one: no copy.
    this.chunks.push(g.data.subarray(0, g.length));
    this.size += g.length;
    g.data = new Float64Array(1024);
    g.length = 0;
  }

  private polarity(clear: boolean): void {
    if (clear === this.runClear) return;
    if (this.runEmpty) {
      this.runClear = clear;
      return;
    }
    this.flush();
    this.runClear = clear;
  }

  /** Writes the pending batch to the display list. */
  private flush(): void {
    if (this.runEmpty) return;
    this.emit([this.runClear ? OP.CLEAR : OP.DARK]);
    if (this.fills.length > 0) {
      this.emitGrowable(this.fills);
      this.emit([OP.FILL]);
    }
    for (const [width, path] of this.strokes) {
      if (path.length === 0) continue;
      this.emitGrowable(path);
      this.emit([OP.STROKE, width]);
    }
    this.runEmpty = true;
  }

  circle(x: number, y: number, r: number, clear: boolean): void {
    if (!(r > 0)) return;
    this.polarity(clear);
    this.fills.push4(OP.CIRCLE, x, y, r);
    if (!clear) this.include(x, y, r);
    this.runEmpty = false;
  }

  polygon(rings: number[][], clear: boolean, dx = 0, dy = 0, oriented = false): void {
    if (rings.length === 0) return;
    this.polarity(clear);
    const f = this.fills;
    for (let index = 0; index < rings.length; index++) {
      const ring = rings[index]!;
      if (ring.length < 6) continue;
      // The outline winds counter-clockwise and holes clockwise, whatever the source did.
      const reverse = oriented ? false : index === 0 ? ringArea(ring) < 0 : ringArea(ring) > 0;
      const n = ring.length;
      if (reverse) {
        f.push3(OP.MOVE, ring[n - 2]! + dx, ring[n - 1]! + dy);
        for (let i = n - 4; i >= 0; i -= 2) f.push3(OP.LINE, ring[i]! + dx, ring[i + 1]! + dy);
      } else {
        f.push3(OP.MOVE, ring[0]! + dx, ring[1]! + dy);
        for (let i = 2; i < n; i += 2) f.push3(OP.LINE, ring[i]! + dx, ring[i + 1]! + dy);
      }
      f.push1(OP.CLOSE);
      if (index === 0 && !clear)
        for (let i = 0; i < n; i += 2) this.include(ring[i]! + dx, ring[i + 1]! + dy, 0);
    }
    this.runEmpty = false;
  }

  /** One outline taken from a range of a flat buffer (region contours), wound counter-clockwise. */
  polygonRange(data: Float64Array, from: number, to: number, clear: boolean): void {
    if (to - from < 6) return;
    this.polarity(clear);
    const f = this.fills;
    const reverse = ringArea(data, from, to) < 0;
    if (reverse) {
      f.push3(OP.MOVE, data[to - 2]!, data[to - 1]!);
      for (let i = to - 4; i >= from; i -= 2) f.push3(OP.LINE, data[i]!, data[i + 1]!);
    } else {
      f.push3(OP.MOVE, data[from]!, data[from + 1]!);
      for (let i = from + 2; i < to; i += 2) f.push3(OP.LINE, data[i]!, data[i + 1]!);
    }
    f.push1(OP.CLOSE);
    if (!clear) for (let i = from; i < to; i += 2) this.include(data[i]!, data[i + 1]!, 0);
    this.runEmpty = false;
  }

  private strokePath(width: number): Growable {
    let path = this.strokes.get(width);
    if (!path) {
      path = new Growable();
      this.strokes.set(width, path);
    }
    return path;
  }

  stroke(points: number[], width: number, clear: boolean): void {
    if (points.length < 4) return;
    this.polarity(clear);
    const path = this.strokePath(width);
    path.push3(OP.MOVE, points[0]!, points[1]!);
    for (let i = 2; i < points.length; i += 2) path.push3(OP.LINE, points[i]!, points[i + 1]!);
    if (!clear) {
      const pad = width / 2;
      for (let i = 0; i < points.length; i += 2) this.include(points[i]!, points[i + 1]!, pad);
    }
    this.runEmpty = false;
  }

  /** A single line segment: the hot path for tracks, without allocating a points array. */
  segment(x0: number, y0: number, x1: number, y1: number, width: number, clear: boolean): void {
    this.polarity(clear);
    const path = this.strokePath(width);
    path.push3(OP.MOVE, x0, y0);
    path.push3(OP.LINE, x1, y1);
    if (!clear) {
      const pad = width / 2;
      this.include(x0, y0, pad);
      this.include(x1, y1, pad);
    }
    this.runEmpty = false;
  }

  group(items: Graphic[], clear: boolean): void {
    if (items.length === 0) return;
    this.flush();
    const inner = new ImageBuilder();
    replay(items, inner, 0, 0, false);
    const image = inner.finish();
    this.emit([OP.GROUP]);
    this.chunks.push(image.ops);
    this.size += image.ops.length;
    this.emit([OP.END_GROUP, clear ? 1 : 0]);
    if (!clear && !isEmptyBox(image.bounds)) {
      this.include(image.bounds[0], image.bounds[1], 0);
      this.include(image.bounds[2], image.bounds[3], 0);
    }
    this.runClear = clear;
  }

  finish(): LayerImage {
    this.flush();
    const ops = new Float64Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      ops.set(chunk, offset);
      offset += chunk.length;
    }
    this.chunks = [];
    return { ops, bounds: this.bounds };
  }
}
