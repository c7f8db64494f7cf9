import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";
import {
  contractEndpoints,
  CONTRACT_KINDS,
  CONTRACT_SORTS,
  CONTRACT_STATUSES,
} from "@ems/contracts/agreements";
import { FilePlus2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";

import { EmptyList, ListCount, ListProblem } from "~/components/list/list-states";
import { ListToolbar, ToolbarSearch, ToolbarSelect } from "~/components/list/list-toolbar";
import { Pagination } from "~/components/list/pagination";
import { Button } from "~/components/ui/button";
import { ContractDialog } from "~/features/billing/contract-dialog";
import { ContractsTable } from "~/features/billing/contracts-table";
import { PageHeader } from "~/features/billing/page-header";
import { apiFromRequest } from "~/lib/api.server";
import {
  isFiltered,
  listApiParams,
  listHref,
  pageCount,
  readListQuery,
  sortChange,
  type ListChange,
  type ListSpec,
} from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { claimValues } from "@ems/content/values";
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

/** Administrators and buyers request contracts (the contracts API's rule). */

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
  const { pathname } = useLocation();
  const locale = useLocale();
  const values = claimValues(locale);
  const { state, page, forbidden, invalid, canRequest, today } = loaderData;
  const [open, setOpen] = useState(false);
  const filtered = isFiltered(state, SPEC);
  const link = (change: ListChange) => listHref(pathname, state, SPEC, change);
  const sortOption = (sort: string, dir: "asc" | "desc") => ({
    value: `${sort}:${dir}`,
    label: i18n._("billing.contracts.sort", { sort, dir }),
  });

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
        <ToolbarSelect
          name="kind"
          label={i18n._("billing.contracts.filter_kind")}
          value={state.filters.kind ?? ""}
          options={[
            { value: "", label: i18n._("billing.contracts.all_kinds") },
            ...CONTRACT_KINDS.map((kind) => ({
              value: kind,
              label: i18n._("billing.contract_kind", { kind }),
            })),
          ]}
        />
        <ToolbarSelect
          name="status"
          label={i18n._("billing.contracts.filter_status")}
          value={state.filters.status ?? ""}
          options={[
            { value: "", label: i18n._("billing.contracts.all_statuses") },
            ...CONTRACT_STATUSES.map((status) => ({
              value: status,
              label: i18n._("billing.contract_status", { status }),
            })),
          ]}
        />
        <ToolbarSelect
          name="sort"
          label={i18n._("list.sort")}
          value={`${state.sort}:${state.dir}`}
          options={[
            sortOption("created_at", "desc"),
            sortOption("created_at", "asc"),
            sortOption("starts_on", "desc"),
            sortOption("starts_on", "asc"),
            sortOption("title", "asc"),
            sortOption("title", "desc"),
            sortOption("number", "desc"),
            sortOption("number", "asc"),
          ]}
        />
      </ListToolbar>
      <ListProblem forbidden={forbidden} invalid={invalid} />
      {page ? (
        <div className="space-y-4">
          <ListCount>{i18n._("billing.contracts.count", { count: page.total })}</ListCount>
          {page.items.length ? (
            <ContractsTable
              items={page.items}
              locale={locale}
              sort={state}
              sortHref={(key) => link(sortChange(state, SPEC, key))}
            />
          ) : (
            <EmptyList clearHref={filtered ? pathname : undefined}>
              {i18n._(filtered ? "billing.contracts.no_match" : "billing.contracts.empty")}
            </EmptyList>
          )}
          <Pagination
            page={page.page}
            pages={pageCount(page.total, page.page_size)}
            href={(p) => link({ page: p })}
          />
          {!canRequest ? (
            <p className="text-sm text-neutral-700 dark:text-neutral-300">
              {i18n._("billing.contracts.requesters_only")}
            </p>
          ) : null}
        </div>
      ) : null}
      {canRequest ? <ContractDialog open={open} onOpenChange={setOpen} today={today} /> : null}
    </div>
  );
}
