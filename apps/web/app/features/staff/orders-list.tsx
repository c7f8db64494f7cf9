import { formatDate, formatMoney } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";

import { ORDER_STATUSES, type StaffOrderRow } from "@ems/contracts/orders";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";

import { DataTable } from "~/components/list/data-table";
import { ListBody } from "~/components/list/list-body";
import { EmptyList } from "~/components/list/list-states";
import { listHref, sortChange, sortHidden } from "~/lib/list-query";
import { href } from "~/lib/route-map";

import { STAFF_ORDERS } from "./list-specs";
import type { StaffListProps } from "./staff-views";
import {
  CompanyFilter,
  FilterForm,
  FilterSearch,
  FilterSelect,
  linkClass,
  mutedClass,
  OrderStatusBadge,
  ProgressBar,
} from "./staff-ui";

const orderColumn = createColumnHelper<StaffOrderRow>();

function useOrderColumns(locale: Locale) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      orderColumn.accessor("number", {
        header: () => i18n._("staff.col_number"),
        cell: ({ row: { original: o } }) => (
          <span className="whitespace-nowrap">
            <Link to={href("staff-order", locale, { order: o.id })} className={linkClass}>
              {o.number}
            </Link>
            <span className={`block ${mutedClass}`}>{i18n._("staff.po_short", { po: o.po_number })}</span>
          </span>
        ),
      }),
      orderColumn.accessor("company_name", {
        header: () => i18n._("staff.col_company"),
        cell: ({ row: { original: o } }) => o.company_name,
      }),
      orderColumn.accessor("status", {
        header: () => i18n._("staff.col_status"),
        cell: ({ row: { original: o } }) => <OrderStatusBadge status={o.status} />,
      }),
      orderColumn.accessor("progress_percent", {
        header: () => i18n._("staff.col_progress"),
        cell: ({ row: { original: o } }) => (
          <>
            <ProgressBar
              percent={o.progress_percent}
              label={i18n._("staff.progress_of", { number: o.number })}
            />
            <span className={`block ${mutedClass}`}>{i18n._("staff.stage", { stage: o.current_stage })}</span>
          </>
        ),
      }),
      orderColumn.accessor("delivery_date", {
        header: () => i18n._("staff.col_delivery_date"),
        cell: ({ row: { original: o } }) => (
          <span className="whitespace-nowrap">{formatDate(o.delivery_date, locale)}</span>
        ),
      }),
      // The id is the API's sort field, not the row's.
      orderColumn.accessor("total_minor", {
        id: "total",
        header: () => i18n._("staff.col_total"),
        cell: ({ row: { original: o } }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatMoney(o.total_minor, o.currency, locale)}
          </span>
        ),
      }),
      orderColumn.accessor("created_at", {
        header: () => i18n._("staff.col_created"),
        cell: ({ row: { original: o } }) => (
          <span className="whitespace-nowrap">{formatDate(o.created_at, locale)}</span>
        ),
      }),
    ],
    [i18n, locale],
  );
}

export function OrdersList({
  items,
  total,
  page,
  pageSize,
  companies,
  pathname,
  state,
  locale,
}: StaffListProps<StaffOrderRow>) {
  const { i18n } = useLingui();
  const columns = useOrderColumns(locale);
  return (
    <div className="space-y-4">
      <FilterForm label={i18n._("staff.orders_filter")} hidden={{ ...sortHidden(state, STAFF_ORDERS) }}>
        <FilterSelect
          name="status"
          label={i18n._("staff.col_status")}
          value={state.filters.status}
          allLabel={i18n._("staff.all_statuses")}
          options={ORDER_STATUSES.map((s) => ({
            value: s,
            label: i18n._("staff.order_status", { status: s }),
          }))}
        />
        <CompanyFilter companies={companies} state={state} />
        <FilterSearch label={i18n._("staff.search_orders")} value={state.q} />
      </FilterForm>
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff.orders_count", { count: total })}
        empty={<EmptyList>{i18n._("staff.orders_empty")}</EmptyList>}
        pageHref={(p) => listHref(pathname, state, STAFF_ORDERS, { page: p })}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff.orders_table")}
            sortable={["number", "delivery_date", "total", "created_at"]}
            sort={state}
            sortHref={(key) => listHref(pathname, state, STAFF_ORDERS, sortChange(state, STAFF_ORDERS, key))}
            rowId={(o) => o.id}
            minWidth="min-w-[720px]"
            cards={false}
            rowHeader
          />
        )}
      </ListBody>
    </div>
  );
}
