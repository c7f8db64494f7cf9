import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type PnpPlacement } from "./bom-types.ts";
import {
  crossCheckPlacements,
  deriveSideCounts,
  placementBounds,
  placementsLookOffsetFromOutline,
} from "./pnp-cross-check.ts";
import { importPickAndPlace } from "./pnp-import.ts";

function fixture(path: string): Uint8Array {
  return readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url));
}

function place(designator: string, x = 0, y = 0, side: PnpPlacement["side"] = "top"): PnpPlacement {
  return { row: 1, designator, x, y, rotation: 0, side, mount: "smt", value: null, footprint: null };
}

/** The sportiduino BOM: JLCPCB columns, "EMPTY" marks the unfitted lines. */
function sportiduinoBom(): { designators: string[]; dnp: boolean }[] {
  const text = new TextDecoder().decode(fixture("boms/sportiduino-base-v3b-kicad/sportiduino-base-bom.csv"));
  const [, ...rows] = Papa.parse<string[]>(text.trim()).data;
  return rows.map(([comment = "", designators = ""]) => ({
    designators: designators.split(",").map((designator) => designator.trim()),
    dnp: comment === "EMPTY",
  }));
}

describe("crossCheckPlacements", () => {
  it("finds the sportiduino parts without a placement: through-hole parts and the VD1 row", () => {
    const top = importPickAndPlace(
      fixture("cpl/sportiduino-base-v3b-kicad/sportiduino-base-top-pos.csv"),
      "top-pos.csv",
    );
    const bottom = importPickAndPlace(
      fixture("cpl/sportiduino-base-v3b-kicad/sportiduino-base-bottom-pos.csv"),
      "bottom-pos.csv",
    );
    const findings = crossCheckPlacements({
      bomLines: sportiduinoBom(),
      placements: [...top.placements, ...bottom.placements],
    });
    expect(findings.filter((f) => f.finding === "missing_placement").map((f) => f.designator)).toEqual([
      "BZ1",
      "SW1",
      "VD1",
      "X1",
      "X2",
      "X4",
    ]);
    expect(findings.filter((f) => f.finding !== "missing_placement")).toEqual([]);
  });

  it("reports parts not in the BOM but not fiducials", () => {
    const findings = crossCheckPlacements({
      bomLines: [{ designators: ["R1"], dnp: false }],
      placements: [place("R1"), place("r2"), place("FID1"), place("FD2"), place("MARK1")],
    });
    expect(findings).toEqual([{ finding: "missing_in_bom", designator: "r2" }]);
  });

  it("compares designators case-blind and reports duplicates once", () => {
    const findings = crossCheckPlacements({
      bomLines: [{ designators: ["c1", "C2"], dnp: false }],
      placements: [place("C1"), place("C2"), place("C2", 5, 5), place("C2", 9, 9)],
    });
    expect(findings).toEqual([{ finding: "duplicate_placement", designator: "C2" }]);
  });

  it("reports DNP parts that have a placement, unless another line fits them", () => {
    const findings = crossCheckPlacements({
      bomLines: [
        { designators: ["R1", "R2"], dnp: true },
        { designators: ["R3"], dnp: true },
        { designators: ["R2"], dnp: false },
      ],
      placements: [place("R1"), place("R2")],
    });
    expect(findings).toEqual([{ finding: "dnp_placed", designator: "R1" }]);
  });

  it("reports placements outside the outline beyond 0.5 mm", () => {
    const outline = { minX: 0, minY: 0, maxX: 50, maxY: 30 };
    const findings = crossCheckPlacements({
      bomLines: [{ designators: ["R1", "R2", "R3", "R4"], dnp: false }],
      placements: [place("R1", 10, 10), place("R2", 50.4, -0.4), place("R3", 50.6, 10), place("R4", 10, -1)],
      outline,
    });
    expect(findings).toEqual([
      { finding: "off_board", designator: "R3" },
      { finding: "off_board", designator: "R4" },
    ]);
    expect(
      crossCheckPlacements({ bomLines: [], placements: [place("FID1", 99, 99)], outline: null }),
    ).toEqual([]);
  });
});

describe("placementBounds and placementsLookOffsetFromOutline", () => {
  it("spans the EAGLE placements, which sit at negative X", () => {
    const eagle = importPickAndPlace(
      fixture("cpl/compass-teensy-jst-eagle97/PnP_teensy-jst_01.4 v10_front.csv"),
      "f.csv",
    );
    const bounds = placementBounds(eagle.placements);
    expect(bounds).toEqual({ minX: -32.84, minY: 5.55, maxX: 24.32, maxY: 100.87 });
    expect(placementBounds([])).toBeNull();
    if (!bounds) return;
    expect(placementsLookOffsetFromOutline(eagle.placements, bounds)).toBe(false);
    // A Gerber outline drawn from (0,0) does not hold them: the origins differ.
    const fromZero = { minX: 0, minY: 0, maxX: bounds.maxX - bounds.minX, maxY: bounds.maxY };
    expect(placementsLookOffsetFromOutline(eagle.placements, fromZero)).toBe(true);
    // One part hanging over the edge is a finding, not an origin problem.
    const oneOff = [...eagle.placements, { ...eagle.placements[0]!, designator: "X9", x: bounds.maxX + 3 }];
    expect(placementsLookOffsetFromOutline(oneOff, { ...bounds, maxX: bounds.maxX + 3 })).toBe(false);
    expect(placementsLookOffsetFromOutline(oneOff, bounds)).toBe(false);
  });
});

describe("deriveSideCounts", () => {
  it("counts distinct parts per side without fiducials and through-hole parts", () => {
    const placements = [place("R1"), place("R1"), place("C1", 0, 0, "bottom"), place("FID1"), place("J1")];
    expect(deriveSideCounts(placements)).toEqual({ top: 2, bottom: 1 });
    expect(deriveSideCounts(placements, new Set(["j1"]))).toEqual({ top: 1, bottom: 1 });
  });

  it("counts the folded LimeSDR board", () => {
    const lime = importPickAndPlace(
      fixture("cpl/limesdr-mini-1v3-altium/Pick Place for LimeSDR_Mini_1v3_Rounded_panel.txt"),
      "panel.txt",
    );
    expect(deriveSideCounts(lime.placements)).toEqual({ top: 119, bottom: 299 });
  });
});
