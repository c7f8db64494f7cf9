import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import { formatMoney } from "@ems/contracts/money";
import { ORDER_STATUSES, type OrderPage, type OrderRow, type OrderSort } from "@ems/contracts/orders";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { Form, Link } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { href } from "~/lib/route-map";

import { OrderStatusBadge, ProgressBar } from "./order-badges";
import { currentSort, formatDay, listHref, nextSort, type OrderListParams } from "./order-helpers";

const linkClass =
  "font-semibold text-primary-800 underline decoration-primary-800/40 underline-offset-2 hover:decoration-primary-800 dark:text-primary-300 dark:decoration-primary-300/40 dark:hover:decoration-primary-300";

/** Status and search (order or purchase order number), sent as a GET form so the URL holds them. */
export function OrderFilters({ params, pathname }: { params: OrderListParams; pathname: string }) {
  const { i18n } = useLingui();
  const filtered = Boolean(params.status || params.q);
  return (
    <Form
      method="get"
      role="search"
      aria-label={i18n._("my_orders.filters")}
      className="grid gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_auto] dark:border-neutral-800 dark:bg-neutral-900"
    >
      {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
      {params.dir ? <input type="hidden" name="dir" value={params.dir} /> : null}
      <label className="space-y-1 text-sm font-semibold">
        <span>{i18n._("my_orders.filter_status")}</span>
        <select name="status" defaultValue={params.status ?? ""} className={inputClassName}>
          <option value="">{i18n._("my_orders.all_statuses")}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._("my_orders.status", { status })}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold">
        <span>{i18n._("my_orders.filter_search")}</span>
        <input
          name="q"
          type="search"
          defaultValue={params.q ?? ""}
          maxLength={100}
          placeholder={i18n._("my_orders.filter_search_hint")}
          className={inputClassName}
        />
      </label>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          {i18n._("my_orders.filter_apply")}
        </Button>
        {filtered ? (
          <Link
            to={listHref(pathname, params, { status: null, q: null, page: null })}
            className={buttonVariants({ variant: "ghost" })}
          >
            {i18n._("my_orders.filter_reset")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function SortHeader({
  label,
  sortKey,
  params,
  pathname,
}: {
  label: ReactNode;
  sortKey: OrderSort;
  params: OrderListParams;
  pathname: string;
}) {
  const { sort, dir } = currentSort(params);
  const active = sort === sortKey;
  const next = nextSort(params, sortKey);
  const Icon = active ? (dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Link
      to={listHref(pathname, params, { sort: next.sort, dir: next.dir, page: null })}
      preventScrollReset
      className="inline-flex items-center gap-1 rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
    >
      {label}
      <Icon aria-hidden="true" className={`size-4 ${active ? "" : "opacity-60"}`} />
    </Link>
  );
}

const column = createColumnHelper<OrderRow>();

const SORT_OF: Partial<Record<string, OrderSort>> = {
  number: "number",
  delivery_date: "delivery_date",
  total_minor: "total",
};

const RIGHT = new Set(["total_minor"]);

export function OrdersTable({
  page,
  params,
  pathname,
  locale,
}: {
  page: OrderPage;
  params: OrderListParams;
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
              {i18n._("my_orders.ordered_on", { date: formatDay(c.row.original.created_at, locale) })}
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
            {formatDay(c.getValue(), locale)}
          </time>
        ),
      }),
      column.accessor("total_minor", {
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

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions each render by design.
  const table = useReactTable({
    data: page.items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
  });
  const { sort, dir } = currentSort(params);

  return (
    <>
      {/* From 1120 px a table; below, the same orders as cards. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={i18n._("my_orders.table_label")}
        className="hidden overflow-x-auto rounded-xl border border-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 xl:block dark:border-neutral-800"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{i18n._("my_orders.table_label")}</caption>
          <thead className="bg-neutral-50 text-neutral-800 dark:bg-neutral-900 dark:text-neutral-200">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortKey = SORT_OF[header.column.id];
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sortKey && sort === sortKey ? (dir === "asc" ? "ascending" : "descending") : undefined
                      }
                      className={`px-3 py-3 font-semibold whitespace-nowrap first:pl-4 last:pr-4 ${RIGHT.has(header.column.id) ? "text-right" : ""}`}
                    >
                      {sortKey ? (
                        <SortHeader label={label} sortKey={sortKey} params={params} pathname={pathname} />
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className="bg-white hover:bg-neutral-50 dark:bg-neutral-950 dark:hover:bg-neutral-900"
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-3 align-top first:pl-4 last:pr-4 ${RIGHT.has(cell.column.id) ? "text-right" : ""}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={i18n._("my_orders.table_label")} className="grid gap-3 md:grid-cols-2 xl:hidden">
        {page.items.map((order) => (
          <li
            key={order.id}
            className="rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
          >
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
                  <time dateTime={order.created_at}>{formatDay(order.created_at, locale)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_orders.col_delivery")}</dt>
                <dd>
                  <time dateTime={order.delivery_date}>{formatDay(order.delivery_date, locale)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_orders.col_total")}</dt>
                <dd className="font-medium tabular-nums">
                  {formatMoney(order.total_minor, order.currency, locale)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Sorting for the card view, where there are no column headers to click. */
export function MobileSort({ params }: { params: OrderListParams }) {
  const { i18n } = useLingui();
  const { sort, dir } = currentSort(params);
  return (
    <Form
      method="get"
      className="grid w-full grid-cols-[1fr_auto] items-end gap-2 sm:w-auto sm:grid-cols-[auto_auto_auto] xl:hidden"
    >
      {(["status", "q"] as const).map((name) =>
        params[name] ? <input key={name} type="hidden" name={name} value={params[name]} /> : null,
      )}
      <label className="col-span-2 space-y-1 text-sm font-semibold sm:col-span-1">
        <span>{i18n._("my_orders.sort_by")}</span>
        <select name="sort" defaultValue={sort} className={inputClassName}>
          {(["created_at", "number", "delivery_date", "total"] as const).map((key) => (
            <option key={key} value={key}>
              {i18n._("my_orders.sort_option", { key })}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold">
        <span>{i18n._("my_orders.sort_direction")}</span>
        <select name="dir" defaultValue={dir} className={inputClassName}>
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

export function Pagination({
  page,
  params,
  pathname,
}: {
  page: { page: number; page_size: number; total: number };
  params: OrderListParams;
  pathname: string;
}) {
  const { i18n } = useLingui();
  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={i18n._("my_orders.pagination")}
      className="flex items-center justify-between gap-3 text-sm"
    >
      {page.page > 1 ? (
        <Link className={linkClass} to={listHref(pathname, params, { page: String(page.page - 1) })}>
          {i18n._("my_orders.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{i18n._("my_orders.page_of", { page: page.page, pages })}</span>
      {page.page < pages ? (
        <Link className={linkClass} to={listHref(pathname, params, { page: String(page.page + 1) })}>
          {i18n._("my_orders.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
