import { useLingui } from "@lingui/react";
import type { BomLineDto } from "@ems/contracts/assemblies";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { Pencil, TriangleAlert } from "lucide-react";
import { useMemo, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";

import { DataTable } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
import { PartLifecycleBadge } from "~/components/part-lifecycle-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, inputClassName } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { newPartHref } from "~/lib/part-links";
import { href } from "~/lib/route-map";

import { BOM_FILTERS, compactDesignators, type BomFilter, type BomRow } from "./bom-helpers";
import { BomQueryLink } from "./bom-queries-notice";
import type { BomLineQuery } from "./bom-queries";

const muted = "text-neutral-700 dark:text-neutral-300";
/** Designators shown before "+N more": a line of 60 resistors would fill the screen. */
const DESIGNATORS_SHOWN = 8;

/** Search, filter and grouping of the table; the page keeps them so the board follows. */
export interface BomView {
  filter: BomFilter;
  query: string;
  grouped: boolean;
}

export function BomToolbar({ view, onChange }: { view: BomView; onChange: (view: BomView) => void }) {
  const { i18n } = useLingui();
  return (
    <div
      role="search"
      aria-label={i18n._("bom.toolbar")}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
    >
      <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-sm font-semibold">
        {i18n._("bom.search")}
        <Input
          type="search"
          value={view.query}
          maxLength={100}
          placeholder={i18n._("bom.search_hint")}
          onChange={(event) => onChange({ ...view, query: event.currentTarget.value })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {i18n._("bom.filter_label")}
        <select
          className={cn(inputClassName, "min-w-40")}
          value={view.filter}
          onChange={(event) => onChange({ ...view, filter: event.currentTarget.value as BomFilter })}
        >
          {BOM_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {i18n._(`bom.filter.${filter}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 py-2 text-sm font-semibold">
        <input
          type="checkbox"
          className="size-4"
          checked={view.grouped}
          onChange={(event) => onChange({ ...view, grouped: event.currentTarget.checked })}
        />
        {i18n._("bom.group")}
      </label>
    </div>
  );
}

/** A line's designators, shortened to ranges, the rest behind "+N more". */
function Designators({ designators }: { designators: string[] }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const compact = compactDesignators(designators);
  if (compact.length === 0) return <span className={muted}>–</span>;
  const shown = open ? compact : compact.slice(0, DESIGNATORS_SHOWN);
  const more = compact.length - shown.length;
  return (
    <span className="block max-w-56 min-w-24 font-mono text-sm break-words">
      {shown.join(", ")}
      {more > 0 || open ? (
        <button
          type="button"
          className="ml-1 font-sans text-xs font-semibold text-primary-800 underline underline-offset-2 dark:text-primary-300"
          aria-expanded={open}
          onClick={(event) => {
            event.stopPropagation();
            setOpen(!open);
          }}
        >
          {open ? i18n._("bom.designators_less") : i18n._("bom.designators_more", { count: more })}
        </button>
      ) : null}
    </span>
  );
}

/** The quantity, and why it needs a look: the file's quantity disagrees, no designators, one twice. */
function Quantity({ row }: { row: BomRow }) {
  const { i18n } = useLingui();
  const warnings = [...new Set(row.lines.flatMap((line) => line.warnings))];
  const texts = warnings.map((warning) =>
    i18n._(`bom.warning.${warning}`, {
      stated: row.line.stated_quantity ?? 0,
      count: row.line.designators.length,
    }),
  );
  return (
    <span className="inline-flex items-start gap-1.5">
      <span className="tabular-nums">{row.quantity}</span>
      {texts.length ? (
        <span className="inline-flex items-start gap-1 text-amber-800 dark:text-amber-300">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="max-w-48 text-xs">{texts.join(" ")}</span>
        </span>
      ) : null}
    </span>
  );
}

/** Manufacturer and MPN of the line's first part, alternates under it. */
function Parts({ line }: { line: BomLineDto }) {
  const { i18n } = useLingui();
  const [first, ...alternates] = line.parts;
  if (!first) return <span className={muted}>–</span>;
  return (
    <span className="block max-w-56 min-w-32">
      <span className="block font-mono text-sm break-all">{first.mpn}</span>
      {first.manufacturer ? <span className={cn("block text-xs", muted)}>{first.manufacturer}</span> : null}
      {alternates.length ? (
        <span className={cn("mt-1 block text-xs", muted)}>
          {i18n._("bom.alternates", { list: alternates.map((part) => part.mpn).join(", ") })}
        </span>
      ) : null}
    </span>
  );
}

/** The line's part of the item master, or the way to create one from the line. */
function Match({ line, locale }: { line: BomLineDto; locale: Locale }) {
  const { i18n } = useLingui();
  if (line.match_status === "matched" && line.part)
    return (
      <span className="flex flex-col items-start gap-1">
        <Badge tone="success">{i18n._("bom.match.matched")}</Badge>
        <Link
          to={`${href("my-parts", locale)}?part=${line.part.id}`}
          className={cn(listLinkClass, "break-all")}
          onClick={(event) => event.stopPropagation()}
        >
          {line.part.part_number}
        </Link>
      </span>
    );
  const first = line.parts[0];
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone="warning">{i18n._(`bom.match.${line.match_status}`)}</Badge>
      <Link
        to={newPartHref(
          {
            description: line.description ?? line.value,
            mpn: first?.mpn ?? null,
            manufacturer: first?.manufacturer ?? null,
          },
          locale,
        )}
        className={cn(listLinkClass, "text-sm whitespace-nowrap")}
        onClick={(event) => event.stopPropagation()}
      >
        {i18n._("bom.create_part")}
      </Link>
    </span>
  );
}

const column = createColumnHelper<BomRow>();

const NO_QUERIES: ReadonlyMap<string, BomLineQuery[]> = new Map();

/** The engineering queries pinning any of the row's lines (a grouped row has several), once each. */
function rowQueries(row: BomRow, queries: ReadonlyMap<string, BomLineQuery[]>): BomLineQuery[] {
  const found = new Map<string, BomLineQuery>();
  for (const line of row.lines) for (const query of queries.get(line.id) ?? []) found.set(query.id, query);
  return [...found.values()];
}

/**
 * The lines as a table (cards on a phone). A row is selected by a click or Enter, which shows its
 * parts on the board; the selected row is marked by a thick outline and its name, not colour alone.
 * A line an open or answered engineering query pins says so with a link to the query.
 */
export function BomTable({
  rows,
  locale,
  selected,
  queries = NO_QUERIES,
  onSelect,
  onEdit,
}: {
  rows: BomRow[];
  locale: Locale;
  selected: string | null;
  /** The open and answered engineering queries by the line they pin. */
  queries?: ReadonlyMap<string, BomLineQuery[]>;
  onSelect: (row: BomRow) => void;
  /** Writers edit a line; not offered on grouped rows. */
  onEdit: ((line: BomLineDto) => void) | null;
}) {
  const { i18n } = useLingui();
  const columns = useMemo(
    () => [
      column.accessor((row) => row.line.position, {
        id: "position",
        header: () => i18n._("bom.col.position"),
        cell: (c) => {
          const pinned = rowQueries(c.row.original, queries);
          return (
            <span className="flex flex-col items-start gap-1">
              <span className="inline-flex items-center gap-2 tabular-nums">
                {c.row.original.lines.map((line) => line.position).join(", ")}
                {c.row.original.id === selected ? (
                  <span className="rounded bg-primary-700 px-1.5 py-0.5 text-xs font-semibold text-white dark:bg-primary-400 dark:text-neutral-950">
                    {i18n._("bom.selected")}
                  </span>
                ) : null}
              </span>
              {pinned.map((query) => (
                <BomQueryLink key={query.id} query={query} />
              ))}
            </span>
          );
        },
      }),
      column.accessor("designators", {
        header: () => i18n._("bom.col.designators"),
        cell: (c) => <Designators designators={c.getValue()} />,
      }),
      column.accessor("quantity", {
        header: () => i18n._("bom.col.quantity"),
        cell: (c) => <Quantity row={c.row.original} />,
      }),
      column.accessor((row) => row.line.value, {
        id: "value",
        header: () => i18n._("bom.col.value"),
        cell: (c) => <span className="block max-w-40 break-words">{c.getValue() ?? "–"}</span>,
      }),
      column.accessor((row) => row.line.footprint, {
        id: "footprint",
        header: () => i18n._("bom.col.footprint"),
        cell: (c) => <span className="block max-w-40 text-xs break-all">{c.getValue() ?? "–"}</span>,
      }),
      column.display({
        id: "mpn",
        header: () => i18n._("bom.col.mpn"),
        cell: (c) => <Parts line={c.row.original.line} />,
      }),
      column.display({
        id: "match",
        header: () => i18n._("bom.col.match"),
        cell: (c) => <Match line={c.row.original.line} locale={locale} />,
      }),
      column.display({
        id: "handling",
        header: () => i18n._("bom.col.handling"),
        cell: (c) => {
          const part = c.row.original.line.part;
          if (!part || (!part.msl && !part.polarized && !part.lifecycle))
            return <span className={muted}>–</span>;
          return (
            <span className="flex flex-col items-start gap-0.5 text-xs whitespace-nowrap">
              {part.msl ? <span>{i18n._("bom.msl", { level: part.msl })}</span> : null}
              {part.polarized ? <span>{i18n._("bom.polarized")}</span> : null}
              <PartLifecycleBadge lifecycle={part.lifecycle} />
            </span>
          );
        },
      }),
      column.display({
        id: "dnp",
        header: () => i18n._("bom.col.fitting"),
        cell: (c) => {
          const { dnp, consigned } = c.row.original.line;
          if (!dnp && !consigned) return null;
          return (
            <span className="flex flex-col items-start gap-1">
              {dnp ? <Badge tone="neutral">{i18n._("bom.dnp")}</Badge> : null}
              {consigned ? <Badge tone="info">{i18n._("bom.consigned_badge")}</Badge> : null}
            </span>
          );
        },
      }),
      column.display({
        id: "comment",
        header: () => i18n._("bom.col.comment"),
        cell: (c) => {
          const { comment, file_comment: fileComment } = c.row.original.line;
          return (
            <span className="block max-w-56 min-w-24 text-sm break-words">
              {comment ?? ""}
              {fileComment ? (
                <span className={cn("block text-xs", muted)}>
                  {i18n._("bom.file_comment", { text: fileComment })}
                </span>
              ) : null}
            </span>
          );
        },
      }),
      ...(onEdit
        ? [
            column.display({
              id: "edit",
              header: () => <span className="sr-only">{i18n._("bom.col.actions")}</span>,
              cell: (c) =>
                c.row.original.lines.length === 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={i18n._("bom.edit_line", { position: c.row.original.line.position })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onEdit(c.row.original.line);
                    }}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    <span aria-hidden="true">{i18n._("bom.edit")}</span>
                  </Button>
                ) : null,
            }),
          ]
        : []),
    ],
    [i18n, locale, onEdit, queries, selected],
  );

  const onKeyDown = (row: BomRow) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelect(row);
    }
  };

  return (
    <DataTable
      data={rows}
      columns={columns}
      caption={i18n._("bom.table_caption")}
      rowId={(row) => row.id}
      minWidth="min-w-[1100px]"
      rowProps={(row) => ({
        tabIndex: 0,
        "data-row-id": row.id,
        "aria-current": row.id === selected ? "true" : undefined,
        "aria-label": i18n._("bom.row_label", {
          position: row.line.position,
          designators: compactDesignators(row.designators).join(", ") || "–",
        }),
        onClick: () => onSelect(row),
        onKeyDown: onKeyDown(row),
        className: cn(
          "cursor-pointer scroll-mt-24 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600",
          row.id !== selected && rowQueries(row, queries).length > 0 && "bg-amber-50 dark:bg-amber-950/60",
          row.id === selected &&
            "bg-primary-50 outline-3 -outline-offset-3 outline-primary-700 dark:bg-primary-950 dark:outline-primary-300",
        ),
      })}
    />
  );
}
