import { formatDate, formatMoney } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { DeskData } from "@ems/contracts/desk";
import type { QuerySubject } from "@ems/contracts/engineering-queries";

import { QUOTE_STATUS_COLORS } from "@ems/contracts/quotes";
import type { Locale } from "@ems/i18n/locales";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";
import { queryHref, querySheetHref } from "~/lib/engineering-query-links";
import { href } from "~/lib/route-map";

const linkClass =
  "font-semibold text-primary-800 underline decoration-primary-800/40 underline-offset-2 hover:decoration-primary-800 dark:text-primary-300 dark:decoration-primary-300/40";
const muted = "text-sm text-neutral-600 dark:text-neutral-400";

/** A desk card with a heading, a link to the whole list, and its rows or an empty note. */
export function DeskSection({
  id,
  title,
  allHref,
  allLabel,
  empty,
  children,
  className,
}: {
  id: string;
  title: string;
  allHref?: string;
  allLabel?: string;
  /** Shown when there are no rows. */
  empty: string | null;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-xl border border-neutral-200 bg-white p-5 shadow-sm dark:border-neutral-800 dark:bg-neutral-900 ${className ?? ""}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {allHref && allLabel ? (
          <Link to={allHref} className={`${linkClass} text-sm`}>
            {allLabel}
          </Link>
        ) : null}
      </div>
      <div className="mt-4">{empty ? <p className={muted}>{empty}</p> : children}</div>
    </section>
  );
}

const rowsClass = "divide-y divide-neutral-200 dark:divide-neutral-800";
const rowClass = "flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0";

