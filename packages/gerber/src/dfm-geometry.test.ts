import { describe, expect, it } from "vitest";
import { plotGerber } from "./gerber.ts";
import {
  CAPSULES,
  Grid,
  Islands,
  LayerIndex,
  POLYGON,
  layerShapes,
  pointSegmentDistanceSquared,
  segmentsClosest,
} from "./dfm-geometry.ts";
import { circle, clear, dark, flash, gerber, rectangle, region, track } from "./dfm-test-boards.ts";

const shapesOf = (...lines: string[]) => layerShapes(plotGerber(gerber(...lines)).image);
const indexOf = (...lines: string[]) => new LayerIndex(shapesOf(...lines), 0.2);

describe("segment distances", () => {
  it("finds the closest points of two segments", () => {
    const out = new Float64Array(4);
    expect(segmentsClosest(0, 0, 10, 0, 5, 3, 5, 1, out)).toBeCloseTo(1, 9);
    expect([...out]).toEqual([5, 0, 5, 1]);
    // Crossing segments touch.
    expect(segmentsClosest(0, 0, 2, 2, 0, 2, 2, 0, out)).toBeCloseTo(0, 9);
    // Points (zero-length segments) and parallel segments.
    expect(segmentsClosest(1, 1, 1, 1, 4, 5, 4, 5, out)).toBeCloseTo(5, 9);
    expect(segmentsClosest(0, 0, 4, 0, 2, 1, 6, 1, out)).toBeCloseTo(1, 9);
    expect(pointSegmentDistanceSquared(3, 4, 0, 0, 0, 0)).toBeCloseTo(25, 9);
    expect(pointSegmentDistanceSquared(5, 2, 0, 0, 10, 0)).toBeCloseTo(4, 9);
  });
});

describe("layer shapes", () => {
  it("takes circles, strokes and polygons with their holes back out of the display list", () => {
    const shapes = shapesOf(
      circle(10, 1),
      flash(1, 1),
      circle(11, 0.2),
      track(0, 5, 10, 5),
      // A 2 × 2 pad with a 1 mm hole: one polygon, its outline and the hole's edges together.
      "%ADD12R,2X2X1*%",
      "D12*",
      flash(20, 20),
    );
    const kinds = Array.from(shapes.kind.subarray(0, shapes.features));
    expect(kinds.filter((k) => k === CAPSULES)).toHaveLength(2);
    expect(kinds.filter((k) => k === POLYGON)).toHaveLength(1);
    const index = new LayerIndex(shapes, 0.2);
    expect(index.inkAt(1.4, 1)).toBe(true);
    expect(index.inkAt(1.6, 1)).toBe(false);
    expect(index.inkAt(5, 5.09)).toBe(true);
    expect(index.inkAt(5, 5.11)).toBe(false);
    expect(index.inkAt(20.8, 20)).toBe(true);
    // Inside the pad's hole.
    expect(index.inkAt(20, 20)).toBe(false);
  });

  it("leaves hairlines out: no fab makes copper of a zero-width or 0.1 mil line", () => {
    expect(shapesOf(circle(10, 0), track(0, 0, 5, 0)).features).toBe(0);
    expect(shapesOf(circle(10, 0.00254), track(0, 0, 5, 0), flash(1, 1)).features).toBe(0);
    expect(shapesOf(circle(10, 0.0254), track(0, 0, 5, 0)).features).toBe(1);
  });

  it("answers for the final image: clear erases what came before it, dark draws again", () => {
    const index = indexOf(
      region([0, 0], [10, 0], [10, 10], [0, 10]),
      clear,
      circle(10, 2),
      flash(5, 5),
      dark,
      circle(11, 1),
      flash(5, 5),
    );
    expect(index.inkAt(2, 2)).toBe(true);
    // In the knock-out, outside the pad drawn again.
    expect(index.inkAt(5.8, 5)).toBe(false);
    expect(index.inkAt(5.3, 5)).toBe(true);
    expect(index.clearRunAt(5.8, 5)).toBeGreaterThan(index.clearRunAt(2, 2));
  });

  it("tells a point in a big polygon from its band of edges as a full scan would", () => {
    // A 200-gon star: far more edges than a point test reads one by one.
    const points: [number, number][] = [];
    for (let k = 0; k < 200; k++) {
      const r = k % 2 === 0 ? 10 : 6;
      const a = (k * Math.PI) / 100;
      points.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    const index = indexOf(region(...points));
    const shapes = index.shapes;
    const bruteForce = (x: number, y: number) => {
      let inside = false;
      for (let i = 0; i < shapes.elements; i++) {
        const o = i * 5;
        const [x0, y0, x1, y1] = [
          shapes.element[o]!,
          shapes.element[o + 1]!,
          shapes.element[o + 2]!,
          shapes.element[o + 3]!,
        ];
        if (y0 > y !== y1 > y && x < x0 + ((y - y0) * (x1 - x0)) / (y1 - y0)) inside = !inside;
      }
      return inside;
    };
    for (let k = 0; k < 400; k++) {
      const x = ((k * 37) % 230) / 10 - 11.5;
      const y = ((k * 53) % 230) / 10 - 11.5;
      expect(index.inkAt(x, y), `${x}, ${y}`).toBe(bruteForce(x, y));
    }
  });
});

describe("grid", () => {
  it("caps the number of cells on a huge area", () => {
    const boxes = new Float64Array([0, 0, 1, 1]);
    const grid = new Grid(boxes, 1, [0, 0, 10_000, 10_000], 0.01);
    expect(grid.cols * grid.rows).toBeLessThan(4_100_000);
    expect(grid.items.length).toBeGreaterThan(0);
  });

  it("lists every close pair of elements once, and none that are far apart", () => {
    // A row of pads 0.3 mm apart edge to edge, in a grid with a 0.2 mm reach and one with 0.5 mm.
    const pads = Array.from({ length: 30 }, (_, k) => flash(k * 0.8, (k % 3) * 0.8)).join("\n");
    for (const reach of [0.2, 0.5]) {
      const index = new LayerIndex(shapesOf(rectangle(10, 0.5, 0.5), pads), reach);
      const pairs = index.pairs();
      const seen = new Set<string>();
      for (let p = 0; p < pairs.length; p += 2) {
        const key = `${pairs[p]},${pairs[p + 1]}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
      const boxes = index.elementBox;
      const n = index.shapes.elements;
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) {
          if (index.shapes.elementFeature[i] === index.shapes.elementFeature[j]) continue;
          const gapX =
            Math.max(boxes[i * 4]!, boxes[j * 4]!) - Math.min(boxes[i * 4 + 2]!, boxes[j * 4 + 2]!);
          const gapY =
            Math.max(boxes[i * 4 + 1]!, boxes[j * 4 + 1]!) - Math.min(boxes[i * 4 + 3]!, boxes[j * 4 + 3]!);
          const close = gapX <= reach && gapY <= reach;
          expect(seen.has(`${i},${j}`), `${i}, ${j} at reach ${reach}`).toBe(close);
        }
    }
  });
});

describe("islands", () => {
  it("joins sets transitively", () => {
    const islands = new Islands(5);
    islands.union(0, 1);
    islands.union(3, 4);
    islands.union(1, 4);
    expect(islands.find(3)).toBe(islands.find(0));
    expect(islands.find(2)).not.toBe(islands.find(0));
  });
});
