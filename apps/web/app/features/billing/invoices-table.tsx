import { formatDate, formatMoney, formatRate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import {
  invoiceEndpoints,
  type Invoice,
  type InvoiceCreditNote,
  type InvoiceDisplayStatus,
} from "@ems/contracts/billing";
import { creditNoteEndpoints } from "@ems/contracts/credit-notes";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";

import { DataTable, type SortState } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
import { StatusBadge } from "~/components/list/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { hrefOf } from "~/lib/api-client";
import { openState } from "~/lib/open-amount";
import { href } from "~/lib/route-map";
import { INVOICE_STATUS_TONES } from "~/lib/status-tones";

import { PdfLink, XmlLink } from "./document-links";

const column = createColumnHelper<Invoice>();

const muted = "block text-xs text-neutral-600 dark:text-neutral-400";

/**
 * The total, what credit notes took back of it, and once money came in or a credit note was
 * issued, what is still open of it and what was paid, or the credit after paying more than what stands.
 */
export function TotalCell({ invoice, locale }: { invoice: Invoice; locale: Locale }) {
  const { i18n } = useLingui();
  const state = openState(invoice);
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span className="font-semibold">{money(invoice.total_minor)}</span>
      {invoice.credited_minor > 0 ? (
        <span className={muted}>
          {i18n._("billing.invoices.credited", { amount: money(invoice.credited_minor) })}
        </span>
      ) : null}
      {state.kind === "credit" ? (
        <span className="block text-xs">
          {i18n._("billing.invoices.credit", { amount: money(state.creditMinor) })}
        </span>
      ) : null}
      {state.kind === "open" && (state.paidMinor > 0 || invoice.credited_minor > 0) ? (
        <>
          <span className="block text-sm font-semibold">
            {i18n._("billing.invoices.open_amount", { amount: money(state.openMinor) })}
          </span>
          {state.paidMinor > 0 ? (
            <span className={muted}>
              {i18n._("billing.invoices.paid_so_far", { amount: money(state.paidMinor) })}
            </span>
          ) : null}
        </>
      ) : null}
    </span>
  );
}

/** The invoice's credit notes, each with its PDF and XML e-invoice. */
function CreditNoteLinks({ notes, locale }: { notes: readonly InvoiceCreditNote[]; locale: Locale }) {
  const { i18n } = useLingui();
  if (notes.length === 0) return null;
  return (
    <span className="block">
      <span className={muted}>{i18n._("billing.invoices.credit_notes")}</span>
      <ul className="space-y-1">
        {notes.map((note) => (
          // Wrapped rows 8 px apart keep the PDF and XML links targets of their own (WCAG 2.5.8).
          <li key={note.id} className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm">
            <span className="whitespace-nowrap">{note.number}</span>
            <span className={muted}>
              <time dateTime={note.issued_on}>{formatDate(note.issued_on, locale)}</time>
            </span>
            <PdfLink
              href={hrefOf(creditNoteEndpoints.pdf, { params: { id: note.id } })}
              number={note.number}
            />
            <XmlLink
              href={hrefOf(creditNoteEndpoints.xml, { params: { id: note.id } })}
              number={note.number}
              creditNote
            />
          </li>
        ))}
      </ul>
    </span>
  );
}

export const INVOICE_SORTABLE = ["number", "issued_on", "due_on", "total"] as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  const { i18n } = useLingui();
  return (
    <StatusBadge tone={INVOICE_STATUS_TONES[status]} label={i18n._("billing.invoice_status", { status })} />
  );
}

