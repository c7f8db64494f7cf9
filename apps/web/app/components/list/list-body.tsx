import type { ReactNode } from "react";

import type { ListPage } from "~/lib/load-list";
import { pageCount } from "~/lib/list-query";

import { ListCount } from "./list-states";
import { Pagination } from "./pagination";

/**
 * One page of a list: its count (with, beside it, what the page puts there such as a sort select
 * for narrow screens), the rows or what to show when there are none, and the pages under it.
 */
export function ListBody<T>({
  page,
  count,
  countAside,
  empty,
  pageHref,
  paginationLabel,
  before,
  after,
  children,
}: {
  page: ListPage<T>;
  count: ReactNode;
  countAside?: ReactNode;
  /** An EmptyList saying why there are no rows. */
  empty: ReactNode;
  pageHref: (page: number) => string;
  paginationLabel?: string;
  /** Shown above the count, such as a note that the list is narrowed to one order. */
  before?: ReactNode;
  /** Shown under the pages, such as who may act on the rows. */
  after?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <div className="space-y-4">
      {before}
      {countAside ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <ListCount>{count}</ListCount>
          {countAside}
        </div>
      ) : (
        <ListCount>{count}</ListCount>
      )}
      {page.items.length ? children(page.items) : empty}
      <Pagination
        page={page.page}
        pages={pageCount(page.total, page.page_size)}
        href={pageHref}
        label={paginationLabel}
      />
      {after}
    </div>
  );
}
