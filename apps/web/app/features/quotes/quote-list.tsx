import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import { formatMoney } from "@ems/contracts/money";
import {
  PRODUCT_CATEGORIES,
  QUOTE_STATUSES,
  type QuotePage,
  type QuoteSort,
  type QuoteSummary,
} from "@ems/contracts/quotes";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { Form, Link } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { href } from "~/lib/route-map";

import {
  currentSort,
  daysUntil,
  formatDay,
  listHref,
  nextSort,
  statusKey,
  type QuoteListParams,
} from "./quote-helpers";
import { QuoteStatusBadge } from "./quote-status-badge";

const linkClass =
  "font-semibold text-primary-800 underline decoration-primary-800/40 underline-offset-2 hover:decoration-primary-800 dark:text-primary-300 dark:decoration-primary-300/40 dark:hover:decoration-primary-300";

/** Status, product category and search of the quote list, sent as a GET form so the URL holds them. */
export function QuoteFilters({ params, pathname }: { params: QuoteListParams; pathname: string }) {
  const { i18n } = useLingui();
  const filtered = Boolean(params.status || params.category || params.q);
  return (
    <Form
      method="get"
      role="search"
      aria-label={i18n._("my_quotes.filters")}
      className="grid gap-3 rounded-xl border border-neutral-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto] dark:border-neutral-800 dark:bg-neutral-900"
    >
      {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
      {params.dir ? <input type="hidden" name="dir" value={params.dir} /> : null}
      <label className="space-y-1 text-sm font-semibold">
        <span>{i18n._("my_quotes.filter_status")}</span>
        <select name="status" defaultValue={params.status ?? ""} className={inputClassName}>
          <option value="">{i18n._("my_quotes.all_statuses")}</option>
          {QUOTE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._("my_quotes.status", { status: statusKey(status) })}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold">
        <span>{i18n._("my_quotes.filter_category")}</span>
        <select name="category" defaultValue={params.category ?? ""} className={inputClassName}>
          <option value="">{i18n._("my_quotes.all_categories")}</option>
          {PRODUCT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {i18n._("my_quotes.category", { category })}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold sm:col-span-2 lg:col-span-1">
        <span>{i18n._("my_quotes.filter_search")}</span>
        <input
          name="q"
          type="search"
          defaultValue={params.q ?? ""}
          maxLength={100}
          placeholder={i18n._("my_quotes.filter_search_hint")}
          className={inputClassName}
        />
      </label>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          {i18n._("my_quotes.filter_apply")}
        </Button>
        {filtered ? (
          <Link
            to={listHref(pathname, params, { status: null, category: null, q: null, page: null })}
            className={buttonVariants({ variant: "ghost" })}
          >
            {i18n._("my_quotes.filter_reset")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Validity date with a countdown for Open quotes ("Expires in 5 days"). */
function Validity({ quote, today, locale }: { quote: QuoteSummary; today: string; locale: Locale }) {
  const { i18n } = useLingui();
  if (!quote.valid_until) return <span className="text-neutral-600 dark:text-neutral-400">–</span>;
  const days = daysUntil(quote.valid_until, today);
  return (
    <span className="block">
      <time dateTime={quote.valid_until} className="whitespace-nowrap">
        {formatDay(quote.valid_until, locale)}
      </time>
      {quote.status === "Open" && days >= 0 ? (
        <span
          className={`block text-xs font-medium ${days <= 7 ? "text-amber-800 dark:text-amber-300" : "text-neutral-700 dark:text-neutral-300"}`}
        >
          {i18n._("my_quotes.expires_in", { days })}
        </span>
      ) : null}
    </span>
  );
}

function LowestTotal({ quote, locale }: { quote: QuoteSummary; locale: Locale }) {
  const { i18n } = useLingui();
  return quote.lowest_total_minor === null ? (
    <span className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.not_priced")}</span>
  ) : (
    <span className="font-medium whitespace-nowrap tabular-nums">
      {formatMoney(quote.lowest_total_minor, quote.currency, locale)}
    </span>
  );
}

const column = createColumnHelper<QuoteSummary>();

/** Sortable columns: the header is a link to the list sorted by it (the URL keeps the order). */
const SORT_OF: Partial<Record<string, QuoteSort>> = {
  number: "number",
  title: "title",
  status: "status",
  valid_until: "valid_until",
  created_at: "created_at",
};

function SortHeader({
  label,
  sortKey,
  params,
  pathname,
}: {
  label: ReactNode;
  sortKey: QuoteSort;
  params: QuoteListParams;
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

export function QuotesTable({
  page,
  params,
  pathname,
  today,
  locale,
}: {
  page: QuotePage;
  params: QuoteListParams;
  pathname: string;
  today: string;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const columns = useMemo(
    () => [
      column.accessor("number", {
        header: () => i18n._("my_quotes.col_number"),
        cell: (c) => (
          <Link
            to={href("my-quote", locale, { quote: c.row.original.id })}
            className={`${linkClass} whitespace-nowrap`}
          >
            {c.getValue()}
          </Link>
        ),
      }),
      column.accessor("title", {
        header: () => i18n._("my_quotes.col_title"),
        cell: (c) => (
          <span className="block min-w-40">
            <span className="block font-medium break-words">{c.getValue()}</span>
            <span className="block text-xs text-neutral-700 dark:text-neutral-300">
              {[
                c.row.original.categories
                  .map((category) => i18n._("my_quotes.category", { category }))
                  .join(", "),
                c.row.original.customer_reference
                  ? i18n._("my_quotes.your_reference_short", { reference: c.row.original.customer_reference })
                  : "",
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </span>
        ),
      }),
      column.accessor("status", {
        header: () => i18n._("my_quotes.col_status"),
        cell: (c) => <QuoteStatusBadge status={c.getValue()} />,
      }),
      column.accessor("valid_until", {
        header: () => i18n._("my_quotes.col_valid_until"),
        cell: (c) => <Validity quote={c.row.original} today={today} locale={locale} />,
      }),
      column.accessor("lowest_total_minor", {
        header: () => i18n._("my_quotes.col_lowest_total"),
        cell: (c) => <LowestTotal quote={c.row.original} locale={locale} />,
      }),
      column.accessor("created_at", {
        header: () => i18n._("my_quotes.col_created"),
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {formatDay(c.getValue().slice(0, 10), locale)}
          </time>
        ),
      }),
    ],
    [i18n, locale, today],
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
      {/* From 1120 px a table; below, the same quotes as cards. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={i18n._("my_quotes.table_label")}
        className="hidden overflow-x-auto rounded-xl border border-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 xl:block dark:border-neutral-800"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{i18n._("my_quotes.table_label")}</caption>
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
                      className={`px-3 py-3 font-semibold whitespace-nowrap first:pl-4 last:pr-4 ${header.column.id === "lowest_total_minor" ? "text-right" : ""}`}
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
                    className={`px-3 py-3 align-top first:pl-4 last:pr-4 ${cell.column.id === "lowest_total_minor" ? "text-right" : ""}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={i18n._("my_quotes.table_label")} className="grid gap-3 md:grid-cols-2 xl:hidden">
        {page.items.map((quote) => (
          <li
            key={quote.id}
            className="rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link to={href("my-quote", locale, { quote: quote.id })} className={linkClass}>
                {quote.number}
              </Link>
              <QuoteStatusBadge status={quote.status} />
            </div>
            <p className="mt-1 font-medium break-words">{quote.title}</p>
            {quote.categories.length ? (
              <p className="text-sm text-neutral-700 dark:text-neutral-300">
                {quote.categories.map((category) => i18n._("my_quotes.category", { category })).join(", ")}
              </p>
            ) : null}
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-neutral-700 dark:text-neutral-300">
                  {i18n._("my_quotes.col_valid_until")}
                </dt>
                <dd>
                  <Validity quote={quote} today={today} locale={locale} />
                </dd>
              </div>
              <div>
                <dt className="text-neutral-700 dark:text-neutral-300">
                  {i18n._("my_quotes.col_lowest_total")}
                </dt>
                <dd>
                  <LowestTotal quote={quote} locale={locale} />
                </dd>
              </div>
              {quote.customer_reference ? (
                <div className="col-span-2">
                  <dt className="text-neutral-700 dark:text-neutral-300">
                    {i18n._("my_quotes.your_reference")}
                  </dt>
                  <dd className="break-words">{quote.customer_reference}</dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Sorting for the card view, where there are no column headers to click. */
export function MobileSort({ params }: { params: QuoteListParams }) {
  const { i18n } = useLingui();
  const { sort, dir } = currentSort(params);
  return (
    <Form
      method="get"
      className="grid w-full grid-cols-[1fr_auto] items-end gap-2 sm:w-auto sm:grid-cols-[auto_auto_auto] xl:hidden"
    >
      {(["status", "category", "q"] as const).map((name) =>
        params[name] ? <input key={name} type="hidden" name={name} value={params[name]} /> : null,
      )}
      <label className="col-span-2 space-y-1 text-sm font-semibold sm:col-span-1">
        <span>{i18n._("my_quotes.sort_by")}</span>
        <select name="sort" defaultValue={sort} className={inputClassName}>
          {(["created_at", "number", "title", "status", "valid_until"] as const).map((key) => (
            <option key={key} value={key}>
              {i18n._(`my_quotes.col_${key === "created_at" ? "created" : key}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold">
        <span>{i18n._("my_quotes.sort_direction")}</span>
        <select name="dir" defaultValue={dir} className={inputClassName}>
          <option value="asc">{i18n._("my_quotes.sort_asc")}</option>
          <option value="desc">{i18n._("my_quotes.sort_desc")}</option>
        </select>
      </label>
      <Button type="submit" variant="outline">
        {i18n._("my_quotes.sort_apply")}
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
  params: QuoteListParams;
  pathname: string;
}) {
  const { i18n } = useLingui();
  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={i18n._("my_quotes.pagination")}
      className="flex items-center justify-between gap-3 text-sm"
    >
      {page.page > 1 ? (
        <Link className={linkClass} to={listHref(pathname, params, { page: String(page.page - 1) })}>
          {i18n._("my_quotes.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{i18n._("my_quotes.page_of", { page: page.page, pages })}</span>
      {page.page < pages ? (
        <Link className={linkClass} to={listHref(pathname, params, { page: String(page.page + 1) })}>
          {i18n._("my_quotes.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
