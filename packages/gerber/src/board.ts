/**
 * A whole board from a set of files: decode, tell Gerber from Excellon from the rest, plot each file,
 * identify its layer, find the board outline (closing small gaps) and the board size.
 */
import { plotExcellon, looksLikeExcellon, type DrillTool } from "./excellon.ts";
import { plotGerber, sniffGerber, type DrawnPath } from "./gerber.ts";
import {
  emptyBox,
  isEmptyBox,
  OP,
  OP_ARGUMENTS,
  reverseRing,
  type Box,
  type LayerImage,
} from "./graphics.ts";
import {
  identifyByContent,
  identifyByName,
  layerOrder,
  type LayerId,
  type LayerSide,
  type LayerType,
} from "./identify.ts";
import { decodeText } from "./text.ts";

export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

export interface BoardLayer {
  /** Stable id within the board: the file's name. */
  id: string;
  fileName: string;
  identity: LayerId;
  type: LayerType;
  side: LayerSide;
  image: LayerImage;
  units: "mm" | "in" | null;
  format: string | null;
  generator: string | null;
  tools?: DrillTool[];
  warnings: string[];
}

export interface SkippedFile {
  fileName: string;
  reason: "not-a-layer" | "unreadable" | "job";
  message: string;
}

export interface Board {
  layers: BoardLayer[];
  skipped: SkippedFile[];
  /** Closed outline loops in mm, the board first (largest), then cut-outs. */
  outline: number[][];
  /** Extent of the board: of the outline when there is one, else of everything drawn. */
  bounds: Box;
  width: number;
  height: number;
  copperLayers: number;
  /** How the size was found. */
  sizeSource: "outline" | "layers" | "none";
  /** The layer the outline was taken from. */
  outlineLayer: string | null;
}

const OUTLINE_GAP = 0.2; // mm: ends closer than this are joined when closing the outline
const ENCLOSE_TOLERANCE = 1;
const MIN_CUTOUT_AREA = 0.5; // mm²: smaller closed loops on an outline layer are marks, not cut-outs

/** Centres of the drilled holes (circles of the drill layers). */
function holeCentres(layers: BoardLayer[]): [number, number][] {
  const centres: [number, number][] = [];
  for (const layer of layers) {
    if (layer.type !== "drill") continue;
    const ops = layer.image.ops;
    for (let i = 0; i < ops.length;) {
      const op = ops[i]!;
      if (op === OP.CIRCLE) centres.push([ops[i + 1]!, ops[i + 2]!]);
      i += 1 + (OP_ARGUMENTS[op] ?? 0);
    }
  }
  return centres;
}

