import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@ems/db/client";

export interface Counter {
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

/**
 * Counts one hit in a fixed window, in one atomic upsert, so every instance sharing the database
 * counts together; an expired window restarts in the same statement.
 */
export async function incrementCounter(db: Database, key: string, windowMs: number): Promise<Counter> {
  const rows = await queryRows<{ count: number; ttl: number }>(
    db,
    sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 1), ttlMs: Number(row?.ttl ?? windowMs) };
}

/** The current count of a window that has not ended, or null. */
export async function peekCounter(db: Database, key: string): Promise<Counter | null> {
  const rows = await queryRows<{ count: number; ttl: number }>(
    db,
    sql`select count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl
        from rate_limits where key = ${key} and reset_at > now()`,
  );
  const row = rows[0];
  return row ? { count: Number(row.count), ttlMs: Number(row.ttl) } : null;
}

export async function deleteCounter(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
