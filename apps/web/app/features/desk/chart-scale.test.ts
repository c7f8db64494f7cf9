import { describe, expect, it } from "vitest";

import { hasBusiness, niceScale } from "./chart-scale";

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

describe("hasBusiness", () => {
  const month = (ordered: number, invoiced: number | null) => ({
    ordered_minor: ordered,
    invoiced_minor: invoiced,
  });
  it("is false for a year of zeros (with or without invoice figures) and true for any amount", () => {
    expect(hasBusiness([month(0, 0), month(0, 0)])).toBe(false);
    expect(hasBusiness([month(0, null)])).toBe(false);
    expect(hasBusiness([])).toBe(false);
    expect(hasBusiness([month(0, 0), month(0, 1)])).toBe(true);
    expect(hasBusiness([month(500, null)])).toBe(true);
    // A credit can leave a month below zero: that is business too.
    expect(hasBusiness([month(0, -100)])).toBe(true);
  });
});
