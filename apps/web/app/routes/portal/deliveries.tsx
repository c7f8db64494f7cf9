import { useLingui } from "@lingui/react";
import { deliveryEndpoints, DELIVERY_SORTS } from "@ems/contracts/billing";

import { DeliveriesTable } from "~/features/billing/deliveries-table";
import { ListSection } from "~/components/list/list-section";
import { FilterNote } from "~/components/list/list-states";
import { PageHeader } from "~/features/billing/page-header";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, readListQuery, type ListSpec } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
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
  const { state } = loaderData;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <PageHeader />
      <ListSection
        messages="billing.deliveries"
        state={state}
        spec={SPEC}
        list={loaderData}
        hidden={{ order_id: state.filters.order_id }}
        sortOrders={[
          ["shipped_at", "desc"],
          ["shipped_at", "asc"],
          ["number", "desc"],
          ["number", "asc"],
        ]}
        before={(link) =>
          state.filters.order_id ? (
            <FilterNote clearHref={link({ filters: { order_id: null } })}>
              {i18n._("billing.deliveries.order_filtered")}
            </FilterNote>
          ) : null
        }
      >
        {(items, sortHref) => (
          <DeliveriesTable items={items} locale={locale} sort={state} sortHref={sortHref} />
        )}
      </ListSection>
    </div>
  );
}
