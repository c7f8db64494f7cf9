import { afterEach, describe, expect, it, vi } from "vitest";

import { MISSING_MESSAGE, getI18n, loadI18n, loadPageI18n } from "./i18n";

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
