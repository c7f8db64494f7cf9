/**
 * Measurements on indexed layers: narrow tracks, gaps between copper islands, annular rings,
 * distances to the board edge and between holes, silkscreen on exposed pads. Each returns raw
 * places with a measured value; dfm.ts turns them into findings.
 */
import {
  CAPSULES,
  Islands,
  TOUCH_MM,
  featurePoint,
  pointSegmentDistanceSquared,
  segmentsClosest,
  type LayerIndex,
} from "./dfm-geometry.ts";
import type { Box } from "./graphics.ts";

export interface Place {
  x: number;
  y: number;
  measured: number;
}

/** Whether (x, y) lies in the box. */
export const inBox = (box: Box, x: number, y: number): boolean =>
  x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];

/** How far past an edge a probe looks to ask "is there copper on this side". */
const PROBE_MM = 0.001;

/**
 * Measurements this close to a limit meet it: coordinates in inch files sit on a 2.54 µm grid, so
 * a gap drawn at exactly the limit can measure a hair below it.
 */
export const TOLERANCE_MM = 0.003;

/**
 * Stroked segments whose copper really is only as wide as the stroke: bare on both sides at the
 * middle (or a quarter from either end). A stroke inside a pour, under a pad or beside a parallel
 * track of its own net is wider copper and no narrow track; a segment shorter than its width is a
 * blob, not a track. Widths at or above `below` are not looked at.
 */
export function narrowTracks(index: LayerIndex, below: number, firstOnly = false, within?: Box): Place[] {
  const s = index.shapes;
  const e = s.element;
  const found: Place[] = [];
  // Thinnest first, so firstOnly finds the minimum after probing as few strokes as possible.
  const order: number[] = [];
  for (let i = 0; i < s.elements; i++) {
    const f = s.elementFeature[i]!;
    if (s.kind[f] !== CAPSULES || s.dark[f] !== 1) continue;
    const o = i * 5;
    const width = 2 * e[o + 4]!;
    if (!(width < below)) continue;
    if (within && !inBox(within, e[o]!, e[o + 1]!)) continue;
    if (Math.hypot(e[o + 2]! - e[o]!, e[o + 3]! - e[o + 1]!) < width) continue;
    order.push(i);
  }
  order.sort((a, b) => e[a * 5 + 4]! - e[b * 5 + 4]!);
  for (const i of order) {
    const o = i * 5;
    const x0 = e[o]!;
    const y0 = e[o + 1]!;
    const dx = e[o + 2]! - x0;
    const dy = e[o + 3]! - y0;
    const length = Math.hypot(dx, dy);
    const r = e[o + 4]!;
    const nx = -dy / length;
    const ny = dx / length;
    for (const t of [0.5, 0.25, 0.75]) {
      const mx = x0 + dx * t;
      const my = y0 + dy * t;
      const reach = r + PROBE_MM;
      if (
        !index.inkAt(mx + nx * reach, my + ny * reach) &&
        !index.inkAt(mx - nx * reach, my - ny * reach) &&
        index.inkAt(mx, my)
      ) {
        found.push({ x: mx, y: my, measured: 2 * r });
        break;
      }
    }
    if (firstOnly && found.length > 0) break;
  }
  return found;
}

/**
 * Copper islands and the gaps between them on one layer, in one pass over neighbouring pieces.
 *
 * Islands are features that touch or lie inside each other where neither is erased; they are the
 * nearest thing to nets a Gerber image has. Drawn order matters: a pad sitting in a pour's
 * knock-out touches the pour only through the knock-out, so they stay apart.
 *
 * Gaps are narrower than `limit` between different islands, measured edge to edge. Edges of clear
 * shapes count too: the rim of a knock-out is the pour's edge. A gap within one island (a thermal
 * relief's slots) is not a clearance.
 */
