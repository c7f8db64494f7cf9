import { formatDate, formatMoney } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { useLingui } from "@lingui/react";
import { ORDER_STATUSES, type OrderRow } from "@ems/contracts/orders";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Form, Link } from "react-router";

import { DataTable } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
import { ListToolbar, ToolbarSearch, ToolbarSelect } from "~/components/list/list-toolbar";
import { Button } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { isFiltered, listHref, listSearch, sortChange, type ListState } from "~/lib/list-query";
import { href } from "~/lib/route-map";

import { OrderStatusBadge, ProgressBar } from "./order-badges";
import { ORDER_LIST } from "./order-helpers";

const linkClass = listLinkClass;

/** Status and search (order or purchase order number), sent as a GET form so the URL holds them. */
export function OrderFilters({ state, pathname }: { state: ListState; pathname: string }) {
  const { i18n } = useLingui();
  // The sort survives a new search; left out when it is the default.
  const sortQuery = listSearch(state, ORDER_LIST);
  return (
    <ListToolbar
      label={i18n._("my_orders.filters")}
      applyLabel={i18n._("my_orders.filter_apply")}
      hidden={{ sort: sortQuery.get("sort") ?? undefined, dir: sortQuery.get("dir") ?? undefined }}
      clear={
        isFiltered(state, ORDER_LIST)
          ? {
              href: listHref(pathname, state, ORDER_LIST, { q: "", filters: { status: null } }),
              label: i18n._("my_orders.filter_reset"),
            }
          : undefined
      }
    >
      <ToolbarSelect
        name="status"
        label={i18n._("my_orders.filter_status")}
        value={state.filters.status ?? ""}
        options={[
          { value: "", label: i18n._("my_orders.all_statuses") },
          ...ORDER_STATUSES.map((status) => ({
            value: status,
            label: i18n._("my_orders.status", { status }),
          })),
        ]}
      />
      <ToolbarSearch
        label={i18n._("my_orders.filter_search")}
        hint={i18n._("my_orders.filter_search_hint")}
        value={state.q}
        maxLength={100}
      />
    </ListToolbar>
  );
}

const column = createColumnHelper<OrderRow>();

const SORTABLE = ["number", "delivery_date", "total"] as const;

