import { describe, expect, it } from "vitest";

import { minorFactor, toMajorText, toMinor } from "./amount";

describe("toMinor", () => {
  it("converts major units to minor units of the currency", () => {
    expect(toMinor("250000", "EUR")).toBe(25_000_000);
    expect(toMinor("1234.5", "EUR")).toBe(123_450);
    expect(toMinor("1234,56", "SEK")).toBe(123_456);
    expect(toMinor("0.1", "EUR")).toBe(10);
  });

  it("rejects empty, negative and malformed input", () => {
    expect(toMinor("", "EUR")).toBeNull();
    expect(toMinor("-5", "EUR")).toBeNull();
    expect(toMinor("1e5", "EUR")).toBeNull();
    expect(toMinor("12abc", "EUR")).toBeNull();
  });

  it("knows the minor unit", () => {
    expect(minorFactor("EUR")).toBe(100);
    expect(minorFactor("JPY")).toBe(1);
  });
});

describe("toMajorText", () => {
  it("writes minor units as a field's starting text, which toMinor reads back", () => {
    expect(toMajorText(123_450, "EUR")).toBe("1234.50");
    expect(toMajorText(5, "EUR")).toBe("0.05");
    expect(toMajorText(1200, "JPY")).toBe("1200");
    expect(toMinor(toMajorText(987_654, "SEK"), "SEK")).toBe(987_654);
  });
});
