import { staffPartEndpoints, type PartDetail } from "@ems/contracts/parts";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";
import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { STAFF_PART_LIST } from "~/features/parts/part-helpers";
import { PartFilters, PartTable } from "~/features/parts/part-list";
import { PartSheet } from "~/features/parts/part-sheet";
import { StaffPage, staffTexts } from "~/features/staff/staff-ui";
import { ApiError, call, type ApiClient } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { PART_SHEET_PARAM } from "~/lib/part-links";
import { currentPage } from "~/lib/route-map";
import { useListLinks } from "~/lib/use-list-links";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/parts";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** The part the address opens (`?part=`); "missing" for an unknown or malformed id. */
async function loadPart(api: ApiClient, id: string | null): Promise<PartDetail | "missing" | null> {
  if (!id) return null;
  try {
    return (await call(api, staffPartEndpoints.detail, { params: { id } })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return "missing";
    throw error;
  }
}

/**
 * Every customer's parts in the back office (GET /api/staff/parts, issue 18): the customer's list,
 * sheet and history with the customer named, read-only, since each customer keeps its own item master.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const state = readListQuery(search, STAFF_PART_LIST);
  const [list, part, companies] = await Promise.all([
    loadList(api, staffPartEndpoints.list, listApiParams(state, STAFF_PART_LIST)),
    loadPart(api, search.get(PART_SHEET_PARAM)),
    loadList(api, staffCustomerEndpoints.list, { page_size: 100, sort: "name" }),
  ]);
  return {
    state,
    part,
    companies: (companies.page?.items ?? []).map(({ id, name }) => ({ id, name })),
    ...list,
  };
}

export default function StaffParts({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { search } = useLocation();
  const { state, page, forbidden, invalid, part, companies } = loaderData;
  const { pathname, filtered, link, pageHref } = useListLinks(state, STAFF_PART_LIST);
  const texts = staffTexts(i18n);
  return (
    <StaffPage>
      {forbidden ? (
        <ListProblem forbidden invalid={false} texts={texts} />
      ) : (
        <div className="space-y-4">
          <PartFilters key={JSON.stringify(state)} state={state} pathname={pathname} companies={companies} />
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
                      ? link({ q: "", filters: { type: null, msl: null, lifecycle: null, company: null } })
                      : undefined
                  }
                  clearLabel={i18n._("parts.filter_reset")}
                >
                  {i18n._(filtered ? "parts.empty_filtered" : "parts.staff_empty")}
                </EmptyList>
              }
              pageHref={pageHref}
              paginationLabel={i18n._("parts.pagination")}
            >
              {(items) => (
                <PartTable
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
      {part === "missing" ? (
        <div className="mt-6">
          <ListProblem
            forbidden={false}
            invalid
            texts={{ ...texts, invalid: i18n._("parts.staff_missing") }}
          />
        </div>
      ) : part ? (
        <PartSheet part={part} search={search} mayEdit={false} locale={locale} staff />
      ) : null}
    </StaffPage>
  );
}
