import { staffEngineeringQueryEndpoints } from "@ems/contracts/engineering-queries";
import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { ListProblem } from "~/components/list/list-states";
import { QueriesList, QueryDialog } from "~/features/staff/engineering-queries";
import { loadAskedQuery, queryIntents } from "~/features/staff/engineering-queries.server";
import { STAFF_ENGINEERING_QUERIES } from "~/features/staff/list-specs";
import { loadCustomerList } from "~/features/staff/load.server";
import { StaffPage, staffTexts } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { submitIntent } from "~/lib/form-action.server";
import { listHref } from "~/lib/list-query";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/engineering-queries";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * The queue of every customer's engineering queries, oldest first (GET /api/staff/engineering-queries);
 * `?query=` opens one with its thread.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const [queue, query] = await Promise.all([
    loadCustomerList(api, search, STAFF_ENGINEERING_QUERIES, staffEngineeringQueryEndpoints.list),
    loadAskedQuery(api, search),
  ]);
  return { ...queue, query };
}

/** A comment, closing and withdrawing the query shown. */
export async function action({ request, context }: Route.ActionArgs) {
  const { query_comment, query_close, query_withdraw } = queryIntents;
  return submitIntent(request, context, { query_comment, query_close, query_withdraw });
}

export default function StaffEngineeringQueries({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = useLocale();
  const { state, list, companies, query } = loaderData;
  return (
    <StaffPage>
      <ListProblem forbidden={list.forbidden} invalid={list.invalid} texts={staffTexts(i18n)} />
      {list.page ? (
        <QueriesList
          items={list.page.items}
          total={list.page.total}
          page={list.page.page}
          pageSize={list.page.page_size}
          companies={companies}
          pathname={pathname}
          state={state}
          locale={locale}
        />
      ) : null}
      <QueryDialog
        query={query === "missing" ? null : query}
        missing={query === "missing"}
        closeTo={listHref(pathname, state, STAFF_ENGINEERING_QUERIES, {
          filters: { query: null },
          page: state.page,
        })}
        locale={locale}
      />
    </StaffPage>
  );
}
