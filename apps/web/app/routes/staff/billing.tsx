import { useLingui } from "@lingui/react";
import { staffDeliveryEndpoints, staffInvoiceEndpoints } from "@ems/contracts/billing";
import { useLocation } from "react-router";

import { DeliveriesList, InvoicesList } from "~/features/staff/billing";
import { STAFF_DELIVERIES, STAFF_INVOICES } from "~/features/staff/list-specs";
import { loadCustomerList } from "~/features/staff/load.server";
import { pageProps, StaffViews } from "~/features/staff/staff-views";
import { apiFromRequest } from "~/lib/api.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

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
  const { searchParams } = new URL(request.url);
  const api = apiFromRequest(request, context);
  if (searchParams.get("view") === "deliveries")
    return {
      view: "deliveries" as const,
      ...(await loadCustomerList(api, searchParams, STAFF_DELIVERIES, staffDeliveryEndpoints.list)),
    };
  return {
    view: "invoices" as const,
    ...(await loadCustomerList(api, searchParams, STAFF_INVOICES, staffInvoiceEndpoints.list)),
  };
}

export default function StaffBilling({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = useLocale();
  const common = { companies: loaderData.companies, pathname, state: loaderData.state, locale };
  return (
    <StaffViews
      label={i18n._("staff.billing_views")}
      views={[
        { key: "invoices", label: i18n._("staff.invoices_title") },
        { key: "deliveries", label: i18n._("staff.delivery_notes_title") },
      ]}
      active={loaderData.view}
      list={loaderData.list}
    >
      {loaderData.view === "invoices" && loaderData.list.page ? (
        <InvoicesList {...pageProps(loaderData.list.page)} {...common} />
      ) : null}
      {loaderData.view === "deliveries" && loaderData.list.page ? (
        <DeliveriesList {...pageProps(loaderData.list.page)} {...common} />
      ) : null}
    </StaffViews>
  );
}
