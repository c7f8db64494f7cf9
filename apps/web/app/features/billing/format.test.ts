import { describe, expect, it } from "vitest";

import { formatDay, formatRate, money } from "./format";

describe("document formats", () => {
  it("shows calendar days and instants as the UTC day of the language", () => {
    expect(formatDay("2026-03-31", "en")).toBe("Mar 31, 2026");
    expect(formatDay("2026-03-31T23:30:00.000Z", "de")).toBe("31.03.2026");
    expect(formatDay("not a day", "en")).toBe("not a day");
  });

  it("formats money and tax rates for the language", () => {
    expect(money(123450, "EUR", "de")).toBe("1.234,50\u00a0€");
    expect(money(123450, "EUR", "en")).toBe("€1,234.50");
    expect(formatRate(1900, "en")).toBe("19%");
    expect(formatRate(1900, "de")).toBe("19\u00a0%");
  });
});
