import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { ListProblem } from "~/components/list/list-states";
import { STAFF_ORDERS } from "~/features/staff/list-specs";
import { OrdersList } from "~/features/staff/orders-list";
import { StaffPage, staffTexts } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/orders";
import { useLocale } from "~/lib/use-locale";
import { staffOrderEndpoints } from "@ems/contracts/orders";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** Every customer's orders with their production progress (GET /api/staff/orders). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const state = readListQuery(url.searchParams, STAFF_ORDERS);
  const [list, companies] = await Promise.all([
    loadList(api, staffOrderEndpoints.list, listApiParams(state, STAFF_ORDERS)),
    loadList(api, staffCustomerEndpoints.list, {
      page_size: 100,
      sort: "name",
    }),
  ]);
  return { state, list, companies: (companies.page?.items ?? []).map(({ id, name }) => ({ id, name })) };
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = useLocale();
  const { state, list, companies } = loaderData;
  return (
    <StaffPage>
      <ListProblem forbidden={list.forbidden} invalid={list.invalid} texts={staffTexts(i18n)} />
      {list.page ? (
        <OrdersList
          items={list.page.items}
          total={list.page.total}
          page={list.page.page}
          pageSize={list.page.page_size}
          companies={companies}
          pathname={location.pathname}
          state={state}
          locale={locale}
        />
      ) : null}
    </StaffPage>
  );
}
