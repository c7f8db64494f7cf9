import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { buildBoard } from "./board.ts";
import { boardData, type BoardData } from "./board-data.ts";
import { boardOf, circle, excellon, flash, gerber, outline, region, track } from "./dfm-test-boards.ts";
import { EXPECTED as FIXTURE_SETS, fixtureSetDirs, readSet } from "./test/fixture-sets.ts";

/**
 * What each shared set's files say, worked out by hand from the files themselves (not by the engine):
 * - layers: the copper files of the set (fixtures/gerbers/README.md).
 * - size: the outline's extent (the same figures as test/fixture-sets.ts, which checks them within 0.1 mm).
 * - minTrackMm: the smallest round aperture selected before a D01 draw in the copper files (inch
 *   apertures × 25.4), except where noted: such a draw only counts when it is a track of its own,
 *   not a stroke inside a pour or under a pad.
 * - minDrillMm: the smallest tool in the drill files' headers (inch tools × 25.4).
 * - drills: the hit lines (X…Y…) per tool in the drill files, the slots (G85, or G01 between M15
 *   and M16), plating from `;TYPE=PLATED` / `;TYPE=NON_PLATED`, X2 `TF.FileFunction` or the file name
 *   (NPTH/PTH); files that say nothing are counted as plated and reported as assumed.
 */
const EXPECTED: Record<string, BoardData> = {
  "altium18-simplefoc-shield-v2": {
    layers: 2,
    size: { widthMm: 67.8, heightMm: 53, source: "outline" },
    // GTL draws with D-codes of 0.00787 in (0.1999 mm), 0.254 mm and up.
    minTrackMm: 0.1999,
    minDrillMm: 0.3,
    // ArduinoFOC.TXT: 105 hits under ;TYPE=PLATED (T1 0.3 mm × 9 … T5 3.0 mm × 3).
    drills: { holes: 105, slots: 0, plated: 105, nonPlated: 0, platingAssumed: 0 },
  },
  "altium19-limesdr-mini-1v3-8layer-panel": {
    layers: 8,
    size: { widthMm: 89.4, heightMm: 170.68, source: "outline" },
    // 0.1 mm draws on GTL, G1, G3, G4, G5 and GBL.
    minTrackMm: 0.1,
    minDrillMm: 0.2,
    // RoundHoles.TXT: 3,396 hits; plated T1 0.2 mm × 3,284 and T2 1.0 mm × 56, non-plated T5 0.8 × 32,
    // T6 1.1 × 8, T7 3.0 × 16. SlotHoles.TXT: 16 routed slots (16 G01 lines), plated.
    drills: { holes: 3396, slots: 16, plated: 3356, nonPlated: 56, platingAssumed: 0 },
  },
  "diptrace-fd1-mainboard": {
    layers: 2,
    size: { widthMm: 85.25, heightMm: 53.34, source: "outline" },
    // D-codes of 0.01 in (0.254 mm) and up on both copper layers.
    minTrackMm: 0.254,
    // T01C0.0157 in.
    minDrillMm: 0.3988,
    // 168 hit lines, no plating said anywhere.
    drills: { holes: 168, slots: 0, plated: 168, nonPlated: 0, platingAssumed: 168 },
  },
  "eagle-arduino-uno-r3": {
    layers: 2,
    size: { widthMm: 68.58, heightMm: 53.34, source: "outline" },
    // The .cmp draws 0.0039-0.0048 in strokes too, but all inside the filled logo and pour; the
    // lettering on the top copper is drawn with the 0.005 in (0.127 mm) aperture, bare on both sides.
    minTrackMm: 0.127,
    // T01C0.0240 in.
    minDrillMm: 0.6096,
    drills: { holes: 169, slots: 0, plated: 169, nonPlated: 0, platingAssumed: 169 },
  },
  "eagle97-compass-teensy-jst": {
    layers: 2,
    size: { widthMm: 66.04, heightMm: 105.41, source: "outline" },
    // Both copper layers draw with 0.2032 mm (8 mil) and wider.
    minTrackMm: 0.2032,
    minDrillMm: 0.35,
    drills: { holes: 779, slots: 0, plated: 779, nonPlated: 0, platingAssumed: 779 },
  },
  "easyeda-simplefoc-shield-v3": {
    layers: 2,
    size: { widthMm: 55.4193, heightMm: 53.2548, source: "outline" },
    // The top layer has one 0.254 mm draw, lying inside wider copper; every real track is 0.3 mm or more.
    minTrackMm: 0.3,
    minDrillMm: 0.301,
    // Drill_PTH_Through.DRL: 121 hits and 7 G85 lines, 5 of them zero-length (round 1.501 mm holes)
    // and 2 real slots; Drill_PTH_Through_Via.DRL repeats 84 of those hits (the vias): 126 holes.
    drills: { holes: 126, slots: 2, plated: 128, nonPlated: 0, platingAssumed: 0 },
  },
  "kicad2013-clockblock": {
    layers: 2,
    size: { widthMm: 104.14, heightMm: 106.68, source: "outline" },
    // D-codes of 0.006 in (0.1524 mm) drawn on both copper layers (lettering and tracks).
    minTrackMm: 0.1524,
    // T1C0.015 in.
    minDrillMm: 0.381,
    // clockblock.drl: 206 hits (plating not said); clockblock-NPTH.drl: 18 hits.
    drills: { holes: 224, slots: 0, plated: 206, nonPlated: 18, platingAssumed: 206 },
  },
  "kicad9-falcan-4layer": {
    layers: 4,
    size: { widthMm: 76.5104, heightMm: 30.8737, source: "outline" },
    minTrackMm: 0.1,
    minDrillMm: 0.3,
    // PTH.drl: 174 hits and 4 routed 0.6 mm slots (X2 Plated); NPTH.drl: 2 hits.
    drills: { holes: 176, slots: 4, plated: 178, nonPlated: 2, platingAssumed: 0 },
  },
};

