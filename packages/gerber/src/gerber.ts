/**
 * Gerber RS-274X / X2 reader and plotter in one pass: reads the file word by word and draws into an
 * ImageBuilder, in millimetres. Covers apertures (C, R, O, P, macros, blocks), linear and circular
 * interpolation (G74 single-quadrant, G75 multi-quadrant), regions, polarity, step-and-repeat,
 * aperture transformations (LM, LR, LS), X2 attributes (also as `G04 #@!` comments) and the
 * deprecated commands real CAD tools still write (G54, G55, G70, G71, G90, G91, IP, IN, LN, OF, MI…).
 */
import {
  arcSegments,
  GraphicRecorder,
  orientRings,
  ImageBuilder,
  replay,
  type Graphic,
  type GraphicSink,
  type LayerImage,
} from "./graphics.ts";
import { circlePoints, evaluateMacro, GerberSyntaxError, parseMacro, type Macro } from "./macro.ts";

export type Units = "mm" | "in";

export interface GerberFormat {
  integer: number;
  decimal: number;
  /** Which zeros the file omits: L = leading (the usual), T = trailing. */
  omit: "L" | "T";
  incremental: boolean;
}

/** A centre line the plotter drew (tracks and arcs), kept for the board outline. */
export interface DrawnPath {
  points: number[];
  width: number;
}

export interface GerberPlot {
  image: LayerImage;
  units: Units | null;
  format: GerberFormat | null;
  /** X2 file attributes, e.g. FileFunction → ["Copper", "L1", "Top"]. */
  attributes: Record<string, string[]>;
  /** Aperture functions used (X2 `TA.AperFunction`). */
  apertureFunctions: string[];
  /** Drawn centre lines, only collected when asked for (outline layers). */
  paths: DrawnPath[];
  /** Regions' outlines, also only when asked for. */
  regions: number[][];
  warnings: string[];
  /** Number of graphic objects (flashes, draws, arcs, regions). */
  objects: number;
  /** The deprecated image and layer names (%IN, %LN) some tools fill with the layer's name. */
  names: string[];
  /** The first comments (G04), which often name the layer or the generator. */
  comments: string[];
}

export interface PlotOptions {
  collectPaths?: boolean;
}

interface Aperture {
  /** Shapes around (0, 0) in mm for flashing. */
  shapes: Graphic[];
  /** Stroke behaviour: round with this diameter, or a rectangle swept along the line. */
  draw: { kind: "round"; diameter: number } | { kind: "rect"; width: number; height: number };
}

const INCH = 25.4;

function parseFormat(spec: string): GerberFormat | null {
  // FSLAX24Y24, FSTAX35Y35, FSLIX23Y23, also the odd FSLAN2X34Y34 of old tools.
  const m = /^FS([LTD])?([AI])?(?:N\d+)?(?:G\d+)?(?:D\d+)?(?:M\d+)?X(\d)(\d)Y(\d)(\d)/.exec(spec);
  if (!m) return null;
  return {
    omit: m[1] === "T" ? "T" : "L",
    incremental: m[2] === "I",
    integer: Number(m[3]),
    decimal: Number(m[4]),
  };
}

export function coordinateValue(raw: string, format: GerberFormat): number {
  if (raw.includes(".")) return Number(raw);
  let sign = 1;
  let digits = raw;
  if (digits[0] === "-" || digits[0] === "+") {
    if (digits[0] === "-") sign = -1;
    digits = digits.slice(1);
  }
  if (digits === "") return 0;
  if (format.omit === "T") {
    const total = format.integer + format.decimal;
    if (digits.length < total) digits = digits + "0".repeat(total - digits.length);
    return sign * Number(digits.slice(0, format.integer) + "." + digits.slice(format.integer)) || 0;
  }
  return (sign * Number(digits)) / 10 ** format.decimal;
}

function convexHull(points: number[]): number[] {
  const pts: [number, number][] = [];
  for (let i = 0; i < points.length; i += 2) pts.push([points[i]!, points[i + 1]!]);
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  const hull = lower.slice(0, -1).concat(upper.slice(0, -1));
  return hull.flat();
}

