import { COLOR_MODE_COOKIE } from "@ems/config/constants";

/** The visitor's preference (docs/behaviour/public-site.md#colour-mode); "system" follows the operating system. */
export const COLOR_MODES = ["system", "light", "dark"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export function parseColorMode(value: string | null | undefined): ColorMode {
  return (COLOR_MODES as readonly string[]).includes(value ?? "") ? (value as ColorMode) : "system";
}

/** The toggle cycles system → light → dark → system. */
export function nextColorMode(mode: ColorMode): ColorMode {
  const index = COLOR_MODES.indexOf(mode);
  return COLOR_MODES[(index + 1) % COLOR_MODES.length] ?? "system";
}

/**
 * A route may force a mode; forcing "system" makes no sense and is ignored with a warning.
 */
export function effectiveColorMode(preference: ColorMode, forced?: ColorMode): ColorMode {
  if (forced === "system") {
    console.warn("A route cannot force the 'system' colour mode; the visitor's preference applies.");
    return preference;
  }
  return forced ?? preference;
}

/**
 * Mirrors app/color-mode-script.js, which runs before first paint: this is the same rule for changes
 * made after hydration. Keep both in step.
 */
export function applyColorMode(mode: ColorMode): void {
  const root = document.documentElement;
  const dark =
    mode === "dark" || (mode === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  root.dataset.colorMode = mode;
}

export function saveColorMode(mode: ColorMode): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COLOR_MODE_COOKIE}=${mode}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** A route's wish, from `export const handle = { colorMode: "light" | "dark" }`. */
export interface ColorModeHandle {
  colorMode?: ColorMode;
}

/**
 * The mode the matched routes force, if any: the deepest route with a `handle.colorMode` wins.
 * Unknown values are ignored; "system" is returned as-is so effectiveColorMode can warn about it.
 */
export function forcedColorMode(matches: readonly { handle?: unknown }[]): ColorMode | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (typeof handle !== "object" || handle === null || !("colorMode" in handle)) continue;
    const value = (handle as { colorMode?: unknown }).colorMode;
    if (typeof value === "string" && (COLOR_MODES as readonly string[]).includes(value)) {
      return value as ColorMode;
    }
  }
  return undefined;
}

/** The forced mode that actually applies: light or dark, never "system". */
export function usableForcedMode(forced: ColorMode | undefined): "light" | "dark" | undefined {
  return forced === "light" || forced === "dark" ? forced : undefined;
}
