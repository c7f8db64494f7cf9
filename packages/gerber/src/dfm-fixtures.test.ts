import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { capabilities } from "@ems/config/capabilities";
import { buildBoard, type Board } from "./board.ts";
import { boardData } from "./board-data.ts";
import { BoardGeometry } from "./dfm-board.ts";
import { checkManufacturability, dfmLimitsFromCapabilities, type DfmLimits, type DfmReport } from "./dfm.ts";
import { fixtureSetDirs, readSet } from "./test/fixture-sets.ts";

const FAB = dfmLimitsFromCapabilities(capabilities.bareBoards);
const boards = new Map<string, Board>();
const boardNamed = (name: string): Board => {
  let board = boards.get(name);
  if (!board) {
    const dir = fixtureSetDirs().find((candidate) => basename(candidate) === name);
    if (!dir) throw new Error(`No fixture set ${name}`);
    board = buildBoard(readSet(dir));
    boards.set(name, board);
  }
  return board;
};
const check = (name: string, limits: Partial<DfmLimits> = {}) =>
  checkManufacturability(boardNamed(name), { ...FAB, ...limits });
const findings = (report: DfmReport, rule: string, layer?: string) =>
  report.findings.filter((f) => f.rule === rule && (layer === undefined || f.layer?.endsWith(layer)));

describe("manufacturability of the shared CAM sets", () => {
  it("checks the largest set (8 layers, 3,400 holes) in under 5 s of one core's time", () => {
    const board = boardNamed("altium19-limesdr-mini-1v3-8layer-panel");
    const started = process.cpuUsage();
    const geometry = new BoardGeometry(board);
    boardData(board, geometry);
    const report = checkManufacturability(board, FAB, { geometry });
    const used = process.cpuUsage(started);
    expect(report.findings.length).toBeGreaterThan(0);
    expect((used.user + used.system) / 1e6).toBeLessThan(5);
  });

  it("finds nothing wrong with boards made to the fab's rules", () => {
    // These sets keep every track, gap, ring and edge distance within the operator's limits; what is
    // left is silkscreen touching pads, which fabs clip (warnings and notes, never errors).
    for (const name of [
      "altium18-simplefoc-shield-v2",
      "eagle-arduino-uno-r3",
      "eagle97-compass-teensy-jst",
      "kicad9-falcan-4layer",
    ]) {
      const errors = check(name).findings.filter((f) => f.severity === "error");
      expect(errors, name).toEqual([]);
    }
  });

  it("reports no track below a limit the narrowest track meets", () => {
    // Teensy JST board: the narrowest aperture drawn on its copper is 8 mil (0.2032 mm).
    expect(findings(check("eagle97-compass-teensy-jst", { minTrackMm: 0.2 }), "track-width")).toEqual([]);
    const tight = findings(check("eagle97-compass-teensy-jst", { minTrackMm: 0.25 }), "track-width");
    expect(tight.length).toBeGreaterThan(0);
    expect(new Set(tight.map((f) => f.measured))).toEqual(new Set([0.2032]));
  });

  it("finds the LimeSDR's 0.35 mm via pads on 0.2 mm drills: a 0.075 mm annular ring", () => {
    // GTL and GBL flash the vias with D50/D57 (C, 0.35 mm); RoundHoles.TXT drills them with T1 (0.2 mm).
    const report = check("altium19-limesdr-mini-1v3-8layer-panel", { minAnnularRingMm: 0.1 });
    for (const layer of [".GTL", ".GBL"]) {
      const rings = findings(report, "annular-ring", layer);
      expect(rings.length).toBeGreaterThan(50);
      expect(new Set(rings.map((f) => f.measured))).toEqual(new Set([0.075]));
    }
    const looser = check("altium19-limesdr-mini-1v3-8layer-panel", { minAnnularRingMm: 0.07 });
    expect(findings(looser, "annular-ring")).toEqual([]);
  });

  it("finds clockblock's mounting holes drilled as wide as their pads", () => {
    // F_Cu and B_Cu flash D14 (C, 0.141732 in = 3.600 mm) where clockblock.drl drills T5
    // (0.142 in = 3.607 mm): the drill takes the whole pad. The file does not say the holes are
    // plated, so the finding is a warning.
    const report = check("kicad2013-clockblock");
    for (const layer of ["F_Cu.gbr", "B_Cu.gbr"]) {
      const rings = findings(report, "annular-ring", layer);
      expect(rings.map((f) => [f.x, f.y, f.measured, f.severity]).sort()).toEqual(
        [
          [15.875, 31.115],
          [15.875, 75.565],
          [60.325, 31.115],
          [60.325, 75.565],
        ].map(([x, y]) => [x, y, 0, "warning"]),
      );
    }
  });

  it("finds the FD-1 main board's ground pour running onto the board edge", () => {
    // mainboard_BoardOutline.gbr: the edge at X3.75 in (95.25 mm); the copper layers' pour border is
    // a 0.025 in (0.635 mm) stroke centred 0.3175 mm inside it, so its copper reaches the edge.
    const report = check("diptrace-fd1-mainboard");
    for (const layer of ["_Top.gbr", "_Bottom.gbr"]) {
      const edge = findings(report, "copper-to-edge", layer);
      expect(edge.some((f) => f.measured === 0 && f.severity === "warning" && f.x === 95.25)).toBe(true);
    }
  });

  it("finds the Uno's power-jack holes drilled as overlapping hits", () => {
    // arduino-uno.drd, T04 (0.0512 in = 1.3 mm): X1.3050 at Y1.3270, Y1.2970 and Y1.2670, 0.762 mm apart.
    const spacing = findings(check("eagle-arduino-uno-r3"), "hole-to-hole");
    expect(spacing).toContainEqual(
      expect.objectContaining({ measured: 0, severity: "warning", x: 33.147, y: expect.closeTo(33.3248, 3) }),
    );
  });

  // Every set, including those added for other CAD tools: the checks run, and what they find can be
  // pinned on the board.
  for (const dir of fixtureSetDirs()) {
    const name = basename(dir);
    if (name === "altium19-limesdr-mini-1v3-8layer-panel") continue;
    it(`checks ${name} and pins every finding on the board`, () => {
      const board = boardNamed(name);
      const report = check(name);
      for (const finding of report.findings) {
        expect(finding.severity).toMatch(/^(error|warning|info)$/);
        if (finding.unit === "mm") expect(finding.measured! < finding.limit!).toBe(true);
        if (finding.x === null || finding.y === null) continue;
        expect(finding.x).toBeGreaterThanOrEqual(board.bounds[0] - 0.5);
        expect(finding.x).toBeLessThanOrEqual(board.bounds[2] + 0.5);
        expect(finding.y).toBeGreaterThanOrEqual(board.bounds[1] - 0.5);
        expect(finding.y).toBeLessThanOrEqual(board.bounds[3] + 0.5);
      }
    });
  }
});