export function copperClearance(index: LayerIndex, limit: number): { islands: Islands; gaps: Place[] } {
  const s = index.shapes;
  const islands = new Islands(s.features);
  const e = s.element;
  const out = new Float64Array(4);
  const candidates = new Floats();
  const connect = (a: number, b: number, x: number, y: number) => {
    if (islands.find(a) === islands.find(b)) return;
    if (s.hasClear) {
      const erased = index.clearRunAt(x, y);
      if (s.run[a]! <= erased || s.run[b]! <= erased) return;
    }
    islands.union(a, b);
  };
  /**
   * Element `inner` (dark) lying wholly inside the capsule `outer` (clear) keeps this much from its
   * rim: the capsule's radius less the inner piece's radius and the distance of its farther end from
   * the capsule's axis (distance to a segment is convex, so an end is the farthest point).
   */
  const innerGap = (outer: number, inner: number) => {
    const rOuter = e[outer + 4]!;
    const rInner = e[inner + 4]!;
    let farthest = -1;
    let px = 0;
    let py = 0;
    for (let end = 0; end < 4; end += 2) {
      const x = e[inner + end]!;
      const y = e[inner + end + 1]!;
      const distance = Math.sqrt(
        pointSegmentDistanceSquared(x, y, e[outer]!, e[outer + 1]!, e[outer + 2]!, e[outer + 3]!),
      );
      if (distance > farthest) {
        farthest = distance;
        px = x;
        py = y;
      }
    }
    const gap = rOuter - rInner - farthest;
    if (gap <= 2 * TOUCH_MM || gap >= limit) return;
    // The rim point of the knock-out nearest that end, and the direction out of the knock-out.
    segmentsClosest(px, py, px, py, e[outer]!, e[outer + 1]!, e[outer + 2]!, e[outer + 3]!, out);
    let wx = px - out[2]!;
    let wy = py - out[3]!;
    const length = Math.hypot(wx, wy);
    if (length > 1e-9) {
      wx /= length;
      wy /= length;
    } else {
      wx = 1;
      wy = 0;
    }
    candidates.push(out[2]! + wx * rOuter);
    candidates.push(out[3]! + wy * rOuter);
    candidates.push(px + wx * rInner);
    candidates.push(py + wy * rInner);
    candidates.push(gap);
  };
  const pairs = index.pairs();
  for (let p = 0; p < pairs.length; p += 2) {
    const i = pairs[p]!;
    const j = pairs[p + 1]!;
    const fi = s.elementFeature[i]!;
    const fj = s.elementFeature[j]!;
    if (s.kind[fi] === 255 || s.kind[fj] === 255) continue;
    const darkI = s.dark[fi] === 1;
    const darkJ = s.dark[fj] === 1;
    // Copper already known to be one piece has neither a connection nor a clearance to find.
    if (darkI && darkJ && islands.find(fi) === islands.find(fj)) continue;
    const o = i * 5;
    const q = j * 5;
    const ri = e[o + 4]!;
    const rj = e[q + 4]!;
    const axis = segmentsClosest(
      e[o]!,
      e[o + 1]!,
      e[o + 2]!,
      e[o + 3]!,
      e[q]!,
      e[q + 1]!,
      e[q + 2]!,
      e[q + 3]!,
      out,
    );
    const d = axis - ri - rj;
    if (d <= TOUCH_MM) {
      if (darkI && darkJ) connect(fi, fj, (out[0]! + out[2]!) / 2, (out[1]! + out[3]!) / 2);
      // A pad inside a round or stroked knock-out: the gap runs between their rims.
      else if (!darkI && s.kind[fi] === CAPSULES) innerGap(o, q);
      else if (!darkJ && s.kind[fj] === CAPSULES) innerGap(q, o);
      continue;
    }
    if (d <= 2 * TOUCH_MM || d >= limit) continue;
    // Unit vector from the first shape's axis towards the second's; the gap runs between the rims.
    const ux = (out[2]! - out[0]!) / axis;
    const uy = (out[3]! - out[1]!) / axis;
    candidates.push(out[0]! + ux * ri);
    candidates.push(out[1]! + uy * ri);
    candidates.push(out[2]! - ux * rj);
    candidates.push(out[3]! - uy * rj);
    candidates.push(d);
  }
  // A feature inside another without touching its edges (a via in a pour).
  const grid = index.featureGrid;
  for (let f = 0; f < s.features; f++) {
    if (s.dark[f] !== 1 || s.kind[f] === 255 || s.elementStart[f] === s.elementStart[f + 1]) continue;
    const o = s.elementStart[f]! * 5;
    const x = e[o]!;
    const y = e[o + 1]!;
    const cell = grid.cellAt(x, y);
    for (let k = grid.start[cell]!; k < grid.start[cell + 1]!; k++) {
      const g = grid.items[k]!;
      if (g === f || s.dark[g] !== 1 || islands.find(g) === islands.find(f)) continue;
      if (index.contains(g, x, y)) connect(f, g, x, y);
    }
  }
  // A gap is real when the middle is bare, copper lies just past both rims (not erased), and that
  // copper belongs to two islands.
  const gaps: Place[] = [];
  const c = candidates.data;
  for (let k = 0; k < candidates.length; k += 5) {
    const ax = c[k]!;
    const ay = c[k + 1]!;
    const bx = c[k + 2]!;
    const by = c[k + 3]!;
    const d = c[k + 4]!;
    const ux = (bx - ax) / d;
    const uy = (by - ay) / d;
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2;
    if (index.inkAt(mx, my)) continue;
    const fa = index.darkFeatureAt(ax - ux * PROBE_MM, ay - uy * PROBE_MM);
    if (fa < 0) continue;
    const fb = index.darkFeatureAt(bx + ux * PROBE_MM, by + uy * PROBE_MM);
    if (fb < 0 || islands.find(fa) === islands.find(fb)) continue;
    gaps.push({ x: mx, y: my, measured: d });
  }
  return { islands, gaps };
}

