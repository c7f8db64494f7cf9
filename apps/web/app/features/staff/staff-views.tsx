import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";

import { ListProblem } from "~/components/list/list-states";
import type { ListPage } from "~/lib/load-list";

import { StaffPage, staffTexts, ViewTabs } from "./staff-ui";

/**
 * A back-office page of lists shown one at a time: tabs between them (the first is the page's own
 * address, the others `?view=`), and why the list shown has no rows when the role or the query is refused.
 */
export function StaffViews<View extends string>({
  label,
  views,
  active,
  list,
  children,
}: {
  label: string;
  views: readonly { key: View; label: string }[];
  active: View;
  list: { forbidden: boolean; invalid: boolean };
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <StaffPage>
      <ViewTabs
        label={label}
        items={views.map((view, index) => ({
          key: view.key,
          label: view.label,
          to: index === 0 ? pathname : `${pathname}?view=${view.key}`,
          active: view.key === active,
        }))}
      />
      <ListProblem forbidden={list.forbidden} invalid={list.invalid} texts={staffTexts(i18n)} />
      {children}
    </StaffPage>
  );
}

/** The paging props of a back-office list component from one page of its endpoint. */
export function pageProps<T>(page: ListPage<T>) {
  return { items: page.items, total: page.total, page: page.page, pageSize: page.page_size };
}
