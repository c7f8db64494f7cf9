import { useLingui } from "@lingui/react";
import type { AssemblySummary } from "@ems/contracts/assemblies";
import { formatDate, formatNumber } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";

import { DataTable } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
import { ListToolbar, ToolbarSearch, ToolbarSelect } from "~/components/list/list-toolbar";
import { PcbSpecReferenceLink } from "~/components/pcb-spec-reference";
import { Badge } from "~/components/ui/badge";
import { assemblySheetSearch } from "~/lib/assembly-links";
import { isFiltered, listHref, listSearch, sortChange, type ListState } from "~/lib/list-query";

import { ASSEMBLY_LIST } from "./assembly-helpers";

/** Archived or not, and a search, as a GET form so the URL holds them. */
export function AssemblyFilters({
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
  const sortQuery = listSearch(state, ASSEMBLY_LIST);
  return (
    <ListToolbar
      label={i18n._("assembly.filters")}
      applyLabel={i18n._("assembly.filter_apply")}
      hidden={{ sort: sortQuery.get("sort") ?? undefined, dir: sortQuery.get("dir") ?? undefined }}
      clear={
        isFiltered(state, ASSEMBLY_LIST)
          ? {
              href: listHref(pathname, state, ASSEMBLY_LIST, {
                q: "",
                filters: { state: null, company: null },
              }),
              label: i18n._("assembly.filter_reset"),
            }
          : undefined
      }
    >
      {companies ? (
        <ToolbarSelect
          name="company"
          label={i18n._("assembly.filter_company")}
          value={state.filters.company ?? ""}
          options={[
            { value: "", label: i18n._("assembly.all_companies") },
            ...companies.map((company) => ({ value: company.id, label: company.name })),
          ]}
        />
      ) : null}
      <ToolbarSelect
        name="state"
        label={i18n._("assembly.filter_state")}
        value={state.filters.state ?? ""}
        options={[
          { value: "", label: i18n._("assembly.state.active") },
          { value: "archived", label: i18n._("assembly.state.archived") },
        ]}
      />
      <ToolbarSearch
        label={i18n._("assembly.filter_search")}
        hint={i18n._("assembly.filter_search_hint")}
        value={state.q}
        maxLength={100}
      />
    </ListToolbar>
  );
}

/** The BOM's line count, and how many lines match no part as a warning. */
function BomCell({ spec, locale }: { spec: AssemblySummary; locale: Locale }) {
  const { i18n } = useLingui();
  if (spec.bom_lines === null)
    return <span className="text-neutral-700 dark:text-neutral-300">{i18n._("assembly.no_bom")}</span>;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="whitespace-nowrap tabular-nums">
        {i18n._("assembly.bom_lines", { count: spec.bom_lines, n: formatNumber(spec.bom_lines, locale) })}
      </span>
      {spec.bom_unmatched ? (
        <Badge tone="warning">
          {i18n._("assembly.unmatched_badge", {
            count: spec.bom_unmatched,
            n: formatNumber(spec.bom_unmatched, locale),
          })}
        </Badge>
      ) : null}
    </span>
  );
}

function PlacementsCell({ spec, locale }: { spec: AssemblySummary; locale: Locale }) {
  const { i18n } = useLingui();
  if (spec.placements === null)
    return <span className="text-neutral-700 dark:text-neutral-300">{i18n._("assembly.no_placements")}</span>;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {i18n._("assembly.placements_sides", {
        top: formatNumber(spec.placements.top, locale),
        bottom: formatNumber(spec.placements.bottom, locale),
      })}
    </span>
  );
}

const column = createColumnHelper<AssemblySummary>();
const SORTABLE = ["number", "name", "updated_at"] as const;

