import { useLingui } from "@lingui/react";
import { staffContractEndpoints } from "@ems/contracts/contracts";
import { staffMaterialRequestEndpoints } from "@ems/contracts/material-requests";

import { STAFF_CONTRACTS, STAFF_MATERIAL } from "~/features/staff/list-specs";
import { loadStaffViews } from "~/features/staff/load.server";
import { StaffViews } from "~/features/staff/staff-views";
import { ContractsList, contractStatusForm, MaterialList } from "~/features/staff/supply";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
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
  return loadStaffViews(apiFromRequest(request, context), new URL(request.url).searchParams, {
    material: [STAFF_MATERIAL, staffMaterialRequestEndpoints.list],
    contracts: [STAFF_CONTRACTS, staffContractEndpoints.list],
  });
}

/** Checking material in and activating or ending a contract, the two dialogs of the page. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    "receive-material": formIntent(staffMaterialRequestEndpoints.receive.params, (api, params) =>
      call(api, staffMaterialRequestEndpoints.receive, { params }),
    ),
    "change-contract-status": formIntent(contractStatusForm, (api, { id, ...body }) =>
      call(api, staffContractEndpoints.changeStatus, { params: { id }, body }),
    ),
  });
}

export default function StaffSupply({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <StaffViews
      label={i18n._("staff.supply_views")}
      views={[
        { key: "material", label: i18n._("staff.material_title") },
        { key: "contracts", label: i18n._("staff.contracts_title") },
      ]}
      data={loaderData}
      render={{
        material: (props) => <MaterialList {...props} />,
        contracts: (props) => <ContractsList {...props} />,
      }}
    />
  );
}
