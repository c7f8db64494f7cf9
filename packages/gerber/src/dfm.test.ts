import { describe, expect, it } from "vitest";
import { capabilities } from "@ems/config/capabilities";
import {
  checkManufacturability,
  dfmLimitsFromCapabilities,
  mergeFindings,
  MAX_FINDINGS_PER_RULE,
  type DfmFinding,
  type DfmLimits,
  type DfmReport,
  type DfmRule,
} from "./dfm.ts";
import {
  boardOf,
  circle,
  clear,
  dark,
  excellon,
  flash,
  gerber,
  outline,
  rectangle,
  region,
  TEST_LIMITS,
  track,
} from "./dfm-test-boards.ts";

const of = (report: DfmReport, rule: DfmRule) => report.findings.filter((finding) => finding.rule === rule);
const check = (files: Record<string, string>, limits: Partial<DfmLimits> = {}) =>
  checkManufacturability(boardOf(files), { ...TEST_LIMITS, ...limits });

/** A complete two-layer board around the copper under test, so no layer-set finding gets in the way. */
const complete = (files: Record<string, string>): Record<string, string> => ({
  "t-Edge_Cuts.gbr": outline(),
  "t-F_Cu.gbr": gerber(circle(10, 1), flash(18, 18)),
  "t-B_Cu.gbr": gerber(circle(10, 1), flash(18, 18)),
  "t-PTH.drl": excellon([0.5, [[18, 18]]]),
  ...files,
});

describe("track width", () => {
  const board = complete({ "t-F_Cu.gbr": gerber(circle(10, 0.12), track(2, 5, 12, 5)) });

  it("reports a track narrower than the limit with its width and middle", () => {
    const [finding] = of(check(board, { minTrackMm: 0.15 }), "track-width");
    expect(finding).toMatchObject({
      severity: "error",
      measured: 0.12,
      limit: 0.15,
      unit: "mm",
      layer: "t-F_Cu.gbr",
    });
    expect(finding!.x).toBeCloseTo(7, 3);
    expect(finding!.y).toBeCloseTo(5, 3);
  });

  it("accepts a track at the limit", () => {
    expect(of(check(board, { minTrackMm: 0.12 }), "track-width")).toEqual([]);
  });

  it("does not take a thin stroke inside a pour for a thin track", () => {
    const inPour = complete({
      "t-F_Cu.gbr": gerber(region([1, 3], [13, 3], [13, 7], [1, 7]), circle(10, 0.05), track(2, 5, 12, 5)),
    });
    expect(of(check(inPour, { minTrackMm: 0.15 }), "track-width")).toEqual([]);
  });
});

describe("beside the board", () => {
  it("reports nothing the films draw outside the outline (drill charts, titles, frames)", () => {
    // A thin track 10 mm to the right of the 20 × 20 board, and one on it.
    const outside = complete({
      "t-F_Cu.gbr": gerber(circle(10, 1), flash(18, 18), circle(11, 0.05), track(30, 5, 40, 5)),
    });
    expect(of(check(outside), "track-width")).toEqual([]);
    const inside = complete({
      "t-F_Cu.gbr": gerber(circle(10, 1), flash(18, 18), circle(11, 0.05), track(3, 5, 13, 5)),
    });
    expect(of(check(inside), "track-width")).toEqual([
      expect.objectContaining({ measured: 0.05, x: 8, y: 5 }),
    ]);
  });
});

