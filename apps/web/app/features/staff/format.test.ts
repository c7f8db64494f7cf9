import { formatDate, formatPercentFigure } from "@ems/i18n/format";
import { describe, expect, it } from "vitest";

import { dayFromToday, majorText, parseMajor, parseWhole, statusKey } from "./format";

describe("parseMajor", () => {
  it("reads plain and grouped amounts into minor units", () => {
    expect(parseMajor("12", "EUR")).toBe(1200);
    expect(parseMajor("12.5", "EUR")).toBe(1250);
    expect(parseMajor("12,50", "EUR")).toBe(1250);
    expect(parseMajor("1.234,56", "EUR")).toBe(123456);
    expect(parseMajor("1,234.56", "USD")).toBe(123456);
    expect(parseMajor("1 234,5", "EUR")).toBe(123450);
    expect(parseMajor("1,234", "EUR")).toBe(123400);
    expect(parseMajor("0.07", "EUR")).toBe(7);
    expect(parseMajor(".5", "EUR")).toBe(50);
    expect(parseMajor("0", "EUR")).toBe(0);
  });

  it("refuses what is not an amount of the currency", () => {
    expect(parseMajor("", "EUR")).toBeNull();
    expect(parseMajor("abc", "EUR")).toBeNull();
    expect(parseMajor("-5", "EUR")).toBeNull();
    expect(parseMajor("1.2.3,456", "EUR")).toBeNull();
    expect(parseMajor("1e3", "EUR")).toBeNull();
    expect(parseMajor(",", "EUR")).toBeNull();
  });

  it("round-trips with majorText", () => {
    expect(majorText(123456, "EUR")).toBe("1234.56");
    expect(parseMajor(majorText(5, "EUR"), "EUR")).toBe(5);
    expect(majorText(null, "EUR")).toBe("");
  });

  it("reads amounts with the currency's decimals", () => {
    expect(parseMajor("1200", "JPY")).toBe(1200);
    expect(parseMajor("12.5", "JPY")).toBeNull();
  });
});

describe("percent and whole numbers", () => {
  it("shows VAT rates in basis points as the language writes percentages", () => {
    expect(formatPercentFigure(750, "de")).toBe("7,5");
    expect(formatPercentFigure(1900, "en")).toBe("19");
  });

  it("reads whole numbers", () => {
    expect(parseWhole(" 42 ")).toBe(42);
    expect(parseWhole("4.2")).toBeNull();
    expect(parseWhole("")).toBeNull();
  });
});

describe("dates", () => {
  it("formats calendar days and timestamps in UTC", () => {
    expect(formatDate("2026-03-01", "en")).toBe("Mar 1, 2026");
    expect(formatDate("2026-03-01T23:30:00Z", "de")).toBe("01.03.2026");
    expect(formatDate(null, "en")).toBe("");
  });

  it("counts days from today", () => {
    expect(dayFromToday(30, new Date("2026-01-15T10:00:00Z"))).toBe("2026-02-14");
  });
});

describe("statuses", () => {
  it("turns statuses into select keys", () => {
    expect(statusKey("In Progress")).toBe("in_progress");
    expect(statusKey("Open")).toBe("open");
  });
});
