import { describe, expect, it } from "vitest";
import { taxOf } from "./money.ts";

describe("money", () => {
  it("computes tax in whole minor units, rounding half away from zero", () => {
    expect(taxOf(10_000, 1900)).toBe(1900);
    expect(taxOf(1_005, 1900)).toBe(191); // 190.95 → 191
    expect(taxOf(50, 1000)).toBe(5);
    expect(taxOf(25, 1900)).toBe(5); // 4.75 → 5
    expect(taxOf(0, 1900)).toBe(0);
    expect(taxOf(12_345, 0)).toBe(0);
  });
});
