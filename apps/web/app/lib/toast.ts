import type { I18n } from "@lingui/core";
import type * as SonnerModule from "sonner";

/**
 * The only way app code raises a notice, so every toast has the same shape (title,
 * description, colour). Duration, position and stacking are set once on the <Toaster> in root.tsx.
 *
 * Sonner loads with the first toast, not with every page: its script and the stylesheet it inserts
 * when it loads (a style recalculation of the whole page) were a tenth of a public page's main-thread
 * work during load (issue 20), and most visits raise no toast. It keeps toasts raised before its
 * <Toaster> mounted and shows them once it has.
 */

type Sonner = typeof SonnerModule;

let sonnerLoad: Promise<Sonner> | undefined;
let sonner: Sonner | undefined;
const loadListeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonnerLoad) {
    sonnerLoad = import("sonner").then(
      (module) => {
        sonner = module;
        for (const listener of loadListeners) listener();
        return module;
      },
      (error: unknown) => {
        // A failed chunk load (offline for a moment) must not keep later toasts from trying again.
        sonnerLoad = undefined;
        throw error;
      },
    );
  }
  return sonnerLoad;
}

/** For useSyncExternalStore: Sonner once it has loaded, so the <Toaster> can mount. */
export function subscribeToSonnerLoad(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

export const loadedSonner = (): Sonner | undefined => sonner;

export const isSonnerLoaded = (): boolean => sonner !== undefined;

let lastToastId = 0;

/** Runs `use` once Sonner is there; a toast that cannot load its library is dropped, not thrown. */
function withSonner(use: (sonner: Sonner) => void): void {
  loadSonner().then(use, () => undefined);
}
export type ToastColor = "success" | "error" | "info" | "warning";

export interface ToastInput {
  title: string;
  description?: string;
  color?: ToastColor;
  /** Milliseconds; the default is TOAST.durationMs (5000). */
  timeout?: number;
}

/** Raises a toast; the id it returns is known at once, though Sonner may still be loading. */
export function showToast({ title, description, color = "info", timeout }: ToastInput): string {
  lastToastId += 1;
  const id = `toast-${lastToastId}`;
  const options = { id, description, ...(timeout === undefined ? {} : { duration: timeout }) };
  withSonner(({ toast }) => {
    toast[color](title, options);
  });
  return id;
}

export function dismissToast(id?: string | number): void {
  withSonner(({ toast }) => {
    toast.dismiss(id);
  });
}

/** The generic failure notice (global.error). */
export function notifyGlobalError(i18n: I18n): string {
  return showToast({ title: i18n._("global.error"), color: "error" });
}

/** Shown before the redirect to sign-in when a session expires; visible 6 s (docs/behaviour/accounts.md#session-expiry). */
export function notifySessionExpired(i18n: I18n): string {
  return showToast({
    title: i18n._("session.expired_title"),
    description: i18n._("session.expired_description"),
    color: "warning",
    timeout: 6000,
  });
}
