/**
 * The plotted image of a layer taken apart again into shapes a design-rule check can measure:
 * circles, stroked paths (capsules: a segment with a radius) and filled polygons, each with its
 * polarity and the order it was drawn in. A uniform grid indexes the pieces so that every question
 * (what is near this segment, is there copper at this point) looks at a handful of shapes, never at
 * all of them: the checks stay linear on boards with hundreds of thousands of objects.
 *
 * Polarity is honoured the way Gerber defines it: a later clear shape erases what was drawn before
 * it, a later dark one draws again. `inkAt` answers for the final image, so pour knock-outs and
 * clipped silkscreen are seen as the fab sees them.
 */
import { OP, OP_ARGUMENTS, emptyBox, isEmptyBox, type Box, type LayerImage } from "./graphics.ts";

/** Feature kinds: a set of capsules (circle, stroke) or a filled polygon whose elements are its edges. */
export const CAPSULES = 0;
export const POLYGON = 1;

/** Gaps below this are touching copper: arcs are plotted as chords 1 µm short of the true curve. */
export const TOUCH_MM = 0.002;

/**
 * Strokes and flashes thinner than this are hairlines, not copper or ink: Allegro, for one, draws
 * the board outline on every film with a 0.1 mil (2.5 µm) line, which no fab reproduces.
 */
export const HAIRLINE_MM = 0.01;

