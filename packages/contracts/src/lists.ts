import { z } from "zod";
import { singleLine } from "./text.ts";

/**
 * The one shape of every list the API serves (docs/api.md, "Lists"): `page` from 1, `page_size`
 * 10–100 (25 by default), `sort` among the list's own keys, `dir`, an optional free-text `q` (an
 * empty one means no search) and the list's filters. Unknown parameters are refused, so a typo in
 * a filter is a 400 instead of a silently unfiltered list.
 */

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const MAX_PAGE = 10_000;
export const PAGE_SIZES = { min: 10, max: 100, default: 25 } as const;

export const listPagingShape = {
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  page_size: z.coerce.number().int().min(PAGE_SIZES.min).max(PAGE_SIZES.max).default(PAGE_SIZES.default),
};

/** Free-text search; an empty `q` means no search. */
export const listSearchSchema = singleLine().max(100).optional();

/**
 * The query schema of a list: paging, sorting by one of `sorts` (first by `defaultSort`, in
 * `defaultDir`), search, and the list's own filters.
 */
export function listQuerySchema<
  const Sorts extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape = Record<never, never>,
>(options: { sorts: Sorts; defaultSort: Sorts[number]; defaultDir?: SortDirection; filters?: Filters }) {
  return z.strictObject({
    ...listPagingShape,
    q: listSearchSchema,
    sort: z.enum(options.sorts).default(options.defaultSort as never),
    dir: z.enum(SORT_DIRECTIONS).default(options.defaultDir ?? "desc"),
    ...((options.filters ?? {}) as Filters),
  });
}

/** One page of a list as the API answers it. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  });
