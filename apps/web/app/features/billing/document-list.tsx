import { useLingui } from "@lingui/react";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink, FileDown } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";

import { Button } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { cn } from "~/lib/cn";

import type { SortDir } from "./list-query";
import { trackingUrl } from "./tracking";

/**
 * The building blocks of the document lists (deliveries, invoices, contracts and, through its route,
 * material requests): a filter bar that is a plain GET form, a table with sortable column headers
 * (stacked cards below 768 px), paging links, an empty state, PDF and tracking links.
 */

const linkClass =
  "font-semibold text-primary-800 underline decoration-primary-800/40 underline-offset-2 hover:decoration-primary-800 dark:text-primary-300 dark:decoration-primary-300/40";

export { linkClass as documentLinkClass };

export interface SortState {
  sort: string;
  dir: SortDir;
}

export function DataTable<T>({
  data,
  columns,
  caption,
  sortable = [],
  sort,
  sortHref,
  rowId,
  minWidth = "min-w-[760px]",
}: {
  data: T[];
  // TanStack's column values differ per column, hence `any` in the element type (as its own docs do).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  caption: string;
  /** Column ids the API can sort by. */
  sortable?: readonly string[];
  sort?: SortState;
  sortHref?: (key: string) => string;
  rowId: (row: T) => string;
  minWidth?: string;
}) {
  const { i18n } = useLingui();
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions each render by design.
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row: T) => rowId(row),
  });

  const header = (id: string, label: ReactNode) => {
    if (!sortable.includes(id) || !sort || !sortHref) return label;
    const active = sort.sort === id;
    const Icon = !active ? ArrowUpDown : sort.dir === "asc" ? ArrowUp : ArrowDown;
    return (
      <Link
        to={sortHref(id)}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded hover:underline"
        aria-label={
          active
            ? i18n._("billing.list.sorted", { column: String(label), dir: sort.dir })
            : i18n._("billing.list.sort_by", { column: String(label) })
        }
      >
        {label}
        <Icon aria-hidden="true" className={cn("size-3.5", active ? "" : "opacity-50")} />
      </Link>
    );
  };

  const headers = new Map(table.getFlatHeaders().map((h) => [h.column.id, h]));
  const rows = table.getRowModel().rows;

  return (
    <>
      {/* Below 768 px every row is a card of label and value pairs. */}
      <ul aria-label={caption} className="space-y-3 md:hidden">
        {rows.map((row: Row<T>) => {
          const [first, ...rest] = row.getVisibleCells();
          return (
            <li
              key={row.id}
              className="rounded-xl border border-neutral-200 bg-white p-4 text-sm dark:border-neutral-800 dark:bg-neutral-950"
            >
              {first ? (
                <div className="mb-3">{flexRender(first.column.columnDef.cell, first.getContext())}</div>
              ) : null}
              <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-2">
                {rest.map((cell) => {
                  const h = headers.get(cell.column.id);
                  return (
                    <div key={cell.id} className="contents">
                      <dt className="font-medium text-neutral-600 dark:text-neutral-400">
                        {h ? flexRender(cell.column.columnDef.header, h.getContext()) : null}
                      </dt>
                      <dd className="min-w-0">{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          );
        })}
      </ul>
      <div
        // A keyboard user can scroll the table sideways when the window is narrow.
        tabIndex={0}
        role="region"
        aria-label={caption}
        className="hidden overflow-x-auto rounded-xl border border-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 md:block dark:border-neutral-800"
      >
        <table className={cn("w-full text-left text-sm", minWidth)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-neutral-50 text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((h) => {
                  const label = flexRender(h.column.columnDef.header, h.getContext());
                  const active = sort?.sort === h.column.id && sortable.includes(h.column.id);
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={active ? (sort!.dir === "asc" ? "ascending" : "descending") : undefined}
                      className="px-3 py-3 font-semibold whitespace-nowrap first:pl-4 last:pr-4"
                    >
                      {header(h.column.id, label)}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {rows.map((row: Row<T>) => (
              <tr key={row.id} className="bg-white dark:bg-neutral-950">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-3 align-top first:pl-4 last:pr-4">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export interface ToolbarSelect {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}

/**
 * Search, filters and sort order as a GET form: it works before JavaScript loads, and afterwards a
 * changed select applies at once. Hidden fields keep filters the bar does not show (an order id).
 */
export function ListToolbar({
  search,
  selects = [],
  hidden = {},
}: {
  search: { label: string; value: string; maxLength: number; hint?: string };
  selects?: ToolbarSelect[];
  hidden?: Record<string, string>;
}) {
  const { i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form
      ref={form}
      method="get"
      preventScrollReset
      role="search"
      aria-label={i18n._("billing.list.filters")}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="w-full space-y-1 text-sm font-semibold sm:w-auto sm:min-w-56 sm:flex-1">
        <span>{search.label}</span>
        <input
          name="q"
          type="search"
          defaultValue={search.value}
          maxLength={search.maxLength}
          placeholder={search.hint}
          className={inputClassName}
        />
      </label>
      {selects.map((select) => (
        <label key={select.name} className="w-full space-y-1 text-sm font-semibold sm:w-auto">
          <span>{select.label}</span>
          <select
            name={select.name}
            defaultValue={select.value}
            onChange={() => form.current?.requestSubmit()}
            className={inputClassName}
          >
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <div className="w-full sm:w-auto">
        <Button type="submit" variant="outline" className="w-full sm:w-auto">
          {i18n._("billing.list.apply")}
        </Button>
      </div>
    </Form>
  );
}

/** "12 documents" above a list, announced when a filter changes it. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
      {children}
    </p>
  );
}

export function Pagination({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const { i18n } = useLingui();
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={i18n._("billing.list.pagination")}
      className="flex items-center justify-between gap-3 text-sm"
    >
      {page > 1 ? (
        <Link className={linkClass} to={href(page - 1)} preventScrollReset>
          {i18n._("billing.list.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{i18n._("billing.list.page_of", { page, pages })}</span>
      {page < pages ? (
        <Link className={linkClass} to={href(page + 1)} preventScrollReset>
          {i18n._("billing.list.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** No rows: says why (nothing yet, or nothing matches) and offers to clear the filters. */
export function EmptyList({ children, clearHref }: { children: ReactNode; clearHref?: string }) {
  const { i18n } = useLingui();
  return (
    <div className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700 dark:border-neutral-700 dark:text-neutral-300">
      <p>{children}</p>
      {clearHref ? (
        <p className="mt-2">
          <Link className={linkClass} to={clearHref}>
            {i18n._("billing.list.clear_filters")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The document's PDF; the session cookie authenticates the download. */
export function PdfLink({ href, number }: { href: string; number: string }) {
  const { i18n } = useLingui();
  return (
    <a
      href={href}
      download={`${number}.pdf`}
      aria-label={i18n._("billing.pdf_label", { number })}
      className="inline-flex items-center gap-1 rounded font-semibold text-primary-800 hover:underline dark:text-primary-300"
    >
      <FileDown aria-hidden="true" className="size-4" />
      {i18n._("billing.pdf")}
    </a>
  );
}

/** A tracking number, linked to the carrier's tracking page for the well-known carriers. */
export function TrackingNumber({ carrier, number }: { carrier: string | null; number: string | null }) {
  const { i18n } = useLingui();
  if (!number)
    return <span className="text-neutral-600 dark:text-neutral-400">{i18n._("billing.none")}</span>;
  const url = trackingUrl(carrier, number);
  if (!url) return <span className="font-mono text-xs break-all">{number}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={i18n._("billing.track_label", { number, carrier: carrier ?? "" })}
      className={cn(linkClass, "inline-flex items-center gap-1 font-mono text-xs break-all")}
    >
      {number}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
    </a>
  );
}
