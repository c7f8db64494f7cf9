import type { Database } from "@ems/db/client";
import {
  deleteCounter as deleteRow,
  incrementCounter as incrementRow,
  peekCounter as peekRow,
  type Counter,
} from "./rate-limit-repository.ts";

/**
 * Fixed-window counters shared by every instance through the database: the HTTP rate limit plugin
 * and the sign-in lockouts count here. Callers go through this file, never the repository (ADR 0011).
 */

export type { Counter };

/** Counts one hit in the window of `key`; an ended window starts again at 1. */
export function incrementCounter(db: Database, key: string, windowMs: number): Promise<Counter> {
  return incrementRow(db, key, windowMs);
}

/** The current count of a window that has not ended, or null. */
export function peekCounter(db: Database, key: string): Promise<Counter | null> {
  return peekRow(db, key);
}

export function deleteCounter(db: Database, key: string): Promise<void> {
  return deleteRow(db, key);
}
