import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import type { ReactNode } from "react";
import { useLocation } from "react-router";

import { ListProblem } from "~/components/list/list-states";
import type { ListState } from "~/lib/list-query";
import { useLocale } from "~/lib/use-locale";

import type { CompanyOption } from "./quotes-list";
import { StaffPage, staffTexts, ViewTabs } from "./staff-ui";

/** What a back-office list component takes: one page of rows and the list's URL state. */
export interface StaffListProps<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  companies: CompanyOption[];
  pathname: string;
  state: ListState;
  locale: Locale;
}

/** The loader data of one view (loadStaffViews), as the page receives it. */
interface ViewData {
  view: string;
  state: ListState;
  list: {
    forbidden: boolean;
    invalid: boolean;
    page: { items: unknown[]; total: number; page: number; page_size: number } | null;
  };
  companies: CompanyOption[];
}

type RowOf<D extends ViewData, View extends D["view"]> = NonNullable<
  Extract<D, { view: View }>["list"]["page"]
>["items"][number];

/**
 * A back-office page of lists shown one at a time: tabs between them (the first is the page's own
 * address, the others `?view=`), why the list shown has no rows when the role or the query is
 * refused, and the list itself, drawn by the view's own component.
 */
export function StaffViews<D extends ViewData>({
  label,
  views,
  data,
  render,
}: {
  label: string;
  views: readonly { key: D["view"]; label: string }[];
  data: D;
  render: { [View in D["view"]]: (props: StaffListProps<RowOf<D, View>>) => ReactNode };
}) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = useLocale();
  const page = data.list.page;
  const draw = render[data.view as D["view"]] as (props: StaffListProps<unknown>) => ReactNode;
  return (
    <StaffPage>
      <ViewTabs
        label={label}
        items={views.map((view, index) => ({
          key: view.key,
          label: view.label,
          to: index === 0 ? pathname : `${pathname}?view=${view.key}`,
          active: view.key === data.view,
        }))}
      />
      <ListProblem forbidden={data.list.forbidden} invalid={data.list.invalid} texts={staffTexts(i18n)} />
      {page
        ? draw({
            items: page.items,
            total: page.total,
            page: page.page,
            pageSize: page.page_size,
            companies: data.companies,
            pathname,
            state: data.state,
            locale,
          })
        : null}
    </StaffPage>
  );
}
