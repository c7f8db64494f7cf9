import {
  staffAssemblyEndpoints,
  type AssemblyVersion,
  type BomDto,
  type PlacementsDto,
  type ProductionBom,
} from "@ems/contracts/assemblies";
import { staffEngineeringQueryEndpoints } from "@ems/contracts/engineering-queries";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";
import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { STAFF_ASSEMBLY_LIST } from "~/features/assemblies/assembly-helpers";
import { AssemblyFilters, AssemblyTable } from "~/features/assemblies/assembly-list";
import {
  releaseForm,
  reviewBody,
  reviewMarkForm,
  substituteForm,
  withdrawForm,
} from "~/features/assembly-review/review-form";
import { ReviewPanel } from "~/features/assembly-review/review-panel";
import { QueryDialog, VersionQueries, withQuery } from "~/features/staff/engineering-queries";
import { loadAskedQuery, queryIntents } from "~/features/staff/engineering-queries.server";
import { raiseDesignators, RaiseQueryDialog } from "~/features/staff/query-raise";
import { StaffPage, staffTexts } from "~/features/staff/staff-ui";
import { ApiError, call, type ApiClient } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { ASSEMBLY_SHEET_PARAMS } from "~/lib/assembly-links";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { assemblyBoardSource } from "~/lib/query-board";
import { currentPage } from "~/lib/route-map";
import { useListLinks } from "~/lib/use-list-links";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/pcbas";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** 404 (and 400 for a malformed id) mean "not there"; anything else goes to the error page. */
async function orMissing<T>(promise: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await promise).data;
  } catch (error) {
    if (error instanceof ApiError && [400, 404].includes(error.status)) return null;
    throw error;
  }
}

/** The assembly the address opens (`?pcba=`) with its latest BOM and production BOM, or "missing". */
async function loadReview(api: ApiClient, id: string | null) {
  if (!id) return null;
  const params = { id };
  const [detail, bom, production] = await Promise.all([
    orMissing(call(api, staffAssemblyEndpoints.detail, { params })),
    orMissing(call(api, staffAssemblyEndpoints.bom, { params, query: {} })),
    orMissing<ProductionBom>(call(api, staffAssemblyEndpoints.productionBom, { params })),
  ]);
  return detail
    ? { detail, bom, production, ...(await loadQueryContext(api, id, detail.latest, bom)) }
    : ("missing" as const);
}

/**
 * What raising a query on the version shown needs and the queries already on it: the designators
 * and lines of the BOM version the specification version names (and of its placements), its board
 * as the customer's sheet draws it (to pin points on), and the version's queries, newest first.
 */
async function loadQueryContext(
  api: ApiClient,
  id: string,
  latest: Pick<AssemblyVersion, "id" | "bom_version" | "placements_id" | "pcb">,
  shownBom: BomDto | null,
) {
  const params = { id };
  const [versionBom, placements, queries] = await Promise.all([
    latest.bom_version === null || shownBom?.version === latest.bom_version
      ? shownBom
      : orMissing(call(api, staffAssemblyEndpoints.bom, { params, query: { version: latest.bom_version } })),
    latest.placements_id === null
      ? null
      : orMissing<PlacementsDto>(call(api, staffAssemblyEndpoints.placements, { params })),
    loadList(api, staffEngineeringQueryEndpoints.list, {
      assembly_spec_version_id: latest.id,
      sort: "created_at",
      dir: "desc",
      page_size: 20,
    }),
  ]);
  const lines = latest.bom_version === null ? [] : (versionBom?.lines ?? []);
  const versionPlacements = placements?.id === latest.placements_id ? placements : null;
  const placed = versionPlacements?.placements ?? [];
  return {
    board: assemblyBoardSource(versionPlacements, latest.pcb),
    designators: raiseDesignators(
      lines,
      placed.map((placement) => placement.designator),
    ),
    bomLines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      designators: line.designators,
      label:
        [line.parts[0]?.manufacturer, line.parts[0]?.mpn].filter(Boolean).join(" ") || (line.value ?? ""),
    })),
    queries: queries.page,
  };
}

