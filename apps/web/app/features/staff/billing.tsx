import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { formatDate, formatMoney, formatNumber } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import {
  billingIdParamSchema,
  staffInvoiceEndpoints,
  staffDeliveryEndpoints,
  INVOICE_DISPLAY_STATUSES,
  INVOICE_PAYMENT_FILTERS,
  paymentAmountSchema,
  paymentRecordSchema,
  RECORDED_PAYMENT_METHODS,
  type Payment,
  type StaffDeliveryNote,
  type StaffInvoice,
} from "@ems/contracts/billing";
import { staffCreditNoteEndpoints, type StaffCreditNote } from "@ems/contracts/credit-notes";
import { todayIso } from "@ems/contracts/reference";
import { z } from "zod";

import type { Locale } from "@ems/i18n/locales";
import { Banknote, ReceiptText } from "lucide-react";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Link } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { DataTable } from "~/components/list/data-table";
import { ListBody } from "~/components/list/list-body";
import { EmptyList } from "~/components/list/list-states";
import { Input, inputClassName } from "~/components/ui/input";
import { listHref, sortChange, sortHidden } from "~/lib/list-query";
import { openAfterPayment, openState } from "~/lib/open-amount";
import { href } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { majorText, parseMajor } from "./format";
import { canCredit, CreditNoteDialog } from "./credit-notes";
import { STAFF_CREDIT_NOTES, STAFF_DELIVERIES, STAFF_INVOICES } from "./list-specs";
import {
  CompanyFilter,
  FilterForm,
  FilterSearch,
  FilterSelect,
  InvoiceStatusBadge,
  linkClass,
  mutedClass,
  useFieldText,
} from "./staff-ui";
import { ActionsHeader, DocumentCell, RowAction, ShipmentCell } from "./staff-cells";
import type { StaffListProps as ListProps } from "./staff-views";
import { hrefOf } from "~/lib/api-client";

const invoiceColumn = createColumnHelper<StaffInvoice>();

/**
 * The total, what credit notes took back of it, and once money came in or a credit note was
 * issued, what is still open of it and what was paid, or the customer's credit beyond what stands.
 */
function TotalCell({ invoice, locale }: { invoice: StaffInvoice; locale: Locale }) {
  const { i18n } = useLingui();
  const state = openState(invoice);
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  return (
    <span className="whitespace-nowrap tabular-nums">
      {money(invoice.total_minor)}
      {invoice.credited_minor > 0 ? (
        <span className={`block ${mutedClass}`}>
          {i18n._("staff.credited_amount", { amount: money(invoice.credited_minor) })}
        </span>
      ) : null}
      {state.kind === "credit" ? (
        <span className="block text-sm">{i18n._("staff.credit", { amount: money(state.creditMinor) })}</span>
      ) : null}
      {state.kind === "open" && (state.paidMinor > 0 || invoice.credited_minor > 0) ? (
        <>
          <span className="block text-sm font-semibold">
            {i18n._("staff.open_amount", { amount: money(state.openMinor) })}
          </span>
          {state.paidMinor > 0 ? (
            <span className={`block ${mutedClass}`}>
              {i18n._("staff.paid_so_far", { amount: money(state.paidMinor) })}
            </span>
          ) : null}
        </>
      ) : null}
    </span>
  );
}

