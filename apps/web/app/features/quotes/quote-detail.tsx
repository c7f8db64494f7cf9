import { formatDate, formatMoney, formatNumber, formatRate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";

import type { QuoteDetail, QuoteLine } from "@ems/contracts/quotes";
import type { Holiday } from "@ems/contracts/reference";
import { CalendarDays, ChevronDown, Download } from "lucide-react";
import type { ReactNode } from "react";

import { TaxTreatmentNote } from "~/components/tax-treatment";
import { AssemblySpecReferenceCard } from "~/components/assembly-spec-reference";
import { PcbSpecReferenceCard } from "~/components/pcb-spec-reference";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";

import { daysUntil } from "./quote-helpers";
import { QuoteStatusBadge } from "./quote-status-badge";
import { hrefOf } from "~/lib/api-client";
import { quoteEndpoints } from "@ems/contracts/quotes";

export function QuoteSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Number, title, status badge, validity and the PDF of one quote. */
export function QuoteHeader({
  quote,
  today,
  locale,
  children,
}: {
  quote: QuoteDetail;
  today: string;
  locale: Locale;
  /** The actions the caller may take now. */
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const days = quote.valid_until ? daysUntil(quote.valid_until, today) : null;
  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {i18n._("my_quotes.detail_heading", { number: quote.number })}
        </h1>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <p className="text-lg font-medium break-words">{quote.title}</p>
      <dl className="grid grid-cols-2 gap-x-8 gap-y-3 text-sm lg:grid-cols-5">
        <div>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.col_valid_until")}</dt>
          <dd className="font-medium">
            {quote.valid_until ? (
              <>
                <time dateTime={quote.valid_until}>{formatDate(quote.valid_until, locale)}</time>
                {quote.status === "Open" && days !== null && days >= 0 ? (
                  <span className="block text-xs font-medium text-amber-800 dark:text-amber-300">
                    {i18n._("my_quotes.expires_in", { days })}
                  </span>
                ) : null}
              </>
            ) : (
              i18n._("my_quotes.validity_pending")
            )}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.col_created")}</dt>
          <dd className="font-medium">
            <time dateTime={quote.created_at}>{formatDate(quote.created_at.slice(0, 10), locale)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.your_reference")}</dt>
          <dd className="font-medium break-words">{quote.customer_reference ?? "–"}</dd>
        </div>
        <div>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.col_lowest_total")}</dt>
          <dd className="font-medium tabular-nums">
            {quote.lowest_total_minor === null
              ? i18n._("my_quotes.not_priced")
              : formatMoney(quote.lowest_total_minor, quote.currency, locale)}
          </dd>
        </div>
        {quote.priced ? (
          <div>
            <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.vat_rate")}</dt>
            <dd className="font-medium tabular-nums">{formatRate(quote.tax_rate_bp, locale)}</dd>
          </div>
        ) : null}
      </dl>
      <TaxTreatmentNote treatment={quote.tax_treatment} customerVatId={quote.customer_vat_id} />
      <div className="flex flex-wrap items-center gap-2">
        {children}
        {quote.priced ? (
          <a
            href={hrefOf(quoteEndpoints.pdf, { params: { id: quote.id } })}
            download={`${quote.number}.pdf`}
            className={buttonVariants({ variant: "outline" })}
          >
            <Download aria-hidden="true" className="size-4" />
            {i18n._("my_quotes.download_pdf")}
          </a>
        ) : null}
      </div>
    </header>
  );
}

/** What the customer wrote with the request, and why the quote was declined or lost. */
export function QuoteNotes({ quote }: { quote: QuoteDetail }) {
  const { i18n } = useLingui();
  if (!quote.request_notes && !quote.decline_reason) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {quote.request_notes ? (
        <QuoteSection id="request-notes" title={i18n._("my_quotes.request_notes")}>
          <p className="text-sm break-words whitespace-pre-line">{quote.request_notes}</p>
        </QuoteSection>
      ) : null}
      {quote.decline_reason ? (
        <QuoteSection
          id="decline-reason"
          title={i18n._(quote.status === "Lost" ? "my_quotes.lost_reason" : "my_quotes.decline_reason")}
        >
          <p className="text-sm break-words whitespace-pre-line">{quote.decline_reason}</p>
        </QuoteSection>
      ) : null}
    </div>
  );
}

function LineCard({ quote, line, locale }: { quote: QuoteDetail; line: QuoteLine; locale: Locale }) {
  const { i18n } = useLingui();
  const money = (minor: number | null) => (minor === null ? "–" : formatMoney(minor, quote.currency, locale));
  return (
    <li
      aria-labelledby={`line-${line.id}-title`}
      className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-700"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-neutral-700 tabular-nums dark:text-neutral-300">
          {i18n._("my_quotes.line_position", { position: line.position })}
        </span>
        <Badge tone="primary">{i18n._("my_quotes.category", { category: line.category })}</Badge>
        {line.ordered_quantity !== null ? (
          <Badge tone="success">
            {i18n._("my_quotes.line_ordered", { quantity: formatNumber(line.ordered_quantity, locale) })}
          </Badge>
        ) : null}
      </div>
      <h3 id={`line-${line.id}-title`} className="mt-2 font-semibold break-words">
        {line.description}
      </h3>
      {line.pcb_spec ? (
        <div className="mt-3">
          <PcbSpecReferenceCard spec={line.pcb_spec} audience="customer" locale={locale} />
        </div>
      ) : null}
      {line.assembly_spec ? (
        <div className="mt-3">
          <AssemblySpecReferenceCard spec={line.assembly_spec} audience="customer" locale={locale} />
        </div>
      ) : null}

      {quote.priced ? (
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.lead_time")}</dt>
            <dd className="font-medium">
              {line.lead_time_days === null
                ? "–"
                : i18n._("my_quotes.working_days", { days: line.lead_time_days })}
            </dd>
          </div>
          <div>
            <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.delivery_date")}</dt>
            <dd className="font-medium">
              {line.delivery_date ? (
                <time dateTime={line.delivery_date}>{formatDate(line.delivery_date, locale)}</time>
              ) : (
                "–"
              )}
            </dd>
          </div>
          <div>
            <dt className="text-neutral-700 dark:text-neutral-300">
              {i18n._("my_quotes.engineering_costs")}
            </dt>
            <dd className="font-medium tabular-nums">{money(line.engineering_cost_minor)}</dd>
          </div>
        </dl>
      ) : null}

      <div
        // Long amounts in long languages may not fit 375 px: the table then scrolls, by keyboard too.
        tabIndex={0}
        role="region"
        aria-label={i18n._("my_quotes.tiers_caption", { position: line.position })}
        className="mt-4 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {i18n._("my_quotes.tiers_caption", { position: line.position })}
          </caption>
          <thead className="border-b border-neutral-300 text-neutral-700 dark:border-neutral-700 dark:text-neutral-300">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {i18n._("my_quotes.tier_quantity")}
              </th>
              {quote.priced ? (
                <>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    {i18n._("my_quotes.tier_unit_price")}
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-semibold">
                    {i18n._("my_quotes.tier_line_total")}
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {line.tiers.map((tier) => {
              const ordered = line.ordered_quantity === tier.quantity;
              return (
                <tr key={tier.quantity} className={ordered ? "bg-emerald-50 dark:bg-emerald-950" : undefined}>
                  <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap tabular-nums">
                    {i18n._("my_quotes.pieces", {
                      count: tier.quantity,
                      formatted: formatNumber(tier.quantity, locale),
                    })}
                    {ordered ? <span className="sr-only"> ({i18n._("my_quotes.tier_ordered")})</span> : null}
                  </th>
                  {quote.priced ? (
                    <>
                      <td className="px-3 py-2 text-right tabular-nums">{money(tier.unit_price_minor)}</td>
                      <td className="py-2 pl-3 text-right font-semibold tabular-nums">
                        {money(tier.total_minor)}
                      </td>
                    </>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {quote.priced ? (
        <p className="mt-2 text-xs text-neutral-700 dark:text-neutral-300">
          {i18n._("my_quotes.tier_total_note")}
        </p>
      ) : null}
    </li>
  );
}

/** The operator's holidays that delivery dates skip, in a disclosure. */
export function HolidayList({ holidays, locale }: { holidays: Holiday[]; locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <Collapsible className="rounded-lg border border-neutral-200 dark:border-neutral-700">
      <CollapsibleTrigger className="group flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left text-sm font-semibold hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-primary-600 dark:hover:bg-neutral-800">
        <span className="inline-flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4" />
          {i18n._("my_quotes.holidays_toggle", { count: holidays.length })}
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform group-data-[state=open]:rotate-180"
        />
      </CollapsibleTrigger>
      <CollapsibleContent className="border-t border-neutral-200 px-4 py-3 dark:border-neutral-700">
        {holidays.length === 0 ? (
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {i18n._("my_quotes.holidays_empty")}
          </p>
        ) : (
          <ul className="grid gap-1 text-sm sm:grid-cols-2">
            {holidays.map((holiday) => (
              <li key={holiday.id} className="flex gap-3">
                <time dateTime={holiday.date} className="w-28 shrink-0 font-medium tabular-nums">
                  {formatDate(holiday.date, locale)}
                </time>
                <span className="break-words">{holiday.name}</span>
              </li>
            ))}
          </ul>
        )}
      </CollapsibleContent>
    </Collapsible>
  );
}

/** Every line with its quantities, prices, one-off costs, lead time and delivery date. */
export function QuoteLines({
  quote,
  holidays,
  locale,
}: {
  quote: QuoteDetail;
  holidays: Holiday[] | null;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  return (
    <QuoteSection id="lines" title={i18n._("my_quotes.lines_title", { count: quote.lines.length })}>
      {!quote.priced ? (
        <p className="mb-4 text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("my_quotes.unpriced_note")}
        </p>
      ) : (
        <p className="mb-4 text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("my_quotes.delivery_note")}
        </p>
      )}
      <ol className="space-y-4">
        {quote.lines.map((line) => (
          <LineCard key={line.id} quote={quote} line={line} locale={locale} />
        ))}
      </ol>
      {quote.priced && holidays ? (
        <div className="mt-4">
          <HolidayList holidays={holidays} locale={locale} />
        </div>
      ) : null}
    </QuoteSection>
  );
}
