import type { ReactNode } from "react";

/**
 * The colours of status labels. success / error / warning / info / neutral are the names
 * of the quote badge colours; primary is the brand colour for neutral-but-notable states (Billing).
 */
export type BadgeTone = "neutral" | "primary" | "success" | "warning" | "error" | "info";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-neutral-100 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-100",
  primary: "bg-primary-100 text-primary-900 dark:bg-primary-900 dark:text-primary-50",
  success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  error: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50",
};

/** A small status label (Open, Ordered, Invited, Billing…). */
export function Badge({ children, tone = "neutral" }: { children: ReactNode; tone?: BadgeTone }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
