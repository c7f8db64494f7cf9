import { sql } from "drizzle-orm";
import type { Database } from "@ems/db/client";

type Rows<T> = { rows: T[] };

/**
 * One digest per table (all but the rate-limit counters, which count refused requests too): any
 * insert, update or delete anywhere changes it, so `expect(await fingerprint(db)).toEqual(before)`
 * proves a refused request wrote nothing, without naming the tables it might have touched.
 */
export async function fingerprint(db: Database): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limits' order by 1`,
  )) as unknown as Rows<{ tablename: string }>;
  const result: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const digest = (await db.execute(
      sql`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(tablename)} t`,
    )) as unknown as Rows<{ digest: string | null }>;
    result[tablename] = digest.rows[0]?.digest ?? "";
  }
  return result;
}