function standardAperture(template: string, params: number[], scale: number): Aperture | null {
  const p = params.map((v) => v * scale);
  const holeRing = (d: number | undefined): number[] | null =>
    d && d > 0 ? circlePoints(0, 0, d / 2, true) : null;
  switch (template) {
    case "C": {
      const d = p[0] ?? 0;
      const hole = holeRing(p[1]);
      const shapes: Graphic[] = hole
        ? [{ kind: "polygon", rings: [circlePoints(0, 0, d / 2), hole], clear: false }]
        : [{ kind: "circle", x: 0, y: 0, r: d / 2, clear: false }];
      return { shapes, draw: { kind: "round", diameter: d } };
    }
    case "R": {
      const w = p[0] ?? 0;
      const h = p[1] ?? w;
      const ring = [-w / 2, -h / 2, w / 2, -h / 2, w / 2, h / 2, -w / 2, h / 2];
      const hole = holeRing(p[2]);
      return {
        shapes: [{ kind: "polygon", rings: hole ? [ring, hole] : [ring], clear: false }],
        draw: { kind: "rect", width: w, height: h },
      };
    }
    case "O": {
      const w = p[0] ?? 0;
      const h = p[1] ?? w;
      const hole = holeRing(p[2]);
      const r = Math.min(w, h) / 2;
      if (!hole) {
        const half = Math.abs(w - h) / 2;
        const points = w >= h ? [-half, 0, half, 0] : [0, -half, 0, half];
        return {
          shapes:
            half === 0
              ? [{ kind: "circle", x: 0, y: 0, r, clear: false }]
              : [{ kind: "stroke", points, width: 2 * r, clear: false }],
          draw: { kind: "round", diameter: 2 * r },
        };
      }
      const ring: number[] = [];
      const n = Math.max(8, arcSegments(r, Math.PI));
      const half = Math.abs(w - h) / 2;
      const centres =
        w >= h
          ? [
              [half, 0, -Math.PI / 2],
              [-half, 0, Math.PI / 2],
            ]
          : [
              [0, half, 0],
              [0, -half, Math.PI],
            ];
      for (const [cx, cy, start] of centres as [number, number, number][]) {
        for (let k = 0; k <= n; k++) {
          const a = start + (Math.PI * k) / n;
          ring.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
        }
      }
      return {
        shapes: [{ kind: "polygon", rings: [ring, hole], clear: false }],
        draw: { kind: "round", diameter: 2 * r },
      };
    }
    case "P": {
      const d = p[0] ?? 0;
      const vertices = Math.max(3, Math.round(params[1] ?? 3));
      const rotation = ((params[2] ?? 0) * Math.PI) / 180;
      const ring: number[] = [];
      for (let k = 0; k < vertices; k++) {
        const a = rotation + (2 * Math.PI * k) / vertices;
        ring.push((d / 2) * Math.cos(a), (d / 2) * Math.sin(a));
      }
      const hole = holeRing(p[3]);
      return {
        shapes: [{ kind: "polygon", rings: hole ? [ring, hole] : [ring], clear: false }],
        draw: { kind: "round", diameter: d },
      };
    }
    default:
      return null;
  }
}

/** Winds every polygon of an aperture once, so flashing it never computes an area again. */
function orientShapes(shapes: Graphic[]): Graphic[] {
  return shapes.map((shape): Graphic => {
    if (shape.kind === "polygon") return { ...shape, rings: orientRings(shape.rings), oriented: true };
    if (shape.kind === "group") return { ...shape, items: orientShapes(shape.items) };
    return shape;
  });
}

