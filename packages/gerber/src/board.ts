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
  identifyByName,
  identifyLayer,
  layerOrder,
  nameEvidence,
  numberCopperLayers,
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

/**
 * Points on a 1 µm grid to dense node numbers, in an open-addressing hash table of int32 pairs: the
 * number keys of a Map were doubles (slow to hash) and every node an object.
 */
class PointTable {
  private keys: Int32Array;
  private ids: Int32Array;
  private mask: number;
  count = 0;
  xs: Float64Array;
  ys: Float64Array;

  constructor(expected: number) {
    let size = 16;
    while (size < expected * 2) size *= 2;
    this.keys = new Int32Array(size * 2);
    this.ids = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.xs = new Float64Array(Math.max(16, expected));
    this.ys = new Float64Array(Math.max(16, expected));
  }

  /** The node at (x, y), made when new. */
  id(x: number, y: number, qx: number, qy: number): number {
    let slot = (Math.imul(qx, 73856093) ^ Math.imul(qy, 19349663)) & this.mask;
    for (;;) {
      const found = this.ids[slot]!;
      if (found < 0) break;
      if (this.keys[2 * slot] === qx && this.keys[2 * slot + 1] === qy) return found;
      slot = (slot + 1) & this.mask;
    }
    if (this.count * 2 >= this.ids.length) {
      this.grow();
      return this.id(x, y, qx, qy);
    }
    const id = this.count++;
    this.ids[slot] = id;
    this.keys[2 * slot] = qx;
    this.keys[2 * slot + 1] = qy;
    if (id >= this.xs.length) {
      const xs = new Float64Array(this.xs.length * 2);
      xs.set(this.xs);
      this.xs = xs;
      const ys = new Float64Array(this.ys.length * 2);
      ys.set(this.ys);
      this.ys = ys;
    }
    this.xs[id] = x;
    this.ys[id] = y;
    return id;
  }