/** Even-odd ray casting: is (x, y) inside the flat ring? */
export function pointInRing(ring: number[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const xi = ring[i]!;
    const yi = ring[i + 1]!;
    const xj = ring[j]!;
    const yj = ring[j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
} // mm: copper may reach this far past the outline (edge plating, castellations)

/** A node key for a point on a 1 µm grid (±2 m), as one number: cheaper than strings in a Map. */
function keyOf(x: number, y: number): number {
  return (Math.round(x * 1000) + 2_097_152) * 4_194_304 + (Math.round(y * 1000) + 2_097_152);
}

/**
 * Chains drawn paths into closed loops. Ends closer than OUTLINE_GAP are joined (CAD tools leave
 * small gaps), dangling pieces (dimension lines, marks) are pruned, and what remains is walked
 * into loops. Filled regions count as loops of their own.
 */
export function closeLoops(paths: DrawnPath[], regions: number[][] = []): number[][] {
  const loops: number[][] = regions.filter((r) => r.length >= 6).map((r) => r.slice());
  type Node = { x: number; y: number; pieces: number[] };
  const nodes = new Map<number, Node>();
  const pieces: { points: number[]; a: number; b: number; alive: boolean }[] = [];
  const nodeAt = (x: number, y: number): number => {
    const key = keyOf(x, y);
    if (!nodes.has(key)) nodes.set(key, { x, y, pieces: [] });
    return key;
  };
  for (const path of paths) {
    const p = path.points;
    if (p.length < 4) continue;
    const a = nodeAt(p[0]!, p[1]!);
    const b = nodeAt(p[p.length - 2]!, p[p.length - 1]!);
    if (a === b && p.length < 8) continue;
    const index = pieces.length;
    pieces.push({ points: p, a, b, alive: true });
    nodes.get(a)!.pieces.push(index);
    nodes.get(b)!.pieces.push(index);
  }
  // Join loose ends within the gap tolerance (a spatial grid keeps this linear).
  const loose = [...nodes.entries()].filter(([, node]) => node.pieces.length === 1);
  const grid = new Map<string, number[]>();
  const cell = (v: number) => Math.floor(v / OUTLINE_GAP);
  for (const [key, node] of loose) {
    const k = `${cell(node.x)},${cell(node.y)}`;
    const list = grid.get(k);
    if (list) list.push(key);
    else grid.set(k, [key]);
  }
  const joined = new Set<number>();
  for (const [key, node] of loose) {
    if (joined.has(key)) continue;
    let best: number | null = null;
    let bestDistance = OUTLINE_GAP;
    const own = pieces[node.pieces[0]!]!;
    const otherEnd = own.a === key ? own.b : own.a;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const candidate of grid.get(`${cell(node.x) + dx},${cell(node.y) + dy}`) ?? []) {
          if (candidate === key || candidate === otherEnd || joined.has(candidate)) continue;
          const other = nodes.get(candidate)!;
          const distance = Math.hypot(other.x - node.x, other.y - node.y);
          if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
          }
        }
    if (best !== null) {
      const other = nodes.get(best)!;
      const index = pieces.length;
      pieces.push({ points: [node.x, node.y, other.x, other.y], a: key, b: best, alive: true });
      node.pieces.push(index);
      other.pieces.push(index);
      joined.add(key);
      joined.add(best);
    }
  }
  // Prune pieces that hang from a dead end, repeatedly.
  const degree = new Map<number, number>();
  for (const [key, node] of nodes) degree.set(key, node.pieces.length);
  const queue = [...nodes.keys()].filter((key) => degree.get(key) === 1);
  while (queue.length > 0) {
    const key = queue.pop()!;
    for (const index of nodes.get(key)!.pieces) {
      const piece = pieces[index]!;
      if (!piece.alive) continue;
      piece.alive = false;
      degree.set(piece.a, degree.get(piece.a)! - 1);
      degree.set(piece.b, degree.get(piece.b)! - 1);
      const other = piece.a === key ? piece.b : piece.a;
      if (degree.get(other) === 1) queue.push(other);
    }
  }
  // Walk the remaining pieces into loops.
  const used = new Uint8Array(pieces.length);
  for (let start = 0; start < pieces.length; start++) {
    const first = pieces[start]!;
    if (!first.alive || used[start]) continue;
    used[start] = 1;
    const chain = first.points.slice();
    const origin = first.a;
    let at = first.b;
    let closed = at === origin;
    while (!closed) {
      const next = nodes.get(at)!.pieces.find((i) => pieces[i]!.alive && !used[i]);
      if (next === undefined) break;
      used[next] = 1;
      const piece = pieces[next]!;
      const pts = piece.a === at ? piece.points : reverseRing(piece.points);
      for (let k = 2; k < pts.length; k++) chain.push(pts[k]!);
      at = piece.a === at ? piece.b : piece.a;
      closed = at === origin;
    }
    if (closed && chain.length >= 8) loops.push(chain.slice(0, -2));
  }
  return loops;
}

export function boxOfPoints(points: number[], box: Box = emptyBox()): Box {
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return box;
}

const boxArea = (b: Box) => (isEmptyBox(b) ? 0 : (b[2] - b[0]) * (b[3] - b[1]));

export interface BuildOptions {
  /** Manual layer choices by file name, overriding identification. */
  overrides?: Record<string, { type: LayerType; side: LayerSide } | null>;
}

