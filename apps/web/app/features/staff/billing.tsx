import { formatDate, formatMoney, formatNumber } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import {
  staffPaymentEndpoints,
  staffInvoiceEndpoints,
  staffDeliveryEndpoints,
  INVOICE_DISPLAY_STATUSES,
  paymentRecordSchema,
  type StaffDeliveryNote,
  type StaffInvoice,
} from "@ems/contracts/billing";

import type { Locale } from "@ems/i18n/locales";
import { Banknote } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { EmptyList, ListCount } from "~/components/list/list-states";
import { Pagination } from "~/components/list/pagination";
import { Input, inputClassName } from "~/components/ui/input";
import { listHref, pageCount, sortHidden, type ListState } from "~/lib/list-query";
import { browserApi } from "~/lib/browser-api";
import { href } from "~/lib/route-map";

import { STAFF_DELIVERIES, STAFF_INVOICES } from "./list-specs";
import { issueMessage, type FieldErrors } from "./quote-lines";
import type { CompanyOption } from "./quotes-list";
import {
  FilterField,
  FilterForm,
  InvoiceStatusBadge,
  linkClass,
  mutedClass,
  SortHeader,
  TableRegion,
  tbodyClass,
  tdClass,
  theadClass,
  thClass,
  trClass,
} from "./staff-ui";
import { useFieldError, useStaffAction } from "./use-staff-action";
import { call, hrefOf } from "~/lib/api-client";

interface ListProps<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  companies: CompanyOption[];
  pathname: string;
  state: ListState;
  locale: Locale;
}

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

