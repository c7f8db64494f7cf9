import { formatDate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { MaterialRequest } from "@ems/contracts/material-requests";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import { FileDown } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { Link } from "react-router";

import { listLinkClass } from "~/components/list/link-class";
import { StatusBadge } from "~/components/list/status-badge";
import { href } from "~/lib/route-map";
import { MATERIAL_STATUS_TONES } from "~/lib/status-tones";
import { hrefOf } from "~/lib/api-client";
import { materialRequestEndpoints } from "@ems/contracts/material-requests";

const column = createColumnHelper<MaterialRequest>();

export const MATERIAL_SORTABLE = ["number", "expected_on"] as const;

/**
 * The columns of the material request list (docs/behaviour/billing.md#material-requests). The route renders
 * them in the shared document table and passes how tracking numbers are shown.
 */
export function useMaterialRequestColumns({
  locale,
  tracking,
}: {
  locale: Locale;
  tracking: (carrier: string | null, number: string | null) => ReactNode;
}): ColumnDef<MaterialRequest, string>[] {
  const { i18n } = useLingui();
  return useMemo(
    () =>
      [
        column.accessor("number", {
          header: () => i18n._("supply.col_number"),
          cell: (c) => (
            <span className="block">
              <span className="font-semibold whitespace-nowrap">{c.getValue()}</span>
              <span className="block text-xs text-neutral-600 dark:text-neutral-400">
                {i18n._("supply.announced_on", { date: formatDate(c.row.original.created_at, locale) })}
              </span>
            </span>
          ),
        }),
        column.accessor("status", {
          header: () => i18n._("supply.col_status"),
          cell: (c) => (
            <span className="flex flex-col items-start gap-1">
              <StatusBadge
                tone={MATERIAL_STATUS_TONES[c.row.original.status]}
                label={i18n._("supply.status", { status: c.row.original.status })}
              />
              {c.row.original.received_at ? (
                <span className="text-xs whitespace-nowrap text-neutral-600 dark:text-neutral-400">
                  {i18n._("supply.received_on", { date: formatDate(c.row.original.received_at, locale) })}
                </span>
              ) : null}
            </span>
          ),
        }),
        column.accessor("expected_on", {
          header: () => i18n._("supply.col_expected"),
          cell: (c) => (
            <time dateTime={c.getValue()} className="whitespace-nowrap">
              {formatDate(c.getValue(), locale)}
            </time>
          ),
        }),
        column.display({
          id: "order",
          header: () => i18n._("supply.col_order"),
          cell: (c) => {
            const { order_id: id, order_number: number } = c.row.original;
            return id && number ? (
              <Link
                to={href("my-order", locale, { order: id })}
                className={`${listLinkClass} whitespace-nowrap`}
              >
                {number}
              </Link>
            ) : (
              <span className="text-neutral-600 dark:text-neutral-400">{i18n._("supply.none")}</span>
            );
          },
        }),
        column.display({
          id: "shipment",
          header: () => i18n._("supply.col_shipment"),
          cell: (c) => {
            const { carrier, tracking_number: number } = c.row.original;
            if (!carrier && !number)
              return <span className="text-neutral-600 dark:text-neutral-400">{i18n._("supply.none")}</span>;
            return (
              <span className="flex flex-col gap-0.5">
                {carrier ? <span>{carrier}</span> : null}
                {number ? tracking(carrier, number) : null}
              </span>
            );
          },
        }),
        column.display({
          id: "lines",
          header: () => i18n._("supply.col_lines"),
          cell: (c) => {
            const mpns = c.row.original.lines.map((line) => line.mpn);
            return (
              <span className="block max-w-36">
                <span className="whitespace-nowrap">
                  {i18n._("supply.line_count", { count: mpns.length })}
                </span>
                <span className="block truncate font-mono text-xs text-neutral-600 dark:text-neutral-400">
                  {mpns.slice(0, 3).join(", ")}
                  {mpns.length > 3 ? " …" : ""}
                </span>
              </span>
            );
          },
        }),
        column.display({
          id: "pdf",
          header: () => i18n._("supply.col_document"),
          cell: (c) => (
            <a
              href={hrefOf(materialRequestEndpoints.pdf, { params: { id: c.row.original.id } })}
              download={`${c.row.original.number}.pdf`}
              aria-label={i18n._("supply.pdf_label", { number: c.row.original.number })}
              className="inline-flex items-center gap-1 rounded font-semibold text-primary-800 hover:underline dark:text-primary-300"
            >
              <FileDown aria-hidden="true" className="size-4" />
              {i18n._("supply.pdf")}
            </a>
          ),
        }),
      ] as ColumnDef<MaterialRequest, string>[],
    [i18n, locale, tracking],
  );
}