class Floats {
  data: Float64Array;
  length = 0;
  constructor(size = 1024) {
    this.data = new Float64Array(size);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

class Ints {
  data: Int32Array;
  length = 0;
  constructor(size = 1024) {
    this.data = new Int32Array(size);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * Shapes of one layer. Elements are capsules [x0, y0, x1, y1, r]; a polygon's elements are its edges
 * with r = 0. Feature f owns elements elementStart[f] to elementStart[f + 1].
 */
export interface Shapes {
  features: number;
  kind: Uint8Array;
  dark: Uint8Array;
  /** Drawing order: a feature is erased by clear features of a higher run, drawn over by dark ones. */
  run: Int32Array;
  elementStart: Int32Array;
  /** Feature boxes [minX, minY, maxX, maxY] including stroke widths. */
  box: Float64Array;
  elements: number;
  element: Float64Array;
  elementFeature: Int32Array;
  bounds: Box;
  /** Whether any feature is clear: lets queries skip polarity work on the many layers without. */
  hasClear: boolean;
}

/** Takes a layer's display list apart into features (see graphics.ts for the ops). */
export function layerShapes(image: LayerImage): Shapes {
  const ops = image.ops;
  const kind = new Ints();
  const dark = new Ints();
  const run = new Ints();
  const elementStart = new Ints();
  const element = new Floats(4096);
  const elementFeature = new Ints(1024);
  const points = new Floats(4096);
  const subpaths = new Ints();
  const circles = new Floats();
  let features = 0;
  let runIndex = 0;
  let isDark = true;
  let depth = 0;
  let groupRun = 0;
  let groupFirst = 0;
  let hasClear = false;

  const currentRun = () => (depth > 0 ? groupRun : runIndex);
  const begin = (k: number) => {
    kind.push(k);
    dark.push(isDark ? 1 : 0);
    run.push(currentRun());
    elementStart.push(element.length / 5);
    return features++;
  };
  const capsule = (f: number, x0: number, y0: number, x1: number, y1: number, r: number) => {
    element.push(x0);
    element.push(y0);
    element.push(x1);
    element.push(y1);
    element.push(r);
    elementFeature.push(f);
  };
  const subpathEnd = (s: number) => (s + 1 < subpaths.length ? subpaths.data[s + 1]! : points.length);
  const areaOf = (from: number, to: number) => {
    const p = points.data;
    let area = 0;
    let px = p[to - 2]!;
    let py = p[to - 1]!;
    for (let i = from; i < to; i += 2) {
      area += px * p[i + 1]! - p[i]! * py;
      px = p[i]!;
      py = p[i + 1]!;
    }
    return area / 2;
  };
  const emitFill = () => {
    const p = points.data;
    let open = -1;
    for (let s = 0; s < subpaths.length; s++) {
      const from = subpaths.data[s]!;
      const to = subpathEnd(s);
      if (to - from < 6) continue;
      // The builder writes an outline counter-clockwise and its holes clockwise right after it.
      if (open < 0 || areaOf(from, to) > 0) open = begin(POLYGON);
      let px = p[to - 2]!;
      let py = p[to - 1]!;
      for (let i = from; i < to; i += 2) {
        const x = p[i]!;
        const y = p[i + 1]!;
        if (x !== px || y !== py) capsule(open, px, py, x, y, 0);
        px = x;
        py = y;
      }
    }
    const c = circles.data;
    for (let i = 0; i < circles.length; i += 3) {
      if (2 * c[i + 2]! < HAIRLINE_MM) continue;
      const f = begin(CAPSULES);
      capsule(f, c[i]!, c[i + 1]!, c[i]!, c[i + 1]!, c[i + 2]!);
    }
    points.length = 0;
    subpaths.length = 0;
    circles.length = 0;
  };
  const emitStroke = (width: number) => {
    const p = points.data;
    if (width >= HAIRLINE_MM) {
      for (let s = 0; s < subpaths.length; s++) {
        const from = subpaths.data[s]!;
        const to = subpathEnd(s);
        if (to - from < 2) continue;
        const f = begin(CAPSULES);
        if (to - from === 2) capsule(f, p[from]!, p[from + 1]!, p[from]!, p[from + 1]!, width / 2);
        for (let i = from + 2; i < to; i += 2) capsule(f, p[i - 2]!, p[i - 1]!, p[i]!, p[i + 1]!, width / 2);
      }
    }
    // A hairline adds nothing to the layer.
    points.length = 0;
    subpaths.length = 0;
  };

  for (let i = 0; i < ops.length;) {
    const op = ops[i]!;
    switch (op) {
      case OP.MOVE:
        subpaths.push(points.length);
        points.push(ops[i + 1]!);
        points.push(ops[i + 2]!);
        break;
      case OP.LINE:
        points.push(ops[i + 1]!);
        points.push(ops[i + 2]!);
        break;
      case OP.CIRCLE:
        circles.push(ops[i + 1]!);
        circles.push(ops[i + 2]!);
        circles.push(ops[i + 3]!);
        break;
      case OP.FILL:
        emitFill();
        break;
      case OP.STROKE:
        emitStroke(ops[i + 1]!);
        break;
      case OP.DARK:
        runIndex++;
        isDark = true;
        break;
      case OP.CLEAR:
        runIndex++;
        isDark = false;
        break;
      case OP.GROUP:
        if (depth === 0) {
          runIndex++;
          groupRun = runIndex;
          groupFirst = features;
        }
        depth++;
        break;
      case OP.END_GROUP:
        depth--;
        if (depth === 0) {
          // The sheet is added or erased as a whole. Clear shapes inside it only shaped the sheet;
          // they are dropped (the sheet then looks a little fuller than it is: fewer findings, not false ones).
          const groupDark = ops[i + 1] === 1 ? 0 : 1;
          for (let f = groupFirst; f < features; f++) {
            if (dark.data[f] === 1) dark.data[f] = groupDark;
            else kind.data[f] = 255;
          }
          runIndex++;
        }
        break;
      default:
        break;
    }
    i += 1 + (OP_ARGUMENTS[op] ?? 0);
  }
  elementStart.push(element.length / 5);

  const kinds = new Uint8Array(kind.view());
  const darks = new Uint8Array(dark.view());
  const starts = elementStart.view().slice();
  const elements = element.view().slice();
  const box = new Float64Array(features * 4);
  const bounds = emptyBox();
  for (let f = 0; f < features; f++) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let e = starts[f]!; e < starts[f + 1]!; e++) {
      const o = e * 5;
      const r = elements[o + 4]!;
      minX = Math.min(minX, elements[o]! - r, elements[o + 2]! - r);
      minY = Math.min(minY, elements[o + 1]! - r, elements[o + 3]! - r);
      maxX = Math.max(maxX, elements[o]! + r, elements[o + 2]! + r);
      maxY = Math.max(maxY, elements[o + 1]! + r, elements[o + 3]! + r);
    }
    box[f * 4] = minX;
    box[f * 4 + 1] = minY;
    box[f * 4 + 2] = maxX;
    box[f * 4 + 3] = maxY;
    if (kinds[f] === 255 || !(minX <= maxX)) continue;
    if (darks[f] === 0) hasClear = true;
    if (minX < bounds[0]) bounds[0] = minX;
    if (minY < bounds[1]) bounds[1] = minY;
    if (maxX > bounds[2]) bounds[2] = maxX;
    if (maxY > bounds[3]) bounds[3] = maxY;
  }
  return {
    features,
    kind: kinds,
    dark: darks,
    run: new Int32Array(run.view()),
    elementStart: starts,
    box,
    elements: elements.length / 5,
    element: elements,
    elementFeature: elementFeature.view().slice(),
    bounds,
    hasClear,
  };
}

/**
 * A uniform grid over boxes: cell c lists items start[c] to start[c + 1]. Built in two passes over
 * typed arrays, so even the largest boards index in milliseconds.
 */
export class Grid {
  readonly minX: number;
  readonly minY: number;
  readonly cell: number;
  readonly cols: number;
  readonly rows: number;
  readonly start: Int32Array;
  readonly items: Int32Array;

  /** boxes: [minX, minY, maxX, maxY] per item; each is grown by pad before it is placed. */
  constructor(
    boxes: Float64Array,
    count: number,
    area: Box,
    cell: number,
    pad = 0,
    skip?: (i: number) => boolean,
  ) {
    const width = Math.max(area[2] - area[0], 1e-6);
    const height = Math.max(area[3] - area[1], 1e-6);
    // Never more than about four million cells, whatever the board size.
    let size = Math.max(cell, 1e-3);
    while ((width / size) * (height / size) > 4_000_000) size *= 1.5;
    this.cell = size;
    this.minX = area[0] - pad;
    this.minY = area[1] - pad;
    this.cols = Math.max(1, Math.ceil((width + 2 * pad) / size) + 1);
    this.rows = Math.max(1, Math.ceil((height + 2 * pad) / size) + 1);
    const cells = this.cols * this.rows;
    const counts = new Int32Array(cells + 1);
    const range = (i: number, out: Int32Array) => {
      const o = i * 4;
      out[0] = this.colOf(boxes[o]! - pad);
      out[1] = this.rowOf(boxes[o + 1]! - pad);
      out[2] = this.colOf(boxes[o + 2]! + pad);
      out[3] = this.rowOf(boxes[o + 3]! + pad);
    };
    const r = new Int32Array(4);
    for (let i = 0; i < count; i++) {
      if (skip?.(i) || !(boxes[i * 4]! <= boxes[i * 4 + 2]!)) continue;
      range(i, r);
      for (let y = r[1]!; y <= r[3]!; y++)
        for (let x = r[0]!; x <= r[2]!; x++) counts[y * this.cols + x + 1]!++;
    }
    for (let c = 0; c < cells; c++) counts[c + 1]! += counts[c]!;
    const fill = counts.slice(0, cells);
    const items = new Int32Array(counts[cells]!);
    for (let i = 0; i < count; i++) {
      if (skip?.(i) || !(boxes[i * 4]! <= boxes[i * 4 + 2]!)) continue;
      range(i, r);
      for (let y = r[1]!; y <= r[3]!; y++)
        for (let x = r[0]!; x <= r[2]!; x++) items[fill[y * this.cols + x]!++] = i;
    }
    this.start = counts;
    this.items = items;
  }

  colOf(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.minX) / this.cell)));
  }

  rowOf(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.minY) / this.cell)));
  }

  cellAt(x: number, y: number): number {
    return this.rowOf(y) * this.cols + this.colOf(x);
  }
}

