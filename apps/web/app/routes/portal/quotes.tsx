import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";
import { todayIso } from "@ems/contracts/reference";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";

import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { Button } from "~/components/ui/button";
import { loadAssemblyOptions } from "~/features/quotes/assembly-options.server";
import { loadPcbOptions } from "~/features/quotes/pcb-options.server";
import { QUOTE_LIST } from "~/features/quotes/quote-helpers";
import { MobileSort, QuoteFilters, QuotesTable } from "~/features/quotes/quote-list";
import {
  quoteRequestForm,
  RequestQuoteDialog,
  requestOpensAtStart,
  type RequestedQuote,
} from "~/features/quotes/request-quote-dialog";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { submitForm } from "~/lib/form-action.server";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { useListLinks } from "~/lib/use-list-links";
import { useLocale } from "~/lib/use-locale";
import { routePageMeta } from "~/lib/meta";
import { claimValues } from "@ems/content/values";
import { currentPage } from "~/lib/route-map";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/quotes";
import { quoteEndpoints } from "@ems/contracts/quotes";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** The company's quotes (docs/behaviour/quotes.md#listing-quotes), filtered, searched, sorted and paged by the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const state = readListQuery(search, QUOTE_LIST);
  const api = apiFromRequest(request, context);
  const [list, pcbs, assemblies] = await Promise.all([
    loadList(api, quoteEndpoints.list, listApiParams(state, QUOTE_LIST)),
    loadPcbOptions(api, search),
    loadAssemblyOptions(api, search),
  ]);
  return { state, today: todayIso(), pcbs, assemblies, ...list };
}

/** Requesting a quote (the dialog's one form); the answer names the new quote, which opens next. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitForm(request, context, quoteRequestForm, async (api, body): Promise<RequestedQuote> => {
    const { data } = await call(api, quoteEndpoints.create, { body });
    return { id: data.id, number: data.number };
  });
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const { state, today, pcbs, assemblies, page, forbidden, invalid } = loaderData;
  const { pathname, filtered, link, pageHref } = useListLinks(state, QUOTE_LIST);
  const values = claimValues(locale);
  const mayRequest = !forbidden && mayCall({ role: "customer", company_role: role }, quoteEndpoints.create);
  const [requesting, setRequesting] = useState(() => requestOpensAtStart(pcbs, assemblies));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{i18n._("page.my-quotes.heading", values)}</h1>
          <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
            {i18n._("page.my-quotes.intro", values)}
          </p>
        </div>
        {mayRequest ? (
          <RequestQuoteDialog
            locale={locale}
            pcbs={pcbs}
            assemblies={assemblies}
            open={requesting}
            onOpenChange={setRequesting}
          />
        ) : null}
      </div>

      {forbidden ? (
        <div className="mt-8">
          <ListProblem
            forbidden
            invalid={false}
            texts={{
              forbiddenTitle: i18n._("my_quotes.forbidden_title"),
              forbidden: i18n._("my_quotes.forbidden"),
              invalid: i18n._("my_quotes.invalid_filter"),
            }}
          />
        </div>
      ) : (
        <div className="mt-8 space-y-4">
          <QuoteFilters key={JSON.stringify(state)} state={state} pathname={pathname} />
          <ListProblem
            forbidden={false}
            invalid={invalid}
            texts={{
              forbiddenTitle: i18n._("my_quotes.forbidden_title"),
              forbidden: i18n._("my_quotes.forbidden"),
              invalid: i18n._("my_quotes.invalid_filter"),
            }}
            clearHref={pathname}
            clearLabel={i18n._("my_quotes.filter_reset")}
          />
          {page ? (
            <ListBody
              page={page}
              count={i18n._("my_quotes.count", { count: page.total })}
              countAside={
                page.items.length > 1 ? <MobileSort key={`${state.sort}-${state.dir}`} state={state} /> : null
              }
              empty={
                <EmptyList
                  clearHref={
                    filtered ? link({ q: "", filters: { status: null, category: null } }) : undefined
                  }
                  clearLabel={i18n._("my_quotes.filter_reset")}
                  action={
                    mayRequest ? (
                      <Button variant="outline" onClick={() => setRequesting(true)}>
                        <Plus aria-hidden="true" className="size-4" />
                        {i18n._("my_quotes.empty_action")}
                      </Button>
                    ) : undefined
                  }
                >
                  {i18n._(
                    filtered
                      ? "my_quotes.empty_filtered"
                      : mayRequest
                        ? "my_quotes.empty"
                        : "my_quotes.empty_reader",
                  )}
                </EmptyList>
              }
              pageHref={pageHref}
              paginationLabel={i18n._("my_quotes.pagination")}
            >
              {(items) => (
                <QuotesTable items={items} state={state} pathname={pathname} today={today} locale={locale} />
              )}
            </ListBody>
          ) : null}
        </div>
      )}
    </div>
  );
}
