import { useLingui } from "@lingui/react";
import type { StaffCustomerDetail, StaffCustomerPage } from "@ems/contracts/staff-customers";
import { useLocation, useMatches } from "react-router";

import { Alert } from "~/components/ui/alert";
import { CustomerDialog, CustomersTable } from "~/features/staff/customers";
import { listHref, pickParams } from "~/features/staff/format";
import { load } from "~/features/staff/load.server";
import { StaffPage } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer directory (GET /api/staff/customers); ?customer= opens one company's details. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const params = pickParams(url.searchParams, ["q", "sort", "dir", "page"]);
  const customerId = url.searchParams.get("customer");
  const [list, detail] = await Promise.all([
    load<StaffCustomerPage>(api, "/api/staff/customers", params),
    customerId && UUID.test(customerId)
      ? load<StaffCustomerDetail>(api, `/api/staff/customers/${customerId}`)
      : Promise.resolve(customerId ? { data: null, problem: "not_found" as const } : null),
  ]);
  return { list, detail };
}

export default function StaffCustomers({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = currentPage(useMatches())?.locale ?? localeFromPath(location.pathname);
  const search = new URLSearchParams(location.search);
  const { list, detail } = loaderData;
  const page = list.data;
  return (
    <StaffPage>
      {list.problem === "forbidden" ? (
        <Alert variant="info" title={i18n._("staff.forbidden_title")}>
          {i18n._("staff.forbidden")}
        </Alert>
      ) : list.problem === "invalid" ? (
        <Alert variant="error">{i18n._("staff.invalid_filter")}</Alert>
      ) : null}
      {page ? (
        <CustomersTable
          items={page.items}
          total={page.total}
          page={page.page}
          pageSize={page.page_size}
          sort={search.get("sort") ?? "name"}
          dir={search.get("dir") === "desc" ? "desc" : "asc"}
          pathname={location.pathname}
          search={search}
          locale={locale}
        />
      ) : null}
      <CustomerDialog
        detail={detail?.data ?? null}
        missing={detail !== null && detail.data === null}
        closeTo={listHref(location.pathname, search, { customer: null, page: search.get("page") })}
        locale={locale}
      />
    </StaffPage>
  );
}
