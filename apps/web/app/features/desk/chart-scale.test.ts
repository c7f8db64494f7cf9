import { describe, expect, it } from "vitest";

import { niceScale } from "./chart-scale";

describe("niceScale", () => {
  it("rounds the maximum up to nice, evenly spaced ticks", () => {
    expect(niceScale(1_234_567)).toEqual({
      max: 1_500_000,
      step: 500_000,
      values: [0, 500_000, 1_000_000, 1_500_000],
    });
    expect(niceScale(100)).toEqual({ max: 100, step: 25, values: [0, 25, 50, 75, 100] });
    expect(niceScale(7)).toEqual({ max: 8, step: 2, values: [0, 2, 4, 6, 8] });
  });

  it("has an axis without any business", () => {
    expect(niceScale(0)).toEqual({ max: 4, step: 1, values: [0, 1, 2, 3, 4] });
  });
});
