/**
 * URL-driven list state shared by every list (quotes, orders, documents, the back office, the
 * activity log): the query string is the state, so links, reloads and Back restore a list exactly.
 * Values the API would reject are dropped here rather than turned into a 400.
 */

export type SortDir = "asc" | "desc";

export interface ListSpec {
  /** The API's sort keys; the first is the default. Empty for a list without sorting. */
  sorts: readonly string[];
  /** Sort keys whose first click sorts ascending (text such as numbers, titles and names). */
  ascFirst?: readonly string[];
  /** Enum filters by query name. */
  filters?: Record<string, readonly string[]>;
  /** Id filters (uuids) by query name, such as order_id. */
  ids?: readonly string[];
  /** Calendar-day filters (YYYY-MM-DD) by query name, such as from and to. */
  dates?: readonly string[];
  /** Filters that only steer the page (a view, an open dialog) and are not sent to the API. */
  local?: readonly string[];
  /** The longest search the API takes. */
  searchMax?: number;
}

export interface ListState {
  q: string;
  sort: string;
  dir: SortDir;
  page: number;
  /** Enum, id and date filters that are set. */
  filters: Record<string, string>;
}

/** What a list link changes: null removes a filter. */
export type ListChange = Partial<Omit<ListState, "filters">> & { filters?: Record<string, string | null> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 10_000;

/** The direction a sort key starts in: text A→Z, dates and amounts newest or highest first. */
function firstDir(spec: ListSpec, key: string): SortDir {
  return spec.ascFirst?.includes(key) ? "asc" : "desc";
}

/**
 * Reads `q`, `sort` and `dir`, `page` and the filters of a list from a query string. `sort` also
 * takes "key:dir", the value of the combined sort selects of the filter bars.
 */
export function readListQuery(search: URLSearchParams, spec: ListSpec): ListState {
  const defaultSort = spec.sorts[0] ?? "";
  const [sortKey = "", combinedDir = ""] = (search.get("sort") ?? "").split(":");
  const sort = spec.sorts.includes(sortKey) ? sortKey : defaultSort;
  const wanted = search.get("dir") || combinedDir;
  const dir: SortDir = wanted === "asc" || wanted === "desc" ? wanted : firstDir(spec, sort);
  const pageValue = Number(search.get("page"));
  const page = Number.isInteger(pageValue) && pageValue >= 1 && pageValue <= MAX_PAGE ? pageValue : 1;
  const q = (search.get("q") ?? "").trim().slice(0, spec.searchMax ?? 100);
  const filters: Record<string, string> = {};
  for (const [name, allowed] of Object.entries(spec.filters ?? {})) {
    const value = search.get(name)?.trim();
    if (value && allowed.includes(value)) filters[name] = value;
  }
  for (const name of spec.ids ?? []) {
    const value = search.get(name)?.trim();
    if (value && UUID.test(value)) filters[name] = value;
  }
  for (const name of spec.dates ?? []) {
    const value = search.get(name)?.trim();
    if (value && DAY.test(value)) filters[name] = value;
  }
  return { q, sort, dir, page, filters };
}

/** The query the API takes for a list state: its filters, search, sort and page. */
export function listApiParams(state: ListState, spec: ListSpec): Record<string, string> {
  const filters = Object.entries(state.filters).filter(([name]) => !spec.local?.includes(name));
  return {
    ...Object.fromEntries(filters),
    ...(state.q ? { q: state.q } : {}),
    ...(spec.sorts.length ? { sort: state.sort, dir: state.dir } : {}),
    page: String(state.page),
  };
}

/** The query string of a list state, leaving out what is the default. */
export function listSearch(state: ListState, spec: ListSpec): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(state.filters)) search.set(name, value);
  if (state.q) search.set("q", state.q);
  const defaultSort = spec.sorts[0] ?? "";
  if (spec.sorts.length && (state.sort !== defaultSort || state.dir !== firstDir(spec, defaultSort))) {
    search.set("sort", state.sort);
    search.set("dir", state.dir);
  }
  if (state.page > 1) search.set("page", String(state.page));
  return search;
}

/** A link to the list with some of its state changed; a change of anything but the page starts at page 1. */
export function listHref(pathname: string, state: ListState, spec: ListSpec, change: ListChange): string {
  const filters = { ...state.filters };
  for (const [name, value] of Object.entries(change.filters ?? {})) {
    if (value === null || value === "") delete filters[name];
    else filters[name] = value;
  }
  const next: ListState = { ...state, ...change, filters, page: change.page ?? 1 };
  const search = listSearch(next, spec).toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Where a sortable column header leads: the other direction if it sorts already, else its first direction. */
export function sortChange(state: ListState, spec: ListSpec, key: string): { sort: string; dir: SortDir } {
  if (state.sort === key) return { sort: key, dir: state.dir === "asc" ? "desc" : "asc" };
  return { sort: key, dir: firstDir(spec, key) };
}

/** Whether the list shows less than everything: a search or a filter (views and dialogs aside). */
export function isFiltered(state: ListState, spec: ListSpec): boolean {
  return Boolean(state.q) || Object.keys(state.filters).some((name) => !spec.local?.includes(name));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The sort of a list as hidden fields of a filter form, so a new search keeps it; none for the default. */
export function sortHidden(state: ListState, spec: ListSpec): { sort?: string; dir?: string } {
  const search = listSearch(state, spec);
  return { sort: search.get("sort") ?? undefined, dir: search.get("dir") ?? undefined };
}
