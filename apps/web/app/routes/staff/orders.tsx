import { useLingui } from "@lingui/react";
import type { StaffOrderPage } from "@ems/contracts/orders";
import type { StaffCustomerPage } from "@ems/contracts/staff-customers";
import { useLocation, useMatches } from "react-router";

import { Alert } from "~/components/ui/alert";
import { pickParams } from "~/features/staff/format";
import { load } from "~/features/staff/load.server";
import { OrdersList } from "~/features/staff/orders-list";
import { StaffPage } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** Every customer's orders with their production progress (GET /api/staff/orders). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const params = pickParams(url.searchParams, ["status", "company_id", "q", "sort", "dir", "page"]);
  const [list, companies] = await Promise.all([
    load<StaffOrderPage>(api, "/api/staff/orders", params),
    load<StaffCustomerPage>(api, "/api/staff/customers", { page_size: 100, sort: "name" }),
  ]);
  return { list, companies: (companies.data?.items ?? []).map(({ id, name }) => ({ id, name })) };
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = currentPage(useMatches())?.locale ?? localeFromPath(location.pathname);
  const search = new URLSearchParams(location.search);
  const { list, companies } = loaderData;
  return (
    <StaffPage>
      {list.problem === "forbidden" ? (
        <Alert variant="info" title={i18n._("staff.forbidden_title")}>
          {i18n._("staff.forbidden")}
        </Alert>
      ) : list.problem ? (
        <Alert variant="error">{i18n._("staff.invalid_filter")}</Alert>
      ) : null}
      {list.data ? (
        <OrdersList
          items={list.data.items}
          total={list.data.total}
          page={list.data.page}
          pageSize={list.data.page_size}
          companies={companies}
          pathname={location.pathname}
          search={search}
          locale={locale}
        />
      ) : null}
    </StaffPage>
  );
}
