import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";

import { ListProblem } from "~/components/list/list-states";
import { STAFF_QUOTES } from "~/features/staff/list-specs";
import {
  DEFAULT_QUOTE_STATUS,
  NewQuoteButton,
  NewQuoteDialog,
  QuotesList,
} from "~/features/staff/quotes-list";
import { StaffPage, staffTexts } from "~/features/staff/staff-ui";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { submitForm } from "~/lib/form-action.server";
import { listApiParams, listHref, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/quotes";
import { useLocale } from "~/lib/use-locale";
import { staffQuoteCreateSchema, staffQuoteEndpoints } from "@ems/contracts/quotes";
import { staffCustomerEndpoints } from "@ems/contracts/staff-customers";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * Every customer's quotes (GET /api/staff/quotes). Without a status the customers' requests
 * (In Progress) come first; status=all shows every status. ?new=1 opens the new-quote dialog.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiFromRequest(request, context);
  const state = readListQuery(url.searchParams, STAFF_QUOTES);
  const status = state.filters.status ?? DEFAULT_QUOTE_STATUS;
  const params = listApiParams(state, STAFF_QUOTES);
  if (status === "all") delete params.status;
  else params.status = status;
  const [list, companies] = await Promise.all([
    loadList(api, staffQuoteEndpoints.list, params),
    loadList(api, staffCustomerEndpoints.list, {
      page_size: 100,
      sort: "name",
    }),
  ]);
  return {
    state,
    status,
    list,
    companies: (companies.page?.items ?? []).map(({ id, name }) => ({ id, name })),
  };
}

/** Creating a quote (the new-quote dialog); its id takes staff to the quote page. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitForm(
    request,
    context,
    staffQuoteCreateSchema,
    async (api, body) => (await call(api, staffQuoteEndpoints.create, { body })).data.id,
  );
}

export default function StaffQuotes({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = useLocale();
  const { state, status, list, companies } = loaderData;
  const creating = state.filters.new === "1" && !list.forbidden;
  const link = (filters: Record<string, string | null>) =>
    listHref(location.pathname, state, STAFF_QUOTES, { filters, page: state.page });
  return (
    <StaffPage actions={list.forbidden ? undefined : <NewQuoteButton to={link({ new: "1" })} />}>
      <ListProblem forbidden={list.forbidden} invalid={list.invalid} texts={staffTexts(i18n)} />
      {list.page ? (
        <QuotesList
          items={list.page.items}
          total={list.page.total}
          page={list.page.page}
          pageSize={list.page.page_size}
          status={status}
          companies={companies}
          pathname={location.pathname}
          state={state}
          locale={locale}
        />
      ) : null}
      {creating ? (
        <NewQuoteDialog
          key={state.filters.company ?? ""}
          companies={companies}
          companyId={state.filters.company ?? null}
          closeTo={link({ new: null, company: null })}
          locale={locale}
        />
      ) : null}
    </StaffPage>
  );
}
