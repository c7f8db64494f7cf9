import type { BomLineDto, PlacementsDto } from "@ems/contracts/assemblies";
import { describe, expect, it } from "vitest";

import { lineUpdateOf } from "./bom-form";
import { boardBounds, bottomPreviewUrl, footprintSize, toSvg } from "~/lib/board-geometry";

import {
  bomRows,
  compactDesignators,
  lineMatches,
  mappingFromCols,
  mappingProblems,
  mappingToCols,
  parseDesignators,
  sideOf,
  sortDesignators,
} from "./bom-helpers";

const line = (over: Partial<BomLineDto>): BomLineDto => ({
  id: crypto.randomUUID(),
  position: 1,
  source_row: 2,
  designators: [],
  quantity: 0,
  value: null,
  footprint: null,
  description: null,
  parts: [],
  supplier: null,
  supplier_part: null,
  dnp: false,
  file_comment: null,
  comment: null,
  warnings: [],
  stated_quantity: null,
  match_status: "unmatched",
  part: null,
  reviewed: false,
  consigned: false,
  substitution: null,
  ...over,
});

describe("designators", () => {
  it("sort as people read them", () => {
    expect(sortDesignators(["R10", "C2", "R2", "R1"])).toEqual(["C2", "R1", "R2", "R10"]);
  });

  it("shorten runs of three or more to a range and keep pairs", () => {
    expect(compactDesignators(["R3", "R1", "R2", "R4", "C7", "C8", "U1"])).toEqual([
      "C7",
      "C8",
      "R1–R4",
      "U1",
    ]);
    expect(compactDesignators(["J01", "J02", "J03"])).toEqual(["J01", "J02", "J03"]);
  });

  it("are read from what the user typed, once each", () => {
    expect(parseDesignators(" R1, R2;R3  R1\n")).toEqual(["R1", "R2", "R3"]);
  });
});

describe("the mapping in the address", () => {
  it("round-trips with ignored columns", () => {
    const mapping = ["designators", null, "mpn"] as const;
    expect(mappingFromCols(mappingToCols([...mapping]))).toEqual([...mapping]);
  });

  it("is refused when it names an unknown field or none", () => {
    expect(mappingFromCols(["designators", "price"])).toBeNull();
    expect(mappingFromCols([])).toBeNull();
  });

  it("finds a field twice and a mapping without designators or quantity", () => {
    expect(mappingProblems(["designators", "designators", "mpn"])).toEqual({
      twice: ["designators"],
      noDesignators: false,
    });
    expect(mappingProblems(["mpn", "mpn", null]).noDesignators).toBe(true);
  });
});

describe("the table", () => {
  const a = line({
    designators: ["C7", "C8"],
    quantity: 2,
    value: "100nF",
    footprint: "C0603",
    parts: [{ manufacturer: null, mpn: "CL10B104KB8NNNC" }],
    match_status: "matched",
  });
  const b = line({ designators: ["C9"], quantity: 1, value: "100 nF", footprint: "C0603" });
  const c = line({ designators: ["R1"], quantity: 1, dnp: true, warnings: ["quantity_mismatch"] });

  it("filters and searches by designator, value and MPN", () => {
    expect(lineMatches(a, "unmatched", "")).toBe(false);
    expect(lineMatches(c, "dnp", "")).toBe(true);
    expect(lineMatches(c, "warnings", "")).toBe(true);
    expect(lineMatches(a, "all", "c7")).toBe(true);
    expect(lineMatches(a, "all", "cl10b104")).toBe(true);
    expect(lineMatches(b, "all", "100nf")).toBe(true);
    expect(lineMatches(b, "all", "R1")).toBe(false);
  });

  it("groups lines of the same value and footprint, adding up quantities", () => {
    const rows = bomRows([a, b, c], true);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.quantity).toBe(3);
    expect(rows[0]!.designators).toEqual(["C7", "C8", "C9"]);
  });
});

describe("the board", () => {
  const placements = {
    outline: null,
    placements: [
      { designator: "C7", x: 10, y: 5, rotation: 0, side: "top", value: null, footprint: "C0603" },
      { designator: "C8", x: 20, y: 15, rotation: 90, side: "top", value: null, footprint: null },
      { designator: "R1", x: 12, y: 8, rotation: 0, side: "bottom", value: null, footprint: null },
    ],
  } as unknown as PlacementsDto;

  it("is the placements' extent and a margin without an outline", () => {
    expect(boardBounds(placements)).toEqual({ minX: 8, minY: 3, maxX: 22, maxY: 17 });
  });

  it("flips y for the drawing and mirrors the bottom", () => {
    const bounds = boardBounds(placements)!;
    expect(toSvg(bounds, "top", 10, 5)).toEqual({ x: 2, y: 12 });
    expect(toSvg(bounds, "bottom", 10, 5)).toEqual({ x: 12, y: 12 });
  });

  it("knows the side a line's parts are on", () => {
    expect(sideOf(["R1"], placements.placements)).toBe("bottom");
    expect(sideOf(["C7", "C8"], placements.placements)).toBe("top");
    expect(sideOf(["X1"], placements.placements)).toBeNull();
  });

  it("sizes chip parts by their imperial code", () => {
    expect(footprintSize("C0603")).toEqual({ w: 1.6, h: 0.8 });
    expect(footprintSize("SOIC-8")).toEqual({ w: 2.4, h: 1.6 });
  });

  it("finds the bottom image beside the top one", () => {
    expect(bottomPreviewUrl("/x/preview/top")).toBe("/x/preview/bottom");
    expect(bottomPreviewUrl(null)).toBeNull();
  });
});

describe("a line's edit", () => {
  it("becomes the API's body, sending the part only when it changed", () => {
    const id = crypto.randomUUID();
    const body = lineUpdateOf({
      line_id: id,
      base_version: 3,
      designators: "C7, C8",
      quantity: 2,
      value: " 100nF ",
      parts: [
        { manufacturer: "Samsung", mpn: "CL10B104KB8NNNC" },
        { manufacturer: "", mpn: "" },
      ],
      comment: "Any X7R",
      part_before: id,
      part_id: id,
    });
    expect(body).toEqual({
      base_version: 3,
      designators: ["C7", "C8"],
      quantity: 2,
      value: "100nF",
      footprint: null,
      description: null,
      parts: [{ manufacturer: "Samsung", mpn: "CL10B104KB8NNNC" }],
      dnp: false,
      comment: "Any X7R",
    });
    expect(lineUpdateOf({ line_id: id, base_version: 3, quantity: 1, part_before: id }).part_id).toBeNull();
  });

  it("sends consigned only when the dialog offered it (a partly consigned assembly)", () => {
    const id = crypto.randomUUID();
    const base = { line_id: id, base_version: 2, quantity: 1 };
    expect(lineUpdateOf(base)).not.toHaveProperty("consigned");
    // A box that was hidden must not clear a flag staff set.
    expect(lineUpdateOf({ ...base, consigned: true })).not.toHaveProperty("consigned");
    expect(lineUpdateOf({ ...base, consigned_offered: true })).toMatchObject({ consigned: false });
    expect(lineUpdateOf({ ...base, consigned_offered: true, consigned: true })).toMatchObject({
      consigned: true,
    });
  });
});
