import { describe, expect, it } from "vitest";
import { formatMoney, taxOf } from "./money.ts";

describe("money", () => {
  it("computes tax in whole minor units, rounding half away from zero", () => {
    expect(taxOf(10_000, 1900)).toBe(1900);
    expect(taxOf(1_005, 1900)).toBe(191); // 190.95 → 191
    expect(taxOf(50, 1000)).toBe(5);
    expect(taxOf(25, 1900)).toBe(5); // 4.75 → 5
    expect(taxOf(0, 1900)).toBe(0);
    expect(taxOf(12_345, 0)).toBe(0);
  });

  it("formats minor units per language and currency", () => {
    expect(formatMoney(123_450, "EUR", "de")).toBe("1.234,50\u00a0€");
    expect(formatMoney(123_450, "EUR", "en")).toBe("€1,234.50");
    expect(formatMoney(99, "RON", "ro")).toBe("0,99\u00a0RON");
  });
});