function AssemblyCard({
  spec,
  locale,
  search,
  staff,
}: {
  spec: AssemblySummary;
  locale: Locale;
  search: string;
  staff: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <div className="min-w-0 space-y-1">
      <Link
        to={assemblySheetSearch(search, spec.id)}
        className={listLinkClass}
        aria-label={i18n._("assembly.open", { number: spec.number })}
      >
        {spec.number}
      </Link>
      <p className="font-medium break-words">{spec.name}</p>
      {staff ? <p className="text-sm">{spec.company_name}</p> : null}
      {spec.pcb ? (
        <PcbSpecReferenceLink spec={spec.pcb} audience={staff ? "staff" : "customer"} locale={locale} />
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <BomCell spec={spec} locale={locale} />
        <PlacementsCell spec={spec} locale={locale} />
      </div>
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        {[
          spec.revision ? i18n._("assembly.revision_value", { revision: spec.revision }) : null,
          i18n._("assembly.version_short", { version: spec.latest_version }),
          formatDate(spec.updated_at, locale),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
    </div>
  );
}

/** The specifications as a table from 1120 px and as cards below; a number opens its sheet. */
export function AssemblyTable({
  items,
  state,
  pathname,
  search,
  locale,
  staff = false,
}: {
  items: AssemblySummary[];
  state: ListState;
  pathname: string;
  /** The page's query string, kept when a sheet opens. */
  search: string;
  locale: Locale;
  /** The back office: the customer named, PCB links into the back office. */
  staff?: boolean;
}) {
  const { i18n } = useLingui();
  const columns = useMemo(
    () => [
      column.accessor("number", {
        header: () => i18n._("assembly.col_number"),
        cell: (c) => (
          <Link
            to={assemblySheetSearch(search, c.row.original.id)}
            className={`${listLinkClass} whitespace-nowrap`}
            aria-label={i18n._("assembly.open", { number: c.getValue() })}
          >
            {c.getValue()}
          </Link>
        ),
      }),
      column.accessor("name", {
        header: () => i18n._("assembly.col_name"),
        cell: (c) => (
          <span className="block min-w-40">
            <span className="block font-medium break-words">{c.getValue()}</span>
            {c.row.original.customer_part_number ? (
              <span className="block text-xs text-neutral-700 dark:text-neutral-300">
                {c.row.original.customer_part_number}
              </span>
            ) : null}
          </span>
        ),
      }),
      ...(staff
        ? [
            column.accessor("company_name", {
              header: () => i18n._("assembly.col_company"),
              cell: (c) => <span className="block min-w-32 break-words">{c.getValue()}</span>,
            }),
          ]
        : []),
      column.accessor("revision", {
        header: () => i18n._("assembly.col_revision"),
        cell: (c) => c.getValue() ?? "—",
      }),
      column.display({
        id: "pcb",
        header: () => i18n._("assembly.col_pcb"),
        cell: (c) =>
          c.row.original.pcb ? (
            <span className="block max-w-56">
              <PcbSpecReferenceLink
                spec={c.row.original.pcb}
                audience={staff ? "staff" : "customer"}
                locale={locale}
              />
            </span>
          ) : (
            <span className="text-neutral-700 dark:text-neutral-300">{i18n._("assembly.no_pcb")}</span>
          ),
      }),
      column.display({
        id: "bom",
        header: () => i18n._("assembly.col_bom"),
        cell: (c) => <BomCell spec={c.row.original} locale={locale} />,
      }),
      column.display({
        id: "placements",
        header: () => i18n._("assembly.col_placements"),
        cell: (c) => <PlacementsCell spec={c.row.original} locale={locale} />,
      }),
      column.accessor("latest_version", {
        header: () => i18n._("assembly.col_version"),
        cell: (c) => i18n._("assembly.version_short", { version: c.getValue() }),
      }),
      column.accessor("updated_at", {
        header: () => i18n._("assembly.col_updated"),
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {formatDate(c.getValue(), locale)}
          </time>
        ),
      }),
    ],
    [i18n, locale, search, staff],
  );
  return (
    <DataTable
      data={items}
      columns={columns}
      caption={i18n._("assembly.table_label")}
      sortable={SORTABLE}
      sort={state}
      sortHref={(key) => listHref(pathname, state, ASSEMBLY_LIST, sortChange(state, ASSEMBLY_LIST, key))}
      rowId={(row) => row.id}
      minWidth=""
      cards="xl"
      renderCard={(spec) => <AssemblyCard spec={spec} locale={locale} search={search} staff={staff} />}
    />
  );
}
