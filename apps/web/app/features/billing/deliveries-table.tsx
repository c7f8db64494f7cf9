import { formatDate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { DeliveryNote } from "@ems/contracts/billing";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";

import { DataTable, type SortState } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
import { href } from "~/lib/route-map";

import { PdfLink, TrackingNumber } from "./document-links";
import { hrefOf } from "~/lib/api-client";
import { deliveryEndpoints } from "@ems/contracts/billing";

const column = createColumnHelper<DeliveryNote>();

export const DELIVERY_SORTABLE = ["number", "shipped_at"] as const;

/** One page of the company's delivery notes. */
export function DeliveriesTable({
  items,
  locale,
  sort,
  sortHref,
}: {
  items: DeliveryNote[];
  locale: Locale;
  sort: SortState;
  sortHref: (key: string) => string;
}) {
  const { i18n } = useLingui();
  const columns = useMemo(
    () => [
      column.accessor("number", {
        header: () => i18n._("billing.deliveries.col_number"),
        cell: (c) => (
          <span className="font-semibold whitespace-nowrap">
            {c.getValue()}
            <span className="block text-xs font-normal text-neutral-600 dark:text-neutral-400">
              {i18n._("billing.deliveries.items", { count: c.row.original.lines.length })}
            </span>
          </span>
        ),
      }),
      column.accessor("order_number", {
        header: () => i18n._("billing.deliveries.col_order"),
        cell: (c) => (
          <span className="whitespace-nowrap">
            <Link to={href("my-order", locale, { order: c.row.original.order_id })} className={listLinkClass}>
              {c.getValue()}
            </Link>
            {c.row.original.po_number ? (
              <span className="block text-xs text-neutral-600 dark:text-neutral-400">
                {i18n._("billing.po_number", { po: c.row.original.po_number })}
              </span>
            ) : null}
          </span>
        ),
      }),
      column.accessor("shipped_at", {
        header: () => i18n._("billing.deliveries.col_shipped"),
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {formatDate(c.getValue(), locale)}
          </time>
        ),
      }),
      column.accessor("carrier", { header: () => i18n._("billing.deliveries.col_carrier") }),
      column.accessor("tracking_number", {
        header: () => i18n._("billing.deliveries.col_tracking"),
        cell: (c) => <TrackingNumber carrier={c.row.original.carrier} number={c.getValue()} />,
      }),
      column.display({
        id: "pdf",
        header: () => i18n._("billing.col_document"),
        cell: (c) => (
          <PdfLink
            href={hrefOf(deliveryEndpoints.pdf, { params: { id: c.row.original.id } })}
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
      caption={i18n._("billing.deliveries.caption")}
      sortable={DELIVERY_SORTABLE}
      sort={sort}
      sortHref={sortHref}
      rowId={(row) => row.id}
    />
  );
}
