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

import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListNote, ListProblem } from "~/components/list/list-states";
import { ListToolbar, ToolbarFilter, ToolbarSearch, ToolbarSort } from "~/components/list/list-toolbar";
import { Button } from "~/components/ui/button";
import { ContractDialog } from "~/features/billing/contract-dialog";
import { ContractsTable } from "~/features/billing/contracts-table";
import { PageHeader } from "~/features/billing/page-header";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, readListQuery, type ListSpec } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { claimValues } from "@ems/content/values";
import { useListLinks } from "~/lib/use-list-links";
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

export default function Contracts({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const values = claimValues(locale);
  const { state, page, forbidden, invalid, canRequest, today } = loaderData;
  const [open, setOpen] = useState(false);
  const { pathname, filtered, sortHref, pageHref } = useListLinks(state, SPEC);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <PageHeader
        title={i18n._("page.my-contracts.heading", values)}
        intro={i18n._("page.my-contracts.intro", values)}
        actions={
          canRequest && !forbidden ? (
            <Button onClick={() => setOpen(true)}>
              <FilePlus2 aria-hidden="true" className="size-4" />
              {i18n._("billing.contracts.request")}
            </Button>
          ) : null
        }
      />
      <ListToolbar>
        <ToolbarSearch
          label={i18n._("billing.contracts.search")}
          hint={i18n._("billing.contracts.search_hint")}
          value={state.q}
          maxLength={100}
        />
        <ToolbarFilter
          name="kind"
          label={i18n._("billing.contracts.filter_kind")}
          allLabel={i18n._("billing.contracts.all_kinds")}
          values={CONTRACT_KINDS}
          optionLabel={(kind) => i18n._("billing.contract_kind", { kind })}
          state={state}
        />
        <ToolbarFilter
          name="status"
          label={i18n._("billing.contracts.filter_status")}
          allLabel={i18n._("billing.contracts.all_statuses")}
          values={CONTRACT_STATUSES}
          optionLabel={(status) => i18n._("billing.contract_status", { status })}
          state={state}
        />
        <ToolbarSort
          state={state}
          orders={[
            ["created_at", "desc"],
            ["created_at", "asc"],
            ["starts_on", "desc"],
            ["starts_on", "asc"],
            ["title", "asc"],
            ["title", "desc"],
            ["number", "desc"],
            ["number", "asc"],
          ]}
          optionLabel={(sort, dir) => i18n._("billing.contracts.sort", { sort, dir })}
        />
      </ListToolbar>
      <ListProblem forbidden={forbidden} invalid={invalid} />
      {page ? (
        <ListBody
          page={page}
          count={i18n._("billing.contracts.count", { count: page.total })}
          empty={
            <EmptyList clearHref={filtered ? pathname : undefined}>
              {i18n._(filtered ? "billing.contracts.no_match" : "billing.contracts.empty")}
            </EmptyList>
          }
          pageHref={pageHref}
          after={!canRequest ? <ListNote>{i18n._("billing.contracts.requesters_only")}</ListNote> : null}
        >
          {(items) => <ContractsTable items={items} locale={locale} sort={state} sortHref={sortHref} />}
        </ListBody>
      ) : null}
      {canRequest ? <ContractDialog open={open} onOpenChange={setOpen} today={today} /> : null}
    </div>
  );
}