class Floats {
  data = new Float64Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Distances below `limit` from the dark shapes of `index` to the edges of `other` (the board
 * outline): copper or holes too close to the edge, or crossing it (measured 0).
 */
export function distancesToEdges(index: LayerIndex, edges: LayerIndex, limit: number): Place[] {
  const s = index.shapes;
  const e = s.element;
  const t = edges.shapes.element;
  const b = index.elementBox;
  const out = new Float64Array(4);
  const found: Place[] = [];
  for (let i = 0; i < s.elements; i++) {
    const f = s.elementFeature[i]!;
    if (s.dark[f] !== 1 || s.kind[f] === 255) continue;
    const o = i * 5;
    const r = e[o + 4]!;
    let best = Infinity;
    let bx = 0;
    let by = 0;
    const minX = b[i * 4]!;
    const minY = b[i * 4 + 1]!;
    const maxX = b[i * 4 + 2]!;
    const maxY = b[i * 4 + 3]!;
    const n = edges.near(minX - limit, minY - limit, maxX + limit, maxY + limit);
    const near = edges.found;
    for (let k = 0; k < n; k++) {
      const j = near[k]!;
      if (!edges.boxWithin(j, minX, minY, maxX, maxY, limit)) continue;
      const q = j * 5;
      const axis = segmentsClosest(
        e[o]!,
        e[o + 1]!,
        e[o + 2]!,
        e[o + 3]!,
        t[q]!,
        t[q + 1]!,
        t[q + 2]!,
        t[q + 3]!,
        out,
      );
      const d = axis - r;
      if (d >= limit || d >= best) continue;
      // The copper next to the edge must still be there in the final image.
      const px = axis > 1e-9 ? out[0]! + ((out[2]! - out[0]!) / axis) * Math.max(0, r - PROBE_MM) : out[0]!;
      const py = axis > 1e-9 ? out[1]! + ((out[3]! - out[1]!) / axis) * Math.max(0, r - PROBE_MM) : out[1]!;
      if (!index.inkAt(px, py)) continue;
      best = d;
      bx = out[2]!;
      by = out[3]!;
    }
    if (best < limit) found.push({ x: bx, y: by, measured: Math.max(0, best) });
  }
  return found;
}

/** Pairs of distinct holes closer than `limit` edge to edge (the same hole in two files is one hole). */
export function holeSpacing(index: LayerIndex, limit: number): Place[] {
  const s = index.shapes;
  const e = s.element;
  const out = new Float64Array(4);
  const found: Place[] = [];
  const pairs = index.pairs();
  for (let p = 0; p < pairs.length; p += 2) {
    const i = pairs[p]!;
    const j = pairs[p + 1]!;
    const fi = s.elementFeature[i]!;
    const fj = s.elementFeature[j]!;
    if (s.dark[fi] !== 1 || s.kind[fi] !== CAPSULES || s.dark[fj] !== 1 || s.kind[fj] !== CAPSULES) continue;
    const o = i * 5;
    const q = j * 5;
    const same =
      Math.abs(e[o]! - e[q]!) < 1e-3 &&
      Math.abs(e[o + 1]! - e[q + 1]!) < 1e-3 &&
      Math.abs(e[o + 2]! - e[q + 2]!) < 1e-3 &&
      Math.abs(e[o + 3]! - e[q + 3]!) < 1e-3 &&
      Math.abs(e[o + 4]! - e[q + 4]!) < 1e-3;
    if (same) continue;
    const d =
      segmentsClosest(e[o]!, e[o + 1]!, e[o + 2]!, e[o + 3]!, e[q]!, e[q + 1]!, e[q + 2]!, e[q + 3]!, out) -
      e[o + 4]! -
      e[q + 4]!;
    if (d >= limit) continue;
    found.push({ x: (out[0]! + out[2]!) / 2, y: (out[1]! + out[3]!) / 2, measured: Math.max(0, d) });
  }
  return found;
}

/** Directions a ring is measured in: every 15°, so both axes and both diagonals are among them. */
const RING_DIRECTIONS = Array.from({ length: 24 }, (_, k) => [
  Math.cos((k * Math.PI) / 12),
  Math.sin((k * Math.PI) / 12),
]);

/**
 * The annular ring of a round plated hole on one copper layer: how far copper reaches past the
 * hole's edge in the direction where it reaches least, up to `limit` (a larger ring is `limit`).
 * 0 when copper is on some sides of the hole only (the drill breaks out of its pad); null when
 * there is no copper around the hole at all (an inner layer without a pad there).
 */
export function annularRing(
  index: LayerIndex,
  x: number,
  y: number,
  radius: number,
  limit: number,
): number | null {
  const far = radius + limit;
  const n = index.collectFeatures(x - far, y - far, x + far, y + far);
  const rim = radius + PROBE_MM;
  if (n === 0 || !darkNear(index, n, x, y, rim) || diskCovered(index, n, x, y, rim, 0)) return null;
  // A ring within the file's resolution of the limit meets it.
  const enough = limit - TOLERANCE_MM;
  if (diskCovered(index, n, x, y, radius + enough, 1)) return limit;
  let ring = limit;
  let covered = 0;
  let bare = 0;
  for (const [dx, dy] of RING_DIRECTIONS) {
    if (!index.inkAmong(n, x + dx! * rim, y + dy! * rim)) {
      bare++;
      continue;
    }
    covered++;
    // Only a ring below the smallest found so far matters (most pads are round: one search settles it).
    const reach = Math.min(enough, ring - 0.0001);
    if (index.inkAmong(n, x + dx! * (radius + reach), y + dy! * (radius + reach))) continue;
    // Copper ends between the hole's rim and the limit: find where, to a tenth of a micrometre.
    let inside = PROBE_MM;
    let outside = reach;
    while (outside - inside > 0.0001) {
      const middle = (inside + outside) / 2;
      if (index.inkAmong(n, x + dx! * (radius + middle), y + dy! * (radius + middle))) inside = middle;
      else outside = middle;
    }
    ring = Math.min(ring, (inside + outside) / 2);
  }
  if (covered === 0) return null;
  return bare > 0 ? 0 : ring;
}

/**
 * Whether one feature of the given polarity covers the whole disk and no feature of the other
 * polarity drawn later comes near it: a via with a ring to spare (dark), or a hole in a knock-out
 * with no copper at its rim (clear), settled without probing direction by direction.
 */
function diskCovered(
  index: LayerIndex,
  n: number,
  x: number,
  y: number,
  radius: number,
  dark: 0 | 1,
): boolean {
  const s = index.shapes;
  const e = s.element;
  const b = s.box;
  let cover = -1;
  let latestOther = -1;
  for (let k = 0; k < n; k++) {
    const f = index.local[k]!;
    if (
      b[f * 4]! > x + radius ||
      b[f * 4 + 2]! < x - radius ||
      b[f * 4 + 1]! > y + radius ||
      b[f * 4 + 3]! < y - radius
    )
      continue;
    if (s.dark[f] !== dark) {
      latestOther = Math.max(latestOther, s.run[f]!);
      continue;
    }
    if (cover >= 0 && s.run[f]! <= s.run[cover]!) continue;
    if (s.kind[f] === CAPSULES) {
      for (let i = s.elementStart[f]!; i < s.elementStart[f + 1]!; i++) {
        const o = i * 5;
        const reach = e[o + 4]! - radius;
        if (
          reach > 0 &&
          pointSegmentDistanceSquared(x, y, e[o]!, e[o + 1]!, e[o + 2]!, e[o + 3]!) <= reach * reach
        ) {
          cover = f;
          break;
        }
      }
    } else if (polygonCoversDisk(index, f, x, y, radius)) cover = f;
  }
  return cover >= 0 && s.run[cover]! > latestOther;
}

/** Whether any dark feature's box meets the disk. */
function darkNear(index: LayerIndex, n: number, x: number, y: number, radius: number): boolean {
  const s = index.shapes;
  const b = s.box;
  for (let k = 0; k < n; k++) {
    const f = index.local[k]!;
    if (s.dark[f] !== 1) continue;
    if (
      b[f * 4]! <= x + radius &&
      b[f * 4 + 2]! >= x - radius &&
      b[f * 4 + 1]! <= y + radius &&
      b[f * 4 + 3]! >= y - radius
    )
      return true;
  }
  return false;
}

/** A polygon covers a disk when it holds the centre and none of its edges comes within the radius. */
function polygonCoversDisk(index: LayerIndex, f: number, x: number, y: number, radius: number): boolean {
  const s = index.shapes;
  const b = s.box;
  if (
    b[f * 4]! > x - radius ||
    b[f * 4 + 2]! < x + radius ||
    b[f * 4 + 1]! > y - radius ||
    b[f * 4 + 3]! < y + radius
  )
    return false;
  if (!index.contains(f, x, y)) return false;
  const e = s.element;
  const from = s.elementStart[f]!;
  const to = s.elementStart[f + 1]!;
  const r2 = radius * radius;
  if (to - from <= 64) {
    for (let i = from; i < to; i++) {
      const o = i * 5;
      if (pointSegmentDistanceSquared(x, y, e[o]!, e[o + 1]!, e[o + 2]!, e[o + 3]!) < r2) return false;
    }
    return true;
  }
  // A big polygon (a pour): only its edges near the disk can come close.
  const count = index.near(x - radius, y - radius, x + radius, y + radius);
  for (let k = 0; k < count; k++) {
    const i = index.found[k]!;
    if (s.elementFeature[i] !== f) continue;
    const o = i * 5;
    if (pointSegmentDistanceSquared(x, y, e[o]!, e[o + 1]!, e[o + 2]!, e[o + 3]!) < r2) return false;
  }
  return true;
}

/**
 * Silkscreen on exposed copper: places where the ink of `silk` overlaps an opening of `mask`
 * (measured 0) or comes closer than `limit` to one.
 */
export function silkscreenOnPads(silk: LayerIndex, mask: LayerIndex, limit: number): Place[] {
  const s = silk.shapes;
  const e = s.element;
  const m = mask.shapes.element;
  const b = silk.elementBox;
  const out = new Float64Array(4);
  const found: Place[] = [];
  const both = (x: number, y: number) => silk.inkAt(x, y) && mask.inkAt(x, y);
  for (let i = 0; i < s.elements; i++) {
    const f = s.elementFeature[i]!;
    if (s.dark[f] !== 1 || s.kind[f] === 255) continue;
    const o = i * 5;
    const r = e[o + 4]!;
    let best = Infinity;
    let px = 0;
    let py = 0;
    const minX = b[i * 4]!;
    const minY = b[i * 4 + 1]!;
    const maxX = b[i * 4 + 2]!;
    const maxY = b[i * 4 + 3]!;
    const n = mask.near(minX - limit, minY - limit, maxX + limit, maxY + limit);
    const near = mask.found;
    candidates: for (let k = 0; k < n; k++) {
      const j = near[k]!;
      const q = j * 5;
      const fj = mask.shapes.elementFeature[j]!;
      if (mask.shapes.dark[fj] !== 1) continue;
      if (!mask.boxWithin(j, minX, minY, maxX, maxY, limit)) continue;
      const rj = m[q + 4]!;
      const axis = segmentsClosest(
        e[o]!,
        e[o + 1]!,
        e[o + 2]!,
        e[o + 3]!,
        m[q]!,
        m[q + 1]!,
        m[q + 2]!,
        m[q + 3]!,
        out,
      );
      const d = axis - r - rj;
      if (d >= limit || d >= best) continue;
      if (d <= TOUCH_MM) {
        const mx = (out[0]! + out[2]!) / 2;
        const my = (out[1]! + out[3]!) / 2;
        for (const [x, y] of [
          [out[0]!, out[1]!],
          [out[2]!, out[3]!],
          [mx, my],
        ] as const) {
          if (both(x, y)) {
            best = 0;
            px = x;
            py = y;
            continue candidates;
          }
        }
        continue;
      }
      const ux = (out[2]! - out[0]!) / axis;
      const uy = (out[3]! - out[1]!) / axis;
      const ax = out[0]! + ux * r;
      const ay = out[1]! + uy * r;
      const bx = out[2]! - ux * rj;
      const by = out[3]! - uy * rj;
      if (!silk.inkAt(ax - ux * PROBE_MM, ay - uy * PROBE_MM)) continue;
      if (!mask.inkAt(bx + ux * PROBE_MM, by + uy * PROBE_MM) || mask.inkAt((ax + bx) / 2, (ay + by) / 2))
        continue;
      best = d;
      px = (ax + bx) / 2;
      py = (ay + by) / 2;
    }
    if (best < limit) found.push({ x: px, y: py, measured: Math.max(0, best) });
  }
  // Silkscreen lying wholly inside an opening touches none of its edges.
  for (let f = 0; f < s.features; f++) {
    if (s.dark[f] !== 1 || s.kind[f] === 255 || s.elementStart[f] === s.elementStart[f + 1]) continue;
    const [x, y] = featurePoint(s, f);
    if (both(x, y)) found.push({ x, y, measured: 0 });
  }
  return found;
}