export function OpenQuotes({ quotes, locale }: { quotes: DeskData["open_quotes"]; locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <DeskSection
      id="desk-quotes"
      title={i18n._("desk.quotes_title")}
      allHref={href("my-quotes", locale)}
      allLabel={i18n._("desk.all_quotes")}
      empty={quotes.length ? null : i18n._("desk.quotes_empty")}
    >
      <ul className={rowsClass}>
        {quotes.map((quote) => (
          <li key={quote.id} className={rowClass}>
            <div className="min-w-0">
              <Link to={href("my-quote", locale, { quote: quote.id })} className={linkClass}>
                {quote.number}
              </Link>
              <p className="truncate text-sm">{quote.title}</p>
            </div>
            <div className="flex flex-col items-start gap-1 sm:items-end">
              <Badge tone={QUOTE_STATUS_COLORS[quote.status]}>
                {i18n._("desk.quote_status", { status: quote.status })}
              </Badge>
              {quote.valid_until ? (
                <span className={muted}>
                  {i18n._("desk.valid_until", { date: formatDate(quote.valid_until, locale) })}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </DeskSection>
  );
}

export function OrdersInProduction({
  orders,
  locale,
}: {
  orders: DeskData["orders_in_production"];
  locale: Locale;
}) {
  const { i18n } = useLingui();
  return (
    <DeskSection
      id="desk-orders"
      title={i18n._("desk.orders_title")}
      allHref={href("my-orders", locale)}
      allLabel={i18n._("desk.all_orders")}
      empty={orders.length ? null : i18n._("desk.orders_empty")}
    >
      <ul className={rowsClass}>
        {orders.map((order) => {
          const stage = order.current_stage
            ? i18n._("desk.stage", { stage: order.current_stage })
            : i18n._("desk.stage_none");
          return (
            <li key={order.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span>
                  <Link to={href("my-order", locale, { order: order.id })} className={linkClass}>
                    {order.number}
                  </Link>{" "}
                  <span className={muted}>{i18n._("desk.po_number", { po: order.po_number })}</span>
                </span>
                <span className={muted}>
                  {i18n._("desk.delivery_date", { date: formatDate(order.delivery_date, locale) })}
                </span>
              </div>
              <div
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={order.progress_percent}
                aria-valuetext={i18n._("desk.progress_text", { percent: order.progress_percent, stage })}
                aria-label={i18n._("desk.progress_label", { number: order.number })}
                className="h-2.5 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
              >
                <div
                  className="h-full rounded-full bg-primary-700 dark:bg-primary-400"
                  style={{ width: `${order.progress_percent}%` }}
                />
              </div>
              <p className="flex justify-between gap-2 text-sm">
                <span>{stage}</span>
                <span className="tabular-nums">
                  {i18n._("desk.percent", { percent: order.progress_percent })}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
    </DeskSection>
  );
}

export function RecentDeliveries({
  deliveries,
  locale,
  tracking,
}: {
  deliveries: DeskData["recent_deliveries"];
  locale: Locale;
  /** How a tracking number is shown (a link to the carrier's page where one is known). */
  tracking: (carrier: string, number: string | null) => ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <DeskSection
      id="desk-deliveries"
      title={i18n._("desk.deliveries_title")}
      allHref={href("my-deliveries", locale)}
      allLabel={i18n._("desk.all_deliveries")}
      empty={deliveries.length ? null : i18n._("desk.deliveries_empty")}
    >
      <ul className={rowsClass}>
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="space-y-0.5 py-3 first:pt-0 last:pb-0">
            <p className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="font-semibold">{delivery.number}</span>
              <time dateTime={delivery.shipped_at} className={muted}>
                {formatDate(delivery.shipped_at, locale)}
              </time>
            </p>
            <p className={muted}>{i18n._("desk.delivery_for", { order: delivery.order_number })}</p>
            <p className="flex flex-wrap items-center gap-x-2 text-sm">
              <span>{delivery.carrier}</span>
              {tracking(delivery.carrier, delivery.tracking_number)}
            </p>
          </li>
        ))}
      </ul>
    </DeskSection>
  );
}

export function UnpaidInvoices({
  invoices,
  locale,
}: {
  invoices: NonNullable<DeskData["unpaid_invoices"]>;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  return (
    <DeskSection
      id="desk-invoices"
      title={i18n._("desk.invoices_title")}
      allHref={`${href("my-invoices", locale)}?sort=due_on:asc`}
      allLabel={i18n._("desk.all_invoices")}
      empty={invoices.length ? null : i18n._("desk.invoices_empty")}
    >
      <ul className={rowsClass}>
        {invoices.map((invoice) => (
          <li key={invoice.id} className={rowClass}>
            <div>
              <p className="font-semibold">{invoice.number}</p>
              <p className={muted}>{i18n._("desk.due_on", { date: formatDate(invoice.due_on, locale) })}</p>
            </div>
            <div className="flex flex-col items-start gap-1 sm:items-end">
              <span className="font-semibold tabular-nums">
                {formatMoney(invoice.total_minor, invoice.currency, locale)}
              </span>
              <Badge tone={invoice.overdue ? "error" : "warning"}>
                {i18n._(invoice.overdue ? "desk.overdue" : "desk.unpaid")}
              </Badge>
            </div>
          </li>
        ))}
      </ul>
    </DeskSection>
  );
}

/** An open engineering query as the desk lists it; the subject and age when the query list gave them. */
export interface DeskQuery {
  id: string;
  number: string;
  title: string;
  created_at: string;
  age_days: number | null;
  subject: QuerySubject | null;
}

/** Where a desk row leads: the query on its specification's sheet. */
export function deskQueryHref(locale: Locale, query: Pick<DeskQuery, "id" | "subject">): string {
  return query.subject ? querySheetHref(locale, query.subject, query.id) : queryHref(locale, query.id);
}

/**
 * The engineering queries waiting for the company's answer, the oldest first: each links to its
 * specification's sheet, opened at the query. Only shown while there are some.
 */
export function OpenEngineeringQueries({
  queries,
  locale,
}: {
  queries: readonly DeskQuery[];
  locale: Locale;
}) {
  const { i18n } = useLingui();
  if (queries.length === 0) return null;
  return (
    <DeskSection
      id="desk-queries"
      title={i18n._("eq.desk_title")}
      empty={null}
      className="border-amber-300 dark:border-amber-800"
    >
      <p className={`${muted} mb-3`}>{i18n._("eq.desk_intro")}</p>
      <ul className={rowsClass}>
        {queries.map((query) => (
          <li key={query.id} className={rowClass}>
            <div className="min-w-0">
              <Link to={deskQueryHref(locale, query)} className={linkClass}>
                {query.number}
              </Link>
              <p className="text-sm break-words">{query.title}</p>
              {query.subject ? (
                <p className={muted}>
                  {i18n._("eq.desk_subject", {
                    kind: query.subject.kind,
                    number: query.subject.number,
                    name: query.subject.name,
                    version: query.subject.version,
                  })}
                </p>
              ) : null}
            </div>
            <span className={muted}>
              {query.age_days === null
                ? i18n._("eq.desk_raised_on", { date: formatDate(query.created_at, locale) })
                : i18n._("eq.age", { days: query.age_days })}
            </span>
          </li>
        ))}
      </ul>
    </DeskSection>
  );
}
