import { useLingui } from "@lingui/react";
import { TOAST } from "@ems/config/constants";
import { useSyncExternalStore } from "react";

import { loadedSonner, subscribeToSonnerLoad } from "~/lib/toast";

import { useColorMode } from "./color-mode-provider";

/** Toasts (docs/behaviour/data.md#toasts): bottom-right, 5000 ms, close button, at most 5 visible, 16 px apart. */
export function AppToaster() {
  const { i18n } = useLingui();
  const { mode, forced } = useColorMode();
  // Sonner comes with the first toast (lib/toast.ts); so does its <Toaster>.
  const sonner = useSyncExternalStore(subscribeToSonnerLoad, loadedSonner, () => undefined);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      position="bottom-right"
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      gap={TOAST.gap}
      closeButton
      richColors
      // Our "system" means the same as Sonner's: follow the OS.
      theme={forced ?? mode}
      containerAriaLabel={i18n._("toast.region")}
      toastOptions={{ closeButtonAriaLabel: i18n._("toast.close") }}
    />
  );
}
