import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";

import type { ListAnswer } from "~/lib/load-list";
import type { ListSpec, ListState, SortDir } from "~/lib/list-query";
import { useListLinks } from "~/lib/use-list-links";

import { ListBody } from "./list-body";
import { EmptyList, ListProblem } from "./list-states";
import { ListToolbar, ToolbarFilter, ToolbarSearch, ToolbarSort } from "./list-toolbar";

export interface ListFilter {
  name: string;
  values: readonly string[];
  optionLabel: (value: string) => string;
}

/**
 * A searchable document list under a page's header: the toolbar (search, the page's filters, sort),
 * why there are no rows when the role or the query is refused, and the rows with count and pages.
 * Its texts are the list's messages by one prefix: `<prefix>.search`, `.search_hint`, `.count`,
 * `.empty`, `.no_match` (something is filtered), `.sort` (a sort option, by sort and dir), and per
 * filter `.filter_<name>` and `.filter_<name>_all`.
 */
export function ListSection<T>({
  messages,
  state,
  spec,
  list,
  hidden,
  filters = [],
  sortLabel,
  sortOrders,
  before,
  after,
  emptyText,
  emptyAction,
  children,
}: {
  messages: string;
  state: ListState;
  /** The list's URL state rules; its searchMax bounds the search box. */
  spec: ListSpec;
  list: ListAnswer<T>;
  /** Query values the toolbar keeps without showing them (an order id). */
  hidden?: Record<string, string | undefined>;
  /** The list's enum filters: the query name, its values and how a value reads. */
  filters?: readonly ListFilter[];
  sortLabel?: string;
  sortOrders: readonly (readonly [sort: string, dir: SortDir])[];
  before?: (link: ReturnType<typeof useListLinks>["link"]) => ReactNode;
  after?: ReactNode;
  /** Replaces `<prefix>.empty` when nothing is filtered, such as the wording for a role that may not add rows. */
  emptyText?: string;
  /** The next step an empty list offers when nothing is filtered (a button that adds the first row). */
  emptyAction?: ReactNode;
  children: (items: T[], sortHref: (key: string) => string) => ReactNode;
}) {
  const { i18n } = useLingui();
  const { pathname, filtered, link, sortHref, pageHref } = useListLinks(state, spec);
  return (
    <>
      <ListToolbar hidden={hidden}>
        <ToolbarSearch
          label={i18n._(`${messages}.search`)}
          hint={i18n._(`${messages}.search_hint`)}
          value={state.q}
          maxLength={spec.searchMax ?? 100}
        />
        {filters.map((filter) => (
          <ToolbarFilter
            key={filter.name}
            name={filter.name}
            label={i18n._(`${messages}.filter_${filter.name}`)}
            allLabel={i18n._(`${messages}.filter_${filter.name}_all`)}
            values={filter.values}
            optionLabel={filter.optionLabel}
            state={state}
          />
        ))}
        <ToolbarSort
          label={sortLabel}
          state={state}
          orders={sortOrders}
          optionLabel={(sort, dir) => i18n._(`${messages}.sort`, { sort, dir })}
        />
      </ListToolbar>
      <ListProblem forbidden={list.forbidden} invalid={list.invalid} />
      {list.page ? (
        <ListBody
          page={list.page}
          before={before?.(link)}
          count={i18n._(`${messages}.count`, { count: list.page.total })}
          empty={
            <EmptyList clearHref={filtered ? pathname : undefined} action={emptyAction}>
              {filtered ? i18n._(`${messages}.no_match`) : (emptyText ?? i18n._(`${messages}.empty`))}
            </EmptyList>
          }
          pageHref={pageHref}
          after={after}
        >
          {(items) => children(items, sortHref)}
        </ListBody>
      ) : null}
    </>
  );
}
