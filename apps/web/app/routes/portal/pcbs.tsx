import { mayCall } from "@ems/contracts/endpoints";
import { engineeringQueryEndpoints } from "@ems/contracts/engineering-queries";
import { fileEndpoints } from "@ems/contracts/files";
import { pcbEndpoints } from "@ems/contracts/pcbs";
import { claimValues } from "@ems/content/values";
import { useLingui } from "@lingui/react";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate, useRouteLoaderData } from "react-router";

import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { QUERY_REPLY_INTENT } from "~/features/engineering-queries/query-form";
import { loadSheetQueries, queryReplyIntent } from "~/features/engineering-queries/query-loader.server";
import { QueryPanel } from "~/features/engineering-queries/query-panel";
import { pcbIdForm, pcbSpecFormSchema, specFieldsOf } from "~/features/pcbs/pcb-form";
import { PCB_LIST, sheetHref } from "~/features/pcbs/pcb-helpers";
import { PcbFilters, PcbTable } from "~/features/pcbs/pcb-list";
import { PcbSheet } from "~/features/pcbs/pcb-sheet";
import { loadPcbSheet } from "~/features/pcbs/pcb-sheet-loader";
import { PcbSpecForm } from "~/features/pcbs/pcb-spec-form";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { PCB_SHEET_PARAMS } from "~/lib/pcb-links";
import { routePageMeta } from "~/lib/meta";
import { pcbBoardSource } from "~/lib/query-board";
import { currentPage } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useListLinks } from "~/lib/use-list-links";
import { useLocale } from "~/lib/use-locale";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/pcbs";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * The company's PCB specifications (ADR 0014): the latest version of each, filtered, searched,
 * sorted and paged by the URL, with one specification open in a sheet (`?pcb=…&version=…`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const state = readListQuery(search, PCB_LIST);
  const [list, sheet, usage] = await Promise.all([
    loadList(api, pcbEndpoints.list, listApiParams(state, PCB_LIST)),
    loadPcbSheet(api, pcbEndpoints, search),
    call(api, fileEndpoints.usage)
      .then((answer) => answer.data)
      .catch(() => null),
  ]);
  const queries =
    sheet && sheet !== "missing"
      ? await loadSheetQueries(api, { pcb_spec_version_id: sheet.version.id })
      : null;
  return { state, sheet, queries, uploadMaxBytes: usage?.upload_max_bytes ?? null, ...list };
}