function useInvoiceColumns(
  locale: Locale,
  onPay: (invoice: StaffInvoice) => void,
  onCredit: (invoice: StaffInvoice) => void,
) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      invoiceColumn.accessor("number", {
        header: () => i18n._("staff.col_number"),
        cell: ({ row: { original: inv } }) => (
          <DocumentCell
            number={inv.number}
            company={inv.company_name}
            pdfHref={hrefOf(staffInvoiceEndpoints.pdf, { params: { id: inv.id } })}
            xmlHref={hrefOf(staffInvoiceEndpoints.xml, { params: { id: inv.id } })}
          />
        ),
      }),
      invoiceColumn.display({
        id: "order",
        header: () => i18n._("staff.col_order"),
        cell: ({ row: { original: inv } }) => (
          <span className="whitespace-nowrap">
            <Link to={href("staff-order", locale, { order: inv.order_id })} className={linkClass}>
              {inv.order_number}
            </Link>
            <span className={`block ${mutedClass}`}>{i18n._("staff.po_short", { po: inv.po_number })}</span>
          </span>
        ),
      }),
      invoiceColumn.accessor("issued_on", {
        header: () => i18n._("staff.col_issued"),
        cell: ({ row: { original: inv } }) => (
          <span className="whitespace-nowrap">{formatDate(inv.issued_on, locale)}</span>
        ),
      }),
      invoiceColumn.accessor("due_on", {
        header: () => i18n._("staff.col_due"),
        cell: ({ row: { original: inv } }) => (
          <span className="whitespace-nowrap">{formatDate(inv.due_on, locale)}</span>
        ),
      }),
      // The id is the API's sort field, not the row's.
      invoiceColumn.accessor("total_minor", {
        id: "total",
        header: () => i18n._("staff.col_total"),
        cell: ({ row: { original: inv } }) => <TotalCell invoice={inv} locale={locale} />,
      }),
      invoiceColumn.display({
        id: "status",
        header: () => i18n._("staff.col_status"),
        cell: ({ row: { original: inv } }) => (
          <>
            <InvoiceStatusBadge status={inv.display_status} />
            {inv.transfer_announced ? (
              <span className="mt-1 block">
                <Badge tone="info">{i18n._("staff.transfer_announced")}</Badge>
                <span className={`block ${mutedClass}`}>
                  {i18n._("staff.transfer_announced_detail", {
                    amount: formatMoney(inv.transfer_announced.amount_minor, inv.currency, locale),
                    date: formatDate(inv.transfer_announced.transferred_on, locale),
                  })}
                </span>
              </span>
            ) : null}
            {inv.paid_at ? (
              <span className={`block ${mutedClass}`}>
                {i18n._("staff.paid_on", { date: formatDate(inv.paid_at, locale) })}
              </span>
            ) : null}
          </>
        ),
      }),
      invoiceColumn.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row: { original: inv } }) => (
          <span className="flex flex-col items-start gap-2">
            {inv.status === "unpaid" ? (
              <RowAction
                label={i18n._("staff.record_payment_for", { number: inv.number })}
                onClick={() => onPay(inv)}
              >
                <Banknote aria-hidden="true" className="size-4" />
                {i18n._("staff.record_payment")}
              </RowAction>
            ) : null}
            {canCredit(inv) ? (
              <RowAction
                label={i18n._("staff.credit_note_for", { number: inv.number })}
                onClick={() => onCredit(inv)}
              >
                <ReceiptText aria-hidden="true" className="size-4" />
                {i18n._("staff.credit_note_issue")}
              </RowAction>
            ) : null}
          </span>
        ),
      }),
    ],
    [i18n, locale, onPay, onCredit],
  );
}

