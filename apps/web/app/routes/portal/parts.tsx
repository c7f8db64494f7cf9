import { mayCall } from "@ems/contracts/endpoints";
import { partEndpoints, type PartDetail } from "@ems/contracts/parts";
import { siteConfig } from "@ems/config/site";
import { claimValues } from "@ems/content/values";
import { useLingui } from "@lingui/react";
import { Hash, Plus } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate, useRouteLoaderData } from "react-router";

import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { MANUFACTURERS_LIST_ID } from "~/features/parts/part-fields";
import { PartCreateForm } from "~/features/parts/part-create-form";
import {
  partCreateForm,
  partEditForm,
  partMpnAddForm,
  partMpnRemoveForm,
  partSeriesForm,
} from "~/features/parts/part-form";
import { PART_LIST } from "~/features/parts/part-helpers";
import { PartFilters, PartTable } from "~/features/parts/part-list";
import { PartSeriesDialog } from "~/features/parts/part-series-dialog";
import { PartSheet } from "~/features/parts/part-sheet";
import { ApiError, call, type ApiClient } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { newPartPrefill, PART_SHEET_PARAM, partSheetHref, withoutNewPart } from "~/lib/part-links";
import { currentPage } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useListLinks } from "~/lib/use-list-links";
import { useLocale } from "~/lib/use-locale";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/parts";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** The part the address opens (`?part=`); "missing" for another company's id or a malformed one. */
async function loadPart(api: ApiClient, id: string | null): Promise<PartDetail | "missing" | null> {
  if (!id) return null;
  try {
    return (await call(api, partEndpoints.detail, { params: { id } })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return "missing";
    throw error;
  }
}

/** What only helps a form (the series' next number, the manufacturers' names) may fail without the page. */
const optional = <T,>(promise: Promise<{ data: T }>) =>
  promise.then((answer) => answer.data).catch(() => null);

/**
 * The company's parts (issue 18): searched, filtered, sorted and paged by the URL, one part open in a
 * sheet (`?part=`), and the new-part dialog open, prefilled, from a BOM line's link (`?new=1&…`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const prefill = newPartPrefill(search);
  // The prefill's `type` is the new part's, not a filter of the list behind the dialog.
  const listSearch = prefill ? new URLSearchParams(withoutNewPart(search.toString())) : search;
  const state = readListQuery(listSearch, PART_LIST);
  const [list, part, series, manufacturers] = await Promise.all([
    loadList(api, partEndpoints.list, listApiParams(state, PART_LIST)),
    loadPart(api, search.get(PART_SHEET_PARAM)),
    optional(call(api, partEndpoints.series)),
    optional(call(api, partEndpoints.manufacturers)),
  ]);
  const names = (manufacturers ?? []).flatMap((m) => [m.name, ...m.aliases]);
  return { state, part, series, prefill, manufacturers: [...new Set(names)], ...list };
}

/** Creating and changing parts, their MPNs, and the company's numbering. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    create: formIntent(partCreateForm, async (api, body) => {
      const { data } = await call(api, partEndpoints.create, { body });
      return data;
    }),
    update: formIntent(partEditForm, async (api, { id, changes }) => {
      // The API refuses a PATCH that names no field; saving an unchanged form changes nothing.
      if (Object.keys(changes).length === 0) return null;
      return (await call(api, partEndpoints.update, { params: { id }, body: changes })).data;
    }),
    add_mpn: formIntent(partMpnAddForm, async (api, { id, ...body }) => {
      return (await call(api, partEndpoints.addMpn, { params: { id }, body })).data;
    }),
    remove_mpn: formIntent(partMpnRemoveForm, async (api, { id, mpn_id }) => {
      return (await call(api, partEndpoints.removeMpn, { params: { id, mpnId: mpn_id } })).data;
    }),
    set_series: formIntent(partSeriesForm, async (api, body) => {
      return (await call(api, partEndpoints.setSeries, { body })).data;
    }),
  });
}

export default function Parts({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const { state, page, forbidden, invalid, part, series, prefill, manufacturers } = loaderData;
  const { pathname, filtered, link, pageHref } = useListLinks(state, PART_LIST);
  const [creating, setCreating] = useState(false);
  const [numbering, setNumbering] = useState(false);
  const values = claimValues(locale);
  const member = { role: "customer" as const, company_role: role };
  const mayEdit = !forbidden && mayCall(member, partEndpoints.create);
  const mayNumber = !forbidden && series !== null && mayCall(member, partEndpoints.setSeries);
  const createOpen = mayEdit && (creating || prefill !== null);
  const texts = {
    forbiddenTitle: i18n._("parts.forbidden_title"),
    forbidden: i18n._("parts.forbidden"),
    invalid: i18n._("parts.invalid_filter"),
  };
  const closeCreate = () => {
    setCreating(false);
    if (prefill) void navigate(withoutNewPart(search), { replace: true, preventScrollReset: true });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words">
            {i18n._("page.my-parts.heading", values)}
          </h1>
          <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
            {i18n._("page.my-parts.intro", values)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {mayNumber ? (
            <Button variant="outline" onClick={() => setNumbering(true)}>
              <Hash aria-hidden="true" className="size-4" />
              {i18n._("parts.series_open")}
            </Button>
          ) : null}
          {mayEdit ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {i18n._("parts.new")}
            </Button>
          ) : null}
        </div>
      </div>

      {forbidden ? (
        <div className="mt-8">
          <ListProblem forbidden invalid={false} texts={texts} />
        </div>
      ) : (
        <div className="mt-8 space-y-4">
          <PartFilters key={JSON.stringify(state)} state={state} pathname={pathname} />
          <ListProblem
            forbidden={false}
            invalid={invalid}
            texts={texts}
            clearHref={pathname}
            clearLabel={i18n._("parts.filter_reset")}
          />
          {page ? (
            <ListBody
              page={page}
              count={i18n._("parts.count", { count: page.total })}
              empty={
                <EmptyList
                  clearHref={
                    filtered
                      ? link({ q: "", filters: { type: null, msl: null, lifecycle: null } })
                      : undefined
                  }
                  clearLabel={i18n._("parts.filter_reset")}
                  action={
                    mayEdit ? (
                      <Button variant="outline" onClick={() => setCreating(true)}>
                        <Plus aria-hidden="true" className="size-4" />
                        {i18n._("parts.new")}
                      </Button>
                    ) : undefined
                  }
                >
                  {i18n._(filtered ? "parts.empty_filtered" : mayEdit ? "parts.empty" : "parts.empty_reader")}
                </EmptyList>
              }
              pageHref={pageHref}
              paginationLabel={i18n._("parts.pagination")}
            >
              {(items) => (
                <PartTable items={items} state={state} pathname={pathname} search={search} locale={locale} />
              )}
            </ListBody>
          ) : null}
        </div>
      )}

      <datalist id={MANUFACTURERS_LIST_ID}>
        {manufacturers.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>

      {part === "missing" ? (
        <div className="mt-6">
          <ListProblem forbidden={false} invalid texts={{ ...texts, invalid: i18n._("parts.missing") }} />
        </div>
      ) : part ? (
        <PartSheet part={part} search={search} mayEdit={mayEdit} locale={locale} />
      ) : null}

      {mayEdit ? (
        <Dialog
          open={createOpen}
          onOpenChange={(open) => (open ? setCreating(true) : closeCreate())}
          title={i18n._("parts.new_title")}
          description={i18n._("parts.new_intro")}
          closeLabel={i18n._("parts.close")}
          size="lg"
        >
          <PartCreateForm
            key={JSON.stringify(prefill)}
            prefill={prefill}
            nextNumber={series?.next_part_number ?? null}
            defaultCurrency={siteConfig.legal.defaultCurrency}
            onClose={closeCreate}
            onDone={(created) => {
              setCreating(false);
              if (!created) return;
              showToast({
                title: i18n._("parts.created", { number: created.part_number }),
                color: "success",
              });
              void navigate(partSheetHref(prefill ? withoutNewPart(search) : search, created.id));
            }}
          />
        </Dialog>
      ) : null}

      {mayNumber && series ? (
        <PartSeriesDialog open={numbering} onOpenChange={setNumbering} series={series} />
      ) : null}
    </div>
  );
}
