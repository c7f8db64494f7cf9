import { setFormatLedgerProvider, type FormatLedger } from "@ems/i18n/format-ledger";
import { afterEach, describe, expect, it } from "vitest";

import { cn } from "./cn";

afterEach(() => setFormatLedgerProvider(() => undefined));

describe("cn", () => {
  it("lets later utilities override earlier ones and drops what is falsy", () => {
    expect(cn("px-2 py-1 text-sm", false, undefined, "px-4")).toBe("py-1 text-sm px-4");
    expect(cn("flex", ["items-center", { hidden: false, "gap-2": true }])).toBe("flex items-center gap-2");
  });

  it("records each merge in a server render's ledger, with nothing to merge as an empty entry", () => {
    const ledger: FormatLedger = new Map();
    setFormatLedgerProvider(() => ({ ledger, record: true }));
    expect(cn("p-0", "p-1")).toBe("p-1");
    expect(cn("rounded-md border")).toBe("rounded-md border");
    expect(Object.fromEntries(ledger)).toEqual({ "cn:p-0 p-1": "p-1", "cn:rounded-md border": "" });
  });

  it("reads the page's ledger in the browser instead of merging", () => {
    // A deliberately different answer proves the lookup: the ledger wins over merging again.
    const ledger: FormatLedger = new Map([
      ["cn:m-1 m-2", "m-2 from-ledger"],
      ["cn:m-3", ""],
    ]);
    setFormatLedgerProvider(() => ({ ledger, record: false }));
    expect(cn("m-1", "m-2")).toBe("m-2 from-ledger");
    expect(cn("m-3")).toBe("m-3");
    expect(cn("m-4", "m-5")).toBe("m-5");
    expect(ledger.size).toBe(2);
  });
});
