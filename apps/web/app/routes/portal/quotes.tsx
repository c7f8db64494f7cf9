import { useLingui } from "@lingui/react";
import type { QuotePage } from "@ems/contracts/quotes";
import { todayIso } from "@ems/contracts/reference";
import { Link, useLocation, useRouteLoaderData } from "react-router";

import { Alert } from "~/components/ui/alert";
import { MobileSort, Pagination, QuoteFilters, QuotesTable } from "~/features/quotes/quote-list";
import { listHref, quoteListParams } from "~/features/quotes/quote-helpers";
import { RequestQuoteDialog } from "~/features/quotes/request-quote-dialog";
import { ApiError } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { claimValues } from "@ems/content/values";
import { currentPage } from "~/lib/route-map";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** Company roles that may ask for a quote (POST /api/quotes). */
const REQUESTERS = ["admin", "buyer", "engineer"];

/** SPEC Quotation getAll: the company's quotes, filtered, searched, sorted and paged by the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = quoteListParams(new URL(request.url).searchParams);
  const today = todayIso();
  try {
    const answer = await apiFromRequest(request, context).get<QuotePage>("/api/quotes", params);
    return { params, today, page: answer.data, forbidden: false, invalid: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      return { params, today, page: null, forbidden: true, invalid: false };
    if (error instanceof ApiError && error.status === 400)
      return { params, today, page: null, forbidden: false, invalid: true };
    throw error;
  }
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const { params, today, page, forbidden, invalid } = loaderData;
  const filtered = Boolean(params.status || params.category || params.q);
  const values = claimValues(locale);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{i18n._("page.my-quotes.heading", values)}</h1>
          <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
            {i18n._("page.my-quotes.intro", values)}
          </p>
        </div>
        {!forbidden && role && REQUESTERS.includes(role) ? <RequestQuoteDialog locale={locale} /> : null}
      </div>

      {forbidden ? (
        <Alert variant="info" className="mt-8" title={i18n._("my_quotes.forbidden_title")}>
          {i18n._("my_quotes.forbidden")}
        </Alert>
      ) : (
        <div className="mt-8 space-y-4">
          <QuoteFilters key={JSON.stringify(params)} params={params} pathname={pathname} />
          {invalid ? (
            <Alert variant="error">
              {i18n._("my_quotes.invalid_filter")}{" "}
              <Link to={pathname} className="font-semibold underline">
                {i18n._("my_quotes.filter_reset")}
              </Link>
            </Alert>
          ) : null}
          {page ? (
            <>
              <div className="flex flex-wrap items-end justify-between gap-3">
                <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
                  {i18n._("my_quotes.count", { count: page.total })}
                </p>
                {page.items.length > 1 ? (
                  <MobileSort key={`${params.sort}-${params.dir}`} params={params} />
                ) : null}
              </div>
              {page.items.length ? (
                <QuotesTable page={page} params={params} pathname={pathname} today={today} locale={locale} />
              ) : (
                <div className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700 dark:border-neutral-700 dark:text-neutral-300">
                  <p>{i18n._(filtered ? "my_quotes.empty_filtered" : "my_quotes.empty")}</p>
                  {filtered ? (
                    <Link
                      to={listHref(pathname, params, { status: null, category: null, q: null, page: null })}
                      className="mt-2 inline-block font-semibold text-primary-800 underline dark:text-primary-300"
                    >
                      {i18n._("my_quotes.filter_reset")}
                    </Link>
                  ) : null}
                </div>
              )}
              <Pagination page={page} params={params} pathname={pathname} />
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}
