import { COLOR_MODE_COOKIE } from "@ems/config/constants";
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from "react";

import {
  applyColorMode,
  effectiveColorMode,
  parseColorMode,
  saveColorMode,
  usableForcedMode,
  type ColorMode,
} from "~/lib/color-mode";
import { readCookie } from "~/lib/cookies";

interface ColorModeState {
  /** The visitor's preference (what the toggle changes and the cookie stores). */
  mode: ColorMode;
  /** light or dark when the current route forces it, else undefined. */
  forced: "light" | "dark" | undefined;
  setMode: (mode: ColorMode) => void;
}

const ColorModeContext = createContext<ColorModeState | null>(null);

/**
 * The preference in the browser is the cookie, not the loader data: prerendered pages were rendered
 * without the visitor's cookie and say "system". Hydration uses the loader value (`initial`), then
 * React switches to the cookie's.
 */
const preferenceListeners = new Set<() => void>();
let preference: ColorMode | null = null;

function readPreference(): ColorMode {
  preference ??= parseColorMode(readCookie(document.cookie, COLOR_MODE_COOKIE));
  return preference;
}

function writePreference(next: ColorMode) {
  preference = next;
  saveColorMode(next);
  for (const listener of preferenceListeners) listener();
}

function subscribePreference(listener: () => void) {
  preferenceListeners.add(listener);
  return () => {
    preferenceListeners.delete(listener);
  };
}

/**
 * Holds the preference and applies it to <html>. A route may force light or dark through
 * `handle.colorMode` (root.tsx passes it as `forced`); forcing "system" is warned about and ignored.
 */
export function ColorModeProvider({
  initial,
  forced: requested,
  children,
}: {
  initial: ColorMode;
  forced?: ColorMode;
  children: ReactNode;
}) {
  const getServerSnapshot = useCallback(() => initial, [initial]);
  const mode = useSyncExternalStore(subscribePreference, readPreference, getServerSnapshot);
  const forced = usableForcedMode(requested);

  const setMode = useCallback(
    (next: ColorMode) => {
      writePreference(next);
      // On a forcing route the preference is saved for later but the page keeps its mode.
      applyColorMode(forced ?? next);
    },
    [forced],
  );

  // Entering or leaving a route that forces a mode (client navigations). Preference changes are
  // applied by setMode, so "system" keeps following the OS via app/color-mode-script.js. On the first
  // run without forcing, the head script has already applied the cookie's mode.
  const started = useRef(false);
  useEffect(() => {
    const effective = effectiveColorMode(mode, requested);
    const first = !started.current;
    started.current = true;
    if (first && !forced) return;
    applyColorMode(effective);
    // Only a change of the route's wish re-applies; mode is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested]);

  const value = useMemo(() => ({ mode, forced, setMode }), [mode, forced, setMode]);
  return <ColorModeContext value={value}>{children}</ColorModeContext>;
}

export function useColorMode(): ColorModeState {
  const state = use(ColorModeContext);
  if (!state) throw new Error("useColorMode outside ColorModeProvider");
  return state;
}
