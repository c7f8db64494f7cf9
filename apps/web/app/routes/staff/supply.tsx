import { useLingui } from "@lingui/react";
import type { StaffCustomerPage } from "@ems/contracts/staff-customers";
import { useLocation } from "react-router";

import { ListProblem } from "~/components/list/list-states";
import { STAFF_CONTRACTS, STAFF_MATERIAL } from "~/features/staff/list-specs";
import { StaffPage, staffTexts, ViewTabs } from "~/features/staff/staff-ui";
import { ContractsList, MaterialList } from "~/features/staff/supply";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList, type ListPage } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/supply";
import { useLocale } from "~/lib/use-locale";
import { staffContractEndpoints } from "@ems/contracts/agreements";
import { staffMaterialRequestEndpoints } from "@ems/contracts/material-requests";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";

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
  const companies = loadList(api, staffCustomerEndpoints.list, {
    page_size: 100,
    sort: "name",
  });
  const names = (page: ListPage<StaffCustomerPage["items"][number]> | null) =>
    (page?.items ?? []).map(({ id, name }) => ({ id, name }));
  if (view === "contracts") {
    const state = readListQuery(url.searchParams, STAFF_CONTRACTS);
    const [contracts, customers] = await Promise.all([
      loadList(api, staffContractEndpoints.list, listApiParams(state, STAFF_CONTRACTS)),
      companies,
    ]);
    return { view, state, material: null, contracts, companies: names(customers.page) };
  }
  const state = readListQuery(url.searchParams, STAFF_MATERIAL);
  const [material, customers] = await Promise.all([
    loadList(api, staffMaterialRequestEndpoints.list, listApiParams(state, STAFF_MATERIAL)),
    companies,
  ]);
  return { view, state, material, contracts: null, companies: names(customers.page) };
}

export default function StaffSupply({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = useLocale();
  const { view, state, material, contracts, companies } = loaderData;
  const list = (material ?? contracts)!;
  const common = { companies, pathname: location.pathname, state, locale };
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
      <ListProblem forbidden={list.forbidden} invalid={list.invalid} texts={staffTexts(i18n)} />
      {material?.page ? (
        <MaterialList
          items={material.page.items}
          total={material.page.total}
          page={material.page.page}
          pageSize={material.page.page_size}
          {...common}
        />
      ) : null}
      {contracts?.page ? (
        <ContractsList
          items={contracts.page.items}
          total={contracts.page.total}
          page={contracts.page.page}
          pageSize={contracts.page.page_size}
          {...common}
        />
      ) : null}
    </StaffPage>
  );
}
