import { getFormProps, getInputProps } from "@conform-to/react";
import { formatDate, formatMoney, formatNumber } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import {
  billingIdParamSchema,
  staffInvoiceEndpoints,
  staffDeliveryEndpoints,
  INVOICE_DISPLAY_STATUSES,
  paymentRecordSchema,
  type StaffDeliveryNote,
  type StaffInvoice,
} from "@ems/contracts/billing";

import type { Locale } from "@ems/i18n/locales";
import { Banknote } from "lucide-react";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { DataTable } from "~/components/list/data-table";
import { ListBody } from "~/components/list/list-body";
import { EmptyList } from "~/components/list/list-states";
import { Input, inputClassName } from "~/components/ui/input";
import { listHref, sortChange, sortHidden, type ListState } from "~/lib/list-query";
import { href } from "~/lib/route-map";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { STAFF_DELIVERIES, STAFF_INVOICES } from "./list-specs";
import type { CompanyOption } from "./quotes-list";
import {
  FilterField,
  FilterForm,
  InvoiceStatusBadge,
  linkClass,
  mutedClass,
  StaffProblem,
  useFieldText,
} from "./staff-ui";
import { ActionsHeader, DocumentCell, RowAction, ShipmentCell } from "./staff-cells";
import type { StaffListProps as ListProps } from "./staff-views";
import { hrefOf } from "~/lib/api-client";

function CompanyFilter({ companies, state }: { companies: CompanyOption[]; state: ListState }) {
  const { i18n } = useLingui();
  return (
    <FilterField label={i18n._("staff.col_company")}>
      <select name="company_id" defaultValue={state.filters.company_id ?? ""} className={inputClassName}>
        <option value="">{i18n._("staff.all_companies")}</option>
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

const invoiceColumn = createColumnHelper<StaffInvoice>();

function useInvoiceColumns(locale: Locale, onPay: (invoice: StaffInvoice) => void) {
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
        cell: ({ row: { original: inv } }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatMoney(inv.total_minor, inv.currency, locale)}
          </span>
        ),
      }),
      invoiceColumn.display({
        id: "status",
        header: () => i18n._("staff.col_status"),
        cell: ({ row: { original: inv } }) => (
          <>
            <InvoiceStatusBadge status={inv.display_status} />
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
        cell: ({ row: { original: inv } }) =>
          inv.status === "unpaid" ? (
            <RowAction
              label={i18n._("staff.record_payment_for", { number: inv.number })}
              onClick={() => onPay(inv)}
            >
              <Banknote aria-hidden="true" className="size-4" />
              {i18n._("staff.record_payment")}
            </RowAction>
          ) : null,
      }),
    ],
    [i18n, locale, onPay],
  );
}

export function InvoicesList(props: ListProps<StaffInvoice>) {
  const { items, total, page, pageSize, companies, pathname, state, locale } = props;
  const { i18n } = useLingui();
  const [paying, setPaying] = useState<StaffInvoice | null>(null);
  const columns = useInvoiceColumns(locale, setPaying);
  return (
    <div className="space-y-4">
      <FilterForm label={i18n._("staff.invoices_filter")} hidden={{ ...sortHidden(state, STAFF_INVOICES) }}>
        <FilterField label={i18n._("staff.col_status")}>
          <select name="status" defaultValue={state.filters.status ?? ""} className={inputClassName}>
            <option value="">{i18n._("staff.all_statuses")}</option>
            {INVOICE_DISPLAY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._("staff.invoice_status", { status: s })}
              </option>
            ))}
          </select>
        </FilterField>
        <CompanyFilter companies={companies} state={state} />
        <FilterField label={i18n._("staff.search_invoices")}>
          <input name="q" type="search" defaultValue={state.q} maxLength={100} className={inputClassName} />
        </FilterField>
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
    </div>
  );
}

/** What the payment dialog posts: the API's body (POST …/payments) and the invoice's id. */
export const paymentForm = paymentRecordSchema.extend(billingIdParamSchema.shape);

/** Records the money of an invoice (POST /api/staff/invoices/:id/payments); confirms a pending transfer. */
function PaymentDialog({
  invoice,
  locale,
  onClose,
}: {
  invoice: StaffInvoice;
  locale: string;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const fieldText = useFieldText();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: paymentForm,
    defaultValue: { id: invoice.id },
    success: i18n._("staff.payment_recorded", { number: invoice.number }),
    onDone: onClose,
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.record_payment_title", { number: invoice.number })}
      description={i18n._("staff.record_payment_text", {
        amount: formatMoney(invoice.total_minor, invoice.currency, locale),
        company: invoice.company_name,
      })}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <StaffProblem codes={formErrors ?? fields.id.errors} />
        <FormField
          label={i18n._("staff.payment_reference")}
          description={i18n._("staff.payment_reference_hint")}
          error={fieldText(fields.reference, "staff.error_invalid")}
        >
          {(f) => <Input {...getInputProps(fields.reference, { type: "text" })} {...f} maxLength={120} />}
        </FormField>
        <div className="flex justify-end gap-2">
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
        <FilterField label={i18n._("staff.search_deliveries")}>
          <input name="q" type="search" defaultValue={state.q} maxLength={100} className={inputClassName} />
        </FilterField>
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
