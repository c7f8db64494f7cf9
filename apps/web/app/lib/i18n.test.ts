import { afterEach, describe, expect, it, vi } from "vitest";

import { setFormatLedgerProvider, type FormatLedger } from "@ems/i18n/format-ledger";

import { MISSING_MESSAGE, getI18n, loadI18n, loadPageI18n, messageUsesIntl } from "./i18n";

// Real compiled parts (npm run i18n:compile): a public text, and portal texts of the sign-in page
// and the back office.
const PUBLIC_ID = "nav.login";
const PORTAL_ID = "signin.submit";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loading the catalog parts", () => {
  it("a public page gets the public part only, and a missing text is reported with its id", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const i18n = await loadPageI18n("/de/elektronikfertigung/tht-montage");
    expect(i18n.locale).toBe("de");
    expect(i18n._(PUBLIC_ID)).toBe("Anmelden");
    expect(error).not.toHaveBeenCalled();

    expect(i18n._(PORTAL_ID)).toBe(PORTAL_ID);
    expect(error).toHaveBeenCalledWith(`${MISSING_MESSAGE} "${PORTAL_ID}" in the "de" catalog`);
  });

  it("a portal page loads the portal part into the same instance of its language", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const before = getI18n("de");
    const i18n = await loadPageI18n("/de/login");
    expect(i18n).toBe(before);
    expect(i18n._(PORTAL_ID)).not.toBe(PORTAL_ID);
    expect(i18n._(PUBLIC_ID)).toBe("Anmelden");
    expect(error).not.toHaveBeenCalled();
  });

  it("loads both parts at once when the language's first page is a portal page", async () => {
    const [first, second] = await Promise.all([loadI18n("fi", { portal: true }), loadI18n("fi")]);
    expect(first).toBe(second);
    expect(first._("staff.action_failed")).not.toBe("staff.action_failed");
  });
});

describe("texts with plurals and the format ledger", () => {
  afterEach(() => setFormatLedgerProvider(() => undefined));

  it("knows which compiled texts format through Intl", () => {
    expect(messageUsesIntl("Sign in")).toBe(false);
    expect(messageUsesIntl(["Hello ", ["name"]])).toBe(false);
    expect(
      messageUsesIntl([["minutes", "plural", { one: ["#", " minute"], other: ["#", " minutes"] }]]),
    ).toBe(true);
    expect(messageUsesIntl(["Total: ", ["amount", "number"]])).toBe(true);
    expect(
      messageUsesIntl([["kind", "select", { a: ["x"], other: [["n", "plural", { other: ["#"] }]] }]]),
    ).toBe(true);
    expect(messageUsesIntl([["kind", "select", { a: ["x"], other: ["y"] }]])).toBe(false);
  });

  it("takes a plural text the server rendered from the page's ledger, keyed by every value", async () => {
    const i18n = await loadI18n("de");
    const ledger: FormatLedger = new Map([
      ['message:de:kb.reading_time|[["minutes",4]]', "4 Minuten (Server)"],
    ]);
    setFormatLedgerProvider(() => ({ ledger, record: false }));
    expect(i18n._("kb.reading_time", { minutes: 4 })).toBe("4 Minuten (Server)");
    expect(i18n.t("kb.reading_time", { minutes: 4 })).toBe("4 Minuten (Server)");
    expect(i18n._("kb.reading_time", { minutes: 5 })).not.toContain("Server");
  });

  it("records plural texts while the server renders, and leaves plain texts out", async () => {
    const i18n = await loadI18n("de");
    const ledger: FormatLedger = new Map();
    setFormatLedgerProvider(() => ({ ledger, record: true }));
    const text = i18n._("kb.reading_time", { minutes: 3 });
    i18n._("nav.login");
    expect([...ledger]).toEqual([['message:de:kb.reading_time|[["minutes",3]]', text]]);
  });
});
