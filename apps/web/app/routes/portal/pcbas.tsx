import { assemblyEndpoints } from "@ems/contracts/assemblies";
import { mayCall } from "@ems/contracts/endpoints";
import { engineeringQueryEndpoints } from "@ems/contracts/engineering-queries";
import { fileEndpoints } from "@ems/contracts/files";
import { claimValues } from "@ems/content/values";
import { useLingui } from "@lingui/react";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate, useRouteLoaderData } from "react-router";

import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import {
  assemblySpecFormSchema,
  fileRefusalError,
  placementsImportForm,
  specRuleError,
} from "~/features/assemblies/assembly-form";
import { ASSEMBLY_LIST } from "~/features/assemblies/assembly-helpers";
import { AssemblyFilters, AssemblyTable } from "~/features/assemblies/assembly-list";
import { AssemblySheet } from "~/features/assemblies/assembly-sheet";
import { loadAssemblySheet, loadPcbVersionOptions } from "~/features/assemblies/assembly-sheet-loader.server";
import { AssemblySpecForm } from "~/features/assemblies/assembly-spec-form";
import { QUERY_REPLY_INTENT } from "~/features/engineering-queries/query-form";
import {
  loadSheetQueries,
  queryReplyIntent,
  redirectToQuery,
} from "~/features/engineering-queries/query-loader.server";
import { QueryPanel } from "~/features/engineering-queries/query-panel";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { ASSEMBLY_SHEET_PARAMS, assemblySheetSearch } from "~/lib/assembly-links";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { assemblyBoardSource } from "~/lib/query-board";
import { currentPage } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useListLinks } from "~/lib/use-list-links";
import { useLocale } from "~/lib/use-locale";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/pcbas";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * The company's assembly specifications (issue 18): the latest version of each, filtered, searched,
 * sorted and paged by the URL, with one specification open in a sheet (`?pcba=…&version=…`) with
 * its engineering queries (`&query=…` opens one). `?query=…` alone goes to that query's sheet.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const url = new URL(request.url);
  const search = url.searchParams;
  const queryId = search.get(ASSEMBLY_SHEET_PARAMS.query);
  if (queryId && !search.get(ASSEMBLY_SHEET_PARAMS.pcba))
    await redirectToQuery(api, localeFromPath(url.pathname), queryId);
  const state = readListQuery(search, ASSEMBLY_LIST);
  const [list, sheet, pcbOptions, usage] = await Promise.all([
    loadList(api, assemblyEndpoints.list, listApiParams(state, ASSEMBLY_LIST)),
    loadAssemblySheet(api, search),
    loadPcbVersionOptions(api),
    call(api, fileEndpoints.usage)
      .then((answer) => answer.data)
      .catch(() => null),
  ]);
  const queries =
    sheet && sheet !== "missing"
      ? await loadSheetQueries(api, {
          assembly_spec_version_id: sheet.version.id,
          bom_version: sheet.version.bom_version,
          assembly_id: sheet.spec.id,
        })
      : null;
  return { state, sheet, queries, pcbOptions, uploadMaxBytes: usage?.upload_max_bytes ?? null, ...list };
}

