import { useLingui } from "@lingui/react";
import { staffContractEndpoints } from "@ems/contracts/contracts";
import { staffMaterialRequestEndpoints } from "@ems/contracts/material-requests";
import { useLocation } from "react-router";

import { STAFF_CONTRACTS, STAFF_MATERIAL } from "~/features/staff/list-specs";
import { loadCustomerList } from "~/features/staff/load.server";
import { pageProps, StaffViews } from "~/features/staff/staff-views";
import { ContractsList, MaterialList } from "~/features/staff/supply";
import { apiFromRequest } from "~/lib/api.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/supply";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * Announced customer material (GET /api/staff/material-requests) or, with ?view=contracts, the
 * customers' contracts (GET /api/staff/contracts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const api = apiFromRequest(request, context);
  if (searchParams.get("view") === "contracts")
    return {
      view: "contracts" as const,
      ...(await loadCustomerList(api, searchParams, STAFF_CONTRACTS, staffContractEndpoints.list)),
    };
  return {
    view: "material" as const,
    ...(await loadCustomerList(api, searchParams, STAFF_MATERIAL, staffMaterialRequestEndpoints.list)),
  };
}

export default function StaffSupply({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = useLocale();
  const common = { companies: loaderData.companies, pathname, state: loaderData.state, locale };
  return (
    <StaffViews
      label={i18n._("staff.supply_views")}
      views={[
        { key: "material", label: i18n._("staff.material_title") },
        { key: "contracts", label: i18n._("staff.contracts_title") },
      ]}
      active={loaderData.view}
      list={loaderData.list}
    >
      {loaderData.view === "material" && loaderData.list.page ? (
        <MaterialList {...pageProps(loaderData.list.page)} {...common} />
      ) : null}
      {loaderData.view === "contracts" && loaderData.list.page ? (
        <ContractsList {...pageProps(loaderData.list.page)} {...common} />
      ) : null}
    </StaffViews>
  );
}
