import { describe, expect, it } from "vitest";
import {
  analysisLine,
  formatMs,
  formatSize,
  formatSpeedUp,
  largestSet,
  smallestSpeedUpLine,
  speedUp,
  table,
  wrongness,
  type Outcome,
} from "./gerber-bench.ts";

const summary = { layers: 7, width: 68.58, height: 53.34 };
const ok = (ms: number): Outcome => ({ kind: "ok", ms, summary, maxRssKiB: 1 });

describe("speedUp", () => {
  it("divides the reference's median by ours; a capped reference gives a lower bound from the cap", () => {
    expect(speedUp(10, ok(250), 60_000)).toEqual({ value: 25, atLeast: false });
    expect(speedUp(100, { kind: "capped", summary: null }, 60_000)).toEqual({ value: 600, atLeast: true });
  });

  it("has none when the reference failed or ours has no time", () => {
    expect(speedUp(10, { kind: "error", message: "x" }, 60_000)).toBeNull();
    expect(speedUp(Number.NaN, ok(250), 60_000)).toBeNull();
  });
});

describe("formatting", () => {
  it("writes speed-ups with one decimal below 100 and ≥ for lower bounds", () => {
    expect(formatSpeedUp({ value: 12.345, atLeast: false })).toBe("12.3×");
    expect(formatSpeedUp({ value: 1234.5, atLeast: true })).toBe("≥ 1235×");
    expect(formatSpeedUp(null)).toBe("—");
  });

  it("writes sizes in mm with two decimals, or a dash without one", () => {
    expect(formatSize({ layers: 3, width: 67.8, height: 53 })).toBe("67.80×53.00");
    expect(formatSize({ layers: 3, width: null, height: null })).toBe("—");
    expect(formatSize(null)).toBe("—");
  });

  it("writes the time, the cap or the error of a cell", () => {
    expect(formatMs(ok(1234.4), 60)).toBe("1234");
    expect(formatMs(ok(12.34), 60)).toBe("12.3");
    expect(formatMs({ kind: "capped", summary: null }, 60)).toBe("over 60 s");
    expect(formatMs({ kind: "error", message: "File type not recognized" }, 60)).toBe(
      "error: File type not recognized",
    );
  });

  it("ends with the smallest speed-up over all sets that have one", () => {
    expect(smallestSpeedUpLine([{ value: 30 }, null, { value: 12.34 }, { value: 600 }])).toBe(
      "smallest speed-up over pcb-stackup: 12.3×",
    );
    expect(smallestSpeedUpLine([null])).toBe("smallest speed-up over pcb-stackup: n/a");
  });

  it("pads columns: headers and the first column to the left, the rest to the right", () => {
    expect(
      table(
        [
          ["set", "ms"],
          ["a", "5"],
          ["bbb", "123"],
        ],
        1,
      ),
    ).toEqual(["set  ms", "a      5", "bbb  123"]);
  });
});

describe("wrongness", () => {
  const expected = {
    size: [68.58, 53.34] as [number, number],
    copperLayers: 2,
    layers: { "a.cmp": "copper/top", "a.sol": "copper/bottom" } as const,
  };
  const result = {
    layers: 2,
    width: 68.6,
    height: 53.3,
    identified: { "a.cmp": "copper/top", "a.sol": "copper/bottom" },
    sizeSource: "outline",
    copperLayers: 2,
  };

  it("passes our result when every file, the copper count and the size are as recorded", () => {
    expect(wrongness(expected, result)).toBeNull();
  });

  it("names the first file taken for something else, a wrong count, or a wrong size", () => {
    expect(
      wrongness(expected, { ...result, identified: { ...result.identified, "a.sol": "drawing/all" } }),
    ).toBe("a.sol: drawing/all instead of copper/bottom");
    expect(wrongness(expected, { ...result, identified: { "a.cmp": "copper/top" } })).toBe(
      "a.sol: not a layer instead of copper/bottom",
    );
    expect(wrongness(expected, { ...result, copperLayers: 1 })).toBe("1 copper layers instead of 2");
    expect(wrongness(expected, { ...result, sizeSource: "layers" })).toBe("size from layers");
    expect(wrongness(expected, { ...result, width: 70 })).toBe("size 70.00×53.30 instead of 68.58×53.34");
    expect(wrongness(expected, null)).toBe("no result");
  });
});

describe("the analysis of the largest set", () => {
  it("picks the set with the most bytes, the first of equals, none of none", () => {
    expect(
      largestSet([
        { name: "a", bytes: 10 },
        { name: "b", bytes: 30 },
        { name: "c", bytes: 30 },
      ]),
    ).toBe("b");
    expect(largestSet([])).toBeNull();
  });

  it("reports the warm median in ms against the 5 s target, as pass or fail", () => {
    expect(analysisLine("big", 2345.6, 1234.4)).toBe(
      "DFM report of the largest set (big) in the worker: 1234 ms median " +
        "(first call, starting the worker: 2346 ms); target under 5 s: pass",
    );
    expect(analysisLine("big", 6000, 5000)).toMatch(/target under 5 s: FAIL$/);
  });
});
