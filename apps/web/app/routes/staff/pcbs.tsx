import { staffEngineeringQueryEndpoints } from "@ems/contracts/engineering-queries";
import { staffPcbEndpoints } from "@ems/contracts/pcbs";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";
import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { pcbNoteForm } from "~/features/pcbs/pcb-form";
import { STAFF_PCB_LIST } from "~/features/pcbs/pcb-helpers";
import { PcbFilters, PcbTable } from "~/features/pcbs/pcb-list";
import { PcbSheet } from "~/features/pcbs/pcb-sheet";
import { loadPcbSheet } from "~/features/pcbs/pcb-sheet-loader";
import { QueryDialog, VersionQueries, withQuery } from "~/features/staff/engineering-queries";
import { loadAskedQuery, queryIntents } from "~/features/staff/engineering-queries.server";
import { RaiseQueryDialog } from "~/features/staff/query-raise";
import { StaffPage, staffTexts } from "~/features/staff/staff-ui";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { pcbBoardSource } from "~/lib/query-board";
import { currentPage } from "~/lib/route-map";
import { useListLinks } from "~/lib/use-list-links";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/pcbs";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * Every customer's PCB specifications in the back office (GET /api/staff/pcbs): the same list and
 * sheet as the customer's, with the customer named, their files to download and a note the customer
 * sees.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const state = readListQuery(search, STAFF_PCB_LIST);
  const [list, sheet, companies, query] = await Promise.all([
    loadList(api, staffPcbEndpoints.list, listApiParams(state, STAFF_PCB_LIST)),
    loadPcbSheet(api, staffPcbEndpoints, search),
    loadList(api, staffCustomerEndpoints.list, { page_size: 100, sort: "name" }),
    loadAskedQuery(api, search),
  ]);
  // The engineering queries on the version the sheet shows.
  const queries =
    sheet && sheet !== "missing"
      ? await loadList(api, staffEngineeringQueryEndpoints.list, {
          pcb_spec_version_id: sheet.version.id,
          sort: "created_at",
          dir: "desc",
          page_size: 20,
        })
      : null;
  return {
    state,
    sheet,
    query,
    queries: queries?.page ?? null,
    companies: (companies.page?.items ?? []).map(({ id, name }) => ({ id, name })),
    ...list,
  };
}

/** The note the customer sees, and the version's engineering queries (raise, comment, close, withdraw). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    note: formIntent(pcbNoteForm, (api, { id, note }) =>
      call(api, staffPcbEndpoints.note, { params: { id }, body: { note } }),
    ),
    ...queryIntents,
  });
}

export default function StaffPcbs({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { pathname: here, search } = useLocation();
  const { state, page, forbidden, invalid, sheet, companies, query, queries } = loaderData;
  const { pathname, filtered, link, pageHref } = useListLinks(state, STAFF_PCB_LIST);
  const texts = staffTexts(i18n);
  return (
    <StaffPage>
      {forbidden ? (
        <ListProblem forbidden invalid={false} texts={texts} />
      ) : (
        <div className="space-y-4">
          <PcbFilters key={JSON.stringify(state)} state={state} pathname={pathname} companies={companies} />
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
                      ? link({ q: "", filters: { layers: null, finish: null, state: null, company: null } })
                      : undefined
                  }
                  clearLabel={i18n._("pcbs.filter_reset")}
                >
                  {i18n._(filtered ? "pcbs.empty_filtered" : "pcbs.staff_empty")}
                </EmptyList>
              }
              pageHref={pageHref}
              paginationLabel={i18n._("pcbs.pagination")}
            >
              {(items) => (
                <PcbTable
                  items={items}
                  state={state}
                  pathname={pathname}
                  search={search}
                  locale={locale}
                  showCompany
                />
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
          mayEdit={false}
          uploadMaxBytes={0}
          staff
          queries={
            queries ? (
              <VersionQueries
                version={sheet.version.version}
                items={queries.items}
                total={queries.total}
                pathname={here}
                search={search}
                raise={
                  <RaiseQueryDialog
                    subject={{
                      kind: "pcb",
                      versionId: sheet.version.id,
                      companyId: sheet.spec.company_id,
                      companyName: sheet.spec.company_name,
                      number: sheet.spec.number,
                      version: sheet.version.version,
                    }}
                    designators={[]}
                    bomLines={[]}
                    board={pcbBoardSource(sheet.version.fields.width_mm, sheet.version.fields.height_mm, {
                      top: sheet.version.preview_top_url,
                      bottom: sheet.version.preview_bottom_url,
                    })}
                    locale={locale}
                  />
                }
              />
            ) : null
          }
        />
      ) : null}
      <QueryDialog
        query={query === "missing" ? null : query}
        missing={query === "missing"}
        closeTo={withQuery(here, search, null)}
        locale={locale}
      />
    </StaffPage>
  );
}
