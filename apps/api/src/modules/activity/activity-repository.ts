import { and, desc, eq, gte, ilike, lt, or } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { activityLog } from "@ems/db/schema";
import { likePattern, listPage, sortOrder, type Paging } from "../../lib/list-query.ts";

export type ActivityRow = typeof activityLog.$inferSelect;
export type NewActivityRow = typeof activityLog.$inferInsert;

/** Appends one entry; the table refuses updates and deletes. */
export async function insertActivity(db: Executor, entry: NewActivityRow): Promise<ActivityRow> {
  const [row] = await db.insert(activityLog).values(entry).returning();
  if (!row) throw new Error("insertActivity inserted no row");
  return row;
}

export interface ActivityFilter extends Paging {
  companyId: string;
  kind: "system" | "user";
  action?: string | undefined;
  actorUserId?: string | undefined;
  /** Free text over the actor's name, the subject and the client address (LIKE wildcards escaped). */
  q?: string | undefined;
  from?: Date | undefined;
  /** Exclusive upper bound. */
  to?: Date | undefined;
  /** Counting stops here, so a long history costs no more than this many index entries. */
  maxRows: number;
}

/**
 * One page of a company's entries, newest first, with the total up to `maxRows`. Both walk the
 * (company_id, created_at) index backwards; the other conditions filter what it yields.
 */
export async function listActivity(
  db: Executor,
  filter: ActivityFilter,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const where = and(
    eq(activityLog.companyId, filter.companyId),
    eq(activityLog.kind, filter.kind),
    filter.action ? eq(activityLog.action, filter.action) : undefined,
    filter.actorUserId ? eq(activityLog.actorUserId, filter.actorUserId) : undefined,
    filter.from ? gte(activityLog.createdAt, filter.from) : undefined,
    filter.to ? lt(activityLog.createdAt, filter.to) : undefined,
    pattern
      ? or(
          ilike(activityLog.actorName, pattern),
          ilike(activityLog.subjectId, pattern),
          ilike(activityLog.ipAddress, pattern),
        )
      : undefined,
  );
  return listPage(db, {
    rows: db.select().from(activityLog).$dynamic(),
    table: activityLog,
    cap: filter.maxRows,
    where,
    orderBy: sortOrder("desc", activityLog.createdAt, activityLog.id),
    paging: filter,
  });
}

/** The newest `limit` entries about one subject (a part, a document), newest first. */
export async function listSubjectActivity(
  db: Executor,
  subject: { type: string; id: string },
  limit: number,
): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, subject.type), eq(activityLog.subjectId, subject.id)))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(limit);
}
