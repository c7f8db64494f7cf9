import { useLingui } from "@lingui/react";
import type { DeskData } from "@ems/contracts/desk";
import type { Locale } from "@ems/i18n/locales";
import { AlarmClock, FileClock, FileText, Factory, MessageSquareWarning, Receipt, Truck } from "lucide-react";
import { Link } from "react-router";

import { cn } from "~/lib/cn";
import { href } from "~/lib/route-map";

interface Tile {
  id: string;
  count: number;
  label: string;
  to: string;
  icon: typeof FileText;
  /** Draws attention (overdue invoices). */
  alert?: boolean;
}

/**
 * The tiles' columns by how many there are (4 to 7: engineers see no invoices, the queries tile only
 * while some wait): two on a phone, where an odd last tile spans the row; from 768 px rows of about
 * equal length (7 as 4 + 3, 5 as 3 + 2); from 1280 px all in one row, where the desk (72rem) leaves
 * each of seven about 150 px. Written out, so Tailwind finds the class names.
 */
const MD_COLUMNS: Record<number, string> = {
  1: "md:grid-cols-1",
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
  4: "md:grid-cols-4",
  5: "md:grid-cols-3",
  6: "md:grid-cols-3",
  7: "md:grid-cols-4",
};
const XL_COLUMNS: Record<number, string> = {
  1: "xl:grid-cols-1",
  2: "xl:grid-cols-2",
  3: "xl:grid-cols-3",
  4: "xl:grid-cols-4",
  5: "xl:grid-cols-5",
  6: "xl:grid-cols-6",
  7: "xl:grid-cols-7",
};

export function tileGridClass(count: number): string {
  return cn(
    "grid grid-cols-2 gap-3",
    count % 2 === 1 && "[&>li:last-child]:col-span-2 md:[&>li:last-child]:col-span-1",
    MD_COLUMNS[count] ?? "md:grid-cols-4",
    XL_COLUMNS[count] ?? "xl:grid-cols-4",
  );
}

/**
 * The desk's figures, each a link to the list it counts with the matching filter. Unpaid counts
 * the invoices not yet due, so it matches the invoice list's unpaid filter; overdue ones have a
 * tile of their own. Engineers get no invoice tiles (the API sends null).
 */
export function CountTiles({
  counts,
  locale,
  queriesHref = null,
}: {
  counts: DeskData["counts"];
  locale: Locale;
  /** Where the open engineering queries tile leads (the oldest query); the tile shows only while some wait. */
  queriesHref?: string | null;
}) {
  const { i18n } = useLingui();
  const quotes = href("my-quotes", locale);
  const invoices = href("my-invoices", locale);
  const tiles: Tile[] = [];
  if (counts.open_queries > 0)
    tiles.push({
      id: "open-queries",
      count: counts.open_queries,
      label: i18n._("eq.desk_tile", { count: counts.open_queries }),
      to: queriesHref ?? href("my-pcbas", locale),
      icon: MessageSquareWarning,
      alert: true,
    });
  tiles.push(
    {
      id: "open-quotes",
      count: counts.open_quotes,
      label: i18n._("desk.tile_open_quotes", { count: counts.open_quotes }),
      to: `${quotes}?status=Open`,
      icon: FileText,
    },
    {
      id: "quotes-in-progress",
      count: counts.quotes_in_progress,
      label: i18n._("desk.tile_quotes_in_progress", { count: counts.quotes_in_progress }),
      to: `${quotes}?${new URLSearchParams({ status: "In Progress" }).toString()}`,
      icon: FileClock,
    },
    {
      id: "orders-in-production",
      count: counts.orders_in_production,
      label: i18n._("desk.tile_orders_in_production", { count: counts.orders_in_production }),
      to: `${href("my-orders", locale)}?sort=delivery_date&dir=asc`,
      icon: Factory,
    },
    {
      id: "deliveries",
      count: counts.deliveries_last_30_days,
      label: i18n._("desk.tile_deliveries", { count: counts.deliveries_last_30_days }),
      to: href("my-deliveries", locale),
      icon: Truck,
    },
  );
  if (counts.unpaid_invoices !== null && counts.overdue_invoices !== null) {
    const notDue = counts.unpaid_invoices - counts.overdue_invoices;
    tiles.push(
      {
        id: "unpaid-invoices",
        count: notDue,
        label: i18n._("desk.tile_unpaid", { count: notDue }),
        to: `${invoices}?status=unpaid`,
        icon: Receipt,
      },
      {
        id: "overdue-invoices",
        count: counts.overdue_invoices,
        label: i18n._("desk.tile_overdue", { count: counts.overdue_invoices }),
        to: `${invoices}?status=overdue`,
        icon: AlarmClock,
        alert: counts.overdue_invoices > 0,
      },
    );
  }
  return (
    <ul className={tileGridClass(tiles.length)} aria-label={i18n._("desk.tiles_label")}>
      {tiles.map((tile) => {
        const Icon = tile.icon;
        return (
          <li key={tile.id}>
            <Link
              to={tile.to}
              data-tile={tile.id}
              className={cn(
                "flex h-full flex-col gap-2 rounded-xl border bg-white p-4 shadow-sm transition-colors hover:border-primary-600 dark:bg-neutral-900 dark:hover:border-primary-400",
                tile.alert
                  ? "border-red-300 dark:border-red-800"
                  : "border-neutral-200 dark:border-neutral-800",
              )}
            >
              <Icon
                aria-hidden="true"
                className={cn(
                  "size-5",
                  tile.alert ? "text-red-700 dark:text-red-400" : "text-primary-700 dark:text-primary-400",
                )}
              />
              <span className="text-3xl font-bold tabular-nums">{tile.count}</span>
              <span className="text-sm break-words hyphens-auto text-neutral-700 dark:text-neutral-300">
                {tile.label}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
