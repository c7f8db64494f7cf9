import { useLingui } from "@lingui/react";
import { MSL_LEVELS, PART_LIFECYCLES, PART_TYPES, type Part } from "@ems/contracts/parts";
import { formatDate, formatMoney } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";

import { DataTable } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
import { ListToolbar, ToolbarFilter, ToolbarSearch, ToolbarSelect } from "~/components/list/list-toolbar";
import { PartLifecycleBadge } from "~/components/part-lifecycle-badge";
import { isFiltered, listHref, sortChange, sortHidden, type ListState } from "~/lib/list-query";
import { partSheetHref } from "~/lib/part-links";

import { LIST_MPNS_SHOWN, PART_LIST, STAFF_PART_LIST } from "./part-helpers";

const muted = "text-neutral-700 dark:text-neutral-300";

/** Search (part number, MPN or description), type, MSL and lifecycle, as a GET form so the URL holds them. */
export function PartFilters({
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
  // The back office sorts by another default, so its sort is told apart by its own spec.
  const spec = companies ? STAFF_PART_LIST : PART_LIST;
  return (
    <ListToolbar
      label={i18n._("parts.filters")}
      applyLabel={i18n._("parts.filter_apply")}
      hidden={sortHidden(state, spec)}
      clear={
        isFiltered(state, spec)
          ? {
              href: listHref(pathname, state, spec, {
                q: "",
                filters: { type: null, msl: null, lifecycle: null, company: null },
              }),
              label: i18n._("parts.filter_reset"),
            }
          : undefined
      }
    >
      {companies ? (
        <ToolbarSelect
          name="company"
          label={i18n._("parts.filter_company")}
          value={state.filters.company ?? ""}
          options={[
            { value: "", label: i18n._("parts.all_companies") },
            ...companies.map((company) => ({ value: company.id, label: company.name })),
          ]}
        />
      ) : null}
      <ToolbarSearch
        label={i18n._("parts.filter_search")}
        hint={i18n._("parts.filter_search_hint")}
        value={state.q}
        maxLength={100}
      />
      <ToolbarFilter
        name="type"
        label={i18n._("parts.field.type")}
        allLabel={i18n._("parts.all_types")}
        values={PART_TYPES}
        optionLabel={(type) => i18n._(`parts.type.${type}`)}
        state={state}
      />
      <ToolbarFilter
        name="msl"
        label={i18n._("parts.filter_msl")}
        allLabel={i18n._("parts.all_msl")}
        values={MSL_LEVELS}
        optionLabel={(msl) => i18n._("parts.msl_short", { level: msl })}
        state={state}
      />
      <ToolbarFilter
        name="lifecycle"
        label={i18n._("parts.field.lifecycle")}
        allLabel={i18n._("parts.all_lifecycles")}
        values={PART_LIFECYCLES}
        optionLabel={(lifecycle) => i18n._(`parts.lifecycle.${lifecycle}`)}
        state={state}
      />
    </ListToolbar>
  );
}

/** The first MPN with its manufacturer, and how many more the part has. */
function MpnSummary({ part }: { part: Part }) {
  const { i18n } = useLingui();
  const [first] = part.mpns;
  if (!first) return <span className={muted}>{i18n._("parts.no_mpns")}</span>;
  const more = part.mpns.length - LIST_MPNS_SHOWN;
  return (
    <span className="block min-w-0">
      <span className="block font-mono text-sm break-all">{first.mpn}</span>
      {first.manufacturer_name ? (
        <span className={`block text-xs ${muted}`}>{first.manufacturer_name}</span>
      ) : null}
      {more > 0 ? (
        <span className={`block text-xs ${muted}`}>{i18n._("parts.more_mpns", { count: more })}</span>
      ) : null}
    </span>
  );
}

const column = createColumnHelper<Part>();
const SORTABLE = ["part_number", "description", "updated_at"] as const;

/** The parts as a table from 768 px and as label/value cards below; a part number opens its sheet. */
export function PartTable({
  items,
  state,
  pathname,
  search,
  locale,
  staff = false,
}: {
  items: Part[];
  state: ListState;
  pathname: string;
  /** The page's query string, kept when a sheet opens. */
  search: string;
  locale: Locale;
  /**
   * The back office: the customer named; polarity and the customer's own valuation rate stay in the
   * sheet, which leaves room for the customer.
   */
  staff?: boolean;
}) {
  const { i18n } = useLingui();
  const spec = staff ? STAFF_PART_LIST : PART_LIST;
  const columns = useMemo(
    () => [
      column.accessor("part_number", {
        header: () => i18n._("parts.field.part_number"),
        cell: (c) => (
          <Link
            to={partSheetHref(search, c.row.original.id)}
            className={`${listLinkClass} break-all`}
            aria-label={i18n._("parts.open", { number: c.getValue() })}
          >
            {c.getValue()}
          </Link>
        ),
      }),
      ...(staff
        ? [
            column.accessor("company_name", {
              header: () => i18n._("parts.col_company"),
              cell: (c) => <span className="block min-w-32 break-words">{c.getValue()}</span>,
            }),
          ]
        : []),
      column.accessor("description", {
        header: () => i18n._("parts.field.description"),
        cell: (c) => <span className="block min-w-40 break-words">{c.getValue()}</span>,
      }),
      column.accessor("type", {
        header: () => i18n._("parts.field.type"),
        cell: (c) => i18n._(`parts.type.${c.getValue()}`),
      }),
      column.display({
        id: "mpns",
        header: () => i18n._("parts.col_mpns"),
        cell: (c) => <MpnSummary part={c.row.original} />,
      }),
      column.accessor("msl", {
        header: () => i18n._("parts.col_msl"),
        cell: (c) => {
          const msl = c.getValue();
          return msl ? (
            <span className="whitespace-nowrap">{i18n._("parts.msl_short", { level: msl })}</span>
          ) : (
            <span className={muted}>{i18n._("parts.msl_none_short")}</span>
          );
        },
      }),
      column.accessor("lifecycle", {
        header: () => i18n._("parts.field.lifecycle"),
        cell: (c) =>
          c.getValue() ? (
            <PartLifecycleBadge lifecycle={c.getValue()} />
          ) : (
            <span className={`whitespace-nowrap ${muted}`}>{i18n._("parts.lifecycle_none")}</span>
          ),
      }),
      ...(staff
        ? []
        : [
            column.accessor("polarized", {
              header: () => i18n._("parts.col_polarized"),
              cell: (c) => i18n._(c.getValue() ? "parts.yes" : "parts.no"),
            }),
            column.accessor("valuation_rate", {
              header: () => i18n._("parts.col_valuation_rate"),
              cell: (c) => {
                const rate = c.getValue();
                return rate ? (
                  <span className="whitespace-nowrap tabular-nums">
                    {formatMoney(rate.amount_minor, rate.currency, locale)}
                  </span>
                ) : (
                  <span className={muted}>—</span>
                );
              },
            }),
          ]),
      column.accessor("updated_at", {
        header: () => i18n._("parts.col_updated"),
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
      caption={i18n._(staff ? "parts.staff_table_label" : "parts.table_label")}
      sortable={SORTABLE}
      sort={state}
      sortHref={(key) => listHref(pathname, state, spec, sortChange(state, spec, key))}
      rowId={(row) => row.id}
      minWidth="min-w-[900px]"
      cards="md"
      rightAligned={["valuation_rate"]}
    />
  );
}