export function InvoicesList(props: ListProps<StaffInvoice>) {
  const { items, total, page, pageSize, companies, pathname, state, locale } = props;
  const { i18n } = useLingui();
  const [paying, setPaying] = useState<StaffInvoice | null>(null);
  const [crediting, setCrediting] = useState<StaffInvoice | null>(null);
  const columns = useInvoiceColumns(locale, setPaying, setCrediting);
  return (
    <div className="space-y-4">
      <FilterForm label={i18n._("staff.invoices_filter")} hidden={{ ...sortHidden(state, STAFF_INVOICES) }}>
        <FilterSelect
          name="status"
          label={i18n._("staff.col_status")}
          value={state.filters.status}
          allLabel={i18n._("staff.all_statuses")}
          options={INVOICE_DISPLAY_STATUSES.map((s) => ({
            value: s,
            label: i18n._("staff.invoice_status", { status: s }),
          }))}
        />
        <FilterSelect
          name="payment"
          label={i18n._("staff.col_payment")}
          value={state.filters.payment}
          allLabel={i18n._("staff.all_payments")}
          options={INVOICE_PAYMENT_FILTERS.map((p) => ({
            value: p,
            label: i18n._("staff.payment_filter", { filter: p }),
          }))}
        />
        <CompanyFilter companies={companies} state={state} />
        <FilterSearch label={i18n._("staff.search_invoices")} value={state.q} />
      </FilterForm>
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff.invoices_count", { count: total })}
        empty={<EmptyList>{i18n._("staff.invoices_empty")}</EmptyList>}
        pageHref={(p) => listHref(pathname, state, STAFF_INVOICES, { page: p })}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff.invoices_table")}
            sortable={["number", "issued_on", "due_on", "total"]}
            sort={state}
            sortHref={(key) =>
              listHref(pathname, state, STAFF_INVOICES, sortChange(state, STAFF_INVOICES, key))
            }
            rowId={(inv) => inv.id}
            minWidth="min-w-[760px]"
            cards={false}
            rowHeader
          />
        )}
      </ListBody>
      {paying ? <PaymentDialog invoice={paying} locale={locale} onClose={() => setPaying(null)} /> : null}
      {crediting ? (
        <CreditNoteDialog invoice={crediting} locale={locale} onClose={() => setCrediting(null)} />
      ) : null}
    </div>
  );
}

/**
 * What the payment dialog posts: the API's body (POST …/payments) with the amount typed in major
 * units of the invoice's currency, and the invoice's id.
 */
export const paymentForm = paymentRecordSchema
  .omit({ amount_minor: true })
  .extend({ ...billingIdParamSchema.shape, amount: z.string() })
  .transform(({ amount, ...payment }, ctx) => {
    const amount_minor = parseMajor(amount, payment.currency);
    if (amount_minor === null || !paymentAmountSchema.safeParse(amount_minor).success) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "AMOUNT" });
      return z.NEVER;
    }
    return { ...payment, amount_minor };
  });

/**
 * What the dialog starts with: the customer's announced transfer if there is one (recording a
 * transfer completes it), otherwise what is open; arrived today, by bank transfer.
 */
export function paymentDefaults(invoice: StaffInvoice, today: string) {
  const amount = invoice.transfer_announced?.amount_minor ?? Math.max(invoice.open_minor, 0);
  return {
    id: invoice.id,
    amount: majorText(amount, invoice.currency),
    currency: invoice.currency,
    paid_on: today,
    method: "bank_transfer",
  } as const;
}

/** Why the API refused the payment as a whole. */
const PAYMENT_PROBLEMS = {
  CONFLICT: "staff.payment_conflict",
  FORBIDDEN: "staff.action_forbidden",
};

/**
 * Records money of an invoice (POST /api/staff/invoices/:id/payments): any amount, a part or
 * more than is open, on the day it arrived; a bank transfer completes the customer's announcement.
 */
