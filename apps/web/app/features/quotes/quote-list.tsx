import { formatDate, formatMoney } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { useLingui } from "@lingui/react";
import { PRODUCT_CATEGORIES, QUOTE_STATUSES, type QuoteSummary } from "@ems/contracts/quotes";
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

import { daysUntil, QUOTE_LIST, statusKey } from "./quote-helpers";
import { QuoteStatusBadge } from "./quote-status-badge";

const linkClass = listLinkClass;

/** Status, product category and search of the quote list, sent as a GET form so the URL holds them. */
export function QuoteFilters({ state, pathname }: { state: ListState; pathname: string }) {
  const { i18n } = useLingui();
  // The sort survives a new search; left out when it is the default.
  const sortQuery = listSearch(state, QUOTE_LIST);
  return (
    <ListToolbar
      label={i18n._("my_quotes.filters")}
      applyLabel={i18n._("my_quotes.filter_apply")}
      hidden={{ sort: sortQuery.get("sort") ?? undefined, dir: sortQuery.get("dir") ?? undefined }}
      clear={
        isFiltered(state, QUOTE_LIST)
          ? {
              href: listHref(pathname, state, QUOTE_LIST, {
                q: "",
                filters: { status: null, category: null },
              }),
              label: i18n._("my_quotes.filter_reset"),
            }
          : undefined
      }
    >
      <ToolbarSelect
        name="status"
        label={i18n._("my_quotes.filter_status")}
        value={state.filters.status ?? ""}
        options={[
          { value: "", label: i18n._("my_quotes.all_statuses") },
          ...QUOTE_STATUSES.map((status) => ({
            value: status,
            label: i18n._("my_quotes.status", { status: statusKey(status) }),
          })),
        ]}
      />
      <ToolbarSelect
        name="category"
        label={i18n._("my_quotes.filter_category")}
        value={state.filters.category ?? ""}
        options={[
          { value: "", label: i18n._("my_quotes.all_categories") },
          ...PRODUCT_CATEGORIES.map((category) => ({
            value: category,
            label: i18n._("my_quotes.category", { category }),
          })),
        ]}
      />
      <ToolbarSearch
        label={i18n._("my_quotes.filter_search")}
        hint={i18n._("my_quotes.filter_search_hint")}
        value={state.q}
        maxLength={100}
      />
    </ListToolbar>
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
        {formatDate(quote.valid_until, locale)}
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

const SORTABLE = ["number", "title", "status", "valid_until", "created_at"] as const;

function QuoteCard({ quote, today, locale }: { quote: QuoteSummary; today: string; locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <>
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
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.col_valid_until")}</dt>
          <dd>
            <Validity quote={quote} today={today} locale={locale} />
          </dd>
        </div>
        <div>
          <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.col_lowest_total")}</dt>
          <dd>
            <LowestTotal quote={quote} locale={locale} />
          </dd>
        </div>
        {quote.customer_reference ? (
          <div className="col-span-2">
            <dt className="text-neutral-700 dark:text-neutral-300">{i18n._("my_quotes.your_reference")}</dt>
            <dd className="break-words">{quote.customer_reference}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

/** The quotes as a table from 1120 px and as cards below; column headers sort through the URL. */
export function QuotesTable({
  items,
  state,
  pathname,
  today,
  locale,
}: {
  items: QuoteSummary[];
  state: ListState;
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
            {formatDate(c.getValue().slice(0, 10), locale)}
          </time>
        ),
      }),
    ],
    [i18n, locale, today],
  );

  return (
    <DataTable
      data={items}
      columns={columns}
      caption={i18n._("my_quotes.table_label")}
      sortable={SORTABLE}
      sort={state}
      sortHref={(key) => listHref(pathname, state, QUOTE_LIST, sortChange(state, QUOTE_LIST, key))}
      rowId={(row) => row.id}
      minWidth=""
      cards="xl"
      renderCard={(quote) => <QuoteCard quote={quote} today={today} locale={locale} />}
      rightAligned={["lowest_total_minor"]}
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
        <span>{i18n._("my_quotes.sort_by")}</span>
        <select name="sort" defaultValue={state.sort} className={inputClassName}>
          {(["created_at", "number", "title", "status", "valid_until"] as const).map((key) => (
            <option key={key} value={key}>
              {i18n._(`my_quotes.col_${key === "created_at" ? "created" : key}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold">
        <span>{i18n._("my_quotes.sort_direction")}</span>
        <select name="dir" defaultValue={state.dir} className={inputClassName}>
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
