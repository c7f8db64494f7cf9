import { QUERY_LIMITS } from "@ems/contracts/engineering-queries";
import { describe, expect, it } from "vitest";

import { toSvg } from "./board-geometry";
import {
  assemblyBoardSource,
  boardPointAt,
  fitView,
  highlightedParts,
  MIN_VIEW_SHARE,
  pcbBoardSource,
  svgPointAt,
  typedPoint,
  withPoint,
} from "./query-board";

const part = (designator: string, x: number, y: number, side: "top" | "bottom" = "top") => ({
  designator,
  x,
  y,
  side,
  rotation: 0,
  mount: "smt" as const,
  value: null,
  footprint: "0603",
});

const parts = [part("D1", 10, 10), part("R1", 40, 30), part("U4", 80, 50, "bottom"), part("C7", 12, 12)];
const bounds = { minX: 0, minY: 0, maxX: 100, maxY: 60 };

describe("which parts a query lights", () => {
  it("highlights every placement of each pinned designator and nothing else", () => {
    expect(highlightedParts(["D1", "u4"], parts).map((p) => p.designator)).toEqual(["D1", "U4"]);
    expect(highlightedParts([], parts)).toEqual([]);
  });
});

describe("the zoom to the pins", () => {
  it("shows the whole board when nothing on the side is pinned", () => {
    expect(fitView(bounds, "top", [], [])).toEqual({ x: 0, y: 0, w: 100, h: 60 });
    expect(fitView(bounds, "top", highlightedParts(["U4"], parts), [])).toEqual({
      x: 0,
      y: 0,
      w: 100,
      h: 60,
    });
  });

  it("frames the pinned parts, no smaller than a share of the board and inside it", () => {
    const view = fitView(bounds, "top", highlightedParts(["D1"], parts), []);
    expect(view.w).toBeCloseTo(100 * MIN_VIEW_SHARE);
    expect(view.h).toBeCloseTo(60 * MIN_VIEW_SHARE);
    // D1 at (10, 10) is (10, 50) in the drawing: near the lower left corner, the view stays on the board.
    expect(view.x).toBe(0);
    expect(view.y + view.h).toBeLessThanOrEqual(60);
    expect(view.y).toBeLessThanOrEqual(50);
  });

  it("takes in every pinned part and point of the side", () => {
    const view = fitView(bounds, "top", highlightedParts(["D1", "R1"], parts), [
      { side: "top", x_mm: 90, y_mm: 55 },
    ]);
    expect(view.x).toBeLessThanOrEqual(10);
    expect(view.x + view.w).toBeGreaterThanOrEqual(90);
    expect(view.y).toBeLessThanOrEqual(5);
    expect(view.y + view.h).toBeGreaterThanOrEqual(50);
  });
});

describe("the board a sheet draws", () => {
  const pcb = { width_mm: 80, height_mm: 50, preview_top_url: "/api/pcbs/x/versions/1/preview/top" };

  it("is the assembly's placements over the PCB's outline, with both images", () => {
    const board = assemblyBoardSource(
      { outline: { min_x: 0, min_y: 0, max_x: 50, max_y: 40 }, placements: parts },
      pcb,
    );
    expect(board?.bounds).toEqual({ minX: 0, minY: 0, maxX: 50, maxY: 40 });
    expect(board?.parts).toHaveLength(4);
    expect(board?.images.bottom).toBe("/api/pcbs/x/versions/1/preview/bottom");
  });

  it("is the assembly's bare PCB without placements, and nothing without either", () => {
    expect(assemblyBoardSource({ outline: null, placements: [] }, pcb)).toEqual({
      bounds: { minX: 0, minY: 0, maxX: 80, maxY: 50 },
      parts: [],
      images: { top: pcb.preview_top_url, bottom: "/api/pcbs/x/versions/1/preview/bottom" },
    });
    expect(assemblyBoardSource(null, null)).toBeNull();
    expect(assemblyBoardSource({ outline: null, placements: [] }, null)).toBeNull();
    expect(assemblyBoardSource(null, { ...pcb, width_mm: 0 })).toBeNull();
  });

  it("is a bare board's size for a PCB, without parts", () => {
    expect(pcbBoardSource(80, 50, { top: null, bottom: null })).toEqual({
      bounds: { minX: 0, minY: 0, maxX: 80, maxY: 50 },
      parts: [],
      images: { top: null, bottom: null },
    });
    expect(pcbBoardSource(0, 50, { top: null, bottom: null })).toBeNull();
  });
});

