import { useLingui } from "@lingui/react";
import { QUOTE_STATUSES, type StaffQuotePage } from "@ems/contracts/quotes";
import type { StaffCustomerPage } from "@ems/contracts/staff-customers";
import { useLocation, useMatches } from "react-router";

import { Alert } from "~/components/ui/alert";
import { listHref, pickParams } from "~/features/staff/format";
import { load } from "~/features/staff/load.server";
import {
  DEFAULT_QUOTE_STATUS,
  NewQuoteButton,
  NewQuoteDialog,
  QuotesList,
} from "~/features/staff/quotes-list";
import { StaffPage } from "~/features/staff/staff-ui";
import { apiFromRequest } from "~/lib/api.server";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/quotes";

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
  const chosen = url.searchParams.get("status");
  const status =
    chosen === "all" || (chosen && (QUOTE_STATUSES as readonly string[]).includes(chosen))
      ? chosen
      : DEFAULT_QUOTE_STATUS;
  const params = pickParams(url.searchParams, ["company_id", "q", "sort", "dir", "page"]);
  if (status !== "all") params.status = status;
  const [list, companies] = await Promise.all([
    load<StaffQuotePage>(api, "/api/staff/quotes", params),
    load<StaffCustomerPage>(api, "/api/staff/customers", { page_size: 100, sort: "name" }),
  ]);
  return {
    status,
    list,
    companies: (companies.data?.items ?? []).map(({ id, name }) => ({ id, name })),
  };
}

export default function StaffQuotes({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const location = useLocation();
  const locale = currentPage(useMatches())?.locale ?? localeFromPath(location.pathname);
  const search = new URLSearchParams(location.search);
  const { status, list, companies } = loaderData;
  const creating = search.get("new") === "1" && list.problem !== "forbidden";
  return (
    <StaffPage
      actions={
        list.problem === "forbidden" ? undefined : (
          <NewQuoteButton to={listHref(location.pathname, search, { new: "1", page: search.get("page") })} />
        )
      }
    >
      {list.problem === "forbidden" ? (
        <Alert variant="info" title={i18n._("staff.forbidden_title")}>
          {i18n._("staff.forbidden")}
        </Alert>
      ) : list.problem ? (
        <Alert variant="error">{i18n._("staff.invalid_filter")}</Alert>
      ) : null}
      {list.data ? (
        <QuotesList
          items={list.data.items}
          total={list.data.total}
          page={list.data.page}
          pageSize={list.data.page_size}
          status={status}
          companies={companies}
          pathname={location.pathname}
          search={search}
          locale={locale}
        />
      ) : null}
      {creating ? (
        <NewQuoteDialog
          key={search.get("company") ?? ""}
          companies={companies}
          companyId={search.get("company")}
          closeTo={listHref(location.pathname, search, {
            new: null,
            company: null,
            page: search.get("page"),
          })}
          locale={locale}
        />
      ) : null}
    </StaffPage>
  );
}