/** Boxes of elements: the segment's extent grown by its radius. */
export function elementBoxes(shapes: Pick<Shapes, "element" | "elements">): Float64Array {
  const e = shapes.element;
  const boxes = new Float64Array(shapes.elements * 4);
  for (let i = 0; i < shapes.elements; i++) {
    const o = i * 5;
    const r = e[o + 4]!;
    boxes[i * 4] = Math.min(e[o]!, e[o + 2]!) - r;
    boxes[i * 4 + 1] = Math.min(e[o + 1]!, e[o + 3]!) - r;
    boxes[i * 4 + 2] = Math.max(e[o]!, e[o + 2]!) + r;
    boxes[i * 4 + 3] = Math.max(e[o + 1]!, e[o + 3]!) + r;
  }
  return boxes;
}

/** Squared distance from (px, py) to the segment (ax, ay)–(bx, by). */
export function pointSegmentDistanceSquared(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  let t = length > 0 ? ((px - ax) * dx + (py - ay) * dy) / length : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const x = ax + t * dx - px;
  const y = ay + t * dy - py;
  return x * x + y * y;
}

/**
 * Closest points of two segments (Ericson, Real-Time Collision Detection 5.1.9): writes
 * [x on the first, y, x on the second, y] into out and returns their distance.
 */