describe("copper clearance", () => {
  // Two 0.2 mm tracks 0.3 mm apart centre to centre: a 0.1 mm gap.
  const parallel = complete({
    "t-F_Cu.gbr": gerber(circle(10, 0.2), track(2, 5, 12, 5), track(2, 5.3, 12, 5.3)),
  });

  it("measures the gap between two tracks edge to edge", () => {
    const findings = of(check(parallel, { minClearanceMm: 0.15 }), "clearance");
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.measured === 0.1 && f.layer === "t-F_Cu.gbr")).toBe(true);
    expect(findings[0]!.y).toBeCloseTo(5.15, 3);
    // Merged along the tracks: one finding per half millimetre, each counting what it stands for.
    expect(findings.reduce((sum, f) => sum + f.count, 0)).toBeGreaterThanOrEqual(findings.length);
  });

  it("accepts a gap at the limit", () => {
    expect(of(check(parallel, { minClearanceMm: 0.1 }), "clearance")).toEqual([]);
  });

  it("leaves gaps inside one piece of copper alone (a U-shaped track)", () => {
    const u = complete({
      "t-F_Cu.gbr": gerber(
        circle(10, 0.2),
        track(2, 5, 12, 5),
        track(12, 5, 12, 5.3),
        track(12, 5.3, 2, 5.3),
      ),
    });
    expect(of(check(u, { minClearanceMm: 0.15 }), "clearance")).toEqual([]);
  });

  it("sees a pad in a pour's knock-out as apart from the pour, by the knock-out's margin", () => {
    const pour = (padDiameter: number) =>
      complete({
        "t-F_Cu.gbr": gerber(
          region([1, 1], [10, 1], [10, 10], [1, 10]),
          clear,
          circle(11, 1),
          flash(5, 5),
          dark,
          circle(12, padDiameter),
          flash(5, 5),
        ),
      });
    const tight = of(check(pour(0.9)), "clearance");
    expect(tight.length).toBeGreaterThan(0);
    expect(tight.every((f) => f.measured === 0.05)).toBe(true);
    expect(of(check(pour(0.6)), "clearance")).toEqual([]);
  });

  it("connects a via lying inside a pour to the pour", () => {
    const via = complete({
      "t-F_Cu.gbr": gerber(region([1, 1], [10, 1], [10, 10], [1, 10]), circle(10, 0.5), flash(1.5, 5)),
    });
    expect(of(check(via), "clearance")).toEqual([]);
  });
});

describe("annular ring", () => {
  const ring = (padDiameter: number, offset = 0) =>
    complete({
      "t-F_Cu.gbr": gerber(circle(10, 1), flash(18, 18), circle(11, padDiameter), flash(5 + offset, 5)),
      "t-B_Cu.gbr": gerber(circle(10, 1), flash(18, 18), circle(11, 0.8), flash(5, 5)),
      "t-PTH.drl": excellon([0.5, [[18, 18]]], [0.3, [[5, 5]]]),
    });

  it("measures copper past the hole's edge", () => {
    const findings = of(check(ring(0.45)), "annular-ring");
    expect(findings).toEqual([
      expect.objectContaining({
        layer: "t-F_Cu.gbr",
        measured: 0.075,
        limit: 0.1,
        x: 5,
        y: 5,
        severity: "error",
      }),
    ]);
  });

  it("accepts a ring at or above the limit", () => {
    expect(of(check(ring(0.5)), "annular-ring")).toEqual([]);
  });

  it("reports a drill breaking out of its pad as no ring at all", () => {
    const [finding] = of(check(ring(0.6, 0.2)), "annular-ring");
    expect(finding).toMatchObject({ measured: 0, layer: "t-F_Cu.gbr" });
  });

  it("ignores non-plated holes", () => {
    const npth = complete({
      "t-F_Cu.gbr": gerber(circle(10, 1), flash(18, 18), circle(11, 0.45), flash(5, 5)),
      "t-NPTH.drl": excellon([0.3, [[5, 5]]]),
    });
    expect(of(check(npth), "annular-ring")).toEqual([]);
  });
});

describe("drills", () => {
  it("reports a drill smaller than the fab drills, with its count and a hole to pin", () => {
    const files = complete({
      "t-PTH.drl": excellon(
        [0.5, [[18, 18]]],
        [
          0.15,
          [
            [5, 5],
            [7, 5],
          ],
        ],
      ),
    });
    expect(of(check(files), "drill-size")).toEqual([
      expect.objectContaining({ measured: 0.15, limit: 0.2, count: 2, x: 5, y: 5, layer: "t-PTH.drl" }),
    ]);
    expect(of(check(files, { minDrillMm: 0.15 }), "drill-size")).toEqual([]);
  });

  it("measures hole-to-hole spacing edge to edge across drill files", () => {
    // 0.3 mm holes 0.45 mm apart: 0.15 mm of material between them.
    const close = complete({
      "t-PTH.drl": excellon([0.5, [[18, 18]]], [0.3, [[5, 5]]]),
      "t-NPTH.drl": excellon([0.3, [[5.45, 5]]]),
    });
    expect(of(check(close), "hole-to-hole")).toEqual([
      expect.objectContaining({ measured: 0.15, limit: 0.25, severity: "error", layer: null }),
    ]);
    const apart = complete({
      "t-PTH.drl": excellon(
        [0.5, [[18, 18]]],
        [
          0.3,
          [
            [5, 5],
            [6, 5],
          ],
        ],
      ),
    });
    expect(of(check(apart), "hole-to-hole")).toEqual([]);
  });

  it("counts the same hole written in two files once, and overlapping hits as a warning", () => {
    const repeated = complete({
      "t-PTH.drl": excellon([0.5, [[18, 18]]], [0.3, [[5, 5]]]),
      "t-Via-PTH.drl": excellon([0.3, [[5, 5]]]),
    });
    expect(of(check(repeated), "hole-to-hole")).toEqual([]);
    const overlapping = complete({
      "t-PTH.drl": excellon(
        [0.5, [[18, 18]]],
        [
          1,
          [
            [5, 5],
            [5.5, 5],
          ],
        ],
      ),
    });
    expect(of(check(overlapping), "hole-to-hole")).toEqual([
      expect.objectContaining({ measured: 0, severity: "warning" }),
    ]);
  });
});

