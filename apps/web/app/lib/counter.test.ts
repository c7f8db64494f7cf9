import { describe, expect, it } from "vitest";

import { counterFigures, prorate, secondsElapsedThisYear } from "./counter";

const YEAR_S = 31_557_600;

describe("counter proration", () => {
  it("counts seconds from 1 January 00:00 UTC", () => {
    expect(secondsElapsedThisYear(new Date("2026-01-01T00:00:00Z"))).toBe(0);
    expect(secondsElapsedThisYear(new Date("2026-01-01T00:01:40Z"))).toBe(100);
    expect(secondsElapsedThisYear(new Date("2026-02-01T00:00:00Z"))).toBe(31 * 86_400);
  });

  it("prorates an annual total over 31,557,600 seconds", () => {
    const halfYear = new Date(Date.UTC(2026, 0, 1) + (YEAR_S / 2) * 1000);
    expect(prorate(200_000, halfYear)).toBe(100_000);
    expect(prorate(5_000_000, halfYear)).toBe(2_500_000);
    expect(prorate(200_000, new Date("2026-01-01T00:00:00Z"))).toBe(0);
  });

  it("rounds down and never exceeds the annual total", () => {
    const oneSecond = new Date("2026-01-01T00:00:01Z");
    expect(prorate(5_000_000, oneSecond)).toBe(Math.floor(5_000_000 / YEAR_S));
    expect(prorate(200_000, new Date("2024-12-31T23:59:59Z"))).toBe(200_000);
  });

  it("grows the component figure by one per second after the band appeared", () => {
    const since = new Date("2026-03-01T12:00:00Z");
    const start = counterFigures(since, since);
    const later = counterFigures(new Date(since.getTime() + 7_000), since);
    expect(later.componentsThisYear - start.componentsThisYear).toBe(7);
    expect(start.componentsThisYear).toBe(prorate(5_000_000, since));
  });

  it("keeps the fixed figures", () => {
    const figures = counterFigures(new Date("2026-06-01T00:00:00Z"));
    expect(figures.activeBoms).toBe(4425);
    expect(figures.customers).toBe("300+");
  });
});