/** Creating, saving a new version, previewing and importing a pick-and-place file, answering a query. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    [QUERY_REPLY_INTENT]: queryReplyIntent,
    create: formIntent(assemblySpecFormSchema, async (api, form) => {
      try {
        const { data } = await call(api, assemblyEndpoints.create, {
          body: {
            fields: form.fields,
            ...(form.pcb_spec_version_id ? { pcb_spec_version_id: form.pcb_spec_version_id } : {}),
          },
        });
        return { id: data.id, number: data.number };
      } catch (error) {
        throw specRuleError(error);
      }
    }),
    save: formIntent(assemblySpecFormSchema, async (api, form) => {
      try {
        const { data } = await call(api, assemblyEndpoints.saveVersion, {
          params: { id: form.id ?? "" },
          body: {
            base_version: form.base_version ?? 0,
            fields: form.fields,
            pcb_spec_version_id: form.pcb_spec_version_id ?? null,
          },
        });
        return { version: data.latest_version };
      } catch (error) {
        throw specRuleError(error);
      }
    }),
    placementsPreview: formIntent(placementsImportForm, async (api, { id, ...body }) => {
      try {
        return (await call(api, assemblyEndpoints.placementsPreview, { params: { id }, body })).data;
      } catch (error) {
        throw fileRefusalError(error);
      }
    }),
    placements: formIntent(placementsImportForm, async (api, { id, ...body }) => {
      try {
        const { data } = await call(api, assemblyEndpoints.placementsImport, { params: { id }, body });
        return { total: data.counts.total };
      } catch (error) {
        throw fileRefusalError(error);
      }
    }),
  });
}

export default function Pcbas({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const { state, page, forbidden, invalid, sheet, queries, pcbOptions, uploadMaxBytes } = loaderData;
  const { pathname, filtered, link, pageHref } = useListLinks(state, ASSEMBLY_LIST);
  const [creating, setCreating] = useState(false);
  const values = claimValues(locale);
  const mayEdit = !forbidden && mayCall({ role: "customer", company_role: role }, assemblyEndpoints.create);
  const mayReply = mayCall({ role: "customer", company_role: role }, engineeringQueryEndpoints.reply);
  const texts = {
    forbiddenTitle: i18n._("assembly.forbidden_title"),
    forbidden: i18n._("assembly.forbidden"),
    invalid: i18n._("assembly.invalid_filter"),
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">{i18n._("page.my-pcbas.heading", values)}</h1>
          <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
            {i18n._("page.my-pcbas.intro", values)}
          </p>
        </div>
        {mayEdit ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {i18n._("assembly.new")}
          </Button>
        ) : null}
      </div>

      {forbidden ? (
        <div className="mt-8">
          <ListProblem forbidden invalid={false} texts={texts} />
        </div>
      ) : (
        <div className="mt-8 space-y-4">
          <AssemblyFilters key={JSON.stringify(state)} state={state} pathname={pathname} />
          <ListProblem
            forbidden={false}
            invalid={invalid}
            texts={texts}
            clearHref={pathname}
            clearLabel={i18n._("assembly.filter_reset")}
          />
          {page ? (
            <ListBody
              page={page}
              count={i18n._("assembly.count", { count: page.total })}
              empty={
                <EmptyList
                  clearHref={filtered ? link({ q: "", filters: { state: null } }) : undefined}
                  clearLabel={i18n._("assembly.filter_reset")}
                  action={
                    mayEdit ? (
                      <Button variant="outline" onClick={() => setCreating(true)}>
                        <Plus aria-hidden="true" className="size-4" />
                        {i18n._("assembly.empty_action")}
                      </Button>
                    ) : undefined
                  }
                >
                  {i18n._(
                    filtered
                      ? "assembly.empty_filtered"
                      : mayEdit
                        ? "assembly.empty"
                        : "assembly.empty_reader",
                  )}
                </EmptyList>
              }
              pageHref={pageHref}
              paginationLabel={i18n._("assembly.pagination")}
            >
              {(items) => (
                <AssemblyTable
                  items={items}
                  state={state}
                  pathname={pathname}
                  search={search}
                  locale={locale}
                />
              )}
            </ListBody>
          ) : null}
        </div>
      )}

      {sheet === "missing" ? (
        <div className="mt-6">
          <ListProblem forbidden={false} invalid texts={{ ...texts, invalid: i18n._("assembly.missing") }} />
        </div>
      ) : sheet ? (
        <AssemblySheet
          data={sheet}
          search={search}
          mayEdit={mayEdit}
          uploadMaxBytes={uploadMaxBytes ?? 0}
          pcbOptions={pcbOptions}
          queries={
            queries ? (
              <QueryPanel
                key={sheet.version.id}
                queries={queries}
                board={assemblyBoardSource(sheet.placements, sheet.version.pcb)}
                focusId={new URLSearchParams(search).get(ASSEMBLY_SHEET_PARAMS.query)}
                mayReply={mayReply}
                uploadMaxBytes={uploadMaxBytes ?? 0}
              />
            ) : null
          }
        />
      ) : null}

      {mayEdit ? (
        <Dialog
          open={creating}
          onOpenChange={setCreating}
          title={i18n._("assembly.new_title")}
          description={i18n._("assembly.new_intro")}
          closeLabel={i18n._("assembly.close")}
          size="lg"
        >
          <AssemblySpecForm
            intent="create"
            initial={{}}
            pcbOptions={pcbOptions}
            submitLabel={i18n._("assembly.create_submit")}
            onClose={() => setCreating(false)}
            onDone={(created) => {
              setCreating(false);
              const answer = created as { id: string; number: string } | undefined;
              if (!answer) return;
              showToast({ title: i18n._("assembly.created", { number: answer.number }), color: "success" });
              void navigate(assemblySheetSearch(search, answer.id));
            }}
          />
        </Dialog>
      ) : null}
    </div>
  );
}
