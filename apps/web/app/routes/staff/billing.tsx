import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { ListProblem } from "~/components/list/list-states";
import { DeliveriesList, InvoicesList } from "~/features/staff/billing";
import { STAFF_DELIVERIES, STAFF_INVOICES } from "~/features/staff/list-specs";
import { StaffPage, staffTexts, ViewTabs } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/billing";
import { useLocale } from "~/lib/use-locale";
import { staffDeliveryEndpoints, staffInvoiceEndpoints } from "@ems/contracts/billing";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * Invoices of every customer (GET /api/staff/invoices) or, with ?view=deliveries, their delivery
 * notes (GET /api/staff/deliveries).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const view =
    url.searchParams.get("view") === "deliveries" ? ("deliveries" as const) : ("invoices" as const);
  const companies = loadList(api, staffCustomerEndpoints.list, {
    page_size: 100,
    sort: "name",
  });
  if (view === "deliveries") {
    const state = readListQuery(url.searchParams, STAFF_DELIVERIES);
    const [deliveries, customers] = await Promise.all([
      loadList(api, staffDeliveryEndpoints.list, listApiParams(state, STAFF_DELIVERIES)),
      companies,
    ]);
    return {
      view,
      state,
      invoices: null,
      deliveries,
      companies: (customers.page?.items ?? []).map(({ id, name }) => ({ id, name })),
    };
  }
  const state = readListQuery(url.searchParams, STAFF_INVOICES);
  const [invoices, customers] = await Promise.all([
    loadList(api, staffInvoiceEndpoints.list, listApiParams(state, STAFF_INVOICES)),
    companies,
  ]);
  return {
    view,
    state,
    invoices,
    deliveries: null,
    companies: (customers.page?.items ?? []).map(({ id, name }) => ({ id, name })),
  };
}

export default function StaffBilling({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = useLocale();
  const { view, state, invoices, deliveries, companies } = loaderData;
  const list = (invoices ?? deliveries)!;
  const common = { companies, pathname: location.pathname, state, locale };
  return (
    <StaffPage>
      <ViewTabs
        label={i18n._("staff.billing_views")}
        items={[
          {
            key: "invoices",
            label: i18n._("staff.invoices_title"),
            to: location.pathname,
            active: view === "invoices",
          },
          {
            key: "deliveries",
            label: i18n._("staff.delivery_notes_title"),
            to: `${location.pathname}?view=deliveries`,
            active: view === "deliveries",
          },
        ]}
      />
      <ListProblem forbidden={list.forbidden} invalid={list.invalid} texts={staffTexts(i18n)} />
      {invoices?.page ? (
        <InvoicesList
          items={invoices.page.items}
          total={invoices.page.total}
          page={invoices.page.page}
          pageSize={invoices.page.page_size}
          {...common}
        />
      ) : null}
      {deliveries?.page ? (
        <DeliveriesList
          items={deliveries.page.items}
          total={deliveries.page.total}
          page={deliveries.page.page}
          pageSize={deliveries.page.page_size}
          {...common}
        />
      ) : null}
    </StaffPage>
  );
}
