import { useLingui } from "@lingui/react";
import { formatMoney } from "@ems/contracts/money";
import { ORDER_STATUSES, type StaffOrderRow } from "@ems/contracts/orders";
import type { Locale } from "@ems/i18n/locales";
import { Link } from "react-router";

import { inputClassName } from "~/components/ui/input";
import { href } from "~/lib/route-map";

import { formatDay } from "./format";
import type { CompanyOption } from "./quotes-list";
import {
  EmptyState,
  FilterField,
  FilterForm,
  linkClass,
  mutedClass,
  OrderStatusBadge,
  Pagination,
  ProgressBar,
  ResultCount,
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
  search,
  locale,
}: {
  items: StaffOrderRow[];
  total: number;
  page: number;
  pageSize: number;
  companies: CompanyOption[];
  pathname: string;
  search: URLSearchParams;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const sort = search.get("sort") ?? "created_at";
  const dir = search.get("dir") === "asc" ? "asc" : "desc";
  const sortProps = { sort, dir, pathname, search, defaultDir: "desc" } as const;
  return (
    <div className="space-y-4">
      <FilterForm
        label={i18n._("staff.orders_filter")}
        hidden={{ sort: search.get("sort") ?? undefined, dir: search.get("dir") ?? undefined }}
      >
        <FilterField label={i18n._("staff.col_status")}>
          <select name="status" defaultValue={search.get("status") ?? ""} className={inputClassName}>
            <option value="">{i18n._("staff.all_statuses")}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._("staff.order_status", { status: s })}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={i18n._("staff.col_company")}>
          <select name="company_id" defaultValue={search.get("company_id") ?? ""} className={inputClassName}>
            <option value="">{i18n._("staff.all_companies")}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={i18n._("staff.search_orders")}>
          <input
            name="q"
            type="search"
            defaultValue={search.get("q") ?? ""}
            maxLength={100}
            className={inputClassName}
          />
        </FilterField>
      </FilterForm>
      <ResultCount>{i18n._("staff.orders_count", { count: total })}</ResultCount>
      {items.length === 0 ? (
        <EmptyState>{i18n._("staff.orders_empty")}</EmptyState>
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
                <td className={`${tdClass} whitespace-nowrap`}>{formatDay(o.delivery_date, locale)}</td>
                <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                  {formatMoney(o.total_minor, o.currency, locale)}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDay(o.created_at, locale)}</td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} pathname={pathname} search={search} />
    </div>
  );
}
