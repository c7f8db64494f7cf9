import { describe, expect, it } from "vitest";

import { initialQuery, pinnedDesignators, pinSide, sortQueries } from "./query-helpers";

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

  it("shows the side most of its pins are on, points counted too", () => {
    expect(pinSide(location(["U4"]), parts)).toBe("bottom");
    expect(pinSide(location(["D1", "U4"]), parts)).toBe("top");
    expect(pinSide(location([], [{ side: "bottom", x_mm: 5, y_mm: 5 }]), parts)).toBe("bottom");
    expect(pinSide(location([]), parts)).toBe("top");
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