describe("board data of the shared CAM sets", () => {
  const sets = new Map(fixtureSetDirs().map((dir) => [basename(dir), dir]));

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`reads ${name} as worked out by hand`, () => {
      const dir = sets.get(name);
      expect(dir, `fixture set ${name}`).toBeDefined();
      const data = boardData(buildBoard(readSet(dir!)));
      expect(data.size.source).toBe(expected.size.source);
      expect(data.size.widthMm).toBeCloseTo(expected.size.widthMm, 1);
      expect(data.size.heightMm).toBeCloseTo(expected.size.heightMm, 1);
      expect({ ...data, size: null }).toEqual({ ...expected, size: null });
    });
  }

  // Sets added later: at least the layer count and outline size the fixture list records.
  for (const [name, dir] of sets) {
    if (name in EXPECTED) continue;
    const recorded = FIXTURE_SETS[name];
    if (!recorded) continue;
    it(`reads ${name}'s layer count and size`, () => {
      const data = boardData(buildBoard(readSet(dir)));
      expect(data.layers).toBe(recorded.copperLayers);
      if (recorded.sizeSource === "layers") {
        // No outline: the copper's extent, within what all layers together cover.
        expect(data.size.source).toBe("copper");
        expect(data.size.widthMm).toBeGreaterThan(0);
        expect(data.size.widthMm).toBeLessThanOrEqual(recorded.size[0] + 0.1);
        expect(data.size.heightMm).toBeLessThanOrEqual(recorded.size[1] + 0.1);
      } else {
        expect(data.size.source).toBe("outline");
        expect(Math.abs(data.size.widthMm - recorded.size[0])).toBeLessThan(0.1);
        expect(Math.abs(data.size.heightMm - recorded.size[1])).toBeLessThan(0.1);
      }
      expect(data.minDrillMm === null || data.minDrillMm > 0).toBe(true);
    });
  }
});

describe("board data", () => {
  const copper = gerber(circle(10, 0.15), track(2, 2, 8, 2), circle(11, 1), flash(5, 5));

  it("measures the board from its outline", () => {
    const data = boardData(boardOf({ "t-Edge_Cuts.gbr": outline(30, 20), "t-F_Cu.gbr": copper }));
    expect(data.size).toEqual({ widthMm: 30, heightMm: 20, source: "outline" });
    expect(data.layers).toBe(1);
  });

  it("falls back to the copper's extent without an outline, and says so", () => {
    const data = boardData(boardOf({ "t-F_Cu.gbr": copper }));
    // Copper from x 1.925 (the track's round end) to 8.075, y 1.925 to 5.5 (the pad).
    expect(data.size.source).toBe("copper");
    expect(data.size.widthMm).toBeCloseTo(6.15, 6);
    expect(data.size.heightMm).toBeCloseTo(3.575, 6);
  });

  it("says nothing of size, tracks or drills when the files hold none", () => {
    const data = boardData(boardOf({ "t-F_SilkS.gbr": gerber(circle(10, 0.15), track(0, 0, 1, 1)) }));
    expect(data).toEqual({
      layers: 0,
      size: { widthMm: 0, heightMm: 0, source: "none" },
      minTrackMm: null,
      minDrillMm: null,
      drills: { holes: 0, slots: 0, plated: 0, nonPlated: 0, platingAssumed: 0 },
    });
  });

  it("takes the narrowest real track, not a thin stroke inside a pour", () => {
    const pour = gerber(
      region([1, 1], [9, 1], [9, 4], [1, 4]),
      circle(10, 0.05),
      track(2, 2, 8, 2),
      circle(11, 0.2),
      track(2, 6, 8, 6),
    );
    expect(boardData(boardOf({ "t-F_Cu.gbr": pour })).minTrackMm).toBe(0.2);
  });

  it("leaves out tracks drawn beside the board", () => {
    const data = boardData(
      boardOf({
        "t-Edge_Cuts.gbr": outline(),
        "t-F_Cu.gbr": gerber(circle(10, 0.2), track(2, 2, 8, 2), circle(11, 0.1), track(30, 2, 40, 2)),
        // Holes tell the board from what is drawn beside it (board.ts looks for the outline around them).
        "t.drl": excellon([0.3, [[5, 5]]]),
      }),
    );
    expect(data.minTrackMm).toBe(0.2);
  });

  it("takes the narrowest track over all copper layers", () => {
    const data = boardData(
      boardOf({
        "t-F_Cu.gbr": gerber(circle(10, 0.3), track(2, 2, 8, 2)),
        "t-B_Cu.gbr": gerber(circle(10, 0.12), track(2, 2, 8, 2)),
      }),
    );
    expect(data.minTrackMm).toBe(0.12);
  });

  it("counts holes and slots once, plated or not, and the smallest drill", () => {
    const data = boardData(
      boardOf({
        "t-F_Cu.gbr": copper,
        "t-PTH.drl": excellon(
          [
            0.3,
            [
              [1, 1],
              [2, 1],
            ],
          ],
          [0.8, [[3, 3, 5, 3]]],
        ),
        "t-Vias-PTH.drl": excellon([0.3, [[1, 1]]]),
        "t-NPTH.drl": excellon([3, [[10, 10]]]),
        "t.drl": excellon([0.25, [[12, 12]]]),
      }),
    );
    expect(data.minDrillMm).toBe(0.25);
    expect(data.drills).toEqual({ holes: 4, slots: 1, plated: 4, nonPlated: 1, platingAssumed: 1 });
  });
});
