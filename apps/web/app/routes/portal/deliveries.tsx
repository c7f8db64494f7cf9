import { useLingui } from "@lingui/react";
import { deliveryEndpoints, DELIVERY_SORTS } from "@ems/contracts/billing";
import { Link, useLocation } from "react-router";

import { DeliveriesTable } from "~/features/billing/deliveries-table";
import { EmptyList, ListCount, ListProblem } from "~/components/list/list-states";
import { ListToolbar, ToolbarSearch, ToolbarSelect } from "~/components/list/list-toolbar";
import { listLinkClass } from "~/components/list/link-class";
import { Pagination } from "~/components/list/pagination";
import { PageHeader } from "~/features/billing/page-header";
import { apiFromRequest } from "~/lib/api.server";
import {
  isFiltered,
  listApiParams,
  listHref,
  pageCount,
  readListQuery,
  sortChange,
  type ListChange,
  type ListSpec,
} from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { claimValues } from "@ems/content/values";
import { useLocale } from "~/lib/use-locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/deliveries";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const SPEC: ListSpec = { sorts: DELIVERY_SORTS, ascFirst: ["number"], ids: ["order_id"], searchMax: 100 };

/** The company's delivery notes (docs/behaviour/orders.md#delivery-notes), searchable, sortable, page by page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = readListQuery(new URL(request.url).searchParams, SPEC);
  const list = await loadList(
    apiFromRequest(request, context),
    deliveryEndpoints.list,
    listApiParams(state, SPEC),
  );
  return { state, ...list };
}

export default function Deliveries({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = useLocale();
  const values = claimValues(locale);
  const { state, page, forbidden, invalid } = loaderData;
  const filtered = isFiltered(state, SPEC);
  const link = (change: ListChange) => listHref(pathname, state, SPEC, change);
  const sortOption = (sort: string, dir: "asc" | "desc") => ({
    value: `${sort}:${dir}`,
    label: i18n._("billing.deliveries.sort", { sort, dir }),
  });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <PageHeader
        title={i18n._("page.my-deliveries.heading", values)}
        intro={i18n._("page.my-deliveries.intro", values)}
      />
      <ListToolbar hidden={{ order_id: state.filters.order_id }}>
        <ToolbarSearch
          label={i18n._("billing.deliveries.search")}
          hint={i18n._("billing.deliveries.search_hint")}
          value={state.q}
          maxLength={100}
        />
        <ToolbarSelect
          name="sort"
          label={i18n._("list.sort")}
          value={`${state.sort}:${state.dir}`}
          options={[
            sortOption("shipped_at", "desc"),
            sortOption("shipped_at", "asc"),
            sortOption("number", "desc"),
            sortOption("number", "asc"),
          ]}
        />
      </ListToolbar>
      <ListProblem forbidden={forbidden} invalid={invalid} />
      {page ? (
        <div className="space-y-4">
          {state.filters.order_id ? (
            <p className="text-sm">
              {i18n._("billing.deliveries.order_filtered")}{" "}
              <Link className={listLinkClass} to={link({ filters: { order_id: null } })}>
                {i18n._("list.clear_filters")}
              </Link>
            </p>
          ) : null}
          <ListCount>{i18n._("billing.deliveries.count", { count: page.total })}</ListCount>
          {page.items.length ? (
            <DeliveriesTable
              items={page.items}
              locale={locale}
              sort={state}
              sortHref={(key) => link(sortChange(state, SPEC, key))}
            />
          ) : (
            <EmptyList clearHref={filtered ? pathname : undefined}>
              {i18n._(filtered ? "billing.deliveries.no_match" : "billing.deliveries.empty")}
            </EmptyList>
          )}
          <Pagination
            page={page.page}
            pages={pageCount(page.total, page.page_size)}
            href={(p) => link({ page: p })}
          />
        </div>
      ) : null}
    </div>
  );
}
