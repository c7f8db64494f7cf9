import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { ListProblem } from "~/components/list/list-states";
import { CustomerDialog, CustomersTable } from "~/features/staff/customers";
import { STAFF_CUSTOMERS } from "~/features/staff/list-specs";
import { load } from "~/features/staff/load.server";
import { StaffPage, staffTexts } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, listHref, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/customers";
import { useLocale } from "~/lib/use-locale";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** The customer directory (GET /api/staff/customers); ?customer= opens one company's details. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const state = readListQuery(url.searchParams, STAFF_CUSTOMERS);
  // A customer id that is no uuid is not in the state; the dialog then says the company is missing.
  const customerId = state.filters.customer;
  const asked = url.searchParams.get("customer");
  const [list, detail] = await Promise.all([
    loadList(api, staffCustomerEndpoints.list, listApiParams(state, STAFF_CUSTOMERS)),
    customerId
      ? load(api, staffCustomerEndpoints.detail, { params: { id: customerId } })
      : Promise.resolve(asked ? { data: null, problem: "not_found" as const } : null),
  ]);
  return { state, list, detail };
}

export default function StaffCustomers({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = useLocale();
  const { state, list, detail } = loaderData;
  const page = list.page;
  return (
    <StaffPage>
      <ListProblem forbidden={list.forbidden} invalid={list.invalid} texts={staffTexts(i18n)} />
      {page ? (
        <CustomersTable
          items={page.items}
          total={page.total}
          page={page.page}
          pageSize={page.page_size}
          pathname={location.pathname}
          state={state}
          locale={locale}
        />
      ) : null}
      <CustomerDialog
        detail={detail?.data ?? null}
        missing={detail !== null && detail.data === null}
        closeTo={listHref(location.pathname, state, STAFF_CUSTOMERS, {
          filters: { customer: null },
          page: state.page,
        })}
        locale={locale}
      />
    </StaffPage>
  );
}