describe("board edge", () => {
  it("reports copper closer to the edge than the limit, and copper over it as a warning", () => {
    // A 0.2 mm track whose centre runs 0.2 mm from the bottom edge: its copper is 0.1 mm away.
    const near = complete({
      "t-F_Cu.gbr": gerber(circle(10, 1), flash(18, 18), circle(11, 0.2), track(5, 0.2, 15, 0.2)),
    });
    const findings = of(check(near), "copper-to-edge");
    expect(findings.length).toBeGreaterThan(0);
    expect(
      findings.every((f) => f.measured === 0.1 && f.severity === "error" && f.layer === "t-F_Cu.gbr"),
    ).toBe(true);
    expect(findings.every((f) => Math.abs(f.y!) < 1e-6)).toBe(true);

    const over = complete({
      "t-F_Cu.gbr": gerber(circle(10, 1), flash(18, 18), circle(11, 0.5), track(5, 0.1, 15, 0.1)),
    });
    expect(of(check(over), "copper-to-edge").every((f) => f.measured === 0 && f.severity === "warning")).toBe(
      true,
    );

    const inside = complete({
      "t-F_Cu.gbr": gerber(circle(10, 1), flash(18, 18), circle(11, 0.2), track(5, 2, 15, 2)),
    });
    expect(of(check(inside), "copper-to-edge")).toEqual([]);
  });

  it("reports holes too close to the edge", () => {
    // A 0.3 mm hole centred 0.3 mm from the left edge: 0.15 mm of material.
    const near = complete({ "t-PTH.drl": excellon([0.5, [[18, 18]]], [0.3, [[0.3, 10]]]) });
    expect(of(check(near), "drill-to-edge")).toEqual([
      expect.objectContaining({ measured: 0.15, limit: 0.4, x: 0, y: 10, layer: null }),
    ]);
    const inside = complete({ "t-PTH.drl": excellon([0.5, [[18, 18]]], [0.3, [[2, 10]]]) });
    expect(of(check(inside), "drill-to-edge")).toEqual([]);
  });

  it("skips the edge checks without an outline and says so", () => {
    const files = complete({});
    delete files["t-Edge_Cuts.gbr"];
    const report = check(files);
    expect(report.skipped).toContainEqual({ rule: "copper-to-edge", reason: "no-outline" });
    expect(of(report, "outline-missing")).toHaveLength(1);
  });
});

describe("silkscreen on pads", () => {
  const silk = (y: number) =>
    complete({
      "t-F_Mask.gbr": gerber(circle(10, 1.1), flash(18, 18), rectangle(11, 1, 1), flash(10, 10)),
      "t-F_SilkS.gbr": gerber(circle(10, 0.1), track(8, y, 12, y)),
    });

  it("warns of silkscreen printed over an opening in the mask", () => {
    const [finding] = of(check(silk(10)), "silkscreen-on-pad");
    expect(finding).toMatchObject({ severity: "warning", measured: 0, layer: "t-F_SilkS.gbr" });
    expect(Math.abs(finding!.y! - 10)).toBeLessThan(0.6);
  });

  it("notes silkscreen closer to an opening than the limit", () => {
    // The line's edge sits 0.05 mm below the opening's bottom edge (y 9.5).
    expect(of(check(silk(9.4)), "silkscreen-on-pad")).toEqual([
      expect.objectContaining({ severity: "info", measured: 0.05, limit: 0.1 }),
    ]);
  });

  it("accepts silkscreen clear of openings", () => {
    expect(of(check(silk(9)), "silkscreen-on-pad")).toEqual([]);
  });

  it("sees silkscreen already clipped from the pad as clear of it", () => {
    const clipped = complete({
      "t-F_Mask.gbr": gerber(circle(10, 1.1), flash(18, 18), rectangle(11, 1, 1), flash(10, 10)),
      "t-F_SilkS.gbr": gerber(
        circle(10, 0.1),
        track(8, 10, 12, 10),
        clear,
        rectangle(11, 1.3, 1.3),
        flash(10, 10),
      ),
    });
    expect(of(check(clipped), "silkscreen-on-pad")).toEqual([]);
  });
});

