import { useLocation } from "react-router";

import {
  isFiltered,
  listHref,
  sortChange,
  type ListChange,
  type ListSpec,
  type ListState,
} from "~/lib/list-query";

/**
 * The links of a list page, all from its URL state: a changed query, a column's sort, a page, and
 * whether anything is filtered (an empty list then offers to clear it).
 */
export function useListLinks(state: ListState, spec: ListSpec) {
  const { pathname } = useLocation();
  const link = (change: ListChange) => listHref(pathname, state, spec, change);
  return {
    pathname,
    filtered: isFiltered(state, spec),
    link,
    sortHref: (key: string) => link(sortChange(state, spec, key)),
    pageHref: (page: number) => link({ page }),
  };
}
