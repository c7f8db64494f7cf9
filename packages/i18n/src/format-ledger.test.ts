import { afterEach, describe, expect, it, vi } from "vitest";

import { formatDate, formatNumber, localeTag } from "./format.ts";
import {
  parseFormatLedger,
  remembered,
  rememberedLike,
  serializeFormatLedger,
  setFormatLedgerProvider,
  type FormatLedger,
} from "./format-ledger.ts";
import { LOCALES } from "./locales.ts";

function useLedger(entries: Record<string, string>, record: boolean): FormatLedger {
  const ledger: FormatLedger = new Map(Object.entries(entries));
  setFormatLedgerProvider(() => ({ ledger, record }));
  return ledger;
}

afterEach(() => setFormatLedgerProvider(() => undefined));

describe("remembered", () => {
  it("formats every time outside a page render (API mails and PDFs, loaders, tests)", () => {
    const format = vi.fn(() => "4.425");
    expect(remembered("number:de-DE|4425", format)).toBe("4.425");
    expect(remembered("number:de-DE|4425", format)).toBe("4.425");
    expect(format).toHaveBeenCalledTimes(2);
  });

  it("records what a server render formats and answers the same key from the record", () => {
    const ledger = useLedger({}, true);
    const format = vi.fn(() => "4.425");
    expect(remembered("number:de-DE|4425", format)).toBe("4.425");
    expect(remembered("number:de-DE|4425", format)).toBe("4.425");
    expect(format).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(ledger)).toEqual({ "number:de-DE|4425": "4.425" });
  });

  it("in the browser answers from the page's ledger and formats (without recording) what it lacks", () => {
    const ledger = useLedger({ "number:de-DE|4425": "4.425 (server)" }, false);
    const format = vi.fn(() => "7");
    expect(remembered("number:de-DE|4425", format)).toBe("4.425 (server)");
    expect(remembered("number:de-DE|7", format)).toBe("7");
    expect(format).toHaveBeenCalledTimes(1);
    expect(ledger.size).toBe(1);
  });
});

describe("rememberedLike", () => {
  it("finds an entry by key prefix and rest in the browser's ledger, never in a recording one", () => {
    useLedger({ "number:de-DE|12": "12", "number:de-DE|1234": "1.234" }, false);
    expect(rememberedLike("number:de-DE|", (rest) => rest.length === 4)).toBe("1.234");
    expect(rememberedLike("number:fr-FR|", () => true)).toBeUndefined();
    useLedger({ "number:de-DE|1234": "1.234" }, true);
    expect(rememberedLike("number:de-DE|", () => true)).toBeUndefined();
  });
});

describe("the ledger in the document", () => {
  it("round-trips, and no text can close the script element that carries it", () => {
    const ledger: FormatLedger = new Map([
      ["claims:en", '{"brand":"</script><script>alert(1)</script>"}'],
      ["date:de-DE|2029-03-31T00:00:00.000Z", "31.03.2029"],
    ]);
    const json = serializeFormatLedger(ledger);
    expect(json).not.toContain("<");
    expect(parseFormatLedger(json)).toEqual(ledger);
  });

  it("reads anything malformed as empty and skips entries that are no text", () => {
    expect(parseFormatLedger(null).size).toBe(0);
    expect(parseFormatLedger('{"a":"b"').size).toBe(0);
    expect(parseFormatLedger("[1,2]").size).toBe(0);
    expect(Object.fromEntries(parseFormatLedger('{"a":"b","c":3,"d":null}'))).toEqual({ a: "b" });
  });
});

describe("formatters with a page's ledger", () => {
  it("take the server's text for the same input", () => {
    useLedger({ "date:de-DE|2029-03-31T00:00:00.000Z": "31. März (server)" }, false);
    expect(formatDate("2029-03-31", "de")).toBe("31. März (server)");
    expect(formatDate("2029-04-01", "de")).toBe("01.04.2029");
  });

  it("write a whole number like one of the same length the server formatted", () => {
    useLedger({ "number:de-DE|4558635": "4#558#635", "number:de-DE|12": "12" }, false);
    expect(formatNumber(4558641, "de")).toBe("4#558#641");
    expect(formatNumber(1000000, "de")).toBe("1#000#000");
    // Another length, a fraction, a negative number or another language: Intl as usual.
    expect(formatNumber(45586410, "de")).toBe("45.586.410");
    expect(formatNumber(4558.5, "de")).toBe("4.558,5");
    expect(formatNumber(-4558641, "de")).toBe("-4.558.641");
    expect(formatNumber(4558641, "en")).toBe("4,558,641");
  });

  it("group exactly as Intl does, in every language and at every length", () => {
    for (const locale of LOCALES) {
      const intl = new Intl.NumberFormat(localeTag(locale));
      for (let length = 1; length <= 15; length += 1) {
        const sample = 10 ** (length - 1) + 7;
        const value = 10 ** length - 1 - 3 * length;
        useLedger({ [`number:${localeTag(locale)}|${sample}`]: intl.format(sample) }, false);
        expect(formatNumber(value, locale), `${locale}, ${length} digits`).toBe(intl.format(value));
      }
    }
  });
});
