import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";
import { quoteEndpoints, quoteDeclineSchema, type QuoteDetail } from "@ems/contracts/quotes";
import { referenceEndpoints, todayIso } from "@ems/contracts/reference";
import { ArrowLeft } from "lucide-react";
import {
  data,
  Link,
  useRouteLoaderData,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";

import { Alert } from "~/components/ui/alert";
import { OrderDialog, orderForm, type OrderOptions } from "~/features/quotes/order-dialog";
import {
  DECLINE_PARAM,
  DeclineForm,
  DeclineLink,
  RenewButton,
  renewForm,
} from "~/features/quotes/quote-actions";
import { QuoteHeader, QuoteLines, QuoteNotes } from "~/features/quotes/quote-detail";
import { yearsSpanned } from "~/features/quotes/quote-helpers";
import { ApiError, call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent, type FormReply } from "~/lib/form-action.server";
import { pageMeta, routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { loader as dashboardLoader } from "../layouts/dashboard";
import type { Route } from "./+types/quote";
import { useLocale } from "~/lib/use-locale";
import { companyEndpoints } from "@ems/contracts/companies";
import { orderEndpoints } from "@ems/contracts/orders";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  if (loaderData?.quote)
    return pageMeta(
      location.pathname,
      { title: "my_quotes.detail_meta_title" },
      { number: loaderData.quote.number },
      {
        index: false,
      },
    );
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * One quote (docs/behaviour/quotes.md#reading-a-quote) with what the page needs beside it: the holidays delivery dates skip,
 * and — when the caller may order — the terms of sale, parcel services and the company's addresses.
 * Another company's quote, a missing one and a malformed id are all the not-found page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const today = todayIso();
  let quote: QuoteDetail;
  try {
    quote = (await call(api, quoteEndpoints.detail, { params: { id: params.quote } })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
    if (error instanceof ApiError && error.status === 403)
      return { quote: null, today, holidays: null, order: null, forbidden: true };
    throw error;
  }
  const years = quote.priced
    ? yearsSpanned(
        today,
        quote.lines.map((line) => line.delivery_date),
      )
    : [];
  const [holidayLists, order] = await Promise.all([
    Promise.all(
      years.map((year) => call(api, referenceEndpoints.holidays, { query: { year } }).then((a) => a.data)),
    ).catch(() => null),
    quote.can_order
      ? Promise.all([
          call(api, orderEndpoints.terms),
          call(api, referenceEndpoints.parcelServices),
          call(api, companyEndpoints.addresses),
          call(api, companyEndpoints.get),
        ])
          .then(([terms, services, addresses, company]): OrderOptions => ({
            terms: terms.data,
            parcelServices: services.data,
            defaultParcelServiceId: company.data.default_parcel_service_id,
            addresses: addresses.data,
          }))
          // The quote still shows; the page says that ordering is not possible right now.
          .catch(() => null)
      : Promise.resolve(null),
  ]);
  const holidays = holidayLists ? holidayLists.flat().filter((holiday) => holiday.date >= today) : null;
  return { quote, today, holidays, order, forbidden: false };
}

/** The decisions on the quote: decline (a plain form, so it works without JavaScript), ask again, order. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = { id: params.quote };
  return submitIntent(request, context, {
    decline: formIntent(quoteDeclineSchema, (api, body) =>
      call(api, quoteEndpoints.decline, { params: id, body }),
    ),
    renew: formIntent(renewForm, (api) => call(api, quoteEndpoints.renew, { params: id })),
    order: formIntent(orderForm, (api, body) =>
      call(api, orderEndpoints.place, { body }).then((answer) => answer.data),
    ),
  });
}

/** A placed order opens the order's page next: the quote is not loaded again (its dialog stays until then). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const reply = actionResult as FormReply | undefined;
  return reply?.intent === "order" && reply.done ? false : defaultShouldRevalidate;
}

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { i18n } = useLingui();
  const locale = useLocale();
  const role = useRouteLoaderData<typeof dashboardLoader>("routes/layouts/dashboard")?.companyRole ?? null;
  const { quote, today, holidays, order } = loaderData;
  // Only the decline form posts as a page navigation; the other decisions answer their fetchers.
  const declined = actionData?.intent === "decline" ? actionData : undefined;

  const back = (
    <Link
      to={href("my-quotes", locale)}
      className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 underline-offset-2 hover:underline dark:text-primary-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {i18n._("my_quotes.back_to_list")}
    </Link>
  );

  if (!quote) {
    return (
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 md:px-6">
        {back}
        <h1 className="text-3xl font-bold tracking-tight">{i18n._("page.my-quote.heading")}</h1>
        <Alert variant="info" title={i18n._("my_quotes.forbidden_title")}>
          {i18n._("my_quotes.forbidden")}
        </Alert>
      </div>
    );
  }

  const decider = mayCall({ role: "customer", company_role: role }, quoteEndpoints.decline);
  const decidable = quote.status === "Open" || quote.status === "Expired" || quote.status === "Declined";

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 md:px-6">
      {back}
      <QuoteHeader quote={quote} today={today} locale={locale}>
        {quote.can_order && order ? <OrderDialog quote={quote} options={order} locale={locale} /> : null}
        {quote.can_decline ? <DeclineLink /> : null}
        <RenewButton quote={quote} />
      </QuoteHeader>
      {declined?.done ? (
        <Alert variant="success">{i18n._("my_quotes.declined", { number: quote.number })}</Alert>
      ) : null}
      {quote.can_decline && search.has(DECLINE_PARAM) ? (
        <DeclineForm quote={quote} lastResult={declined?.result} />
      ) : null}
      {quote.can_order && !order ? (
        <Alert variant="error">{i18n._("my_quotes.order_unavailable")}</Alert>
      ) : null}
      {decidable && !decider ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.deciders_only")}</p>
      ) : null}
      {quote.status === "In Progress" ? (
        <Alert variant="info">{i18n._("my_quotes.in_progress_note")}</Alert>
      ) : null}
      <QuoteNotes quote={quote} />
      <QuoteLines quote={quote} holidays={holidays} locale={locale} />
    </div>
  );
}
