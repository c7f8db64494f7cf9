import { describe, expect, it } from "vitest";

import { compactMoney, monthName, niceScale } from "./chart-scale";

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

describe("labels", () => {
  it("compacts money per language", () => {
    expect(compactMoney(1_250_000, "EUR", "en")).toBe("€12.5K");
    expect(compactMoney(0, "EUR", "en")).toBe("€0");
    expect(compactMoney(250_000_000, "EUR", "de")).toBe("2,5\u00a0Mio.\u00a0€");
  });

  it("names months in the language", () => {
    expect(monthName("2026-03", "en")).toBe("Mar");
    expect(monthName("2026-03", "de")).toBe("Mär");
    expect(monthName("2026-03", "en", "long")).toBe("March 2026");
  });
});
