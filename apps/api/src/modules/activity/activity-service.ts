import type { FastifyRequest } from "fastify";
import type { Executor } from "@ems/db/factories";
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_MAX_ROWS,
  type ActivityAction,
  type ActivityPage,
  type ActivityQuery,
} from "@ems/contracts/activity";
import type { Database } from "@ems/db/client";
import { pageOf, pagingOf } from "../../lib/list-query.ts";
import {
  insertActivity,
  listActivity,
  listSubjectActivity,
  type ActivityRow,
} from "./activity-repository.ts";

/**
 * The action names (ACTIVITY_ACTIONS) live in packages/contracts/src/activity.ts, shared with the web
 * app's filters: add new ones there, with a label in content/locales/en/activity.json.
 */
export { ACTIVITY_ACTIONS, type ActivityAction };

export interface ActivityEntry {
  action: ActivityAction;
  companyId: string | null;
  actor: { id: string; name: string } | null;
  subject?: { type: string; id: string };
  details?: Record<string, string | number | boolean | null>;
  /** Where the request came from (client address and user agent). */
  request?: Pick<FastifyRequest, "ip" | "headers">;
}

/**
 * Writes one entry of the activity log. Pass the transaction of the change it records, so the
 * change and its entry are committed together or not at all.
 */
export async function recordActivity(db: Executor, entry: ActivityEntry): Promise<ActivityRow> {
  const userAgent = entry.request?.headers["user-agent"];
  return insertActivity(db, {
    kind: ACTIVITY_ACTIONS[entry.action],
    action: entry.action,
    companyId: entry.companyId,
    actorUserId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    subjectType: entry.subject?.type ?? null,
    subjectId: entry.subject?.id ?? null,
    details: entry.details ?? null,
    ipAddress: entry.request?.ip ?? null,
    userAgent: typeof userAgent === "string" ? userAgent.slice(0, 300) : null,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toDto(row: ActivityRow): ActivityPage["items"][number] {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: row.kind,
    action: row.action,
    actor:
      row.actorName !== null || row.actorUserId !== null
        ? { id: row.actorUserId, name: row.actorName ?? "" }
        : null,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    details: row.details ?? null,
  };
}

export async function activityPage(
  db: Database,
  companyId: string,
  kind: "system" | "user",
  query: ActivityQuery,
): Promise<ActivityPage> {
  return pageOf(
    query,
    await listActivity(db, {
      companyId,
      kind,
      action: query.action,
      actorUserId: query.actor_user_id,
      q: query.q,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
      ...pagingOf(query),
      maxRows: ACTIVITY_MAX_ROWS,
    }),
    toDto,
  );
}

/** The history of one subject (a part, a document): its newest `limit` entries, newest first. */
export function subjectHistory(
  db: Executor,
  subject: { type: string; id: string },
  limit = 100,
): Promise<ActivityRow[]> {
  return listSubjectActivity(db, subject, limit);
}