/** One page of the company's invoices with a pay action for payers. */
export function InvoicesTable({
  items,
  locale,
  sort,
  sortHref,
  canPay,
  pendingIds,
  creditNotes = {},
  onPay,
}: {
  items: Invoice[];
  locale: Locale;
  sort: SortState;
  sortHref: (key: string) => string;
  /** Administrators and finance users pay invoices. */
  canPay: boolean;
  /** Invoices with a payment under way (an announced bank transfer). */
  pendingIds: readonly string[];
  /** The credit notes of the page's credited invoices, by invoice id. */
  creditNotes?: Readonly<Record<string, readonly InvoiceCreditNote[]>>;
  onPay: (invoice: Invoice) => void;
}) {
  const { i18n } = useLingui();
  const columns = useMemo(
    () => [
      column.accessor("number", {
        header: () => i18n._("billing.invoices.col_number"),
        cell: (c) => (
          <span className="whitespace-nowrap">
            <span className="font-semibold">{c.getValue()}</span>
            <span className="block text-xs text-neutral-600 dark:text-neutral-400">
              {i18n._("billing.invoices.for_order")}{" "}
              <Link
                to={href("my-order", locale, { order: c.row.original.order_id })}
                className={listLinkClass}
              >
                {c.row.original.order_number}
              </Link>
            </span>
          </span>
        ),
      }),
      column.accessor("issued_on", {
        header: () => i18n._("billing.invoices.col_issued"),
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {formatDate(c.getValue(), locale)}
          </time>
        ),
      }),
      column.accessor("due_on", {
        id: "due_on",
        header: () => i18n._("billing.invoices.col_due"),
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {formatDate(c.getValue(), locale)}
          </time>
        ),
      }),
      column.accessor("subtotal_minor", {
        header: () => i18n._("billing.invoices.col_amount"),
        cell: (c) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatMoney(c.getValue(), c.row.original.currency, locale)}
          </span>
        ),
      }),
      column.accessor("tax_minor", {
        header: () => i18n._("billing.invoices.col_vat"),
        cell: (c) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatMoney(c.getValue(), c.row.original.currency, locale)}
            <span className="block text-xs text-neutral-600 dark:text-neutral-400">
              {formatRate(c.row.original.tax_rate_bp, locale)}
            </span>
          </span>
        ),
      }),
      column.accessor("total_minor", {
        id: "total",
        header: () => i18n._("billing.invoices.col_total"),
        cell: (c) => <TotalCell invoice={c.row.original} locale={locale} />,
      }),
      column.accessor("display_status", {
        header: () => i18n._("billing.invoices.col_status"),
        cell: (c) => {
          const invoice = c.row.original;
          const pending = invoice.status === "unpaid" && pendingIds.includes(invoice.id);
          return (
            <span className="flex flex-col items-start gap-1">
              <InvoiceStatusBadge status={c.getValue()} />
              {pending ? <Badge tone="info">{i18n._("billing.invoices.payment_pending")}</Badge> : null}
              {invoice.transfer_announced ? (
                <span className="text-xs text-neutral-600 dark:text-neutral-400">
                  {i18n._("billing.invoices.transfer_announced", {
                    amount: formatMoney(invoice.transfer_announced.amount_minor, invoice.currency, locale),
                    date: formatDate(invoice.transfer_announced.transferred_on, locale),
                  })}
                </span>
              ) : null}
              {invoice.paid_at ? (
                <span className="text-xs text-neutral-600 dark:text-neutral-400">
                  {i18n._("billing.invoices.paid_on", { date: formatDate(invoice.paid_at, locale) })}
                </span>
              ) : null}
            </span>
          );
        },
      }),
      column.display({
        id: "actions",
        header: () => i18n._("billing.col_document"),
        cell: (c) => {
          const invoice = c.row.original;
          const pending = pendingIds.includes(invoice.id);
          return (
            <span className="flex flex-col items-start gap-2">
              <PdfLink
                href={hrefOf(invoiceEndpoints.pdf, { params: { id: invoice.id } })}
                number={invoice.number}
              />
              <XmlLink
                href={hrefOf(invoiceEndpoints.xml, { params: { id: invoice.id } })}
                number={invoice.number}
              />
              <CreditNoteLinks notes={creditNotes[invoice.id] ?? []} locale={locale} />
              {canPay && invoice.status === "unpaid" ? (
                <Button
                  size="sm"
                  variant={pending ? "outline" : "primary"}
                  onClick={() => onPay(invoice)}
                  aria-label={i18n._(pending ? "billing.pay.details_label" : "billing.pay.button_label", {
                    number: invoice.number,
                  })}
                >
                  {i18n._(pending ? "billing.pay.details_button" : "billing.pay.button")}
                </Button>
              ) : null}
            </span>
          );
        },
      }),
    ],
    [i18n, locale, canPay, pendingIds, creditNotes, onPay],
  );
  return (
    <DataTable
      data={items}
      columns={columns}
      caption={i18n._("billing.invoices.caption")}
      sortable={INVOICE_SORTABLE}
      sort={sort}
      sortHref={sortHref}
      rowId={(row) => row.id}
      minWidth="min-w-[860px]"
    />
  );
}
