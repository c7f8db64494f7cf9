import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";

import { applyColorMode, saveColorMode, type ColorMode } from "~/lib/color-mode";

interface ColorModeState {
  mode: ColorMode;
  setMode: (mode: ColorMode) => void;
}

const ColorModeContext = createContext<ColorModeState | null>(null);

export function ColorModeProvider({ initial, children }: { initial: ColorMode; children: ReactNode }) {
  const [mode, setModeState] = useState(initial);
  const setMode = useCallback((next: ColorMode) => {
    setModeState(next);
    applyColorMode(next);
    saveColorMode(next);
  }, []);
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return <ColorModeContext value={value}>{children}</ColorModeContext>;
}

export function useColorMode(): ColorModeState {
  const state = use(ColorModeContext);
  if (!state) throw new Error("useColorMode outside ColorModeProvider");
  return state;
}
