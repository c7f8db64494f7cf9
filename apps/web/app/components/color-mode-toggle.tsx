import { useLingui } from "@lingui/react";
import { Monitor, Moon, Sun } from "lucide-react";

import { nextColorMode, type ColorMode } from "~/lib/color-mode";

import { useColorMode } from "./color-mode-provider";
import { Tooltip } from "./ui/tooltip";

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * Cycles system → light → dark. The name says both the current mode and what a press does. On a
 * route that forces a mode there is nothing to choose, so the toggle is left out.
 */
export function ColorModeToggle() {
  const { i18n } = useLingui();
  const { mode, forced, setMode } = useColorMode();
  if (forced) return null;
  const next = nextColorMode(mode);
  const name = (value: ColorMode) => i18n._(`color_mode.${value}`);
  const Icon = ICONS[mode];
  const label = i18n._("color_mode.toggle", { current: name(mode), next: name(next) });

  return (
    <Tooltip content={label}>
      <button
        type="button"
        onClick={() => setMode(next)}
        aria-label={label}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
    </Tooltip>
  );
}
