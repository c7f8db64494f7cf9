import { formatDate, formatMoney, formatNumber, formatPercentFigure } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";

import type { DocumentAddress, OrderDocumentRef, StaffOrderDetails } from "@ems/contracts/orders";
import type { Locale } from "@ems/i18n/locales";
import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";
import { href } from "~/lib/route-map";

import { useDisplayNames } from "./customers";

import { DeliveryNoteButton, InvoiceButton } from "./order-actions";
import { TaxTreatmentChange } from "./tax-treatment-change";
import {
  Detail,
  linkClass,
  mutedClass,
  Section,
  TableRegion,
  tbodyClass,
  tdClass,
  theadClass,
  thClass,
  trClass,
} from "./staff-ui";
import { hrefOf } from "~/lib/api-client";
import { staffDeliveryEndpoints, staffInvoiceEndpoints } from "@ems/contracts/billing";
import { AssemblySpecReferenceLink } from "~/components/assembly-spec-reference";
import { PcbSpecReferenceLink } from "~/components/pcb-spec-reference";

function AddressLines({ address, locale }: { address: DocumentAddress; locale: string }) {
  const names = useDisplayNames(locale);
  return (
    <address className="not-italic">
      {[
        address.recipient,
        address.street,
        address.street2,
        `${address.postal_code} ${address.city}`,
        address.region,
        names.country(address.country),
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

export function OrderSummary({ order, locale }: { order: StaffOrderDetails; locale: Locale }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  return (
    <Section id="summary" title={i18n._("staff.order_details")}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Detail term={i18n._("staff.po_number")}>{order.po_number}</Detail>
        <Detail term={i18n._("staff.from_quote")}>
          <Link to={href("staff-quote", locale, { quote: order.quote_id })} className={linkClass}>
            {order.quote_number}
          </Link>
        </Detail>
        <Detail term={i18n._("staff.placed_by")}>
          {order.placed_by_name ?? i18n._("staff.none")} · {formatDate(order.created_at, locale)}
        </Detail>
        <Detail term={i18n._("staff.col_delivery_date")}>{formatDate(order.delivery_date, locale)}</Detail>
        <Detail term={i18n._("staff.parcel_service")}>{order.parcel_service.name}</Detail>
        <Detail term={i18n._("staff.terms_accepted")}>
          {i18n._("staff.terms_version", {
            version: order.terms_version,
            date: formatDate(order.terms_accepted_at, locale),
          })}
        </Detail>
        <Detail term={i18n._("staff.billing_address")}>
          <AddressLines address={order.billing_address} locale={locale} />
        </Detail>
        <Detail term={i18n._("staff.shipping_address")}>
          <AddressLines address={order.shipping_address} locale={locale} />
        </Detail>
        <Detail term={i18n._("staff.tax_treatment")}>
          {i18n._(`tax.treatment.${order.tax_treatment}`)}
          {order.customer_vat_id ? ` · ${order.customer_vat_id}` : ""}
        </Detail>
        <Detail term={i18n._("staff.col_total")}>
          <span className="block tabular-nums">
            {i18n._("staff.subtotal_value", { amount: money(order.subtotal_minor) })}
          </span>
          <span className={`block tabular-nums ${mutedClass}`}>
            {i18n._("staff.shipping_value", { amount: money(order.shipping_minor) })}
          </span>
          <span className={`block tabular-nums ${mutedClass}`}>
            {i18n._("staff.vat_value", {
              rate: formatPercentFigure(order.tax_rate_bp, locale),
              amount: money(order.tax_minor),
            })}
          </span>
          <span className="block font-semibold tabular-nums" data-testid="order-total">
            {i18n._("staff.total_value", { amount: money(order.total_minor) })}
          </span>
        </Detail>
      </dl>
      <TaxTreatmentChange
        document={order}
        canChange={order.can_change_tax}
        locked={i18n._(
          order.invoices.length > 0 ? "staff.tax_locked_invoiced" : "staff.tax_locked_cancelled",
        )}
        mailNote={i18n._("staff.tax_mail_order")}
      />
    </Section>
  );
}

export function OrderLines({ order, locale }: { order: StaffOrderDetails; locale: Locale }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  return (
    <Section id="lines" title={i18n._("staff.lines_title")}>
      <TableRegion label={i18n._("staff.order_lines_table")} minWidth="min-w-[900px]">
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={`${thClass} whitespace-nowrap`}>
              {i18n._("staff.col_position")}
            </th>
            <th scope="col" className={thClass}>
              {i18n._("staff.description")}
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              {i18n._("staff.quantity")}
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              {i18n._("staff.unit_price")}
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              {i18n._("staff.col_amount")}
            </th>
            <th scope="col" className={thClass}>
              {i18n._("staff.col_delivery_date")}
            </th>
            <th scope="col" className={thClass}>
              {i18n._("staff.col_delivered")}
            </th>
            <th scope="col" className={thClass}>
              {i18n._("staff.col_invoiced")}
            </th>
          </tr>
        </thead>
        <tbody className={tbodyClass}>
          {[...order.lines]
            .sort((a, b) => a.position - b.position)
            .map((line) => (
              <tr key={line.id} className={trClass}>
                <td className={`${tdClass} tabular-nums`}>{line.position}</td>
                <th scope="row" className={`${tdClass} min-w-[14rem] font-normal`}>
                  <span className="block break-words">{line.description}</span>
                  <span className={`block ${mutedClass}`}>
                    {i18n._("staff.category", { category: line.category })}
                    {line.engineering_cost_minor > 0
                      ? ` · ${i18n._("staff.engineering_value", { amount: money(line.engineering_cost_minor) })}`
                      : ""}
                  </span>
                  {line.pcb_spec ? (
                    <PcbSpecReferenceLink spec={line.pcb_spec} audience="staff" locale={locale} />
                  ) : null}
                  {line.assembly_spec ? (
                    <AssemblySpecReferenceLink spec={line.assembly_spec} audience="staff" locale={locale} />
                  ) : null}
                </th>
                <td className={`${tdClass} text-right tabular-nums`}>
                  {formatNumber(line.quantity, locale)}
                </td>
                <td className={`${tdClass} text-right tabular-nums`}>{money(line.unit_price_minor)}</td>
                <td className={`${tdClass} text-right tabular-nums`}>{money(line.amount_minor)}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDate(line.delivery_date, locale)}</td>
                <td className={`${tdClass} tabular-nums`}>
                  {i18n._("staff.delivered_of", {
                    delivered: line.delivered_quantity,
                    ordered: line.quantity,
                  })}
                </td>
                <td className={tdClass}>
                  {line.invoiced_quantity >= line.quantity ? (
                    <Badge tone="success">{i18n._("staff.invoiced")}</Badge>
                  ) : line.invoiced_quantity > 0 ? (
                    <span className="tabular-nums">
                      {i18n._("staff.invoiced_of", {
                        invoiced: formatNumber(line.invoiced_quantity, locale),
                        ordered: formatNumber(line.quantity, locale),
                      })}
                    </span>
                  ) : (
                    <Badge>{i18n._("staff.not_invoiced")}</Badge>
                  )}
                </td>
              </tr>
            ))}
        </tbody>
      </TableRegion>
    </Section>
  );
}

function DocumentList({
  items,
  empty,
  linkOf,
  pdfOf,
  locale,
}: {
  items: OrderDocumentRef[];
  empty: string;
  linkOf: (doc: OrderDocumentRef) => string;
  /** The back office's download of the document (GET /api/staff/…/:id/pdf). */
  pdfOf: (doc: OrderDocumentRef) => string;
  locale: string;
}) {
  const { i18n } = useLingui();
  if (items.length === 0) return <p className={mutedClass}>{empty}</p>;
  return (
    <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
      {items.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <Link to={linkOf(doc)} className={linkClass}>
            {doc.number}
          </Link>
          <span className="flex items-center gap-3">
            <span className={mutedClass}>{formatDate(doc.date, locale)}</span>
            {/* A document, not a page: the browser's own viewer opens it. */}
            <a
              href={pdfOf(doc)}
              className={linkClass}
              aria-label={i18n._("billing.pdf_label", { number: doc.number })}
            >
              {i18n._("billing.pdf")}
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The order's delivery notes and invoices, and creating the next ones. */
export function OrderDocuments({ order, locale }: { order: StaffOrderDetails; locale: Locale }) {
  const { i18n } = useLingui();
  const billing = href("staff-billing", locale);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section id="delivery-notes" title={i18n._("staff.delivery_notes_title")}>
        <div className="space-y-4">
          <DocumentList
            items={order.delivery_notes}
            empty={i18n._("staff.delivery_notes_none")}
            linkOf={(doc) =>
              `${billing}?${new URLSearchParams({ view: "deliveries", q: doc.number }).toString()}`
            }
            pdfOf={(doc) => hrefOf(staffDeliveryEndpoints.pdf, { params: { id: doc.id } })}
            locale={locale}
          />
          <div className="space-y-1">
            <DeliveryNoteButton order={order} />
          </div>
        </div>
      </Section>
      <Section id="invoices" title={i18n._("staff.invoices_title")}>
        <div className="space-y-4">
          <DocumentList
            items={order.invoices}
            empty={i18n._("staff.invoices_none")}
            linkOf={(doc) => `${billing}?${new URLSearchParams({ q: doc.number }).toString()}`}
            pdfOf={(doc) => hrefOf(staffInvoiceEndpoints.pdf, { params: { id: doc.id } })}
            locale={locale}
          />
          <div className="space-y-1">
            <InvoiceButton order={order} />
          </div>
        </div>
      </Section>
    </div>
  );
}