/**
 * Every customer's assembly specifications in the back office (ADR 0015): the list, and one assembly
 * open for its engineering review, substitutes and the production BOM.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const state = readListQuery(search, STAFF_ASSEMBLY_LIST);
  const [list, review, companies, query] = await Promise.all([
    loadList(api, staffAssemblyEndpoints.list, listApiParams(state, STAFF_ASSEMBLY_LIST)),
    loadReview(api, search.get(ASSEMBLY_SHEET_PARAMS.pcba)),
    loadList(api, staffCustomerEndpoints.list, { page_size: 100, sort: "name" }),
    loadAskedQuery(api, search),
  ]);
  return {
    state,
    review,
    query,
    companies: (companies.page?.items ?? []).map(({ id, name }) => ({ id, name })),
    ...list,
  };
}

/**
 * A line's marks, a proposed substitute (or its withdrawal), the release of the production BOM, and
 * the version's engineering queries: raising one, commenting, closing and withdrawing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const review = (api: ApiClient, id: string, lineId: string, body: object) =>
    call(api, staffAssemblyEndpoints.reviewLine, { params: { id, lineId }, body });
  return submitIntent(request, context, {
    mark: formIntent(reviewMarkForm, (api, form) => review(api, form.id, form.line_id, reviewBody(form))),
    substitute: formIntent(substituteForm, (api, { id, line_id, manufacturer, mpn, reason }) =>
      review(api, id, line_id, { substitution: { manufacturer: manufacturer?.trim() || null, mpn, reason } }),
    ),
    withdraw: formIntent(withdrawForm, (api, { id, line_id }) =>
      review(api, id, line_id, { substitution: null }),
    ),
    release: formIntent(releaseForm, (api, { id, base_version }) =>
      call(api, staffAssemblyEndpoints.releaseProductionBom, { params: { id }, body: { base_version } }),
    ),
    ...queryIntents,
  });
}

export default function StaffAssemblies({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { pathname: here, search } = useLocation();
  const { state, page, forbidden, invalid, review, companies, query } = loaderData;
  const { pathname, filtered, link, pageHref } = useListLinks(state, STAFF_ASSEMBLY_LIST);
  const texts = staffTexts(i18n);
  return (
    <StaffPage>
      {forbidden ? (
        <ListProblem forbidden invalid={false} texts={texts} />
      ) : (
        <div className="space-y-4">
          <AssemblyFilters
            key={JSON.stringify(state)}
            state={state}
            pathname={pathname}
            companies={companies}
          />
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
                  clearHref={filtered ? link({ q: "", filters: { state: null, company: null } }) : undefined}
                  clearLabel={i18n._("assembly.filter_reset")}
                >
                  {i18n._(filtered ? "assembly.empty_filtered" : "staff.pcbas.empty")}
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
                  staff
                />
              )}
            </ListBody>
          ) : null}
        </div>
      )}
      {review === "missing" ? (
        <div className="mt-6">
          <ListProblem
            forbidden={false}
            invalid
            texts={{ ...texts, invalid: i18n._("staff.pcbas.missing") }}
          />
        </div>
      ) : review ? (
        <ReviewPanel
          detail={review.detail}
          bom={review.bom}
          production={review.production}
          locale={locale}
          queries={
            review.queries ? (
              <VersionQueries
                version={review.detail.latest.version}
                items={review.queries.items}
                total={review.queries.total}
                pathname={here}
                search={search}
                raise={
                  <RaiseQueryDialog
                    subject={{
                      kind: "assembly",
                      versionId: review.detail.latest.id,
                      companyId: review.detail.company_id,
                      companyName: review.detail.company_name,
                      number: review.detail.number,
                      version: review.detail.latest.version,
                    }}
                    designators={review.designators}
                    bomLines={review.bomLines}
                    board={review.board}
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
