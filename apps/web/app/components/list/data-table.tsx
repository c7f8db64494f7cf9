import { useLingui } from "@lingui/react";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { HTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";

import { cn } from "~/lib/cn";
import type { SortDir } from "~/lib/list-query";

import { EmptyList } from "./list-states";

/**
 * A column header that sorts the list by its column: a link, so the order lives in the URL. Its name
 * says how the list is sorted now and that selecting it reverses or sorts.
 */
export function SortLink({
  label,
  to,
  active,
  dir,
}: {
  label: ReactNode;
  to: string;
  active: boolean;
  dir: SortDir;
}) {
  const { i18n } = useLingui();
  const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <Link
      to={to}
      preventScrollReset
      className="inline-flex items-center gap-1 rounded hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
      aria-label={
        active
          ? i18n._("list.sorted", { column: String(label), dir })
          : i18n._("list.sort_by", { column: String(label) })
      }
    >
      {label}
      <Icon aria-hidden="true" className={cn("size-3.5", active ? "" : "opacity-50")} />
    </Link>
  );
}

export interface SortState {
  sort: string;
  dir: SortDir;
}

/** What a row (or its card) gets besides its cells: a list whose rows can be selected makes them focusable. */
export type RowProps = HTMLAttributes<HTMLElement> & { "data-row-id"?: string };

/** Where the table turns into stacked cards (below that width), or never. */
export type CardsBelow = "md" | "xl" | false;

const CARD_LIST: Record<"md" | "xl", string> = { md: "md:hidden", xl: "xl:hidden" };
const TABLE_REGION: Record<"md" | "xl", string> = { md: "hidden md:block", xl: "hidden xl:block" };

const cardClass =
  "rounded-xl border border-neutral-200 bg-white p-4 text-sm dark:border-neutral-800 dark:bg-neutral-950";

/**
 * The table of every list: sortable column headers are links (the URL keeps the order, so it survives
 * a reload), the table scrolls sideways in a keyboard-focusable region, and on narrow screens the
 * rows become cards of label and value pairs or, with `renderCard`, the list's own cards.
 */
export function DataTable<T>({
  data,
  columns,
  caption,
  sortable = [],
  sort,
  sortHref,
  rowId,
  minWidth = "min-w-[760px]",
  cards = "md",
  renderCard,
  rowHeader = false,
  rightAligned = [],
  rowProps,
  empty,
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
  cards?: CardsBelow;
  renderCard?: (row: T) => ReactNode;
  /** The first cell names its row (th scope="row"), for tables read row by row. */
  rowHeader?: boolean;
  /** Column ids of amounts, aligned right. */
  rightAligned?: readonly string[];
  rowProps?: (row: T) => RowProps;
  /**
   * What stands in place of a table without rows: the list's own words on what to do next; a
   * general note when it passes none, never a header row over nothing.
   */
  empty?: ReactNode;
}) {
  const { i18n } = useLingui();
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions each render by design.
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row: T) => rowId(row),
  });

  const header = (id: string, label: ReactNode) =>
    sortable.includes(id) && sort && sortHref ? (
      <SortLink label={label} to={sortHref(id)} active={sort.sort === id} dir={sort.dir} />
    ) : (
      label
    );

  const headers = new Map(table.getFlatHeaders().map((h) => [h.column.id, h]));
  const rows = table.getRowModel().rows;
  const right = (id: string) => (rightAligned.includes(id) ? "text-right" : "");
  // The header text of a column as a string, for the sort link's name.
  const headerText = (id: string) => {
    const def = headers.get(id)?.column.columnDef.header;
    return typeof def === "function" ? def(headers.get(id)!.getContext()) : def;
  };

  if (rows.length === 0) return <EmptyList>{empty ?? i18n._("list.empty")}</EmptyList>;

  return (
    <>
      {cards ? (
        <ul
          aria-label={caption}
          className={cn(renderCard ? "grid gap-3 md:grid-cols-2" : "space-y-3", CARD_LIST[cards])}
        >
          {rows.map((row: Row<T>) => {
            const extra = rowProps?.(row.original) ?? {};
            if (renderCard)
              return (
                <li key={row.id} {...extra} className={cn(cardClass, extra.className)}>
                  {renderCard(row.original)}
                </li>
              );
            const [first, ...rest] = row.getVisibleCells();
            return (
              <li key={row.id} {...extra} className={cn(cardClass, extra.className)}>
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
                        <dd className="min-w-0">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div
        // A keyboard user can scroll the table sideways when the window is narrow.
        tabIndex={0}
        role="region"
        aria-label={caption}
        className={cn(
          // relative: visually hidden header texts (absolutely positioned) stay inside the scroller.
          "relative overflow-x-auto rounded-xl border border-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-neutral-800",
          cards ? TABLE_REGION[cards] : "",
        )}
      >
        <table className={cn("w-full text-left text-sm", minWidth)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-neutral-50 text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((h) => {
                  const label = headerText(h.column.id);
                  const active = sort?.sort === h.column.id && sortable.includes(h.column.id);
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={active ? (sort!.dir === "asc" ? "ascending" : "descending") : undefined}
                      className={cn(
                        "px-3 py-3 align-bottom font-semibold whitespace-nowrap first:pl-4 last:pr-4",
                        right(h.column.id),
                      )}
                    >
                      {header(h.column.id, label)}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {rows.map((row: Row<T>) => {
              const extra = rowProps?.(row.original) ?? {};
              return (
                <tr key={row.id} {...extra} className={cn("bg-white dark:bg-neutral-950", extra.className)}>
                  {row.getVisibleCells().map((cell, index) => {
                    const Cell = rowHeader && index === 0 ? "th" : "td";
                    return (
                      <Cell
                        key={cell.id}
                        scope={Cell === "th" ? "row" : undefined}
                        className={cn(
                          "px-3 py-3 align-top font-normal first:pl-4 last:pr-4",
                          right(cell.column.id),
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
