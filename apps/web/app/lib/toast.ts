import type { I18n } from "@lingui/core";
import { toast as sonner } from "sonner";

/**
 * The only way app code raises a notice, so every toast has the same shape (title,
 * description, colour). Duration, position and stacking are set once on the <Toaster> in root.tsx.
 */
export type ToastColor = "success" | "error" | "info" | "warning";

export interface ToastInput {
  title: string;
  description?: string;
  color?: ToastColor;
  /** Milliseconds; the default is TOAST.durationMs (5000). */
  timeout?: number;
}

export function showToast({ title, description, color = "info", timeout }: ToastInput): string | number {
  const options = { description, ...(timeout === undefined ? {} : { duration: timeout }) };
  switch (color) {
    case "success":
      return sonner.success(title, options);
    case "error":
      return sonner.error(title, options);
    case "warning":
      return sonner.warning(title, options);
    default:
      return sonner.info(title, options);
  }
}

export function dismissToast(id?: string | number): void {
  sonner.dismiss(id);
}

/** The generic failure notice (global.error). */
export function notifyGlobalError(i18n: I18n): string | number {
  return showToast({ title: i18n._("global.error"), color: "error" });
}

/** Shown before the redirect to sign-in when a session expires; visible 6 s (docs/behaviour/accounts.md#session-expiry). */
export function notifySessionExpired(i18n: I18n): string | number {
  return showToast({
    title: i18n._("session.expired_title"),
    description: i18n._("session.expired_description"),
    color: "warning",
    timeout: 6000,
  });
}
