import { afterEach, describe, expect, it, vi } from "vitest";

import { effectiveColorMode, forcedColorMode, usableForcedMode } from "./color-mode";

afterEach(() => vi.restoreAllMocks());

describe("route-level colour mode", () => {
  it("reads the deepest route's handle.colorMode", () => {
    expect(forcedColorMode([{ handle: undefined }, { handle: { colorMode: "dark" } }])).toBe("dark");
    expect(forcedColorMode([{ handle: { colorMode: "dark" } }, { handle: { colorMode: "light" } }])).toBe(
      "light",
    );
    expect(forcedColorMode([{ handle: { colorMode: "light" } }, { handle: { other: 1 } }])).toBe("light");
  });

  it("ignores routes without a valid wish", () => {
    expect(forcedColorMode([])).toBeUndefined();
    expect(forcedColorMode([{ handle: null }, { handle: "dark" }])).toBeUndefined();
    expect(forcedColorMode([{ handle: { colorMode: "sepia" } }])).toBeUndefined();
  });

  it("forcing light or dark wins over the preference", () => {
    expect(effectiveColorMode("system", "dark")).toBe("dark");
    expect(effectiveColorMode("dark", "light")).toBe("light");
    expect(effectiveColorMode("light", undefined)).toBe("light");
  });

  it("forcing system is ignored with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(effectiveColorMode("dark", "system")).toBe("dark");
    expect(warn).toHaveBeenCalledOnce();
    expect(usableForcedMode("system")).toBeUndefined();
    expect(usableForcedMode("dark")).toBe("dark");
  });
});