function PaymentDialog({
  invoice,
  locale,
  onClose,
}: {
  invoice: StaffInvoice;
  locale: Locale;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const fieldText = useFieldText();
  // The dialog opens on a click, in the browser: today is the browser's, with no server render to match.
  const today = todayIso();
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: paymentForm,
    defaultValue: paymentDefaults(invoice, today),
    onDone: (payment: Payment | undefined) => {
      const open = payment ? openAfterPayment(invoice, payment.amount_minor) : 0;
      showToast({
        title:
          open > 0
            ? i18n._("staff.payment_recorded_part", { number: invoice.number, open: money(open) })
            : i18n._("staff.payment_recorded", { number: invoice.number }),
        color: "success",
      });
      onClose();
    },
  });
  const announced = invoice.transfer_announced;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.record_payment_title", { number: invoice.number })}
      description={i18n._("staff.record_payment_text", {
        open: money(Math.max(invoice.open_minor, 0)),
        total: money(invoice.total_minor),
        company: invoice.company_name,
      })}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <IntentField intent="payment" />
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <input {...getInputProps(fields.currency, { type: "hidden" })} />
        <FormProblem
          codes={formErrors ?? fields.id.errors ?? fields.currency.errors}
          fallback="staff.action_failed"
          known={PAYMENT_PROBLEMS}
          className="sm:col-span-2"
        />
        {announced ? (
          <Alert variant="info" className="sm:col-span-2">
            {i18n._("staff.record_payment_announced", {
              amount: money(announced.amount_minor),
              date: formatDate(announced.transferred_on, locale),
            })}
          </Alert>
        ) : null}
        <FormField
          label={i18n._("staff.payment_amount", { currency: invoice.currency })}
          description={i18n._("staff.payment_amount_hint")}
          error={fieldText(fields.amount, "staff.error_amount", { AMOUNT: "staff.error_amount" })}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.amount, { type: "text" })}
              {...f}
              inputMode="decimal"
              autoComplete="off"
              required
            />
          )}
        </FormField>
        <FormField
          label={i18n._("staff.payment_date")}
          error={fieldText(fields.paid_on, "staff.error_payment_date", {
            VALIDATION_ERROR: "staff.error_payment_date",
          })}
        >
          {(f) => <Input {...getInputProps(fields.paid_on, { type: "date" })} {...f} max={today} required />}
        </FormField>
        <FormField
          label={i18n._("staff.payment_method")}
          error={fieldText(fields.method, "staff.error_invalid")}
        >
          {(f) => (
            <select {...getSelectProps(fields.method)} {...f} className={inputClassName}>
              {RECORDED_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {i18n._("staff.recorded_payment_method", { method: m })}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={i18n._("staff.payment_reference")}
          description={i18n._("staff.payment_reference_hint")}
          error={fieldText(fields.reference, "staff.error_invalid")}
        >
          {(f) => <Input {...getInputProps(fields.reference, { type: "text" })} {...f} maxLength={120} />}
        </FormField>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.record_payment")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

const deliveryColumn = createColumnHelper<StaffDeliveryNote>();

function useDeliveryColumns(locale: Locale) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      deliveryColumn.accessor("number", {
        header: () => i18n._("staff.col_number"),
        cell: ({ row: { original: dn } }) => (
          <DocumentCell
            number={dn.number}
            company={dn.company_name}
            pdfHref={hrefOf(staffDeliveryEndpoints.pdf, { params: { id: dn.id } })}
          />
        ),
      }),
      deliveryColumn.display({
        id: "order",
        header: () => i18n._("staff.col_order"),
        cell: ({ row: { original: dn } }) => (
          <span className="whitespace-nowrap">
            <Link to={href("staff-order", locale, { order: dn.order_id })} className={linkClass}>
              {dn.order_number}
            </Link>
          </span>
        ),
      }),
      deliveryColumn.accessor("shipped_at", {
        header: () => i18n._("staff.col_shipped"),
        cell: ({ row: { original: dn } }) => (
          <span className="whitespace-nowrap">{formatDate(dn.shipped_at, locale)}</span>
        ),
      }),
      deliveryColumn.display({
        id: "carrier",
        header: () => i18n._("staff.carrier"),
        cell: ({ row: { original: dn } }) => (
          <ShipmentCell carrier={dn.carrier} tracking={dn.tracking_number} />
        ),
      }),
      deliveryColumn.display({
        id: "contents",
        header: () => i18n._("staff.col_contents"),
        cell: ({ row: { original: dn } }) => (
          <ul>
            {dn.lines.map((l) => (
              <li key={l.position}>
                {i18n._("staff.delivery_line", {
                  quantity: formatNumber(l.quantity, locale),
                  description: l.description,
                })}
              </li>
            ))}
          </ul>
        ),
      }),
    ],
    [i18n, locale],
  );
}

