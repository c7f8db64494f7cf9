import { describe, expect, it } from "vitest";
import {
  currencyDigits,
  formatCompactMoney,
  formatLanguageName,
  formatMonth,
  formatRegion,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatPercentFigure,
  formatRate,
  formatWeekday,
  localeTag,
} from "./format.ts";

describe("formatters", () => {
  it("formats with each language's regional tag: Portuguese is Portugal's, not Brazil's", () => {
    expect(localeTag("pt")).toBe("pt-PT");
    expect(localeTag("pt-BR")).toBe("pt-PT");
    expect(localeTag("xx")).toBe("en-US");
    expect(formatDate("2026-11-23", "pt")).toBe("23/11/2026");
    expect(formatDate("2026-11-23", "pt")).toBe(formatDate("2026-11-23", "pt-PT"));
  });

  it("shows calendar days and instants as their UTC day, whatever the time of day", () => {
    expect(formatDate("2026-03-31", "en")).toBe("Mar 31, 2026");
    expect(formatDate("2026-03-31T23:30:00.000Z", "de")).toBe("31.03.2026");
    expect(formatDate(new Date("2026-03-01T00:10:00Z"), "de")).toBe("01.03.2026");
    expect(formatDate("not a day", "en")).toBe("not a day");
    expect(formatDate(null, "en")).toBe("");
    expect(formatDate("", "en")).toBe("");
  });

  it("names the zone of a time, UTC unless another is asked for", () => {
    expect(formatDateTime("2026-03-31T08:05:09Z", "de")).toBe("31.03.2026, 08:05:09 UTC");
    expect(formatDateTime("2026-03-31T08:05:09Z", "de", "Europe/Bucharest")).toMatch(
      /^31\.03\.2026, 11:05:09 /,
    );
    expect(formatWeekday("2026-12-24", "de")).toBe("Donnerstag");
  });

  it("formats numbers, rates and money for the language", () => {
    expect(formatNumber(1250, "de")).toBe("1.250");
    expect(formatNumber(1250, "en")).toBe("1,250");
    expect(formatRate(1900, "en")).toBe("19%");
    expect(formatRate(1950, "de")).toBe("19,5\u00a0%");
    expect(formatPercentFigure(750, "de")).toBe("7,5");
    expect(formatPercentFigure(1900, "en")).toBe("19");
    expect(formatMoney(123_450, "EUR", "de")).toBe("1.234,50\u00a0€");
    expect(formatMoney(123_450, "EUR", "en")).toBe("€1,234.50");
    expect(formatMoney(99, "RON", "ro")).toBe("0,99\u00a0RON");
    expect(formatDecimal(0.3, 3, "de")).toBe("0,300");
    expect(formatDecimal(1234.5678, 2, "en")).toBe("1,234.57");
    expect(formatDecimal(2.5, 0, "fr")).toBe("3");
  });

  it("knows each currency's decimals, and falls back to two for an unknown code", () => {
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("BHD")).toBe(3);
    expect(currencyDigits("??")).toBe(2);
  });

  it("writes chart money and months short, in the language", () => {
    expect(formatCompactMoney(1_250_000, "EUR", "en")).toBe("€12.5K");
    expect(formatCompactMoney(250_000_000, "EUR", "de")).toBe("2,5\u00a0Mio.\u00a0€");
    expect(formatMonth("2026-03", "de")).toBe("Mär");
    expect(formatMonth("2026-03", "en", "long")).toBe("March 2026");
  });

  it("names countries and languages in the reader's language, and keeps a code Intl cannot name", () => {
    expect(formatRegion("RO", "de")).toBe("Rumänien");
    expect(formatRegion("DE", "pt")).toBe("Alemanha");
    expect(formatRegion("not a code", "en")).toBe("not a code");
    expect(formatLanguageName("ro", "de")).toBe("Rumänisch");
    expect(formatLanguageName("sv", "fi")).toBe("ruotsi");
  });

  it("groups thousands as Portugal does in every number, not as Brazil does", () => {
    expect(formatNumber(1250, "pt")).toBe(new Intl.NumberFormat("pt-PT").format(1250));
    expect(formatNumber(12500, "pt")).not.toBe(new Intl.NumberFormat("pt-BR").format(12500));
  });

  it("shows file sizes in binary steps with the language's unit names", () => {
    expect(formatFileSize(512, "en")).toBe("512 bytes");
    expect(formatFileSize(1536, "en")).toBe("1.5 kB");
    expect(formatFileSize(200 * 1024 * 1024, "en")).toBe("200 MB");
    expect(formatFileSize(2 * 1024 ** 3, "de").replace(/\s/u, " ")).toBe("2 GB");
    expect(formatFileSize(1.5 * 1024 ** 2, "fr").replace(/\s/u, " ")).toBe("1,5 Mo");
    expect(formatFileSize(-5, "en")).toBe("0 bytes");
  });
});