describe("a click on the board", () => {
  // A 100 × 60 mm board drawn with a 3 mm margin into a box of 424 × 264 px: 2 px a millimetre.
  const view = { x: -3, y: -3, w: 106, h: 66 };
  const box = { left: 100, top: 50, width: 212, height: 132 };

  it("lands where the drawing shows it, in the drawing's units", () => {
    expect(svgPointAt({ x: 100, y: 50 }, box, view)).toEqual({ x: -3, y: -3 });
    expect(svgPointAt({ x: 312, y: 182 }, box, view)).toEqual({ x: 103, y: 63 });
    expect(svgPointAt({ x: 206, y: 116 }, box, view)).toEqual({ x: 50, y: 30 });
  });

  it("keeps the proportions when the box is wider than the drawing, centred", () => {
    // Twice as wide: the drawing is 212 px wide in the middle of 424, bands of 106 px either side.
    const wide = { ...box, width: 424 };
    expect(svgPointAt({ x: 206 + 106, y: 116 }, wide, view)).toEqual({ x: 50, y: 30 });
    expect(svgPointAt({ x: 150, y: 116 }, wide, view)).toBeNull();
    expect(svgPointAt({ x: 206, y: 116 }, { ...box, width: 0 }, view)).toBeNull();
  });

  it("is the board's millimetres, y up and the bottom seen from below, to a tenth", () => {
    expect(boardPointAt(bounds, "top", { x: 12.345, y: 50 })).toEqual({ side: "top", x_mm: 12.3, y_mm: 10 });
    expect(boardPointAt(bounds, "bottom", { x: 12.345, y: 50 })).toEqual({
      side: "bottom",
      x_mm: 87.7,
      y_mm: 10,
    });
    // The inverse of the drawing: a point drawn lands back on itself.
    const at = toSvg({ minX: -20, minY: 5, maxX: 30, maxY: 45 }, "bottom", -4.2, 17.5);
    expect(boardPointAt({ minX: -20, minY: 5, maxX: 30, maxY: 45 }, "bottom", at)).toEqual({
      side: "bottom",
      x_mm: -4.2,
      y_mm: 17.5,
    });
  });

  it("pins nothing in the margin around the board", () => {
    expect(boardPointAt(bounds, "top", { x: -1, y: 30 })).toBeNull();
    expect(boardPointAt(bounds, "top", { x: 50, y: 61 })).toBeNull();
  });
});

describe("a point typed into the form", () => {
  it("takes millimetres with a point or a comma, rounded to a tenth", () => {
    expect(typedPoint("bottom", " 12,34 ", "7", bounds)).toEqual({
      point: { side: "bottom", x_mm: 12.3, y_mm: 7 },
    });
    expect(typedPoint("top", "-5.5", "1e3", null)).toEqual({ refused: "number" });
    expect(typedPoint("top", "-5.5", "900", null)).toEqual({ point: { side: "top", x_mm: -5.5, y_mm: 900 } });
  });

  it("refuses what is no number, beyond a metre, or off the board drawn", () => {
    expect(typedPoint("top", "", "5", bounds)).toEqual({ refused: "number" });
    expect(typedPoint("top", "abc", "5", bounds)).toEqual({ refused: "number" });
    expect(typedPoint("top", "5", "1000.1", null)).toEqual({ refused: "number" });
    expect(typedPoint("top", "101", "5", bounds)).toEqual({ refused: "outside" });
    expect(typedPoint("top", "50", "-0.1", bounds)).toEqual({ refused: "outside" });
  });
});

describe("the pins of a query", () => {
  const pin = (x_mm: number) => ({ side: "top" as const, x_mm, y_mm: 5 });

  it("adds a pin, once per spot", () => {
    const one = withPoint([], pin(1));
    expect(one).toEqual([pin(1)]);
    expect(withPoint(one!, pin(1))).toBe(one);
    expect(withPoint(one!, { ...pin(1), side: "bottom" })).toHaveLength(2);
  });

  it("takes no more than the API does", () => {
    const full = Array.from({ length: QUERY_LIMITS.pointsMax }, (_, index) => pin(index));
    expect(withPoint(full.slice(1), pin(99))).toHaveLength(QUERY_LIMITS.pointsMax);
    expect(withPoint(full, pin(99))).toBeNull();
  });
});
