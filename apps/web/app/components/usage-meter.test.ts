import { describe, expect, it } from "vitest";
import { usagePercent } from "./usage-meter";

describe("usagePercent", () => {
  it("says how full the storage is, at most 100 %", () => {
    expect(usagePercent(512, 2048)).toBe(25);
    expect(usagePercent(2047, 2048)).toBe(99);
    expect(usagePercent(3000, 2048)).toBe(100);
    expect(usagePercent(1, 0)).toBe(100);
  });
});