export function segmentsClosest(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  out: Float64Array,
): number {
  const d1x = bx - ax;
  const d1y = by - ay;
  const d2x = dx - cx;
  const d2y = dy - cy;
  const rx = ax - cx;
  const ry = ay - cy;
  const a = d1x * d1x + d1y * d1y;
  const e = d2x * d2x + d2y * d2y;
  const f = d2x * rx + d2y * ry;
  let s: number;
  let t: number;
  if (a <= 1e-18 && e <= 1e-18) {
    s = 0;
    t = 0;
  } else if (a <= 1e-18) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = d1x * rx + d1y * ry;
    if (e <= 1e-18) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = d1x * d2x + d1y * d2y;
      const denominator = a * e - b * b;
      s = denominator > 1e-18 ? clamp01((b * f - c * e) / denominator) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  const p1x = ax + d1x * s;
  const p1y = ay + d1y * s;
  const p2x = cx + d2x * t;
  const p2y = cy + d2y * t;
  out[0] = p1x;
  out[1] = p1y;
  out[2] = p2x;
  out[3] = p2y;
  return Math.hypot(p1x - p2x, p1y - p2y);
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Edges of a big polygon sorted into horizontal bands, so a point test reads one band. */
interface Bands {
  minY: number;
  height: number;
  count: number;
  start: Int32Array;
  items: Int32Array;
}

/** One layer's shapes with the grids that answer point and proximity questions about them. */
export class LayerIndex {
  readonly shapes: Shapes;
  /**
   * Elements by their boxes grown by half of `reach` (the largest distance anyone will ask about):
   * two elements that close share a cell, and a query grown by its distance meets every element
   * within it.
   */
  readonly elementGrid: Grid;
  readonly elementBox: Float64Array;
  /** Features by their boxes, for point queries. */
  readonly featureGrid: Grid;
  readonly reach: number;
  private readonly bands: (Bands | undefined)[] = [];
  private stamp: Int32Array;
  private stampValue = 0;

  constructor(shapes: Shapes, reach: number, area: Box = shapes.bounds) {
    this.shapes = shapes;
    this.reach = reach;
    this.elementBox = elementBoxes(shapes);
    const usable = isEmptyBox(area) ? ([0, 0, 1, 1] as Box) : area;
    const span = Math.max(usable[2] - usable[0], usable[3] - usable[1], 1);
    // Cells of about the typical spacing between objects, never smaller than twice the reach.
    const typical = Math.sqrt(
      ((usable[2] - usable[0]) * (usable[3] - usable[1])) / Math.max(1, shapes.elements),
    );
    const cell = Math.max(2 * reach, Math.min(span, Math.max(0.25, Math.min(2, 1.5 * typical))));
    const dropped = (f: number) => shapes.kind[f] === 255;
    this.elementGrid = new Grid(this.elementBox, shapes.elements, usable, cell, reach / 2, (e) =>
      dropped(shapes.elementFeature[e]!),
    );
    this.featureGrid = new Grid(shapes.box, shapes.features, usable, cell, 0, dropped);
    this.stamp = new Int32Array(Math.max(shapes.elements, shapes.features));
  }

  /** A fresh mark for deduplicating items met in several cells. */
  nextStamp(): number {
    if (++this.stampValue === 0x7fffffff) {
      this.stamp.fill(0);
      this.stampValue = 1;
    }
    return this.stampValue;
  }

  /** Elements found by the last `near` call (valid up to the count it returned). */
  found = new Int32Array(256);

  /**
   * Collects into `found`, once each, every element whose box, grown by half the reach, meets the box
   * [minX, minY, maxX, maxY], and returns how many. Callers check the real distance themselves.
   */
  near(minX: number, minY: number, maxX: number, maxY: number): number {
    const g = this.elementGrid;
    const stamp = this.nextStamp();
    const marks = this.stamp;
    const c0 = g.colOf(minX);
    const c1 = g.colOf(maxX);
    const r0 = g.rowOf(minY);
    const r1 = g.rowOf(maxY);
    let n = 0;
    for (let row = r0; row <= r1; row++)
      for (let col = c0; col <= c1; col++) {
        const cell = row * g.cols + col;
        for (let k = g.start[cell]!; k < g.start[cell + 1]!; k++) {
          const e = g.items[k]!;
          if (marks[e] === stamp) continue;
          marks[e] = stamp;
          if (n === this.found.length) {
            const next = new Int32Array(n * 2);
            next.set(this.found);
            this.found = next;
          }
          this.found[n++] = e;
        }
      }
    return n;
  }

  /**
   * Every pair of elements (i < j) of different features whose boxes come within `reach` of each
   * other, as [i, j, i, j, …]; each pair once, from the one cell that holds the corner where their
   * grown boxes start to overlap. Pairs of two clear elements are left out: they bound no copper.
   */
  pairs(): Int32Array {
    const g = this.elementGrid;
    const s = this.shapes;
    const b = this.elementBox;
    const pad = this.reach / 2;
    let out = new Int32Array(1 << 16);
    let n = 0;
    const cells = g.cols * g.rows;
    for (let cell = 0; cell < cells; cell++) {
      const from = g.start[cell]!;
      const to = g.start[cell + 1]!;
      for (let a = from; a < to; a++) {
        const i = g.items[a]!;
        const fi = s.elementFeature[i]!;
        const darkI = s.dark[fi] === 1;
        const i4 = i * 4;
        for (let c = a + 1; c < to; c++) {
          const j = g.items[c]!;
          const fj = s.elementFeature[j]!;
          if (fj === fi || (!darkI && s.dark[fj] !== 1)) continue;
          const j4 = j * 4;
          const x = Math.max(b[i4]!, b[j4]!) - pad;
          const y = Math.max(b[i4 + 1]!, b[j4 + 1]!) - pad;
          // Grown boxes apart, or overlapping first in another cell.
          if (x > Math.min(b[i4 + 2]!, b[j4 + 2]!) + pad || y > Math.min(b[i4 + 3]!, b[j4 + 3]!) + pad)
            continue;
          if (g.cellAt(x, y) !== cell) continue;
          if (n + 2 > out.length) {
            const next = new Int32Array(out.length * 2);
            next.set(out);
            out = next;
          }
          out[n++] = i < j ? i : j;
          out[n++] = i < j ? j : i;
        }
      }
    }
    return out.subarray(0, n);
  }

  /** Features found by the last `collectFeatures` call. */
  local = new Int32Array(64);

  /**
   * Collects into `local` the features whose boxes meet [minX, minY, maxX, maxY] and returns how
   * many: many point questions about one small place then skip the grid.
   */
  collectFeatures(minX: number, minY: number, maxX: number, maxY: number): number {
    const g = this.featureGrid;
    const s = this.shapes;
    const stamp = this.nextStamp();
    const marks = this.stamp;
    let n = 0;
    for (let row = g.rowOf(minY); row <= g.rowOf(maxY); row++)
      for (let col = g.colOf(minX); col <= g.colOf(maxX); col++) {
        const cell = row * g.cols + col;
        for (let k = g.start[cell]!; k < g.start[cell + 1]!; k++) {
          const f = g.items[k]!;
          if (marks[f] === stamp) continue;
          marks[f] = stamp;
          const o = f * 4;
          if (s.box[o]! > maxX || s.box[o + 2]! < minX || s.box[o + 1]! > maxY || s.box[o + 3]! < minY)
            continue;
          if (n === this.local.length) {
            const next = new Int32Array(n * 2);
            next.set(this.local);
            this.local = next;
          }
          this.local[n++] = f;
        }
      }
    return n;
  }

  /** inkAt, asked of the first n features of the last `collectFeatures` call only. */
  inkAmong(n: number, x: number, y: number): boolean {
    const s = this.shapes;
    let topClear = -1;
    let darkRun = -1;
    for (let k = 0; k < n; k++) {
      const f = this.local[k]!;
      const r = s.run[f]!;
      if (s.dark[f] === 1) {
        if (r > darkRun && this.contains(f, x, y)) darkRun = r;
      } else if (r > topClear && this.contains(f, x, y)) topClear = r;
    }
    return darkRun > topClear;
  }

  /** Whether element j's box comes within `gap` of the box [minX, minY, maxX, maxY]. */
  boxWithin(j: number, minX: number, minY: number, maxX: number, maxY: number, gap: number): boolean {
    const b = this.elementBox;
    const o = j * 4;
    return (
      b[o]! <= maxX + gap && b[o + 2]! >= minX - gap && b[o + 1]! <= maxY + gap && b[o + 3]! >= minY - gap
    );
  }

  /** Whether feature f covers (x, y), its edges included. */
  contains(f: number, x: number, y: number): boolean {
    const s = this.shapes;
    const b = s.box;
    if (
      x < b[f * 4]! - 1e-9 ||
      x > b[f * 4 + 2]! + 1e-9 ||
      y < b[f * 4 + 1]! - 1e-9 ||
      y > b[f * 4 + 3]! + 1e-9
    )
      return false;
    const e = s.element;
    const from = s.elementStart[f]!;
    const to = s.elementStart[f + 1]!;
    if (s.kind[f] === CAPSULES) {
      for (let i = from; i < to; i++) {
        const o = i * 5;
        const r = e[o + 4]!;
        if (pointSegmentDistanceSquared(x, y, e[o]!, e[o + 1]!, e[o + 2]!, e[o + 3]!) <= r * r + 1e-12)
          return true;
      }
      return false;
    }
    if (s.kind[f] !== POLYGON) return false;
    // Even-odd over all rings (outline and holes), from the band of y when the polygon is big; a
    // point on an edge counts as inside, like a stroke's rim.
    let inside = false;
    let list: Int32Array | null = null;
    let k0 = from;
    let k1 = to;
    if (to - from > 48) {
      const bands = this.bandsOf(f);
      const band = Math.min(bands.count - 1, Math.max(0, Math.floor((y - bands.minY) / bands.height)));
      list = bands.items;
      k0 = bands.start[band]!;
      k1 = bands.start[band + 1]!;
    }
    for (let k = k0; k < k1; k++) {
      const o = (list === null ? k : list[k]!) * 5;
      const x0 = e[o]!;
      const y0 = e[o + 1]!;
      const x1 = e[o + 2]!;
      const y1 = e[o + 3]!;
      if (y0 > y !== y1 > y) {
        const xAt = x0 + ((y - y0) * (x1 - x0)) / (y1 - y0);
        if (x < xAt) inside = !inside;
      }
      if (Math.abs(y - y0) <= 1e-6 || Math.abs(y - y1) <= 1e-6 || y0 > y !== y1 > y) {
        if (pointSegmentDistanceSquared(x, y, x0, y0, x1, y1) <= 1e-12) return true;
      }
    }
    return inside;
  }

  private bandsOf(f: number): Bands {
    const cached = this.bands[f];
    if (cached) return cached;
    const s = this.shapes;
    const e = s.element;
    const from = s.elementStart[f]!;
    const to = s.elementStart[f + 1]!;
    const minY = s.box[f * 4 + 1]!;
    const count = Math.min(4096, Math.max(1, Math.ceil((to - from) / 8)));
    const height = Math.max((s.box[f * 4 + 3]! - minY) / count, 1e-9);
    const band = (y: number) => Math.min(count - 1, Math.max(0, Math.floor((y - minY) / height)));
    const start = new Int32Array(count + 1);
    for (let i = from; i < to; i++) {
      const a = band(Math.min(e[i * 5 + 1]!, e[i * 5 + 3]!));
      const b = band(Math.max(e[i * 5 + 1]!, e[i * 5 + 3]!));
      for (let k = a; k <= b; k++) start[k + 1]!++;
    }
    for (let k = 0; k < count; k++) start[k + 1]! += start[k]!;
    const fill = start.slice(0, count);
    const items = new Int32Array(start[count]!);
    for (let i = from; i < to; i++) {
      const a = band(Math.min(e[i * 5 + 1]!, e[i * 5 + 3]!));
      const b = band(Math.max(e[i * 5 + 1]!, e[i * 5 + 3]!));
      for (let k = a; k <= b; k++) items[fill[k]!++] = i;
    }
    const bands = { minY, height, count, start, items };
    this.bands[f] = bands;
    return bands;
  }

  /**
   * What the final image has at (x, y): the topmost dark feature there that no later clear feature
   * erased, or -1 when the point is bare.
   */
  darkFeatureAt(x: number, y: number): number {
    const s = this.shapes;
    const g = this.featureGrid;
    const cell = g.cellAt(x, y);
    let topClear = -1;
    let topDark = -1;
    let darkRun = -1;
    for (let k = g.start[cell]!; k < g.start[cell + 1]!; k++) {
      const f = g.items[k]!;
      const r = s.run[f]!;
      if (s.dark[f] === 1) {
        if (r <= darkRun) continue;
        if (this.contains(f, x, y)) {
          topDark = f;
          darkRun = r;
        }
      } else if (r > topClear && this.contains(f, x, y)) topClear = r;
    }
    return darkRun > topClear ? topDark : -1;
  }

  inkAt(x: number, y: number): boolean {
    return this.darkFeatureAt(x, y) >= 0;
  }

  /** The latest run of a clear feature covering (x, y), or -1: what was drawn before it is gone. */
  clearRunAt(x: number, y: number): number {
    const s = this.shapes;
    if (!s.hasClear) return -1;
    const g = this.featureGrid;
    const cell = g.cellAt(x, y);
    let top = -1;
    for (let k = g.start[cell]!; k < g.start[cell + 1]!; k++) {
      const f = g.items[k]!;
      if (s.dark[f] === 0 && s.run[f]! > top && this.contains(f, x, y)) top = s.run[f]!;
    }
    return top;
  }
}

/** Union-find over features: copper islands, the nearest thing to nets a Gerber image has. */
export class Islands {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = new Int32Array(size);
    for (let i = 0; i < size; i++) this.parent[i] = i;
  }
  find(a: number): number {
    const p = this.parent;
    let root = a;
    while (p[root] !== root) root = p[root]!;
    while (p[a] !== root) {
      const next = p[a]!;
      p[a] = root;
      a = next;
    }
    return root;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** A point that stands for a feature: the first end of its first element. */
export function featurePoint(shapes: Shapes, f: number): [number, number] {
  const o = shapes.elementStart[f]! * 5;
  return [shapes.element[o]!, shapes.element[o + 1]!];
}
