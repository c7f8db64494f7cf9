/**
 * URL-driven list state shared by the document lists (deliveries, invoices, contracts, material
 * requests): the query string is the state, so links, reloads and Back restore a list exactly.
 * Values the API would reject are dropped here rather than turned into a 400.
 */

export type SortDir = "asc" | "desc";

export interface ListSpec {
  /** The API's sort keys; the first is the default (newest first). */
  sorts: readonly string[];
  /** Sort keys whose first click sorts ascending (text such as numbers and titles). */
  ascFirst?: readonly string[];
  /** Enum filters by query name. */
  filters?: Record<string, readonly string[]>;
  /** Id filters (uuids) by query name, such as order_id. */
  ids?: readonly string[];
  /** The longest search the API takes. */
  searchMax?: number;
}

export interface ListState {
  q: string;
  sort: string;
  dir: SortDir;
  page: number;
  /** Enum and id filters that are set. */
  filters: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE = 10_000;

/** Reads `q`, `sort` (key or key:dir), `page` and the filters of a list from a query string. */
export function readListQuery(search: URLSearchParams, spec: ListSpec): ListState {
  const defaultSort = spec.sorts[0] ?? "";
  const [sortKey = "", sortDir = ""] = (search.get("sort") ?? "").split(":");
  const sort = spec.sorts.includes(sortKey) ? sortKey : defaultSort;
  const dir: SortDir =
    sortDir === "asc" || sortDir === "desc"
      ? sortDir
      : sort !== defaultSort && spec.ascFirst?.includes(sort)
        ? "asc"
        : "desc";
  const pageValue = Number(search.get("page"));
  const page = Number.isInteger(pageValue) && pageValue >= 1 && pageValue <= MAX_PAGE ? pageValue : 1;
  const q = (search.get("q") ?? "").trim().slice(0, spec.searchMax ?? 100);
  const filters: Record<string, string> = {};
  for (const [name, allowed] of Object.entries(spec.filters ?? {})) {
    const value = search.get(name);
    if (value && allowed.includes(value)) filters[name] = value;
  }
  for (const name of spec.ids ?? []) {
    const value = search.get(name);
    if (value && UUID.test(value)) filters[name] = value;
  }
  return { q, sort, dir, page, filters };
}

/** The query the API takes for a list state. */
export function listApiParams(state: ListState): Record<string, string> {
  return {
    ...state.filters,
    ...(state.q ? { q: state.q } : {}),
    sort: state.sort,
    dir: state.dir,
    page: String(state.page),
  };
}

/** The query string of a list state, leaving out what is the default. */
export function listSearch(state: ListState, spec: ListSpec): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(state.filters)) search.set(name, value);
  if (state.q) search.set("q", state.q);
  if (state.sort !== spec.sorts[0] || state.dir !== "desc") search.set("sort", `${state.sort}:${state.dir}`);
  if (state.page > 1) search.set("page", String(state.page));
  return search;
}

/** A link to the list with some of its state changed; a change of anything but the page starts at page 1. */
export function listHref(
  pathname: string,
  state: ListState,
  spec: ListSpec,
  change: Partial<Omit<ListState, "filters">> & { filters?: Record<string, string | null> },
): string {
  const filters = { ...state.filters };
  for (const [name, value] of Object.entries(change.filters ?? {})) {
    if (value === null) delete filters[name];
    else filters[name] = value;
  }
  const next: ListState = {
    ...state,
    ...change,
    filters,
    page: change.page ?? 1,
  };
  const search = listSearch(next, spec).toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Where a sortable column header leads: the other direction if it sorts already, else its first direction. */
export function sortChange(state: ListState, spec: ListSpec, key: string): { sort: string; dir: SortDir } {
  if (state.sort === key) return { sort: key, dir: state.dir === "asc" ? "desc" : "asc" };
  return { sort: key, dir: spec.ascFirst?.includes(key) ? "asc" : "desc" };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