  private grow() {
    const keys = this.keys;
    const ids = this.ids;
    this.keys = new Int32Array(keys.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(-1);
    this.mask = this.ids.length - 1;
    for (let slot = 0; slot < ids.length; slot++) {
      const id = ids[slot]!;
      if (id < 0) continue;
      const qx = keys[2 * slot]!;
      const qy = keys[2 * slot + 1]!;
      let to = (Math.imul(qx, 73856093) ^ Math.imul(qy, 19349663)) & this.mask;
      while (this.ids[to]! >= 0) to = (to + 1) & this.mask;
      this.ids[to] = id;
      this.keys[2 * to] = qx;
      this.keys[2 * to + 1] = qy;
    }
  }
}

/**
 * Chains drawn paths into closed loops. Ends closer than OUTLINE_GAP are joined (CAD tools leave
 * small gaps), dangling pieces (dimension lines, marks) are pruned, and what remains is walked
 * into loops. Filled regions count as loops of their own.
 */
export function closeLoops(paths: DrawnPath[], regions: number[][] = []): number[][] {
  const loops: number[][] = regions.filter((r) => r.length >= 6).map((r) => r.slice());
  // Every vertex gets a node number; a vertex two paths share (or one path twice) is a junction.
  // Paths are split at junctions inside them, so a path that passes through the end of another (a
  // T) still connects; their other vertices never become nodes of the graph.
  let vertexCount = 0;
  for (const path of paths) vertexCount += path.points.length >> 1;
  const table = new PointTable(vertexCount + 16);
  const vertexIds = new Int32Array(vertexCount);
  let hits = new Int32Array(vertexCount + 16);
  let v = 0;
  for (const path of paths) {
    const p = path.points;
    for (let k = 0; k < p.length; k += 2) {
      const x = p[k]!;
      const y = p[k + 1]!;
      const id = table.id(x, y, Math.round(x * 1000), Math.round(y * 1000));
      if (id >= hits.length) {
        const grown = new Int32Array(hits.length * 2);
        grown.set(hits);
        hits = grown;
      }
      hits[id]!++;
      vertexIds[v++] = id;
    }
  }
  const pieceA: number[] = [];
  const pieceB: number[] = [];
  const piecePoints: number[][] = [];
  v = 0;
  for (const path of paths) {
    const p = path.points;
    const count = p.length >> 1;
    const first = v;
    v += count;
    if (count < 2) continue;
    let from = 0;
    for (let k = 1; k < count; k++) {
      const id = vertexIds[first + k]!;
      if (k < count - 1 && hits[id]! < 2) continue;
      const a = vertexIds[first + from]!;
      const points = from === 0 && k === count - 1 ? p : p.slice(2 * from, 2 * k + 2);
      if (a === id) {
        // A piece that closes on itself is a loop already; a dot is nothing.
        if (points.length >= 8) loops.push(points.slice(0, -2));
      } else {
        pieceA.push(a);
        pieceB.push(id);
        piecePoints.push(points);
      }
      from = k;
    }
  }
  let degree = new Int32Array(table.count);
  for (let i = 0; i < pieceA.length; i++) {
    degree[pieceA[i]!]!++;
    degree[pieceB[i]!]!++;
  }
  // Join loose ends within the gap tolerance (a grid of cells keeps this linear).
  const cell = (v: number) => Math.floor(v / OUTLINE_GAP);
  const grid = new Map<number, number[]>();
  // Cells of 0.2 mm: a key that stays a small integer for boards up to 2 m across.
  const cellKey = (cx: number, cy: number) => ((cx + 5000) * 10_007 + (cy + 5000)) | 0;
  const otherEnd = new Int32Array(table.count).fill(-1);
  for (let i = 0; i < pieceA.length; i++) {
    otherEnd[pieceA[i]!] = pieceB[i]!;
    otherEnd[pieceB[i]!] = pieceA[i]!;
  }
  const loose: number[] = [];
  for (let node = 0; node < table.count; node++) {
    if (degree[node] !== 1) continue;
    loose.push(node);
    const key = cellKey(cell(table.xs[node]!), cell(table.ys[node]!));
    const list = grid.get(key);
    if (list) list.push(node);
    else grid.set(key, [node]);
  }
  const joined = new Uint8Array(table.count);
  for (const node of loose) {
    if (joined[node]) continue;
    const x = table.xs[node]!;
    const y = table.ys[node]!;
    let best = -1;
    let bestDistance = OUTLINE_GAP * OUTLINE_GAP;
    const cx = cell(x);
    const cy = cell(y);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const list = grid.get(cellKey(cx + dx, cy + dy));
        if (list === undefined) continue;
        for (let k = 0; k < list.length; k++) {
          const candidate = list[k]!;
          if (candidate === node || candidate === otherEnd[node] || joined[candidate]) continue;
          const ex = table.xs[candidate]! - x;
          const ey = table.ys[candidate]! - y;
          const distance = ex * ex + ey * ey;
          if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
          }
        }
      }
    if (best >= 0) {
      pieceA.push(node);
      pieceB.push(best);
      piecePoints.push([x, y, table.xs[best]!, table.ys[best]!]);
      degree[node]!++;
      degree[best]!++;
      joined[node] = 1;
      joined[best] = 1;
    }
  }
  // Pieces at each node, in compressed rows.
  const pieces = pieceA.length;
  const start = new Int32Array(table.count + 1);
  for (let node = 0; node < table.count; node++) start[node + 1] = start[node]! + degree[node]!;
  const fill = start.slice(0, table.count);
  const at = new Int32Array(2 * pieces);
  for (let i = 0; i < pieces; i++) {
    at[fill[pieceA[i]!]!++] = i;
    at[fill[pieceB[i]!]!++] = i;
  }
  // Prune pieces that hang from a dead end, repeatedly.
  degree = degree.slice();
  const alive = new Uint8Array(pieces).fill(1);
  const queue: number[] = [];
  for (let node = 0; node < table.count; node++) if (degree[node] === 1) queue.push(node);
  while (queue.length > 0) {
    const node = queue.pop()!;
    for (let k = start[node]!; k < start[node + 1]!; k++) {
      const piece = at[k]!;
      if (!alive[piece]) continue;
      alive[piece] = 0;
      degree[pieceA[piece]!]!--;
      degree[pieceB[piece]!]!--;
      const other = pieceA[piece] === node ? pieceB[piece]! : pieceA[piece]!;
      if (degree[other] === 1) queue.push(other);
    }
  }
  // Walk the remaining pieces into loops.
  const used = new Uint8Array(pieces);
  for (let first = 0; first < pieces; first++) {
    if (!alive[first] || used[first]) continue;
    used[first] = 1;
    const chain = piecePoints[first]!.slice();
    const origin = pieceA[first]!;
    let node = pieceB[first]!;
    let closed = node === origin;
    while (!closed) {
      let next = -1;
      for (let k = start[node]!; k < start[node + 1]!; k++) {
        const piece = at[k]!;
        if (alive[piece] && !used[piece]) {
          next = piece;
          break;
        }
      }
      if (next < 0) break;
      used[next] = 1;
      const forward = pieceA[next] === node;
      const pts = forward ? piecePoints[next]! : reverseRing(piecePoints[next]!);
      for (let k = 2; k < pts.length; k++) chain.push(pts[k]!);
      node = forward ? pieceB[next]! : pieceA[next]!;
      closed = node === origin;
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
  const numbered = new Set<string>();

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
      // A specific name settles that unless the head holds certain content (X2, Allegro's record),
      // which saves reading the head again for most files.
      const named = nameEvidence(base);
      const certain = /FileFunction|FILE IDENTIFICATION RECORD|File Origin/.test(text.slice(0, 20_000));
      const sniffed =
        named && !named.numbered && !certain ? named.id : identifyLayer(base, sniffGerber(text));
      const plot = plotGerber(text, {
        collectPaths: !sniffed || sniffed.type === "outline" || sniffed.type === "drawing",
      });
      const found = identifyLayer(base, {
        attributes: plot.attributes,
        names: plot.names,
        comments: plot.comments,
      });
      if (found?.numbered) numbered.add(file.name);
      let id: LayerId | null = override
        ? { ...override, source: "user" }
        : found
          ? {
              type: found.type,
              side: found.side,
              ...(found.index ? { index: found.index } : {}),
              ...(found.plated !== undefined ? { plated: found.plated } : {}),
              source: found.source,
            }
          : null;
      // A Gerber file named like a drill file is a drill drawing, unless its X2 file function says
      // it holds the holes themselves (Plated / NonPlated).
      if (id?.type === "drill" && id.source === "name") id = { type: "drawing", side: "all", source: "name" };
      if (!id && plot.apertureFunctions.includes("Profile"))
        id = { type: "outline", side: "all", source: "content" };
      const generator =
        plot.attributes.GenerationSoftware?.join(" ") ??
        plot.comments.find((c) =>
          /EAGLE|KiCad|PCBNEW|Altium|EasyEDA|DipTrace|Allegro|PADS|Mentor|Xpedition|TARGET|Proteus|OrCAD|Fritzing|Pulsonix|CircuitMaker|LibrePCB|Horizon|pcb-rnd|Creator: pcb|Zuken|CADSTAR|DesignSpark|Upverter/i.test(
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

  // Copper layers known only by their number: the highest one is the bottom when nothing else is.
  const renumbered = numberCopperLayers(
    layers.map((layer) => ({
      fileName: layer.fileName,
      type: layer.type,
      side: layer.side,
      ...(layer.identity.index !== undefined ? { index: layer.identity.index } : {}),
      numbered: numbered.has(layer.fileName),
    })),
  );
  for (const layer of layers) {
    const change = renumbered.get(layer.fileName);
    if (!change || layer.identity.source === "user") continue;
    layer.side = change.side;
    layer.identity = { ...layer.identity, side: change.side };
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
  // A loop is the board when it holds the holes: all of them, or all but a few tooling holes
  // outside the board (Allegro panels put them on the rails). Without holes, the reference box.
  const centres = holeCentres(layers);
  const allowedOutside = centres.length >= 50 ? Math.floor(centres.length * 0.02) : 0;
  const encloses = (box: Box) => {
    if (isEmptyBox(reference)) return false;
    if (centres.length === 0)
      return (
        box[0] <= reference[0] + ENCLOSE_TOLERANCE &&
        box[1] <= reference[1] + ENCLOSE_TOLERANCE &&
        box[2] >= reference[2] - ENCLOSE_TOLERANCE &&
        box[3] >= reference[3] - ENCLOSE_TOLERANCE
      );
    let outside = 0;
    for (const [x, y] of centres) {
      if (
        x < box[0] - ENCLOSE_TOLERANCE ||
        x > box[2] + ENCLOSE_TOLERANCE ||
        y < box[1] - ENCLOSE_TOLERANCE ||
        y > box[3] + ENCLOSE_TOLERANCE
      )
        if (++outside > allowedOutside) return false;
    }
    return true;
  };
  type Candidate = { layer: BoardLayer; loops: number[][]; box: Box };
  // The smallest loop of the given layers that holds the holes. A layer whose whole extent does not
  // hold them has no such loop: its paths are never chained. Layers are searched smallest first, and
  // the search stops at a loop no larger than twice the holes' extent: drawings with text, symbols
  // and title blocks are the costly part, and an assembly drawing after the fabrication drawing
  // only finds the same board again.
  const smallestEnclosing = (type: LayerType): Candidate | null => {
    let best: Candidate | null = null;
    const searched = layers
      .filter((layer) => layer.type === type && encloses(layer.image.bounds))
      .sort((a, b) => a.image.ops.length - b.image.ops.length);
    for (const layer of searched) {
      const data = outlinePaths.get(layer.id);
      const loops = closeLoops(data?.paths ?? [], data?.regions ?? []);
      // Smallest first, so that only the loops up to the first that encloses are tested.
      const found = loops
        .map((loop) => ({ layer, loops, box: boxOfPoints(loop) }))
        .sort((a, b) => boxArea(a.box) - boxArea(b.box))
        .find((candidate) => encloses(candidate.box));
      if (found && (!best || boxArea(found.box) < boxArea(best.box))) best = found;
      if (best && boxArea(best.box) <= 2 * boxArea(reference)) break;
    }
    return best;
  };
  const fromOutline = smallestEnclosing("outline");
  // Drawing layers are only searched when the outline layers give nothing or something far larger
  // than the holes' extent (a title block, a dimensioned drawing).
  const suspicious = !fromOutline || boxArea(fromOutline.box) > 2 * boxArea(reference);
  const fromDrawing = suspicious ? smallestEnclosing("drawing") : null;
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
    const holes = chosen.layer.type === "outline" ? centres : [];
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
