import { useLingui } from "@lingui/react";
import type { StaffDeliveryNotePage, StaffInvoicePage } from "@ems/contracts/billing";
import type { StaffCustomerPage } from "@ems/contracts/staff-customers";
import { useLocation, useMatches } from "react-router";

import { Alert } from "~/components/ui/alert";
import { DeliveriesList, InvoicesList } from "~/features/staff/billing";
import { pickParams } from "~/features/staff/format";
import { load } from "~/features/staff/load.server";
import { StaffPage, ViewTabs } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/billing";

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
  const companies = load<StaffCustomerPage>(api, "/api/staff/customers", { page_size: 100, sort: "name" });
  if (view === "deliveries") {
    const params = pickParams(url.searchParams, ["company_id", "q", "sort", "dir", "page"]);
    const [deliveries, customers] = await Promise.all([
      load<StaffDeliveryNotePage>(api, "/api/staff/deliveries", params),
      companies,
    ]);
    return {
      view,
      invoices: null,
      deliveries,
      companies: (customers.data?.items ?? []).map(({ id, name }) => ({ id, name })),
    };
  }
  const params = pickParams(url.searchParams, ["status", "company_id", "q", "sort", "dir", "page"]);
  const [invoices, customers] = await Promise.all([
    load<StaffInvoicePage>(api, "/api/staff/invoices", params),
    companies,
  ]);
  return {
    view,
    invoices,
    deliveries: null,
    companies: (customers.data?.items ?? []).map(({ id, name }) => ({ id, name })),
  };
}

export default function StaffBilling({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = currentPage(useMatches())?.locale ?? localeFromPath(location.pathname);
  const search = new URLSearchParams(location.search);
  const { view, invoices, deliveries, companies } = loaderData;
  const problem = (invoices ?? deliveries)?.problem ?? null;
  const common = { companies, pathname: location.pathname, search, locale };
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
      {problem === "forbidden" ? (
        <Alert variant="info" title={i18n._("staff.forbidden_title")}>
          {i18n._("staff.forbidden")}
        </Alert>
      ) : problem ? (
        <Alert variant="error">{i18n._("staff.invalid_filter")}</Alert>
      ) : null}
      {invoices?.data ? (
        <InvoicesList
          items={invoices.data.items}
          total={invoices.data.total}
          page={invoices.data.page}
          pageSize={invoices.data.page_size}
          {...common}
        />
      ) : null}
      {deliveries?.data ? (
        <DeliveriesList
          items={deliveries.data.items}
          total={deliveries.data.total}
          page={deliveries.data.page}
          pageSize={deliveries.data.page_size}
          {...common}
        />
      ) : null}
    </StaffPage>
  );
}
