import { useLingui } from "@lingui/react";
import type { ActivityEntry } from "@ems/contracts/activity";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";

import { DataTable } from "~/components/list/data-table";
import { listLinkClass } from "~/components/list/link-class";
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

/** Subject types with a label of their own (system_logs.subject_<type>); others show as they are stored. */
const SUBJECT_TYPES = new Set([
  "user",
  "company",
  "address",
  "contact",
  "session",
  "quote",
  "sales_order",
  "delivery_note",
  "credit_note",
  "invoice",
  "payment",
  "contract",
  "material_request",
  "holiday",
  "parcel_service",
  "payment_integration",
  "pcb_spec",
  "file",
  "folder",
  "part",
  "assembly_spec",
  "engineering_query",
]);

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
              className={listLinkClass}
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
          if (!type) return <span aria-hidden="true">—</span>;
          const label = SUBJECT_TYPES.has(type) ? i18n._(`system_logs.subject_${type}`) : type;
          // Documents are named by their number (QTN-2026-00042), other subjects by their label.
          const named = details?.label ?? details?.number;
          const name = typeof named === "string" ? named : null;
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

  return <DataTable data={items} columns={columns} caption={caption} rowId={(entry) => entry.id} />;
}