function transformShapes(shapes: Graphic[], mirror: string, rotation: number, scale: number): Graphic[] {
  if (mirror === "N" && rotation === 0 && scale === 1) return shapes;
  const a = (rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const mx = mirror.includes("X") ? -1 : 1;
  const my = mirror.includes("Y") ? -1 : 1;
  const map = (pts: number[]) => {
    const out: number[] = [];
    for (let i = 0; i < pts.length; i += 2) {
      const x = pts[i]! * mx * scale;
      const y = pts[i + 1]! * my * scale;
      out.push(x * cos - y * sin, x * sin + y * cos);
    }
    return out;
  };
  return shapes.map((shape): Graphic => {
    switch (shape.kind) {
      case "circle": {
        const [x, y] = map([shape.x, shape.y]);
        return { ...shape, x: x!, y: y!, r: shape.r * scale };
      }
      case "polygon":
        // Mirroring reverses the winding, so the rings are wound again.
        return { ...shape, rings: orientRings(shape.rings.map(map)), oriented: true };
      case "stroke":
        return { ...shape, points: map(shape.points), width: shape.width * scale };
      case "group":
        return { ...shape, items: transformShapes(shape.items, mirror, rotation, scale) };
    }
  });
}

interface StepRepeat {
  recorder: GraphicRecorder;
  x: number;
  y: number;
  i: number;
  j: number;
}

interface Block {
  recorder: GraphicRecorder;
  code: number;
}

const MAX_OBJECTS = 5_000_000;
const MAX_COMMENTS = 400;

const POWERS_OF_TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** Reads a Gerber file and plots it. Throws GerberSyntaxError when the text is not Gerber at all. */
export function plotGerber(text: string, options: PlotOptions = {}): GerberPlot {
  const builder = new ImageBuilder();
  const attributes: Record<string, string[]> = {};
  const apertureFunctions = new Set<string>();
  const warnings: string[] = [];
  const paths: DrawnPath[] = [];
  const regions: number[][] = [];
  const collect = options.collectPaths === true;
  const names: string[] = [];
  const comments: string[] = [];

  let units: Units | null = null;
  let format: GerberFormat | null = null;
  const fallbackFormat: GerberFormat = { integer: 2, decimal: 4, omit: "L", incremental: false };
  const scale = () => (units === "mm" ? 1 : INCH);

  const macros = new Map<string, Macro>();
  const apertures = new Map<number, Aperture>();
  const transformed = new Map<number, Aperture>();
  let current: Aperture | null = null;
  let currentCode = -1;

  let x = 0; // current point in mm
  let y = 0;
  let mode: 1 | 2 | 3 = 1;
  let multiQuadrant = true; // G75 is the default of modern files; G74 switches
  let lastOp = 0;
  let clear = false;
  let mirror = "N";
  let rotation = 0;
  let apertureScale = 1;
  let region = false;
  // Region outlines go into one reusable buffer: contour n spans contourRanges[2n] to contourRanges[2n + 1].
  let regionBuffer = new Float64Array(4096);
  let regionLength = 0;
  let contourStart = -1;
  const contourRanges: number[] = [];
  let objects = 0;
  let sawGerber = false;
  let ended = false;

  const stepRepeats: StepRepeat[] = [];
  const blocks: Block[] = [];
  // Where graphics go: the open aperture block, else the open step-and-repeat, else the image.
  // Kept in a variable (asked for on every object) and updated when a block or repeat opens or closes.
  let currentSink: GraphicSink = builder;
  const updateSink = () => {
    const block = blocks[blocks.length - 1];
    const sr = stepRepeats[stepRepeats.length - 1];
    currentSink = block ? block.recorder : sr ? sr.recorder : builder;
  };
  const sink = (): GraphicSink => currentSink;

  const aperture = (): Aperture | null => {
    if (!current) return null;
    if (mirror === "N" && rotation === 0 && apertureScale === 1) return current;
    const cached = transformed.get(currentCode);
    if (cached) return cached;
    const next: Aperture = {
      shapes: transformShapes(current.shapes, mirror, rotation, apertureScale),
      draw:
        current.draw.kind === "round"
          ? { kind: "round", diameter: current.draw.diameter * apertureScale }
          : rotation % 180 === 90
            ? {
                kind: "rect",
                width: current.draw.height * apertureScale,
                height: current.draw.width * apertureScale,
              }
            : {
                kind: "rect",
                width: current.draw.width * apertureScale,
                height: current.draw.height * apertureScale,
              },
    };
    transformed.set(currentCode, next);
    return next;
  };

  const recordAttribute = (body: string) => {
    // Object attributes (TO, TD) say nothing about the layer: skip them without splitting.
    if (body.charCodeAt(1) !== 70 /* F */ && !body.startsWith("TA.AperFunction")) return;
    // "TF.FileFunction,Copper,L1,Top" / "TA.AperFunction,SMDPad,CuDef" / "TO.N,GND" / "TD"
    const kind = body.slice(0, 2);
    const [name, ...values] = body.slice(2).split(",");
    if (!name) return;
    if (kind === "TF") attributes[name.replace(/^\./, "")] = values;
    else if (kind === "TA" && name === ".AperFunction" && values[0]) apertureFunctions.add(values[0]);
  };

  // Centre lines for the outline search. A draw that goes on from where the previous one ended (with
  // the same aperture) extends that path: outlines become a few long paths instead of a node per
  // segment. A path that came back to its start is closed and never extended.
  let openPath: DrawnPath | null = null;
  const collectPath = (points: number[], width: number) => {
    const last = openPath;
    if (last !== null && last.width === width) {
      const p = last.points;
      const end = p.length;
      const continues = p[end - 2] === points[0] && p[end - 1] === points[1];
      const closed = end > 4 && p[0] === p[end - 2] && p[1] === p[end - 1];
      if (continues && !closed) {
        for (let k = 2; k < points.length; k++) p.push(points[k]!);
        return;
      }
    }
    const path = { points: points.length === 4 ? points : points.slice(), width };
    paths.push(path);
    openPath = path;
  };

  const flash = (px: number, py: number) => {
    const ap = aperture();
    if (!ap) {
      warnings.push("A flash before any aperture was selected was skipped.");
      return;
    }
    const out = sink();
    if (ap.shapes.length === 1 && out === builder) {
      const shape = ap.shapes[0]!;
      if (shape.kind === "circle") {
        builder.circle(px + shape.x, py + shape.y, shape.r, clear);
        return;
      }
    }
    replay(ap.shapes, out, px, py, clear);
  };

  const drawLine = (x0: number, y0: number, x1: number, y1: number) => {
    const ap = aperture();
    if (!ap) {
      warnings.push("A draw before any aperture was selected was skipped.");
      return;
    }
    if (collect) collectPath([x0, y0, x1, y1], ap.draw.kind === "round" ? ap.draw.diameter : 0);
    const out = sink();
    if (ap.draw.kind === "round") {
      if (out === builder) builder.segment(x0, y0, x1, y1, ap.draw.diameter, clear);
      else out.stroke([x0, y0, x1, y1], ap.draw.diameter, clear);
      return;
    }
    const w = ap.draw.width / 2;
    const h = ap.draw.height / 2;
    const corners = [
      x0 - w,
      y0 - h,
      x0 + w,
      y0 - h,
      x0 + w,
      y0 + h,
      x0 - w,
      y0 + h,
      x1 - w,
      y1 - h,
      x1 + w,
      y1 - h,
      x1 + w,
      y1 + h,
      x1 - w,
      y1 + h,
    ];
    out.polygon([convexHull(corners)], clear);
  };

  /** Points along an arc from (x0, y0) to (x1, y1) around (cx, cy); includes both ends. */
  const arcPoints = (
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    cx: number,
    cy: number,
    clockwise: boolean,
  ): number[] => {
    const r0 = Math.hypot(x0 - cx, y0 - cy);
    const r1 = Math.hypot(x1 - cx, y1 - cy);
    const start = Math.atan2(y0 - cy, x0 - cx);
    const end = Math.atan2(y1 - cy, x1 - cx);
    let sweep: number;
    const sameEnds = Math.abs(x0 - x1) < 1e-9 && Math.abs(y0 - y1) < 1e-9;
    if (clockwise) {
      sweep = start - end;
      if (sweep < 0) sweep += 2 * Math.PI;
      if (sameEnds) sweep = multiQuadrant ? 2 * Math.PI : 0;
      sweep = -sweep;
    } else {
      sweep = end - start;
      if (sweep < 0) sweep += 2 * Math.PI;
      if (sameEnds) sweep = multiQuadrant ? 2 * Math.PI : 0;
    }
    const n = arcSegments(Math.max(r0, r1), sweep);
    const points = [x0, y0];
    for (let k = 1; k < n; k++) {
      const t = k / n;
      const a = start + sweep * t;
      const r = r0 + (r1 - r0) * t;
      points.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    points.push(x1, y1);
    return points;
  };

  /** G74: I and J are unsigned; the centre is the one of four candidates that gives a sweep ≤ 90°. */
  const singleQuadrantCentre = (
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    i: number,
    j: number,
    clockwise: boolean,
  ) => {
    let best: [number, number] = [x0 + i, y0 + j];
    let bestError = Infinity;
    for (const [si, sj] of [
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ] as const) {
      const cx = x0 + si * Math.abs(i);
      const cy = y0 + sj * Math.abs(j);
      const start = Math.atan2(y0 - cy, x0 - cx);
      const end = Math.atan2(y1 - cy, x1 - cx);
      let sweep = clockwise ? start - end : end - start;
      if (sweep < 0) sweep += 2 * Math.PI;
      if (sweep > Math.PI / 2 + 1e-6) continue;
      const error = Math.abs(Math.hypot(x0 - cx, y0 - cy) - Math.hypot(x1 - cx, y1 - cy));
      if (error < bestError) {
        bestError = error;
        best = [cx, cy];
      }
    }
    return best;
  };

  const regionPoint = (px: number, py: number) => {
    if (regionLength + 2 > regionBuffer.length) {
      const grown = new Float64Array(regionBuffer.length * 2);
      grown.set(regionBuffer);
      regionBuffer = grown;
    }
    regionBuffer[regionLength++] = px;
    regionBuffer[regionLength++] = py;
  };

  const startContour = (px: number, py: number) => {
    contourStart = regionLength;
    regionPoint(px, py);
  };

  const closeContour = () => {
    if (contourStart >= 0 && regionLength - contourStart >= 6) contourRanges.push(contourStart, regionLength);
    else if (contourStart >= 0) regionLength = contourStart;
    contourStart = -1;
  };

  const endRegion = () => {
    closeContour();
    const out = sink();
    for (let k = 0; k < contourRanges.length; k += 2) {
      const from = contourRanges[k]!;
      const to = contourRanges[k + 1]!;
      // Every contour of a region is filled on its own (union), so each goes as its own polygon.
      if (out === builder) builder.polygonRange(regionBuffer, from, to, clear);
      else out.polygon([Array.from(regionBuffer.subarray(from, to))], clear);
      if (collect) regions.push(Array.from(regionBuffer.subarray(from, to)));
      objects++;
    }
    contourRanges.length = 0;
    regionLength = 0;
    contourStart = -1;
  };

  // Parsed fields of the current operation word (X, Y, I, J, D), filled without allocating.
  const field = new Float64Array(5);
  const present = new Uint8Array(5);
  /**
   * Reads the X, Y, I, J and D fields of an operation word in place, character by character: no
   * substrings, no number parsing of strings (these words are nearly all of a file). Measured on the
   * shared sets, this is as fast as the regular expression engine even before the JIT optimises it,
   * and faster after.
   */
  const parseOperation = (w: string, from: number, length: number) => {
    present[0] = present[1] = present[2] = present[3] = present[4] = 0;
    const fmt = format ?? fallbackFormat;
    const divisor = POWERS_OF_TEN[fmt.decimal] ?? 10 ** fmt.decimal;
    let k = from;
    while (k < length) {
      const letter = w.charCodeAt(k);
      const slot =
        letter === 88
          ? 0
          : letter === 89
            ? 1
            : letter === 73
              ? 2
              : letter === 74
                ? 3
                : letter === 68
                  ? 4
                  : -1;
      k++;
      if (slot < 0) continue;
      let negative = false;
      const first = w.charCodeAt(k);
      if (first === 45 || first === 43) {
        negative = first === 45;
        k++;
      }
      let value = 0;
      let digits = 0;
      let point = -1;
      while (k < length) {
        const c = w.charCodeAt(k);
        if (c >= 48 && c <= 57) {
          value = value * 10 + (c - 48);
          digits++;
          k++;
        } else if (c === 46 && point < 0) {
          point = digits;
          k++;
        } else break;
      }
      if (slot === 4) {
        field[4] = value;
      } else {
        const signed = negative ? -value : value;
        if (point >= 0) field[slot] = signed / (POWERS_OF_TEN[digits - point] ?? 10 ** (digits - point));
        else if (fmt.omit === "T")
          field[slot] = (signed * 10 ** (fmt.integer - digits + fmt.decimal)) / divisor;
        else field[slot] = signed / divisor;
      }
      present[slot] = 1;
    }
  };

  /** An operation word ("X…Y…I…J…D0n"), read straight from the text between from and to. */
  const operate = (word: string, from = 0, to = word.length) => {
    parseOperation(word, from, to);
    const fmt = format ?? fallbackFormat;
    const s = scale();
    let nx = x;
    let ny = y;
    if (fmt.incremental) {
      if (present[0]) nx = x + field[0]! * s;
      if (present[1]) ny = y + field[1]! * s;
    } else {
      if (present[0]) nx = field[0]! * s;
      if (present[1]) ny = field[1]! * s;
    }
    let op = lastOp;
    if (present[4]) {
      const code = field[4]!;
      if (code === 1 || code === 2 || code === 3) op = code;
    }
    if (op === 0) {
      // Coordinates without an operation and no previous one: just move (deprecated files).
      x = nx;
      y = ny;
      return;
    }
    lastOp = op;
    if (++objects > MAX_OBJECTS)
      throw new GerberSyntaxError("The file draws more objects than the viewer accepts.");
    if (op === 2) {
      if (region) closeContour();
      x = nx;
      y = ny;
      return;
    }
    if (op === 3) {
      if (region) warnings.push("A flash inside a region was skipped.");
      else flash(nx, ny);
      x = nx;
      y = ny;
      return;
    }
    // D01: interpolate
    if (mode === 1) {
      if (region) {
        if (contourStart < 0) startContour(x, y);
        regionPoint(nx, ny);
      } else drawLine(x, y, nx, ny);
      x = nx;
      y = ny;
      return;
    }
    const i = present[2] ? field[2]! * s : 0;
    const j = present[3] ? field[3]! * s : 0;
    const clockwise = mode === 2;
    const [cx, cy] = multiQuadrant ? [x + i, y + j] : singleQuadrantCentre(x, y, nx, ny, i, j, clockwise);
    const points = arcPoints(x, y, nx, ny, cx, cy, clockwise);
    if (region) {
      if (contourStart < 0) startContour(x, y);
      for (let k = 2; k < points.length; k += 2) regionPoint(points[k]!, points[k + 1]!);
    } else {
      const ap = aperture();
      if (ap) {
        const width = ap.draw.kind === "round" ? ap.draw.diameter : Math.min(ap.draw.width, ap.draw.height);
        sink().stroke(points, width, clear);
        if (collect) collectPath(points, width);
      }
    }
    x = nx;
    y = ny;
  };

  const selectAperture = (code: number) => {
    const ap = apertures.get(code);
    if (!ap) warnings.push(`Aperture D${code} is used but never defined.`);
    current = ap ?? null;
    currentCode = code;
  };

  const defineAperture = (body: string) => {
    // ADD10C,0.5X0.2 / ADD11ROUNDEDRECTD11,... / ADD12OC8,1.2
    const m = /^ADD(\d+)([^,]+)(?:,(.*))?$/.exec(body);
    if (!m) throw new GerberSyntaxError(`Bad aperture definition "${body}"`);
    const code = Number(m[1]);
    const template = m[2]!;
    const params = m[3] ? m[3].split(/[Xx]/).map((v) => Number(v)) : [];
    if (params.some((v) => Number.isNaN(v))) throw new GerberSyntaxError(`Bad aperture parameters "${body}"`);
    const s = scale();
    let ap = standardAperture(template, params, s);
    if (!ap) {
      const macro = macros.get(template);
      if (!macro) {
        warnings.push(`Aperture D${code} uses an undefined macro ${template}.`);
        ap = { shapes: [], draw: { kind: "round", diameter: 0 } };
      } else {
        const shapes = evaluateMacro(macro, params, s);
        ap = { shapes, draw: { kind: "round", diameter: 0 } };
      }
    }
    apertures.set(code, { ...ap, shapes: orientShapes(ap.shapes) });
    transformed.delete(code);
  };

  const extended = (block: string) => {
    const words = block.split("*");
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!.replace(/[\r\n]+/g, "").trim();
      if (word === "") continue;
      const cmd = word.slice(0, 2);
      switch (cmd) {
        case "FS":
          format = parseFormat(word);
          if (!format) throw new GerberSyntaxError(`Bad format statement "${word}"`);
          sawGerber = true;
          break;
        case "MO":
          units = word.slice(2, 4) === "MM" ? "mm" : "in";
          sawGerber = true;
          break;
        case "AD":
          defineAperture(word);
          sawGerber = true;
          break;
        case "AM": {
          const name = word.slice(2);
          macros.set(name, parseMacro(name, words.slice(w + 1)));
          return;
        }
        case "AB": {
          const code = word.slice(2);
          if (code.startsWith("D")) {
            blocks.push({ recorder: new GraphicRecorder(), code: Number(code.slice(1)) });
            updateSink();
          } else {
            const block = blocks.pop();
            updateSink();
            if (block) {
              apertures.set(block.code, {
                shapes: block.recorder.items,
                draw: { kind: "round", diameter: 0 },
              });
              transformed.delete(block.code);
            }
          }
          break;
        }
        case "LP":
          clear = word[2] === "C";
          break;
        case "LM":
          mirror = word.slice(2) || "N";
          transformed.clear();
          break;
        case "LR":
          rotation = Number(word.slice(2)) || 0;
          transformed.clear();
          break;
        case "LS":
          apertureScale = Number(word.slice(2)) || 1;
          transformed.clear();
          break;
        case "SR": {
          const open = stepRepeats.pop();
          updateSink();
          if (open) {
            for (let ix = 0; ix < open.x; ix++)
              for (let iy = 0; iy < open.y; iy++)
                replay(open.recorder.items, sink(), ix * open.i, iy * open.j, false);
          }
          const m = /X(\d+)Y(\d+)I([\d.]+)J([\d.]+)/.exec(word);
          if (m && (Number(m[1]) > 1 || Number(m[2]) > 1)) {
            const copies = Number(m[1]) * Number(m[2]);
            if (copies > 10_000)
              throw new GerberSyntaxError("Step-and-repeat asks for more copies than the viewer accepts.");
            stepRepeats.push({
              recorder: new GraphicRecorder(),
              x: Number(m[1]),
              y: Number(m[2]),
              i: Number(m[3]) * scale(),
              j: Number(m[4]) * scale(),
            });
            updateSink();
          }
          break;
        }
        case "TF":
        case "TA":
        case "TO":
        case "TD":
          recordAttribute(word);
          break;
        case "IP":
          if (word.slice(2, 5) === "NEG")
            warnings.push("Negative image polarity (IPNEG) is drawn as positive.");
          break;
        case "IN":
        case "LN":
          if (names.length < 8 && word.length > 2) names.push(word.slice(2));
          break;
        default:
          // OF, SF, MI, AS, IR, IJ, G04 inside blocks: nothing to draw.
          break;
      }
    }
  };

  const word = (raw: string) => {
    let w = raw;
    if (w.includes("\n") || w.includes("\r")) w = w.replace(/[\r\n]+/g, "");
    w = w.trim();
    if (w === "") return;
    if (w.startsWith("G04") || w.startsWith("G4 ") || w === "G4") {
      const comment = w.slice(3).trim();
      if (comment.startsWith("#@!")) recordAttribute(comment.slice(3).trim());
      // Allegro's identification record lists every CLASS/SUBCLASS on the film: often over a hundred.
      else if (comments.length < MAX_COMMENTS && comment !== "") comments.push(comment);
      return;
    }
    if (w === "M02" || w === "M00" || w === "M01" || w === "M2" || w === "M0") {
      ended = true;
      return;
    }
    let rest = w;
    // Leading G codes (G01X…, G54D10, G36, G75…), possibly several.
    while (rest[0] === "G") {
      const m = /^G(\d+)/.exec(rest);
      if (!m) break;
      const g = Number(m[1]);
      rest = rest.slice(m[0].length);
      sawGerber = true;
      switch (g) {
        case 1:
          mode = 1;
          break;
        case 2:
          mode = 2;
          break;
        case 3:
          mode = 3;
          break;
        case 36:
          region = true;
          contourRanges.length = 0;
          regionLength = 0;
          contourStart = -1;
          break;
        case 37:
          endRegion();
          region = false;
          break;
        case 74:
          multiQuadrant = false;
          break;
        case 75:
          multiQuadrant = true;
          break;
        case 70:
          units ??= "in";
          break;
        case 71:
          units ??= "mm";
          break;
        case 91:
          if (format) format = { ...format, incremental: true };
          break;
        default:
          // G54/G55 (select/prepare), G90, G10-G12 (linear scaling) need nothing more.
          break;
      }
    }
    if (rest === "") return;
    const c = rest[0];
    if (c === "D" && /^D\d+$/.test(rest)) {
      const code = Number(rest.slice(1));
      if (code >= 10) selectAperture(code);
      // A bare D01/D02/D03 operates at the current point (Altium writes "X…Y…D02*" then "D03*").
      else if (code >= 1 && code <= 3) operate(rest);
      return;
    }
    if (c === "X" || c === "Y" || c === "I" || c === "J" || c === "D") {
      sawGerber = true;
      operate(rest);
      return;
    }
    if (c === "M") return;
    if (c === "N") return; // sequence numbers of ancient files
    throw new GerberSyntaxError(`Unknown command "${w.slice(0, 40)}"`);
  };

  /**
   * "G01X…Y…D01", "G03X…Y…I…J…D01": many tools put the interpolation mode in front of every draw.
   * Read in place like a bare operation; anything else goes the general way (false).
   */
  const fastInterpolation = (w: string, from: number, to: number): boolean => {
    let k = from + 1;
    let g = 0;
    while (k < to) {
      const c = w.charCodeAt(k);
      if (c < 48 || c > 57) break;
      g = g * 10 + (c - 48);
      k++;
    }
    if (k === from + 1 || k >= to || g < 1 || g > 3) return false;
    const next = w.charCodeAt(k);
    if (next !== 88 && next !== 89 && next !== 73 && next !== 74 && next !== 68) return false;
    mode = g as 1 | 2 | 3;
    sawGerber = true;
    operate(w, k, to);
    return true;
  };

  const n = text.length;
  let i = 0;
  // Position of the next '%' (searched again only once passed; 2^32-1 when there is none).
  let nextPercent = -1;
  while (i < n && !ended) {
    const ch = text.charCodeAt(i);
    if (ch === 37 /* % */) {
      const close = text.indexOf("%", i + 1);
      const end = close < 0 ? n : close;
      extended(text.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    if (ch === 10 || ch === 13 || ch === 32 || ch === 9) {
      i++;
      continue;
    }
    const star = text.indexOf("*", i);
    if (star < 0) {
      // Not one '*' in the whole file: a report or an aperture list (TARGET's .Apr, .Whl), not Gerber.
      if (!sawGerber) break;
      const tail = text.slice(i).trim();
      if (tail !== "") word(tail);
      break;
    }
    // A '%' before the '*' means a word lost its terminator; end the word there.
    if (nextPercent < i) nextPercent = text.indexOf("%", i) >>> 0;
    const percent = nextPercent;
    if (percent < star) {
      word(text.slice(i, percent));
      i = percent;
      continue;
    }
    // The bulk of every file is "X…Y…D0n" words: read them in place, without a substring. Line
    // breaks inside such a word are skipped by the number reader like any other letter.
    if (ch === 88 /* X */ || ch === 89 /* Y */) {
      sawGerber = true;
      operate(text, i, star);
    } else if (ch === 68 /* D */) {
      // "Dnn": select an aperture, or a bare D01/D02/D03 at the current point.
      let code = 0;
      let k = i + 1;
      while (k < star) {
        const c = text.charCodeAt(k);
        if (c < 48 || c > 57) break;
        code = code * 10 + (c - 48);
        k++;
      }
      if (k === star && k > i + 1) {
        if (code >= 10) selectAperture(code);
        else if (code >= 1 && code <= 3) operate(text, i, star);
      } else word(text.slice(i, star));
    } else if (ch === 71 /* G */ && fastInterpolation(text, i, star)) {
      // done in place
    } else word(text.slice(i, star));
    i = star + 1;
  }
  if (region) endRegion();
  while (stepRepeats.length > 0) extended("SR");
  if (!sawGerber) throw new GerberSyntaxError("No Gerber commands found.");
  return {
    image: builder.finish(),
    units,
    format,
    attributes,
    apertureFunctions: [...apertureFunctions],
    paths,
    regions,
    warnings: [...new Set(warnings)],
    objects,
    names,
    comments,
  };
}

/** The identifying bits of a Gerber file's head, without plotting it: attributes, names, comments. */
export function sniffGerber(text: string): {
  attributes: Record<string, string[]>;
  names: string[];
  comments: string[];
} {
  // Allegro's identification record, X2 attributes and layer names all sit at the top of the file.
  const head = text.slice(0, 20_000);
  const attributes: Record<string, string[]> = {};
  for (const m of head.matchAll(/(?:%|G04 #@! )TF\.?([A-Za-z]+),([^*%]*)\*/g))
    attributes[m[1]!] = m[2]!.split(",");
  const names = [...head.matchAll(/%(?:IN|LN)([^*%]+)\*/g)].slice(0, 8).map((m) => m[1]!);
  const comments = [...head.matchAll(/G04 ?([^*#][^*]*)\*/g)].slice(0, MAX_COMMENTS).map((m) => m[1]!.trim());
  return { attributes, names, comments };
}
