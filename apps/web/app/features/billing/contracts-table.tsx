import { formatDate, formatMoney } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { Contract } from "@ems/contracts/contracts";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";

import { DataTable, type SortState } from "~/components/list/data-table";
import { StatusBadge } from "~/components/list/status-badge";
import { CONTRACT_STATUS_TONES } from "~/lib/status-tones";

import { PdfLink } from "./document-links";
import { hrefOf } from "~/lib/api-client";
import { contractEndpoints } from "@ems/contracts/contracts";

const column = createColumnHelper<Contract>();

export const CONTRACT_SORTABLE = ["number", "title", "starts_on"] as const;

/** One page of the company's agreements. */
export function ContractsTable({
  items,
  locale,
  sort,
  sortHref,
}: {
  items: Contract[];
  locale: Locale;
  sort: SortState;
  sortHref: (key: string) => string;
}) {
  const { i18n } = useLingui();
  const columns = useMemo(
    () => [
      column.accessor("number", {
        header: () => i18n._("billing.contracts.col_number"),
        cell: (c) => <span className="font-semibold whitespace-nowrap">{c.getValue()}</span>,
      }),
      column.accessor("title", {
        header: () => i18n._("billing.contracts.col_title"),
        cell: (c) => (
          <span className="block max-w-xs min-w-48">
            <span className="font-medium break-words">{c.getValue()}</span>
            <span className="block text-xs text-neutral-600 dark:text-neutral-400">
              {i18n._("billing.contract_kind", { kind: c.row.original.kind })}
            </span>
          </span>
        ),
      }),
      column.accessor("status", {
        header: () => i18n._("billing.contracts.col_status"),
        cell: (c) => (
          <StatusBadge
            tone={CONTRACT_STATUS_TONES[c.getValue()]}
            label={i18n._("billing.contract_status", { status: c.getValue() })}
          />
        ),
      }),
      column.accessor("starts_on", {
        header: () => i18n._("billing.contracts.col_period"),
        cell: (c) => (
          <span className="whitespace-nowrap">
            <time dateTime={c.getValue()}>{formatDate(c.getValue(), locale)}</time>
            {" – "}
            {c.row.original.ends_on ? (
              <time dateTime={c.row.original.ends_on}>{formatDate(c.row.original.ends_on, locale)}</time>
            ) : (
              i18n._("billing.contracts.open_ended")
            )}
          </span>
        ),
      }),
      column.accessor("annual_volume_minor", {
        header: () => i18n._("billing.contracts.col_volume"),
        cell: (c) => {
          const value = c.getValue();
          return value === null ? (
            <span className="text-neutral-600 dark:text-neutral-400">{i18n._("billing.none")}</span>
          ) : (
            <span className="whitespace-nowrap tabular-nums">
              {formatMoney(value, c.row.original.currency, locale)}
            </span>
          );
        },
      }),
      column.display({
        id: "pdf",
        header: () => i18n._("billing.col_document"),
        cell: (c) => (
          <PdfLink
            href={hrefOf(contractEndpoints.pdf, { params: { id: c.row.original.id } })}
            number={c.row.original.number}
          />
        ),
      }),
    ],
    [i18n, locale],
  );
  return (
    <DataTable
      data={items}
      columns={columns}
      caption={i18n._("billing.contracts.caption")}
      sortable={CONTRACT_SORTABLE}
      sort={sort}
      sortHref={sortHref}
      rowId={(row) => row.id}
    />
  );
}
