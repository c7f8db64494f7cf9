import { useLingui } from "@lingui/react";
import { capabilities } from "@ems/config/capabilities";
import { SURFACE_FINISHES } from "@ems/contracts/pcb-spec";
import type { PcbSpecSummary } from "@ems/contracts/pcbs";
import { formatDate, formatNumber } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";

import { DataTable } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
import { ListToolbar, ToolbarSearch, ToolbarSelect } from "~/components/list/list-toolbar";
import { isFiltered, listHref, listSearch, sortChange, type ListState } from "~/lib/list-query";

import { listPreviewUrl, PCB_LIST, sheetHref } from "./pcb-helpers";
import { BoardThumb } from "~/components/pcb-spec-reference";

/** Layer count, finish, archived or not, and a search, as a GET form so the URL holds them. */
export function PcbFilters({
  state,
  pathname,
  companies,
}: {
  state: ListState;
  pathname: string;
  /** The back office filters by customer too. */
  companies?: readonly { id: string; name: string }[];
}) {
  const { i18n } = useLingui();
  const sortQuery = listSearch(state, PCB_LIST);
  return (
    <ListToolbar
      label={i18n._("pcbs.filters")}
      applyLabel={i18n._("pcbs.filter_apply")}
      hidden={{ sort: sortQuery.get("sort") ?? undefined, dir: sortQuery.get("dir") ?? undefined }}
      clear={
        isFiltered(state, PCB_LIST)
          ? {
              href: listHref(pathname, state, PCB_LIST, {
                q: "",
                filters: { layers: null, finish: null, state: null, company: null },
              }),
              label: i18n._("pcbs.filter_reset"),
            }
          : undefined
      }
    >
      {companies ? (
        <ToolbarSelect
          name="company"
          label={i18n._("pcbs.filter_company")}
          value={state.filters.company ?? ""}
          options={[
            { value: "", label: i18n._("pcbs.all_companies") },
            ...companies.map((company) => ({ value: company.id, label: company.name })),
          ]}
        />
      ) : null}
      <ToolbarSelect
        name="layers"
        label={i18n._("pcbs.filter_layers")}
        value={state.filters.layers ?? ""}
        options={[
          { value: "", label: i18n._("pcbs.all_layers") },
          ...capabilities.bareBoards.layerCounts.map((count) => ({
            value: String(count),
            label: i18n._("pcbs.layers_value", { count }),
          })),
        ]}
      />
      <ToolbarSelect
        name="finish"
        label={i18n._("pcbs.filter_finish")}
        value={state.filters.finish ?? ""}
        options={[
          { value: "", label: i18n._("pcbs.all_finishes") },
          ...SURFACE_FINISHES.map((finish) => ({ value: finish, label: i18n._(`pcbs.finish.${finish}`) })),
        ]}
      />
      <ToolbarSelect
        name="state"
        label={i18n._("pcbs.filter_state")}
        value={state.filters.state ?? ""}
        options={[
          { value: "", label: i18n._("pcbs.state.active") },
          { value: "archived", label: i18n._("pcbs.state.archived") },
        ]}
      />
      <ToolbarSearch
        label={i18n._("pcbs.filter_search")}
        hint={i18n._("pcbs.filter_search_hint")}
        value={state.q}
        maxLength={100}
      />
    </ListToolbar>
  );
}

const column = createColumnHelper<PcbSpecSummary>();
const SORTABLE = ["number", "name", "updated_at"] as const;

function PcbCard({
  spec,
  locale,
  search,
  staff,
}: {
  spec: PcbSpecSummary;
  locale: Locale;
  search: string;
  staff: boolean;
}) {
  const { i18n } = useLingui();
  const n = (value: number) => formatNumber(value, locale);
  return (
    <div className="flex gap-3">
      <BoardThumb src={listPreviewUrl(spec, staff)} alt={i18n._("pcbs.image_top", { name: spec.name })} />
      <div className="min-w-0 flex-1">
        <Link to={sheetHref(search, spec.id)} className={listLinkClass}>
          {spec.number}
        </Link>
        <p className="font-medium break-words">{spec.name}</p>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {[
            i18n._("pcbs.layers_value", { count: spec.layers }),
            i18n._("pcbs.size_value", { width: n(spec.width_mm), height: n(spec.height_mm) }),
            i18n._(`pcbs.finish.${spec.surface_finish}`),
            i18n._("pcbs.version_short", { version: spec.latest_version }),
          ].join(" · ")}
        </p>
      </div>
    </div>
  );
}