export function InvoicesList({
  items,
  total,
  page,
  pageSize,
  companies,
  pathname,
  state,
  locale,
}: ListProps<StaffInvoice>) {
  const { i18n } = useLingui();
  const [paying, setPaying] = useState<StaffInvoice | null>(null);
  const sortProps = { state, spec: STAFF_INVOICES, pathname };
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
      <ListCount>{i18n._("staff.invoices_count", { count: total })}</ListCount>
      {items.length === 0 ? (
        <EmptyList>{i18n._("staff.invoices_empty")}</EmptyList>
      ) : (
        <TableRegion label={i18n._("staff.invoices_table")} minWidth="min-w-[760px]">
          <thead className={theadClass}>
            <tr>
              <SortHeader label={i18n._("staff.col_number")} field="number" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.col_order")}
              </th>
              <SortHeader label={i18n._("staff.col_issued")} field="issued_on" {...sortProps} />
              <SortHeader label={i18n._("staff.col_due")} field="due_on" {...sortProps} />
              <SortHeader label={i18n._("staff.col_total")} field="total" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.col_status")}
              </th>
              <th scope="col" className={thClass}>
                <span className="sr-only">{i18n._("staff.col_actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className={tbodyClass}>
            {items.map((inv) => (
              <tr key={inv.id} className={trClass}>
                <th scope="row" className={`${tdClass} font-normal`}>
                  <span className="block font-semibold whitespace-nowrap">{inv.number}</span>
                  <span className={`block ${mutedClass}`}>{inv.company_name}</span>
                  <a
                    href={hrefOf(staffInvoiceEndpoints.pdf, { params: { id: inv.id } })}
                    className={`${linkClass} text-sm`}
                    aria-label={i18n._("billing.pdf_label", { number: inv.number })}
                  >
                    {i18n._("billing.pdf")}
                  </a>
                </th>
                <td className={`${tdClass} whitespace-nowrap`}>
                  <Link to={href("staff-order", locale, { order: inv.order_id })} className={linkClass}>
                    {inv.order_number}
                  </Link>
                  <span className={`block ${mutedClass}`}>
                    {i18n._("staff.po_short", { po: inv.po_number })}
                  </span>
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDate(inv.issued_on, locale)}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDate(inv.due_on, locale)}</td>
                <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                  {formatMoney(inv.total_minor, inv.currency, locale)}
                </td>
                <td className={tdClass}>
                  <InvoiceStatusBadge status={inv.display_status} />
                  {inv.paid_at ? (
                    <span className={`block ${mutedClass}`}>
                      {i18n._("staff.paid_on", { date: formatDate(inv.paid_at, locale) })}
                    </span>
                  ) : null}
                </td>
                <td className={tdClass}>
                  {inv.status === "unpaid" ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setPaying(inv)}
                      aria-label={i18n._("staff.record_payment_for", { number: inv.number })}
                    >
                      <Banknote aria-hidden="true" className="size-4" />
                      {i18n._("staff.record_payment")}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      <Pagination
        page={page}
        pages={pageCount(total, pageSize)}
        href={(p) => listHref(pathname, state, STAFF_INVOICES, { page: p })}
      />
      {paying ? <PaymentDialog invoice={paying} locale={locale} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}

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
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { run, pending, fieldErrors } = useStaffAction();
  const error = useFieldError({ ...fieldErrors, ...errors });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = paymentRecordSchema.safeParse(reference.trim() ? { reference } : {});
    if (!parsed.success) {
      setErrors({ reference: issueMessage(parsed.error.issues[0]!) });
      return;
    }
    setErrors({});
    const done = await run(
      () =>
        call(browserApi(), staffPaymentEndpoints.recordPayment, {
          params: { id: invoice.id },
          body: parsed.data,
        }),
      i18n._("staff.payment_recorded", { number: invoice.number }),
    );
    if (done) onClose();
  }

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
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          label={i18n._("staff.payment_reference")}
          description={i18n._("staff.payment_reference_hint")}
          error={error("reference")}
        >
          {(f) => (
            <Input {...f} value={reference} onChange={(e) => setReference(e.target.value)} maxLength={120} />
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("staff.record_payment")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeliveriesList({
  items,
  total,
  page,
  pageSize,
  companies,
  pathname,
  state,
  locale,
}: ListProps<StaffDeliveryNote>) {
  const { i18n } = useLingui();
  const sortProps = { state, spec: STAFF_DELIVERIES, pathname };
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
      <ListCount>{i18n._("staff.deliveries_count", { count: total })}</ListCount>
      {items.length === 0 ? (
        <EmptyList>{i18n._("staff.deliveries_empty")}</EmptyList>
      ) : (
        <TableRegion label={i18n._("staff.deliveries_table")} minWidth="min-w-[720px]">
          <thead className={theadClass}>
            <tr>
              <SortHeader label={i18n._("staff.col_number")} field="number" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.col_order")}
              </th>
              <SortHeader label={i18n._("staff.col_shipped")} field="shipped_at" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.carrier")}
              </th>
              <th scope="col" className={thClass}>
                {i18n._("staff.col_contents")}
              </th>
            </tr>
          </thead>
          <tbody className={tbodyClass}>
            {items.map((dn) => (
              <tr key={dn.id} className={trClass}>
                <th scope="row" className={`${tdClass} font-normal`}>
                  <span className="block font-semibold whitespace-nowrap">{dn.number}</span>
                  <span className={`block ${mutedClass}`}>{dn.company_name}</span>
                  <a
                    href={hrefOf(staffDeliveryEndpoints.pdf, { params: { id: dn.id } })}
                    className={`${linkClass} text-sm`}
                    aria-label={i18n._("billing.pdf_label", { number: dn.number })}
                  >
                    {i18n._("billing.pdf")}
                  </a>
                </th>
                <td className={`${tdClass} whitespace-nowrap`}>
                  <Link to={href("staff-order", locale, { order: dn.order_id })} className={linkClass}>
                    {dn.order_number}
                  </Link>
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDate(dn.shipped_at, locale)}</td>
                <td className={tdClass}>
                  {dn.carrier}
                  {dn.tracking_number ? (
                    <span className={`block font-mono text-xs ${mutedClass}`}>{dn.tracking_number}</span>
                  ) : null}
                </td>
                <td className={tdClass}>
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
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      <Pagination
        page={page}
        pages={pageCount(total, pageSize)}
        href={(p) => listHref(pathname, state, STAFF_DELIVERIES, { page: p })}
      />
    </div>
  );
}
