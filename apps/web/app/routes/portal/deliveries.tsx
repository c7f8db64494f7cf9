import { useLingui } from "@lingui/react";
import { deliveryEndpoints, DELIVERY_SORTS } from "@ems/contracts/billing";

import { DeliveriesTable } from "~/features/billing/deliveries-table";
import { ListBody } from "~/components/list/list-body";
import { EmptyList, FilterNote, ListProblem } from "~/components/list/list-states";
import { ListToolbar, ToolbarSearch, ToolbarSort } from "~/components/list/list-toolbar";
import { PageHeader } from "~/features/billing/page-header";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, readListQuery, type ListSpec } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { claimValues } from "@ems/content/values";
import { useListLinks } from "~/lib/use-list-links";
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
  const locale = useLocale();
  const values = claimValues(locale);
  const { state, page, forbidden, invalid } = loaderData;
  const { pathname, filtered, link, sortHref, pageHref } = useListLinks(state, SPEC);

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
        <ToolbarSort
          state={state}
          orders={[
            ["shipped_at", "desc"],
            ["shipped_at", "asc"],
            ["number", "desc"],
            ["number", "asc"],
          ]}
          optionLabel={(sort, dir) => i18n._("billing.deliveries.sort", { sort, dir })}
        />
      </ListToolbar>
      <ListProblem forbidden={forbidden} invalid={invalid} />
      {page ? (
        <ListBody
          page={page}
          before={
            state.filters.order_id ? (
              <FilterNote clearHref={link({ filters: { order_id: null } })}>
                {i18n._("billing.deliveries.order_filtered")}
              </FilterNote>
            ) : null
          }
          count={i18n._("billing.deliveries.count", { count: page.total })}
          empty={
            <EmptyList clearHref={filtered ? pathname : undefined}>
              {i18n._(filtered ? "billing.deliveries.no_match" : "billing.deliveries.empty")}
            </EmptyList>
          }
          pageHref={pageHref}
        >
          {(items) => <DeliveriesTable items={items} locale={locale} sort={state} sortHref={sortHref} />}
        </ListBody>
      ) : null}
    </div>
  );
}
