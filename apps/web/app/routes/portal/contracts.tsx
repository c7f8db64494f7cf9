import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";
import {
  contractEndpoints,
  CONTRACT_KINDS,
  CONTRACT_SORTS,
  CONTRACT_STATUSES,
} from "@ems/contracts/contracts";
import { FilePlus2 } from "lucide-react";
import { useState } from "react";

import { ListSection } from "~/components/list/list-section";
import { ListNote } from "~/components/list/list-states";
import { Button } from "~/components/ui/button";
import { ContractDialog, contractRequestForm } from "~/features/billing/contract-dialog";
import { ContractsTable } from "~/features/billing/contracts-table";
import { PageHeader } from "~/features/billing/page-header";
import { apiFromRequest } from "~/lib/api.server";
import { submitForm } from "~/lib/form-action.server";
import { listApiParams, readListQuery, type ListSpec } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { useLocale } from "~/lib/use-locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/contracts";
import { call } from "~/lib/api-client";
import { authEndpoints } from "@ems/contracts/auth";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const SPEC: ListSpec = {
  sorts: CONTRACT_SORTS,
  ascFirst: ["number", "title"],
  filters: { status: CONTRACT_STATUSES, kind: CONTRACT_KINDS },
  searchMax: 100,
};

/** The company's agreements (docs/behaviour/billing.md#contracts) and a request for a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const state = readListQuery(new URL(request.url).searchParams, SPEC);
  const [session, list] = await Promise.all([
    call(api, authEndpoints.session),
    loadList(api, contractEndpoints.list, listApiParams(state, SPEC)),
  ]);
  return {
    state,
    ...list,
    canRequest: mayCall(session.data.user, contractEndpoints.create),
    today: new Date().toISOString().slice(0, 10),
  };
}

/** Requesting a contract (the dialog's one form); the list shows the request once it is in. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitForm(request, context, contractRequestForm, (api, body) =>
    call(api, contractEndpoints.create, { body }).then((answer) => answer.data),
  );
}

export default function Contracts({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { state, forbidden, canRequest, today } = loaderData;
  const [open, setOpen] = useState(false);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <PageHeader
        actions={
          canRequest && !forbidden ? (
            <Button onClick={() => setOpen(true)}>
              <FilePlus2 aria-hidden="true" className="size-4" />
              {i18n._("billing.contracts.request")}
            </Button>
          ) : null
        }
      />
      <ListSection
        messages="billing.contracts"
        state={state}
        spec={SPEC}
        list={loaderData}
        filters={[
          {
            name: "kind",
            values: CONTRACT_KINDS,
            optionLabel: (kind) => i18n._("billing.contract_kind", { kind }),
          },
          {
            name: "status",
            values: CONTRACT_STATUSES,
            optionLabel: (status) => i18n._("billing.contract_status", { status }),
          },
        ]}
        sortOrders={[
          ["created_at", "desc"],
          ["created_at", "asc"],
          ["starts_on", "desc"],
          ["starts_on", "asc"],
          ["title", "asc"],
          ["title", "desc"],
          ["number", "desc"],
          ["number", "asc"],
        ]}
        after={!canRequest ? <ListNote>{i18n._("billing.contracts.requesters_only")}</ListNote> : null}
        emptyText={canRequest ? undefined : i18n._("billing.contracts.empty_reader")}
        emptyAction={
          canRequest && !forbidden ? (
            <Button variant="outline" onClick={() => setOpen(true)}>
              <FilePlus2 aria-hidden="true" className="size-4" />
              {i18n._("billing.contracts.empty_action")}
            </Button>
          ) : undefined
        }
      >
        {(items, sortHref) => (
          <ContractsTable items={items} locale={locale} sort={state} sortHref={sortHref} />
        )}
      </ListSection>
      {canRequest ? <ContractDialog open={open} onOpenChange={setOpen} today={today} /> : null}
    </div>
  );
}
