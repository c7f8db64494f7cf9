import { quoteEndpoints } from "@ems/contracts/quotes";
import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";
import { FilePlus2, PackagePlus } from "lucide-react";
import { Link, useLocation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { TrackingNumber } from "~/features/billing/document-links";
import { CountTiles } from "~/features/desk/count-tiles";
import {
  deskQueryHref,
  DeskSection,
  OpenEngineeringQueries,
  OpenQuotes,
  type DeskQuery,
  OrdersInProduction,
  RecentDeliveries,
  UnpaidInvoices,
} from "~/features/desk/desk-sections";
import { hasBusiness } from "~/features/desk/chart-scale";
import { MonthlyChart } from "~/features/desk/monthly-chart";
import { greetingKey, OnboardingChecklist } from "~/features/desk/onboarding-checklist";
import { ApiError, call, type ApiClient } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { claimValues } from "@ems/content/values";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { Route } from "./+types/desk";
import { authEndpoints } from "@ems/contracts/auth";
import { companyEndpoints } from "@ems/contracts/companies";
import { deskEndpoints, type DeskData } from "@ems/contracts/desk";
import { engineeringQueryEndpoints } from "@ems/contracts/engineering-queries";
import { pcbEndpoints } from "@ems/contracts/pcbs";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** Roles that request quotes and announce material (the quotes and material requests APIs' rules). */

/** The company's overview (docs/behaviour/billing.md#customer-desk), only reachable through the dashboard layout's guard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const [session, desk] = await Promise.all([
    call(api, authEndpoints.session),
    call(api, deskEndpoints.get)
      .then((answer) => answer.data)
      .catch((error: unknown) => {
        // Staff have no company desk; the page explains that instead of failing.
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }),
  ]);
  const { user } = session.data;
  const may = {
    address: mayCall(user, companyEndpoints.createAddress),
    invite: mayCall(user, companyEndpoints.inviteUser),
    quote: mayCall(user, quoteEndpoints.create),
    pcb: mayCall(user, pcbEndpoints.create),
  };
  const openQueries = desk ? await loadOpenQueries(api, desk) : [];
  return { firstName: user.first_name, canRequest: may.quote, may, desk, openQueries };
}

/** How many open queries the desk lists. */
const DESK_QUERIES = 5;

/**
 * The open engineering queries, oldest first, with the specification each is about (the query
 * list has it, the desk's own list not); the desk's list when the query list cannot be read.
 */
async function loadOpenQueries(api: ApiClient, desk: DeskData): Promise<DeskQuery[]> {
  if (desk.counts.open_queries === 0) return [];
  const fallback = desk.open_queries
    .slice(0, DESK_QUERIES)
    .map((query) => ({ ...query, age_days: null, subject: null }));
  try {
    const { data } = await call(api, engineeringQueryEndpoints.list, {
      query: { status: "open", sort: "created_at", dir: "asc", page_size: 10 },
    });
    return data.items.slice(0, DESK_QUERIES).map((query) => ({
      id: query.id,
      number: query.number,
      title: query.title,
      created_at: query.created_at,
      age_days: query.age_days,
      subject: query.subject,
    }));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return fallback;
    throw error;
  }
}

export default function Desk({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const values = claimValues(locale);
  const { firstName, canRequest, may, desk, openQueries } = loaderData;
  const currencies = desk ? [...new Set(desk.monthly.map((m) => m.currency))] : [];

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <p className="text-lg font-semibold text-primary-800 dark:text-primary-300">
            {i18n._(desk ? greetingKey(desk.onboarding, may) : "desk.greeting", {
              name: firstName,
            })}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
            {i18n._("page.my-desk.heading", values)}
          </h1>
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">
            {i18n._("page.my-desk.intro", values)}
          </p>
        </div>
        {canRequest ? (
          <nav aria-label={i18n._("desk.quick_actions")} className="flex flex-wrap gap-2">
            <Link to={href("my-quotes", locale)} className={buttonVariants({ variant: "primary" })}>
              <FilePlus2 aria-hidden="true" className="size-4" />
              {i18n._("desk.request_quote")}
            </Link>
            <Link
              to={`${href("my-material-request", locale)}?announce=1`}
              className={buttonVariants({ variant: "outline" })}
            >
              <PackagePlus aria-hidden="true" className="size-4" />
              {i18n._("desk.announce_material")}
            </Link>
          </nav>
        ) : null}
      </div>

      {desk ? (
        <>
          <OnboardingChecklist onboarding={desk.onboarding} may={may} locale={locale} />
          <CountTiles
            counts={desk.counts}
            locale={locale}
            queriesHref={openQueries[0] ? deskQueryHref(locale, openQueries[0]) : null}
          />
          <OpenEngineeringQueries queries={openQueries} locale={locale} />
          <div className="grid gap-6 lg:grid-cols-2">
            <OpenQuotes quotes={desk.open_quotes} locale={locale} />
            <OrdersInProduction orders={desk.orders_in_production} locale={locale} />
            <RecentDeliveries
              deliveries={desk.recent_deliveries}
              locale={locale}
              tracking={(carrier, number) => <TrackingNumber carrier={carrier} number={number} />}
            />
            {desk.unpaid_invoices ? <UnpaidInvoices invoices={desk.unpaid_invoices} locale={locale} /> : null}
          </div>
          <DeskSection
            id="desk-chart"
            title={i18n._(
              desk.counts.unpaid_invoices === null ? "desk.chart_title_ordered" : "desk.chart_title",
            )}
            empty={hasBusiness(desk.monthly) ? null : i18n._("desk.chart_none")}
          >
            <div className="space-y-8">
              {currencies.map((currency) => (
                <MonthlyChart
                  key={currency}
                  months={desk.monthly.filter((m) => m.currency === currency)}
                  locale={locale}
                />
              ))}
            </div>
          </DeskSection>
        </>
      ) : (
        <Alert variant="info" title={i18n._("desk.no_company_title")}>
          {i18n._("desk.no_company")}
        </Alert>
      )}
    </div>
  );
}