export function DeliveriesList(props: ListProps<StaffDeliveryNote>) {
  const { items, total, page, pageSize, companies, pathname, state, locale } = props;
  const { i18n } = useLingui();
  const columns = useDeliveryColumns(locale);
  return (
    <div className="space-y-4">
      <FilterForm
        label={i18n._("staff.deliveries_filter")}
        hidden={{
          view: "deliveries",
          ...sortHidden(state, STAFF_DELIVERIES),
        }}
      >
        <CompanyFilter companies={companies} state={state} />
        <FilterSearch label={i18n._("staff.search_deliveries")} value={state.q} />
      </FilterForm>
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff.deliveries_count", { count: total })}
        empty={<EmptyList>{i18n._("staff.deliveries_empty")}</EmptyList>}
        pageHref={(p) => listHref(pathname, state, STAFF_DELIVERIES, { page: p })}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff.deliveries_table")}
            sortable={["number", "shipped_at"]}
            sort={state}
            sortHref={(key) =>
              listHref(pathname, state, STAFF_DELIVERIES, sortChange(state, STAFF_DELIVERIES, key))
            }
            rowId={(dn) => dn.id}
            minWidth="min-w-[720px]"
            cards={false}
            rowHeader
          />
        )}
      </ListBody>
    </div>
  );
}

const creditNoteColumn = createColumnHelper<StaffCreditNote>();

function useCreditNoteColumns(locale: Locale) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      creditNoteColumn.accessor("number", {
        header: () => i18n._("staff.col_number"),
        cell: ({ row: { original: note } }) => (
          <DocumentCell
            number={note.number}
            company={note.company_name}
            pdfHref={hrefOf(staffCreditNoteEndpoints.pdf, { params: { id: note.id } })}
            xmlHref={hrefOf(staffCreditNoteEndpoints.xml, { params: { id: note.id } })}
            creditNote
          />
        ),
      }),
      creditNoteColumn.display({
        id: "invoice",
        header: () => i18n._("staff.col_invoice"),
        cell: ({ row: { original: note } }) => (
          <span className="whitespace-nowrap">
            {note.invoice_number}
            <span className={`block ${mutedClass}`}>{formatDate(note.invoice_issued_on, locale)}</span>
          </span>
        ),
      }),
      creditNoteColumn.accessor("issued_on", {
        header: () => i18n._("staff.col_issued"),
        cell: ({ row: { original: note } }) => (
          <span className="whitespace-nowrap">{formatDate(note.issued_on, locale)}</span>
        ),
      }),
      creditNoteColumn.accessor("total_minor", {
        id: "total",
        header: () => i18n._("staff.col_total"),
        cell: ({ row: { original: note } }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatMoney(note.total_minor, note.currency, locale)}
          </span>
        ),
      }),
      creditNoteColumn.accessor("reason", {
        header: () => i18n._("staff.col_reason"),
        cell: ({ row: { original: note } }) => (
          <span className="block max-w-80 break-words whitespace-pre-line">{note.reason}</span>
        ),
      }),
      creditNoteColumn.display({ id: "actions", header: () => <ActionsHeader />, cell: () => null }),
    ],
    [i18n, locale],
  );
}

/** Every company's credit notes (GET /api/staff/credit-notes), the billing page's third view. */
export function CreditNotesList(props: ListProps<StaffCreditNote>) {
  const { items, total, page, pageSize, companies, pathname, state, locale } = props;
  const { i18n } = useLingui();
  const columns = useCreditNoteColumns(locale);
  return (
    <div className="space-y-4">
      <FilterForm
        label={i18n._("staff.credit_notes_filter")}
        hidden={{ view: "credit-notes", ...sortHidden(state, STAFF_CREDIT_NOTES) }}
      >
        <CompanyFilter companies={companies} state={state} />
        <FilterSearch label={i18n._("staff.search_credit_notes")} value={state.q} />
      </FilterForm>
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff.credit_notes_count", { count: total })}
        empty={<EmptyList>{i18n._("staff.credit_notes_empty")}</EmptyList>}
        pageHref={(p) => listHref(pathname, state, STAFF_CREDIT_NOTES, { page: p })}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff.credit_notes_table")}
            sortable={["number", "issued_on", "total"]}
            sort={state}
            sortHref={(key) =>
              listHref(pathname, state, STAFF_CREDIT_NOTES, sortChange(state, STAFF_CREDIT_NOTES, key))
            }
            rowId={(note) => note.id}
            minWidth="min-w-[760px]"
            cards={false}
            rowHeader
          />
        )}
      </ListBody>
    </div>
  );
}