/** Creating, saving a new version, duplicating, archiving and restoring, answering a query. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    [QUERY_REPLY_INTENT]: queryReplyIntent,
    create: formIntent(pcbSpecFormSchema, async (api, form) => {
      const { data } = await call(api, pcbEndpoints.create, {
        body: {
          fields: specFieldsOf(form),
          ...(form.gerber_file_id ? { gerber_file_id: form.gerber_file_id } : {}),
        },
      });
      return { id: data.id, number: data.number };
    }),
    save: formIntent(pcbSpecFormSchema, async (api, form) => {
      const { data } = await call(api, pcbEndpoints.saveVersion, {
        params: { id: form.id ?? "" },
        body: {
          base_version: form.base_version ?? 0,
          fields: specFieldsOf(form),
          ...(form.gerber_file_id ? { gerber_file_id: form.gerber_file_id } : {}),
        },
      });
      return { version: data.latest_version };
    }),
    duplicate: formIntent(pcbIdForm, async (api, { id }) => {
      const { data } = await call(api, pcbEndpoints.duplicate, { params: { id }, body: {} });
      return { id: data.id, number: data.number };
    }),
    archive: formIntent(pcbIdForm, (api, { id }) => call(api, pcbEndpoints.archive, { params: { id } })),
    restore: formIntent(pcbIdForm, (api, { id }) => call(api, pcbEndpoints.restore, { params: { id } })),
  });
}

export default function Pcbs({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const { state, page, forbidden, invalid, sheet, queries, uploadMaxBytes } = loaderData;
  const { pathname, filtered, link, pageHref } = useListLinks(state, PCB_LIST);
  const [creating, setCreating] = useState(false);
  const values = claimValues(locale);
  const mayEdit =
    !forbidden &&
    uploadMaxBytes !== null &&
    mayCall({ role: "customer", company_role: role }, pcbEndpoints.create);
  const mayReply = mayCall({ role: "customer", company_role: role }, engineeringQueryEndpoints.reply);
  const texts = {
    forbiddenTitle: i18n._("pcbs.forbidden_title"),
    forbidden: i18n._("pcbs.forbidden"),
    invalid: i18n._("pcbs.invalid_filter"),
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{i18n._("page.my-pcbs.heading", values)}</h1>
          <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
            {i18n._("page.my-pcbs.intro", values)}
          </p>
        </div>
        {mayEdit ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {i18n._("pcbs.new")}
          </Button>
        ) : null}
      </div>

      {forbidden ? (
        <div className="mt-8">
          <ListProblem forbidden invalid={false} texts={texts} />
        </div>
      ) : (
        <div className="mt-8 space-y-4">
          <PcbFilters key={JSON.stringify(state)} state={state} pathname={pathname} />
          <ListProblem
            forbidden={false}
            invalid={invalid}
            texts={texts}
            clearHref={pathname}
            clearLabel={i18n._("pcbs.filter_reset")}
          />
          {page ? (
            <ListBody
              page={page}
              count={i18n._("pcbs.count", { count: page.total })}
              empty={
                <EmptyList
                  clearHref={
                    filtered
                      ? link({ q: "", filters: { layers: null, finish: null, state: null } })
                      : undefined
                  }
                  clearLabel={i18n._("pcbs.filter_reset")}
                  action={
                    mayEdit ? (
                      <Button variant="outline" onClick={() => setCreating(true)}>
                        <Plus aria-hidden="true" className="size-4" />
                        {i18n._("pcbs.empty_action")}
                      </Button>
                    ) : undefined
                  }
                >
                  {i18n._(filtered ? "pcbs.empty_filtered" : mayEdit ? "pcbs.empty" : "pcbs.empty_reader")}
                </EmptyList>
              }
              pageHref={pageHref}
              paginationLabel={i18n._("pcbs.pagination")}
            >
              {(items) => (
                <PcbTable items={items} state={state} pathname={pathname} search={search} locale={locale} />
              )}
            </ListBody>
          ) : null}
        </div>
      )}

      {sheet === "missing" ? (
        <div className="mt-6">
          <ListProblem forbidden={false} invalid texts={{ ...texts, invalid: i18n._("pcbs.missing") }} />
        </div>
      ) : sheet ? (
        <PcbSheet
          data={sheet}
          search={search}
          mayEdit={mayEdit}
          uploadMaxBytes={uploadMaxBytes ?? 0}
          queries={
            queries ? (
              <QueryPanel
                key={sheet.version.id}
                queries={queries}
                board={pcbBoardSource(sheet.version.fields.width_mm, sheet.version.fields.height_mm, {
                  top: sheet.version.preview_top_url,
                  bottom: sheet.version.preview_bottom_url,
                })}
                focusId={new URLSearchParams(search).get(PCB_SHEET_PARAMS.query)}
                mayReply={mayReply}
                uploadMaxBytes={uploadMaxBytes ?? 0}
              />
            ) : null
          }
        />
      ) : null}

      {mayEdit && uploadMaxBytes !== null ? (
        <Dialog
          open={creating}
          onOpenChange={setCreating}
          title={i18n._("pcbs.new_title")}
          description={i18n._("pcbs.new_intro")}
          closeLabel={i18n._("pcbs.close")}
          size="lg"
        >
          <PcbSpecForm
            intent="create"
            initial={{}}
            uploadMaxBytes={uploadMaxBytes}
            submitLabel={i18n._("pcbs.create_submit")}
            onClose={() => setCreating(false)}
            onDone={(created) => {
              setCreating(false);
              const answer = created as { id: string; number: string } | undefined;
              if (!answer) return;
              showToast({ title: i18n._("pcbs.created", { number: answer.number }), color: "success" });
              void navigate(sheetHref(search, answer.id));
            }}
          />
        </Dialog>
      ) : null}
    </div>
  );
}
