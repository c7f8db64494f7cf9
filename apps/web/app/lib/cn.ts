import { remembered } from "@ems/i18n/format-ledger";
import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Marked when the browser first merges classes itself; the format-ledger journey looks for it. */
export const CLASS_MERGER_MARK = "ems:class-merger";

let merged = false;

function merge(classes: string): string {
  if (!merged && typeof performance !== "undefined") {
    merged = true;
    performance.mark(CLASS_MERGER_MARK);
  }
  // The ledger stores "" for "nothing to merge": most calls, and half the bytes.
  const result = twMerge(classes);
  return result === classes ? "" : result;
}

/**
 * Joins class names and lets later Tailwind utilities override earlier ones (shadcn/ui convention).
 *
 * tailwind-merge builds its map of every Tailwind utility on first use, 15 to 45 ms of a phone's
 * main thread, the longest task of a public page's load once Intl was gone (issue 20). So merges go
 * through the format ledger like formatted numbers (ADR 0021, 0022): the server records each one,
 * and the hydrating browser reads them back; it builds the map only when it meets a class list the
 * server did not render, after the page has come to life.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  return remembered(`cn:${classes}`, () => merge(classes)) || classes;
}
