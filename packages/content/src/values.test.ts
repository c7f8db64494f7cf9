import { setFormatLedgerProvider, type FormatLedger } from "@ems/i18n/format-ledger";
import { afterEach, describe, expect, it } from "vitest";

import { claimValues } from "./values.ts";

afterEach(() => setFormatLedgerProvider(() => undefined));

describe("claimValues", () => {
  it("names the operator's countries and sites in the page's language", () => {
    expect(claimValues("de").countries).toBe("Deutschland und Rumänien");
    expect(claimValues("en").sites).toBe("Bamberg (Germany) and Sibiu (Romania)");
  });

  it("goes into a server render's format ledger as one text, and the browser takes it from there", () => {
    const ledger: FormatLedger = new Map();
    setFormatLedgerProvider(() => ({ ledger, record: true }));
    const server = claimValues("fr");
    expect(JSON.parse(ledger.get("claims:fr") ?? "null")).toEqual(server);

    const page: FormatLedger = new Map([["claims:fr", JSON.stringify({ ...server, countries: "(server)" })]]);
    setFormatLedgerProvider(() => ({ ledger: page, record: false }));
    expect(claimValues("fr").countries).toBe("(server)");
    expect(claimValues("fr")).toBe(claimValues("fr"));
  });
});
