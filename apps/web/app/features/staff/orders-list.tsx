import { formatDate, formatMoney } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";

import { ORDER_STATUSES, type StaffOrderRow } from "@ems/contracts/orders";
import type { Locale } from "@ems/i18n/locales";
import { Link } from "react-router";

import { EmptyList, ListCount } from "~/components/list/list-states";
import { Pagination } from "~/components/list/pagination";
import { inputClassName } from "~/components/ui/input";
import { listHref, pageCount, sortHidden, type ListState } from "~/lib/list-query";
import { href } from "~/lib/route-map";

import { STAFF_ORDERS } from "./list-specs";
import type { CompanyOption } from "./quotes-list";
import {
  FilterField,
  FilterForm,
  linkClass,
  mutedClass,
  OrderStatusBadge,
  ProgressBar,
  SortHeader,
  TableRegion,
  tbodyClass,
  tdClass,
  theadClass,
  thClass,
  trClass,
} from "./staff-ui";

export function OrdersList({
  items,
  total,
  page,
  pageSize,
  companies,
  pathname,
  state,
  locale,
}: {
  items: StaffOrderRow[];
  total: number;
  page: number;
  pageSize: number;
  companies: CompanyOption[];
  pathname: string;
  state: ListState;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const sortProps = { state, spec: STAFF_ORDERS, pathname };
  return (
    <div className="space-y-4">
      <FilterForm label={i18n._("staff.orders_filter")} hidden={{ ...sortHidden(state, STAFF_ORDERS) }}>
        <FilterField label={i18n._("staff.col_status")}>
          <select name="status" defaultValue={state.filters.status ?? ""} className={inputClassName}>
            <option value="">{i18n._("staff.all_statuses")}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._("staff.order_status", { status: s })}
              </option>
            ))}
          </select>
        </FilterField>
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
        <FilterField label={i18n._("staff.search_orders")}>
          <input name="q" type="search" defaultValue={state.q} maxLength={100} className={inputClassName} />
        </FilterField>
      </FilterForm>
      <ListCount>{i18n._("staff.orders_count", { count: total })}</ListCount>
      {items.length === 0 ? (
        <EmptyList>{i18n._("staff.orders_empty")}</EmptyList>
      ) : (
        <TableRegion label={i18n._("staff.orders_table")} minWidth="min-w-[720px]">
          <thead className={theadClass}>
            <tr>
              <SortHeader label={i18n._("staff.col_number")} field="number" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.col_company")}
              </th>
              <th scope="col" className={thClass}>
                {i18n._("staff.col_status")}
              </th>
              <th scope="col" className={thClass}>
                {i18n._("staff.col_progress")}
              </th>
              <SortHeader label={i18n._("staff.col_delivery_date")} field="delivery_date" {...sortProps} />
              <SortHeader label={i18n._("staff.col_total")} field="total" {...sortProps} />
              <SortHeader label={i18n._("staff.col_created")} field="created_at" {...sortProps} />
            </tr>
          </thead>
          <tbody className={tbodyClass}>
            {items.map((o) => (
              <tr key={o.id} className={trClass}>
                <th scope="row" className={`${tdClass} font-normal whitespace-nowrap`}>
                  <Link to={href("staff-order", locale, { order: o.id })} className={linkClass}>
                    {o.number}
                  </Link>
                  <span className={`block ${mutedClass}`}>
                    {i18n._("staff.po_short", { po: o.po_number })}
                  </span>
                </th>
                <td className={tdClass}>{o.company_name}</td>
                <td className={tdClass}>
                  <OrderStatusBadge status={o.status} />
                </td>
                <td className={tdClass}>
                  <ProgressBar
                    percent={o.progress_percent}
                    label={i18n._("staff.progress_of", { number: o.number })}
                  />
                  <span className={`block ${mutedClass}`}>
                    {i18n._("staff.stage", { stage: o.current_stage })}
                  </span>
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDate(o.delivery_date, locale)}</td>
                <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                  {formatMoney(o.total_minor, o.currency, locale)}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDate(o.created_at, locale)}</td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      <Pagination
        page={page}
        pages={pageCount(total, pageSize)}
        href={(p) => listHref(pathname, state, STAFF_ORDERS, { page: p })}
      />
    </div>
  );
}
