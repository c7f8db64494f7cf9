import { describe, expect, it } from "vitest";
import { median, ratioSummary } from "./stats.ts";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle values", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe("ratioSummary", () => {
  it("reports the median of per-repeat ratios, not the ratio of medians", () => {
    const base = [
      { rps: 100, p50: 1, p99: 2 },
      { rps: 200, p50: 1, p99: 2 },
      { rps: 400, p50: 1, p99: 2 },
    ];
    const run = [
      { rps: 50, p50: 2, p99: 4 },
      { rps: 50, p50: 2, p99: 4 },
      { rps: 400, p50: 2, p99: 4 },
    ];
    expect(ratioSummary("x", run, base)).toContain("median ratio to baseline 0.50");
  });
});