/** Plots and identifies every file of a board. */
export function buildBoard(files: InputFile[], options: BuildOptions = {}): Board {
  const layers: BoardLayer[] = [];
  const skipped: SkippedFile[] = [];
  const outlinePaths = new Map<string, { paths: DrawnPath[]; regions: number[][] }>();

  for (const file of files) {
    const base = file.name.split(/[\\/]/).pop() ?? file.name;
    const decoded = decodeText(file.bytes);
    if (decoded === null) {
      skipped.push({
        fileName: file.name,
        reason: "unreadable",
        message: "Binary data, not a Gerber or drill file.",
      });
      continue;
    }
    const text = decoded;
    if (/\.gbrjob$/i.test(base) || /^\s*\{\s*"Header"/.test(text)) {
      skipped.push({
        fileName: file.name,
        reason: "job",
        message: "Gerber job file (read for information only).",
      });
      continue;
    }
    const override = options.overrides?.[file.name];
    if (override === null) {
      skipped.push({ fileName: file.name, reason: "not-a-layer", message: "Left out by hand." });
      continue;
    }
    try {
      if (looksLikeExcellon(text)) {
        const drill = plotExcellon(text);
        const byName = identifyByName(base);
        const plated = drill.plated ?? (byName?.type === "drill" ? byName.plated : undefined);
        const id: LayerId = override
          ? { ...override, source: "user" }
          : {
              type: "drill",
              side: "all",
              ...(plated !== undefined && plated !== null ? { plated } : {}),
              source: "content",
            };
        layers.push({
          id: file.name,
          fileName: file.name,
          identity: id,
          type: id.type,
          side: id.side,
          image: drill.image,
          units: drill.units,
          format: null,
          generator: drill.generator,
          tools: drill.tools.map((tool) => ({ ...tool, plated: tool.plated ?? id.plated ?? null })),
          warnings: drill.warnings,
        });
        continue;
      }
      // Centre lines are only needed where an outline may be: outline, drawing and unknown layers.
      const sniffed = identifyByContent(sniffGerber(text)) ?? identifyByName(base);
      const plot = plotGerber(text, {
        collectPaths: !sniffed || sniffed.type === "outline" || sniffed.type === "drawing",
      });
      const content = identifyByContent({
        attributes: plot.attributes,
        names: plot.names,
        comments: plot.comments,
      });
      const byName = identifyByName(base);
      let id: LayerId | null = override
        ? { ...override, source: "user" }
        : content
          ? { ...content, source: "content" }
          : byName
            ? { ...byName, source: "name" }
            : null;
      // A drill file in Gerber form (X2 Plated/NonPlated) is still a drill layer.
      if (!id && plot.apertureFunctions.includes("Profile"))
        id = { type: "outline", side: "all", source: "content" };
      const generator =
        plot.attributes.GenerationSoftware?.join(" ") ??
        plot.comments.find((c) =>
          /EAGLE|KiCad|PCBNEW|Altium|EasyEDA|DipTrace|Allegro|PADS|Mentor|TARGET|Proteus|OrCAD|Fritzing|Pulsonix|CircuitMaker/i.test(
            c,
          ),
        ) ??
        null;
      const fmt = plot.format ? `${plot.format.integer}.${plot.format.decimal}` : null;
      layers.push({
        id: file.name,
        fileName: file.name,
        identity: id ?? { type: "drawing", side: "all", source: "geometry" },
        type: id?.type ?? "drawing",
        side: id?.side ?? "all",
        image: plot.image,
        units: plot.units,
        format: fmt,
        generator,
        warnings: plot.warnings,
      });
      outlinePaths.set(file.name, { paths: plot.paths, regions: plot.regions });
    } catch (error) {
      skipped.push({
        fileName: file.name,
        reason: "not-a-layer",
        message: error instanceof Error ? error.message : "Not a Gerber or drill file.",
      });
    }
  }

  // The board outline: the smallest closed loop that encloses all holes (all copper when there are no
  // holes, everything drawn when there is neither), looked for in the outline layers first, then in the drawing and mechanical layers
  // (a panel frame often sits on a mechanical layer, the outline layer holding the single boards).
  // Holes are always inside the board, while copper layers sometimes carry marks outside it.
  const reference = emptyBox();
  const drawn = (type: LayerType) =>
    layers.filter((layer) => layer.type === type && !isEmptyBox(layer.image.bounds));
  const referenceLayers = [drawn("drill"), drawn("copper"), layers].find((list) => list.length > 0) ?? [];
  for (const layer of referenceLayers) {
    const b = layer.image.bounds;
    if (!isEmptyBox(b)) boxOfPoints([b[0], b[1], b[2], b[3]], reference);
  }
  const encloses = (box: Box) =>
    !isEmptyBox(reference) &&
    box[0] <= reference[0] + ENCLOSE_TOLERANCE &&
    box[1] <= reference[1] + ENCLOSE_TOLERANCE &&
    box[2] >= reference[2] - ENCLOSE_TOLERANCE &&
    box[3] >= reference[3] - ENCLOSE_TOLERANCE;
  type Candidate = { layer: BoardLayer; loops: number[][]; box: Box };
  const candidatesOf = (type: LayerType): Candidate[] =>
    layers
      .filter((layer) => layer.type === type)
      .flatMap((layer) => {
        const data = outlinePaths.get(layer.id);
        const loops = closeLoops(data?.paths ?? [], data?.regions ?? []);
        return loops.map((loop) => ({ layer, loops, box: boxOfPoints(loop) }));
      });
  const smallestEnclosing = (candidates: Candidate[]) =>
    candidates.filter((c) => encloses(c.box)).sort((a, b) => boxArea(a.box) - boxArea(b.box))[0] ?? null;
  const fromOutline = smallestEnclosing(candidatesOf("outline"));
  // Drawing layers are only searched when the outline layers give nothing or something far larger
  // than the holes' extent (a title block, a dimensioned drawing).
  const suspicious = !fromOutline || boxArea(fromOutline.box) > 2 * boxArea(reference);
  const fromDrawing = suspicious ? smallestEnclosing(candidatesOf("drawing")) : null;
  let chosen = fromOutline;
  if (!chosen || (fromDrawing && boxArea(chosen.box) > 2 * boxArea(fromDrawing.box)))
    chosen = fromDrawing ?? chosen;
  let outline: number[][] = [];
  let bounds = emptyBox();
  let sizeSource: Board["sizeSource"] = "none";
  let outlineLayer: string | null = null;
  if (chosen) {
    const board = chosen.box;
    // Cut-outs: loops of a real outline layer inside the board, of some size, with no hole in them.
    // A loop on a mechanical or drawing layer is a drawing (text, a board of a panel), never a cut-out.
    const holes = chosen.layer.type === "outline" ? holeCentres(layers) : [];
    const inside =
      chosen.layer.type !== "outline"
        ? []
        : chosen.loops
            .map((loop) => ({ loop, box: boxOfPoints(loop) }))
            .filter(
              ({ loop, box }) =>
                box !== board &&
                box[0] > board[0] - 1e-6 &&
                box[1] > board[1] - 1e-6 &&
                box[2] < board[2] + 1e-6 &&
                box[3] < board[3] + 1e-6 &&
                boxArea(box) < boxArea(board) &&
                boxArea(box) >= MIN_CUTOUT_AREA &&
                !holes.some(
                  ([x, y]) => x > box[0] && x < box[2] && y > box[1] && y < box[3] && pointInRing(loop, x, y),
                ),
            );
    outline = [
      chosen.loops.find((loop) => boxOfPoints(loop).every((v, i) => v === board[i]))!,
      ...inside.map((entry) => entry.loop),
    ];
    bounds = board;
    sizeSource = "outline";
    outlineLayer = chosen.layer.id;
    if (chosen.layer.identity.source === "geometry") {
      chosen.layer.identity = { type: "outline", side: "all", source: "geometry" };
      chosen.layer.type = "outline";
    }
  } else {
    const outlines = layers.filter((layer) => layer.type === "outline");
    for (const layer of outlines.length > 0 ? outlines : layers) {
      const b = layer.image.bounds;
      if (!isEmptyBox(b)) boxOfPoints([b[0], b[1], b[2], b[3]], bounds);
    }
    if (!isEmptyBox(bounds)) sizeSource = "layers";
  }
  layers.sort(
    (a, b) => layerOrder(a.identity) - layerOrder(b.identity) || a.fileName.localeCompare(b.fileName),
  );
  const copperLayers = layers.filter((layer) => layer.type === "copper").length;
  return {
    layers,
    skipped,
    outline,
    bounds,
    width: isEmptyBox(bounds) ? 0 : bounds[2] - bounds[0],
    height: isEmptyBox(bounds) ? 0 : bounds[3] - bounds[1],
    copperLayers,
    sizeSource,
    outlineLayer,
  };
}
