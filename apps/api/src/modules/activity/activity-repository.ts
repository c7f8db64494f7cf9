import { and, count, desc, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { activityLog } from "@ems/db/schema";

export type ActivityRow = typeof activityLog.$inferSelect;
export type NewActivityRow = typeof activityLog.$inferInsert;

/** Appends one entry; the table refuses updates and deletes. */
export async function insertActivity(db: Executor, entry: NewActivityRow): Promise<ActivityRow> {
  const [row] = await db.insert(activityLog).values(entry).returning();
  if (!row) throw new Error("insertActivity inserted no row");
  return row;
}

export interface ActivityFilter {
  companyId: string;
  kind: "system" | "user";
  action?: string | undefined;
  actorUserId?: string | undefined;
  /** Free text over the actor's name, the subject and the client address (LIKE wildcards escaped). */
  q?: string | undefined;
  from?: Date | undefined;
  /** Exclusive upper bound. */
  to?: Date | undefined;
  limit: number;
  offset: number;
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
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
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
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql<number>`1`.as("one") })
        .from(activityLog)
        .where(where)
        .limit(filter.maxRows)
        .as("capped"),
    ),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
