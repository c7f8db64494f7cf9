/**
 * Paging helpers every list repository shares. They live in lib, not in a module, so a module's
 * repository never has to import another module's repository for them (ADR 0011).
 */

/** Counting stops here, so a page never costs more than this many index entries. */
export const LIST_COUNT_CAP = 10_000;

/** An ILIKE pattern that finds `value` anywhere, with its own %, _ and \ taken literally. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
