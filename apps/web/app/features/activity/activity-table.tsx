import { useLingui } from "@lingui/react";
import type { ActivityEntry } from "@ems/contracts/activity";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";

import { describeDevice } from "~/lib/user-agent";
import { useDateTime } from "~/lib/use-date-time";

const column = createColumnHelper<ActivityEntry>();

/** The label of an action, or the action name itself for one this version does not know yet. */
export function useActionLabel() {
  const { i18n } = useLingui();
  return (action: string) => {
    const key = `activity.action.${action}`;
    return i18n.messages[key] ? i18n._(key) : action;
  };
}

const SUBJECT_TYPES = new Set(["user", "company", "address", "contact", "session"]);

export function ActivityTable({
  items,
  caption,
  actorHref,
}: {
  items: ActivityEntry[];
  caption: string;
  /** Where the actor's name links to: this list filtered to that person. */
  actorHref: (actorId: string) => string;
}) {
  const { i18n } = useLingui();
  const actionLabel = useActionLabel();
  const dateTime = useDateTime();

  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: () => i18n._("system_logs.col_time"),
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {dateTime(c.getValue())}
          </time>
        ),
      }),
      column.accessor("action", {
        header: () => i18n._("system_logs.col_action"),
        cell: (c) => actionLabel(c.getValue()),
      }),
      column.accessor("actor", {
        header: () => i18n._("system_logs.col_actor"),
        cell: (c) => {
          const actor = c.getValue();
          if (!actor) return i18n._("system_logs.system_actor");
          if (!actor.id || !actor.name) return actor.name || i18n._("system_logs.system_actor");
          return (
            <Link
              to={actorHref(actor.id)}
              aria-label={i18n._("system_logs.filter_by_actor", { name: actor.name })}
              className="font-medium text-primary-800 underline decoration-primary-800/40 underline-offset-2 hover:decoration-primary-800 dark:text-primary-300 dark:decoration-primary-300/40"
            >
              {actor.name}
            </Link>
          );
        },
      }),
      column.display({
        id: "subject",
        header: () => i18n._("system_logs.col_subject"),
        cell: ({ row }) => {
          const { subject_type: type, subject_id: id, details } = row.original;
          if (!type) return null;
          const label = SUBJECT_TYPES.has(type) ? i18n._(`system_logs.subject_${type}`) : type;
          const name = typeof details?.label === "string" ? details.label : null;
          return (
            <span className="whitespace-nowrap">
              {label}
              {name ? (
                <span className="text-neutral-700 dark:text-neutral-300"> · {name}</span>
              ) : id ? (
                <span title={id} className="font-mono text-xs text-neutral-700 dark:text-neutral-300">
                  {" "}
                  {id.slice(0, 8)}
                </span>
              ) : null}
            </span>
          );
        },
      }),
      column.accessor("ip_address", {
        header: () => i18n._("system_logs.col_ip"),
        cell: (c) => <span className="font-mono text-xs">{c.getValue() ?? ""}</span>,
      }),
      column.accessor("user_agent", {
        header: () => i18n._("system_logs.col_device"),
        cell: (c) => describeDevice(c.getValue()),
      }),
    ],
    [i18n, dateTime, actionLabel, actorHref],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions each render by design.
  const table = useReactTable({ data: items, columns, getCoreRowModel: getCoreRowModel() });

  return (
    <div
      // A keyboard user can scroll the table sideways on narrow screens.
      tabIndex={0}
      role="region"
      aria-label={caption}
      className="overflow-x-auto rounded-xl border border-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-neutral-800"
    >
      <table className="w-full min-w-[760px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-neutral-50 text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-4 py-3 font-semibold">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="bg-white dark:bg-neutral-950">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-4 py-3 align-top">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
