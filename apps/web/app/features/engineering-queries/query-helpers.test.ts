import { describe, expect, it } from "vitest";

import {
  assemblyBoardSource,
  fitView,
  highlightedParts,
  initialQuery,
  MIN_VIEW_SHARE,
  pcbBoardSource,
  pinnedDesignators,
  pinSide,
  sortQueries,
} from "./query-helpers";

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
const location = (
  designators: string[],
  points: { side: "top" | "bottom"; x_mm: number; y_mm: number }[] = [],
) => ({
  location: { designators, bom_line_ids: [], points },
});

describe("which parts a query highlights", () => {
  it("splits the designators into those the board shows and those without a placement, ignoring case", () => {
    expect(pinnedDesignators(["D1", "u4", "TP9"], parts)).toEqual({
      placed: ["D1", "u4"],
      unplaced: ["TP9"],
    });
  });

  it("highlights every placement of each pinned designator and nothing else", () => {
    expect(highlightedParts(["D1", "U4"], parts).map((p) => p.designator)).toEqual(["D1", "U4"]);
    expect(highlightedParts([], parts)).toEqual([]);
  });

  it("shows the side most of its pins are on, points counted too", () => {
    expect(pinSide(location(["U4"]), parts)).toBe("bottom");
    expect(pinSide(location(["D1", "U4"]), parts)).toBe("top");
    expect(pinSide(location([], [{ side: "bottom", x_mm: 5, y_mm: 5 }]), parts)).toBe("bottom");
    expect(pinSide(location([]), parts)).toBe("top");
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

describe("the queries of a version", () => {
  const q = (id: string, status: "open" | "answered" | "closed" | "withdrawn", created_at: string) => ({
    id,
    status,
    created_at,
  });

  it("lists those waiting for the customer first, then those waiting for staff, then the settled, oldest first", () => {
    const sorted = sortQueries([
      q("closed", "closed", "2026-11-01"),
      q("new-open", "open", "2026-11-20"),
      q("answered", "answered", "2026-11-05"),
      q("old-open", "open", "2026-11-02"),
      q("withdrawn", "withdrawn", "2026-11-03"),
    ]);
    expect(sorted.map((query) => query.id)).toEqual([
      "old-open",
      "new-open",
      "answered",
      "closed",
      "withdrawn",
    ]);
  });

  it("selects the query the address names, else the first that still takes an answer", () => {
    const queries = [q("a", "closed", "1"), q("b", "answered", "2"), q("c", "open", "3")];
    expect(initialQuery(queries, "c")).toBe("c");
    expect(initialQuery(queries, "not-there")).toBe("b");
    expect(initialQuery([q("a", "closed", "1")], null)).toBe("a");
    expect(initialQuery([], "a")).toBeNull();
  });
});

describe("the board a sheet draws", () => {
  it("is the assembly's placements over the PCB's outline, with both images", () => {
    const board = assemblyBoardSource(
      { outline: { min_x: 0, min_y: 0, max_x: 50, max_y: 40 }, placements: parts },
      "/api/pcbs/x/versions/1/preview/top",
    );
    expect(board?.bounds).toEqual({ minX: 0, minY: 0, maxX: 50, maxY: 40 });
    expect(board?.images.bottom).toBe("/api/pcbs/x/versions/1/preview/bottom");
    expect(assemblyBoardSource(null, null)).toBeNull();
    expect(assemblyBoardSource({ outline: null, placements: [] }, null)).toBeNull();
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
