import { formatDate, formatMoney, formatNumber, formatRate, formatRegion } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";

import type { DocumentAddress, OrderDetails, OrderDocumentRef } from "@ems/contracts/orders";
import { QUOTE_STATUS_COLORS, type QuoteStatus } from "@ems/contracts/quotes";
import { Download, FileText } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { TaxTreatmentNote } from "~/components/tax-treatment";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { href } from "~/lib/route-map";

import { OrderStatusBadge, ProgressBar } from "./order-badges";
import { linesTotal } from "./order-helpers";
import { hrefOf } from "~/lib/api-client";
import { deliveryEndpoints, invoiceEndpoints } from "@ems/contracts/billing";
import { orderEndpoints } from "@ems/contracts/orders";
import { AssemblySpecReferenceLink } from "~/components/assembly-spec-reference";
import { PcbSpecReferenceLink } from "~/components/pcb-spec-reference";

export function OrderSection({
  id,
  title,
  children,
  className = "",
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6 dark:border-neutral-800 dark:bg-neutral-900 ${className}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The quote's status as the quotes list shows it, with the status name from the data. */
export function QuoteStatusLabel({ status }: { status: QuoteStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={QUOTE_STATUS_COLORS[status]}>
      {i18n._("my_orders.quote_status", { status: status.toLowerCase().replace(/ /g, "_") })}
    </Badge>
  );
}

/** Number, status, source quote, confirmation PDF and overall progress of one order. */
export function OrderHeader({
  order,
  quoteStatus,
  locale,
}: {
  order: OrderDetails;
  quoteStatus: QuoteStatus | null;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {i18n._("my_orders.detail_heading", { number: order.number })}
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>{i18n._("my_orders.from_quote")}</span>
        <Link
          to={href("my-quote", locale, { quote: order.quote_id })}
          className="font-semibold text-primary-800 underline underline-offset-2 dark:text-primary-300"
        >
          {order.quote_number}
        </Link>
        {quoteStatus ? <QuoteStatusLabel status={quoteStatus} /> : null}
      </p>
      <div className="max-w-xl">
        <ProgressBar
          percent={order.progress_percent}
          stage={order.current_stage}
          label={i18n._("my_orders.progress_of", { number: order.number })}
        />
        <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
          {order.progress_percent >= 100
            ? i18n._("my_orders.all_stages_done")
            : i18n._("my_orders.current_stage", { stage: order.current_stage })}
        </p>
      </div>
      <a
        href={hrefOf(orderEndpoints.pdf, { params: { id: order.id } })}
        download={`${order.number}.pdf`}
        className={buttonVariants({ variant: "outline" })}
      >
        <Download aria-hidden="true" className="size-4" />
        {i18n._("my_orders.download_confirmation")}
      </a>
    </header>
  );
}

function Address({ address, locale }: { address: DocumentAddress; locale: Locale }) {
  return (
    <address className="text-sm not-italic">
      {[
        address.recipient,
        address.street,
        address.street2,
        `${address.postal_code} ${address.city}`,
        address.region,
        formatRegion(address.country, locale),
      ]
        .filter(Boolean)
        .map((line, i) => (
          <span key={i} className="block break-words">
            {line}
          </span>
        ))}
    </address>
  );
}

/** PO number, dates, parcel service, who placed it and the two addresses. */
export function OrderFacts({ order, locale }: { order: OrderDetails; locale: Locale }) {
  const { i18n } = useLingui();
  const facts: [string, ReactNode][] = [
    ["my_orders.col_po", order.po_number],
    ["my_orders.col_created", formatDate(order.created_at, locale)],
    ["my_orders.col_delivery", formatDate(order.delivery_date, locale)],
    ["my_orders.parcel_service", order.parcel_service.name],
    ["my_orders.placed_by", order.placed_by_name ?? "–"],
    [
      "my_orders.terms",
      i18n._("my_orders.terms_accepted", {
        version: order.terms_version,
        date: formatDate(order.terms_accepted_at, locale),
      }),
    ],
  ];
  return (
    <OrderSection id="facts" title={i18n._("my_orders.facts_title")}>
      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt className="text-neutral-700 dark:text-neutral-300">{i18n._(key)}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 grid gap-4 border-t border-neutral-200 pt-4 sm:grid-cols-2 dark:border-neutral-800">
        <div>
          <h3 className="text-sm font-semibold text-neutral-700 dark:text-neutral-300">
            {i18n._("my_orders.billing_address")}
          </h3>
          <div className="mt-1">
            <Address address={order.billing_address} locale={locale} />
          </div>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-neutral-700 dark:text-neutral-300">
            {i18n._("my_orders.shipping_address")}
          </h3>
          <div className="mt-1">
            <Address address={order.shipping_address} locale={locale} />
          </div>
        </div>
      </div>
    </OrderSection>
  );
}

/** The ordered lines and the totals (docs/behaviour/orders.md#order-details). */
export function OrderLines({ order, locale }: { order: OrderDetails; locale: Locale }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const cell = "px-3 py-2 align-top";
  return (
    <OrderSection id="lines" title={i18n._("my_orders.lines_title", { count: order.lines.length })}>
      <div
        tabIndex={0}
        role="region"
        aria-label={i18n._("my_orders.lines_table")}
        className="overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <table className="w-full min-w-[720px] text-left text-sm">
          <caption className="sr-only">{i18n._("my_orders.lines_table")}</caption>
          <thead className="border-b border-neutral-300 text-neutral-700 dark:border-neutral-700 dark:text-neutral-300">
            <tr>
              <th scope="col" className={`${cell} font-semibold whitespace-nowrap`}>
                {i18n._("my_orders.col_position")}
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                {i18n._("my_orders.col_description")}
              </th>
              <th scope="col" className={`${cell} text-right font-semibold`}>
                {i18n._("my_orders.col_quantity")}
              </th>
              <th scope="col" className={`${cell} text-right font-semibold`}>
                {i18n._("my_orders.col_unit_price")}
              </th>
              <th scope="col" className={`${cell} text-right font-semibold`}>
                {i18n._("my_orders.col_engineering")}
              </th>
              <th scope="col" className={`${cell} text-right font-semibold`}>
                {i18n._("my_orders.col_amount")}
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                {i18n._("my_orders.col_delivery")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td className={`${cell} tabular-nums`}>{line.position}</td>
                <th scope="row" className={`${cell} font-normal`}>
                  <span className="block font-medium break-words">{line.description}</span>
                  <span className="block text-xs text-neutral-700 dark:text-neutral-300">
                    {i18n._("my_orders.category", { category: line.category })} ·{" "}
                    {i18n._("my_orders.working_days", { days: line.lead_time_days })}
                    {line.delivered_quantity > 0
                      ? ` · ${i18n._("my_orders.delivered", { quantity: formatNumber(line.delivered_quantity, locale) })}`
                      : ""}
                    {line.invoiced_quantity > 0
                      ? ` · ${i18n._("my_orders.invoiced", { quantity: formatNumber(line.invoiced_quantity, locale) })}`
                      : ""}
                  </span>
                  {line.pcb_spec ? (
                    <PcbSpecReferenceLink spec={line.pcb_spec} audience="customer" locale={locale} />
                  ) : null}
                  {line.assembly_spec ? (
                    <AssemblySpecReferenceLink
                      spec={line.assembly_spec}
                      audience="customer"
                      locale={locale}
                    />
                  ) : null}
                </th>
                <td className={`${cell} text-right tabular-nums`}>{formatNumber(line.quantity, locale)}</td>
                <td className={`${cell} text-right tabular-nums`}>{money(line.unit_price_minor)}</td>
                <td className={`${cell} text-right tabular-nums`}>{money(line.engineering_cost_minor)}</td>
                <td className={`${cell} text-right font-semibold tabular-nums`}>
                  {money(line.amount_minor)}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={line.delivery_date}>{formatDate(line.delivery_date, locale)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-4 ml-auto max-w-sm space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt>{i18n._("my_orders.total_lines")}</dt>
          <dd className="tabular-nums">{money(linesTotal(order))}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{i18n._("my_orders.total_shipping")}</dt>
          <dd className="tabular-nums">{money(order.shipping_minor)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-neutral-300 pt-1 dark:border-neutral-700">
          <dt>{i18n._("my_orders.total_subtotal")}</dt>
          <dd className="tabular-nums">{money(order.subtotal_minor)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{i18n._("my_orders.total_vat", { rate: formatRate(order.tax_rate_bp, locale) })}</dt>
          <dd className="tabular-nums">{money(order.tax_minor)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-neutral-300 pt-1 text-base font-bold dark:border-neutral-700">
          <dt>{i18n._("my_orders.total")}</dt>
          <dd className="tabular-nums">{money(order.total_minor)}</dd>
        </div>
      </dl>
      <TaxTreatmentNote treatment={order.tax_treatment} customerVatId={order.customer_vat_id} />
    </OrderSection>
  );
}

function DocumentList({
  documents,
  pdfPath,
  empty,
  label,
  locale,
}: {
  documents: OrderDocumentRef[];
  pdfPath: (id: string) => string;
  empty: string;
  label: (number: string) => string;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  if (documents.length === 0)
    return <p className="text-sm text-neutral-700 dark:text-neutral-300">{empty}</p>;
  return (
    <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="inline-flex items-center gap-2 text-sm">
            <FileText aria-hidden="true" className="size-4 shrink-0" />
            <span className="font-medium">{document.number}</span>
            <time dateTime={document.date} className="text-neutral-700 dark:text-neutral-300">
              {formatDate(document.date, locale)}
            </time>
          </span>
          <a
            href={pdfPath(document.id)}
            download={`${document.number}.pdf`}
            aria-label={label(document.number)}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            <Download aria-hidden="true" className="size-4" />
            {i18n._("my_orders.pdf")}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The delivery notes and invoices of the order, each with its PDF. */
export function OrderDocuments({ order, locale }: { order: OrderDetails; locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <OrderSection id="delivery-notes" title={i18n._("my_orders.delivery_notes")}>
        <DocumentList
          documents={order.delivery_notes}
          pdfPath={(id) => hrefOf(deliveryEndpoints.pdf, { params: { id } })}
          empty={i18n._("my_orders.delivery_notes_empty")}
          label={(number) => i18n._("my_orders.download_document", { number })}
          locale={locale}
        />
      </OrderSection>
      <OrderSection id="invoices" title={i18n._("my_orders.invoices")}>
        <DocumentList
          documents={order.invoices}
          pdfPath={(id) => hrefOf(invoiceEndpoints.pdf, { params: { id } })}
          empty={i18n._("my_orders.invoices_empty")}
          label={(number) => i18n._("my_orders.download_document", { number })}
          locale={locale}
        />
      </OrderSection>
    </div>
  );
}