describe("layer set", () => {
  const copper = gerber(circle(10, 1), flash(5, 5));

  it("finds a mask without copper on its side, copper without drill, inner copper without outer", () => {
    const report = check({
      "t-Edge_Cuts.gbr": outline(),
      "t-In1_Cu.gbr": copper,
      "t-B_Cu.gbr": copper,
      "t-F_Mask.gbr": copper,
    });
    expect(of(report, "mask-without-copper")).toEqual([
      expect.objectContaining({ severity: "error", layer: "t-F_Mask.gbr", x: null, measured: null }),
    ]);
    expect(of(report, "copper-missing")).toHaveLength(1);
    expect(of(report, "drill-missing")).toEqual([expect.objectContaining({ severity: "error" })]);
  });

  it("only warns of a missing drill file on a single copper layer", () => {
    const report = check({ "t-Edge_Cuts.gbr": outline(), "t-F_Cu.gbr": copper });
    expect(of(report, "drill-missing")).toEqual([expect.objectContaining({ severity: "warning" })]);
  });

  it("finds nothing to say about a complete set", () => {
    const report = check(complete({ "t-F_Mask.gbr": copper }));
    expect(report.findings).toEqual([]);
  });
});

describe("specification", () => {
  const files = complete({});

  it("reports a layer count the files contradict", () => {
    const report = checkManufacturability(boardOf(files), TEST_LIMITS, { specification: { layers: 4 } });
    expect(of(report, "layer-count-mismatch")).toEqual([
      expect.objectContaining({ measured: 2, limit: 4, unit: "layers", severity: "error" }),
    ]);
  });

  it("reports a board size the outline contradicts, accepting the board turned", () => {
    const board = boardOf(complete({ "t-Edge_Cuts.gbr": outline(30, 20) }));
    const size = (widthMm: number, heightMm: number) =>
      of(
        checkManufacturability(board, TEST_LIMITS, { specification: { widthMm, heightMm, layers: 2 } }),
        "size-mismatch",
      );
    expect(size(30, 20)).toEqual([]);
    expect(size(20, 30)).toEqual([]);
    expect(size(30.3, 20)).toEqual([]);
    expect(size(40, 20)).toEqual([expect.objectContaining({ measured: 30, limit: 40, x: 15, y: 10 })]);
  });
});

describe("report", () => {
  it("keeps the worst findings of a rule on a layer and counts the rest", () => {
    const many: DfmFinding[] = Array.from({ length: MAX_FINDINGS_PER_RULE + 5 }, (_, i) => ({
      rule: "clearance",
      severity: "error",
      measured: 0.05 + i / 10_000,
      limit: 0.1,
      unit: "mm",
      layer: "a",
      x: i * 2,
      y: 0,
      count: 1,
    }));
    const merged = mergeFindings(many);
    expect(merged.findings).toHaveLength(MAX_FINDINGS_PER_RULE);
    expect(merged.findings[0]!.measured).toBe(0.05);
    expect(merged.omitted).toEqual([{ rule: "clearance", layer: "a", count: 5 }]);
  });

  it("merges findings of one rule within half a millimetre into the worst", () => {
    const at = (x: number, measured: number): DfmFinding => ({
      rule: "clearance",
      severity: "error",
      measured,
      limit: 0.1,
      unit: "mm",
      layer: "a",
      x,
      y: 0,
      count: 1,
    });
    const merged = mergeFindings([at(0, 0.08), at(0.3, 0.05), at(3, 0.07)]);
    expect(merged.findings.map((f) => [f.x, f.measured, f.count])).toEqual([
      [0.3, 0.05, 2],
      [3, 0.07, 1],
    ]);
  });
});

describe("limits from the operator's capabilities", () => {
  it("turns the capability sheet's figures into limits in mm", () => {
    const limits = dfmLimitsFromCapabilities(capabilities.bareBoards);
    expect(limits.minTrackMm).toBe(capabilities.bareBoards.trackSpaceUm / 1000);
    expect(limits.minDrillMm).toBe(capabilities.bareBoards.mechanicalDrillMm);
    expect(limits.minAnnularRingMm).toBe(capabilities.bareBoards.annularRingUm / 1000);
    for (const value of Object.values(limits)) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
    }
  });
});
