import { useLingui } from "@lingui/react";
import type { StaffContractPage } from "@ems/contracts/agreements";
import type { StaffMaterialRequestPage } from "@ems/contracts/material-requests";
import type { StaffCustomerPage } from "@ems/contracts/staff-customers";
import { useLocation, useMatches } from "react-router";

import { Alert } from "~/components/ui/alert";
import { pickParams } from "~/features/staff/format";
import { load } from "~/features/staff/load.server";
import { StaffPage, ViewTabs } from "~/features/staff/staff-ui";
import { ContractsList, MaterialList } from "~/features/staff/supply";
import { apiFromRequest } from "~/lib/api.server";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

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
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const view = url.searchParams.get("view") === "contracts" ? ("contracts" as const) : ("material" as const);
  const companies = load<StaffCustomerPage>(api, "/api/staff/customers", { page_size: 100, sort: "name" });
  const names = (page: StaffCustomerPage | null) => (page?.items ?? []).map(({ id, name }) => ({ id, name }));
  if (view === "contracts") {
    const params = pickParams(url.searchParams, ["status", "kind", "company_id", "q", "sort", "dir", "page"]);
    const [contracts, customers] = await Promise.all([
      load<StaffContractPage>(api, "/api/staff/contracts", params),
      companies,
    ]);
    return { view, material: null, contracts, companies: names(customers.data) };
  }
  const params = pickParams(url.searchParams, ["status", "company_id", "q", "sort", "dir", "page"]);
  const [material, customers] = await Promise.all([
    load<StaffMaterialRequestPage>(api, "/api/staff/material-requests", params),
    companies,
  ]);
  return { view, material, contracts: null, companies: names(customers.data) };
}

export default function StaffSupply({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = currentPage(useMatches())?.locale ?? localeFromPath(location.pathname);
  const search = new URLSearchParams(location.search);
  const { view, material, contracts, companies } = loaderData;
  const problem = (material ?? contracts)?.problem ?? null;
  const common = { companies, pathname: location.pathname, search, locale };
  return (
    <StaffPage>
      <ViewTabs
        label={i18n._("staff.supply_views")}
        items={[
          {
            key: "material",
            label: i18n._("staff.material_title"),
            to: location.pathname,
            active: view === "material",
          },
          {
            key: "contracts",
            label: i18n._("staff.contracts_title"),
            to: `${location.pathname}?view=contracts`,
            active: view === "contracts",
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
      {material?.data ? (
        <MaterialList
          items={material.data.items}
          total={material.data.total}
          page={material.data.page}
          pageSize={material.data.page_size}
          {...common}
        />
      ) : null}
      {contracts?.data ? (
        <ContractsList
          items={contracts.data.items}
          total={contracts.data.total}
          page={contracts.data.page}
          pageSize={contracts.data.page_size}
          {...common}
        />
      ) : null}
    </StaffPage>
  );
}