function OrderCard({ order, locale }: { order: OrderRow; locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={href("my-order", locale, { order: order.id })} className={linkClass}>
          {order.number}
        </Link>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._("my_orders.po_short", { po: order.po_number })} ·{" "}
        <Link
          to={href("my-quote", locale, { quote: order.quote_id })}
          className="text-primary-800 underline underline-offset-2 dark:text-primary-300"
        >
          {i18n._("my_orders.from_quote_short", { number: order.quote_number })}
        </Link>
      </p>
      <div className="mt-3">
        <ProgressBar
          percent={order.progress_percent}
          stage={order.current_stage}
          label={i18n._("my_orders.progress_of", { number: order.number })}
        />
        <p className="mt-1 text-xs text-neutral-700 dark:text-neutral-300">
          {i18n._("my_orders.stage", { stage: order.current_stage })}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_orders.col_created")}</dt>
          <dd>
            <time dateTime={order.created_at}>{formatDate(order.created_at, locale)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_orders.col_delivery")}</dt>
          <dd>
            <time dateTime={order.delivery_date}>{formatDate(order.delivery_date, locale)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_orders.col_total")}</dt>
          <dd className="font-medium tabular-nums">
            {formatMoney(order.total_minor, order.currency, locale)}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** The orders as a table from 1120 px and as cards below; column headers sort through the URL. */
export function OrdersTable({
  items,
  state,
  pathname,
  locale,
}: {
  items: OrderRow[];
  state: ListState;
  pathname: string;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const columns = useMemo(
    () => [
      column.accessor("number", {
        header: () => i18n._("my_orders.col_number"),
        cell: (c) => (
          <span className="block">
            <Link
              to={href("my-order", locale, { order: c.row.original.id })}
              className={`${linkClass} whitespace-nowrap`}
            >
              {c.getValue()}
            </Link>
            <span className="block text-xs whitespace-nowrap text-neutral-700 dark:text-neutral-300">
              {i18n._("my_orders.ordered_on", { date: formatDate(c.row.original.created_at, locale) })}
            </span>
          </span>
        ),
      }),
      column.accessor("po_number", {
        header: () => i18n._("my_orders.col_po"),
        cell: (c) => (
          <span className="block">
            <span className="block break-words">{c.getValue()}</span>
            <Link
              to={href("my-quote", locale, { quote: c.row.original.quote_id })}
              className="text-xs whitespace-nowrap text-primary-800 underline underline-offset-2 dark:text-primary-300"
            >
              {i18n._("my_orders.from_quote_short", { number: c.row.original.quote_number })}
            </Link>
          </span>
        ),
      }),
      column.accessor("status", {
        header: () => i18n._("my_orders.col_status"),
        cell: (c) => <OrderStatusBadge status={c.getValue()} />,
      }),
      column.accessor("progress_percent", {
        header: () => i18n._("my_orders.col_progress"),
        cell: (c) => (
          <div className="space-y-1">
            <ProgressBar
              percent={c.getValue()}
              stage={c.row.original.current_stage}
              label={i18n._("my_orders.progress_of", { number: c.row.original.number })}
            />
            <span className="block text-xs text-neutral-700 dark:text-neutral-300">
              {i18n._("my_orders.stage", { stage: c.row.original.current_stage })}
            </span>
          </div>
        ),
      }),
      column.accessor("delivery_date", {
        header: () => i18n._("my_orders.col_delivery"),
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {formatDate(c.getValue(), locale)}
          </time>
        ),
      }),
      column.accessor("total_minor", {
        id: "total",
        header: () => i18n._("my_orders.col_total"),
        cell: (c) => (
          <span className="font-medium whitespace-nowrap tabular-nums">
            {formatMoney(c.getValue(), c.row.original.currency, locale)}
          </span>
        ),
      }),
    ],
    [i18n, locale],
  );

  return (
    <DataTable
      data={items}
      columns={columns}
      caption={i18n._("my_orders.table_label")}
      sortable={SORTABLE}
      sort={state}
      sortHref={(key) => listHref(pathname, state, ORDER_LIST, sortChange(state, ORDER_LIST, key))}
      rowId={(row) => row.id}
      minWidth=""
      cards="xl"
      renderCard={(order) => <OrderCard order={order} locale={locale} />}
      rightAligned={["total"]}
    />
  );
}

/** Sorting for the card view, where there are no column headers to click. */
export function MobileSort({ state }: { state: ListState }) {
  const { i18n } = useLingui();
  return (
    <Form
      method="get"
      className="grid w-full grid-cols-[1fr_auto] items-end gap-2 sm:w-auto sm:grid-cols-[auto_auto_auto] xl:hidden"
    >
      {Object.entries(state.filters).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      <label className="col-span-2 space-y-1 text-sm font-semibold sm:col-span-1">
        <span>{i18n._("my_orders.sort_by")}</span>
        <select name="sort" defaultValue={state.sort} className={inputClassName}>
          {(["created_at", "number", "delivery_date", "total"] as const).map((key) => (
            <option key={key} value={key}>
              {i18n._("my_orders.sort_option", { key })}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold">
        <span>{i18n._("my_orders.sort_direction")}</span>
        <select name="dir" defaultValue={state.dir} className={inputClassName}>
          <option value="asc">{i18n._("my_orders.sort_asc")}</option>
          <option value="desc">{i18n._("my_orders.sort_desc")}</option>
        </select>
      </label>
      <Button type="submit" variant="outline">
        {i18n._("my_orders.sort_apply")}
      </Button>
    </Form>
  );
}
