import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DbHandle, Schema } from "./client.ts";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../migrations");

/** Applies the committed migrations; the same files serve PGlite and a PostgreSQL server. */
export async function runMigrations(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver.type === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config);
  } else {
    await migrateNodePg(handle.db as unknown as NodePgDatabase<Schema>, config);
  }
}