/** The specifications as a table from 1120 px and as cards below; a row opens its sheet. */
export function PcbTable({
  items,
  state,
  pathname,
  search,
  locale,
  showCompany = false,
}: {
  items: PcbSpecSummary[];
  state: ListState;
  pathname: string;
  /** The page's query string, kept when a sheet opens. */
  search: string;
  locale: Locale;
  /** The back office's list names each specification's customer. */
  showCompany?: boolean;
}) {
  const { i18n } = useLingui();
  const columns = useMemo(
    () => [
      column.display({
        id: "preview",
        header: () => <span className="sr-only">{i18n._("pcbs.col_preview")}</span>,
        cell: (c) => (
          <BoardThumb
            src={listPreviewUrl(c.row.original, showCompany)}
            alt={i18n._("pcbs.image_top", { name: c.row.original.name })}
          />
        ),
      }),
      column.accessor("number", {
        header: () => i18n._("pcbs.col_number"),
        cell: (c) => (
          <Link
            to={sheetHref(search, c.row.original.id)}
            className={`${listLinkClass} whitespace-nowrap`}
            aria-label={i18n._("pcbs.open", { number: c.getValue() })}
          >
            {c.getValue()}
          </Link>
        ),
      }),
      column.accessor("name", {
        header: () => i18n._("pcbs.col_name"),
        cell: (c) => (
          <span className="block min-w-40">
            <span className="block font-medium break-words">{c.getValue()}</span>
            {showCompany ? (
              <span className="block text-xs text-neutral-700 dark:text-neutral-300">
                {c.row.original.company_name}
              </span>
            ) : null}
            {c.row.original.customer_part_number ? (
              <span className="block text-xs text-neutral-700 dark:text-neutral-300">
                {[c.row.original.customer_part_number, c.row.original.revision].filter(Boolean).join(" · ")}
              </span>
            ) : null}
          </span>
        ),
      }),
      column.accessor("layers", {
        header: () => i18n._("pcbs.col_layers"),
        cell: (c) => <span className="tabular-nums">{formatNumber(c.getValue(), locale)}</span>,
      }),
      column.display({
        id: "size",
        header: () => i18n._("pcbs.col_size"),
        cell: (c) => (
          <span className="whitespace-nowrap tabular-nums">
            {i18n._("pcbs.size_value", {
              width: formatNumber(c.row.original.width_mm, locale),
              height: formatNumber(c.row.original.height_mm, locale),
            })}
          </span>
        ),
      }),
      column.accessor("surface_finish", {
        header: () => i18n._("pcbs.col_finish"),
        cell: (c) => i18n._(`pcbs.finish.${c.getValue()}`),
      }),
      column.accessor("latest_version", {
        header: () => i18n._("pcbs.col_version"),
        cell: (c) => i18n._("pcbs.version_short", { version: c.getValue() }),
      }),
      column.accessor("updated_at", {
        header: () => i18n._("pcbs.col_updated"),
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {formatDate(c.getValue(), locale)}
          </time>
        ),
      }),
    ],
    [i18n, locale, search, showCompany],
  );
  return (
    <DataTable
      data={items}
      columns={columns}
      caption={i18n._("pcbs.table_label")}
      sortable={SORTABLE}
      sort={state}
      sortHref={(key) => listHref(pathname, state, PCB_LIST, sortChange(state, PCB_LIST, key))}
      rowId={(row) => row.id}
      minWidth=""
      cards="xl"
      renderCard={(spec) => <PcbCard spec={spec} locale={locale} search={search} staff={showCompany} />}
    />
  );
}
