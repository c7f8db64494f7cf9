import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The drizzle handle repositories use; the same type whether PGlite or a PostgreSQL server is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DbOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory"; loadDataDir?: Blob | File };

export interface DbHandle {
  db: Database;
  kind: DbOptions["kind"];
  /** The underlying driver, for migrations and tests; repositories use `db`. */
  driver: { type: "pglite"; client: PGlite } | { type: "postgres"; pool: pg.Pool };
  /** Round-trips a trivial query; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens the database the environment asks for: a PostgreSQL pool, PGlite in a folder, or PGlite in memory. */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its server emits 'error'; without a listener Node would exit.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    let closed = false;
    return {
      db,
      kind: "postgres",
      driver: { type: "postgres", pool },
      async ping() {
        await pool.query("select 1");
      },
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  let client: PGlite;
  if (options.kind === "pglite") {
    const dir = path.resolve(options.dataDir);
    mkdirSync(path.dirname(dir), { recursive: true });
    client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  return wrapPglite(client, options.kind);
}

export function wrapPglite(client: PGlite, kind: "pglite" | "pglite-memory" = "pglite-memory"): DbHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind,
    driver: { type: "pglite", client },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export const DEFAULT_DATA_DIR = ".data";

/** DATABASE_URL wins; otherwise PGlite stored under DATA_DIR. */
export function dbOptionsFromEnv(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR?: string | undefined;
}): Extract<DbOptions, { kind: "postgres" | "pglite" }> {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  return { kind: "pglite", dataDir: path.join(path.resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR), "pglite") };
}

/**
 * Rows of a raw SQL statement. Both drivers answer `{ rows }`; drizzle's shared type cannot say so,
 * hence this one cast in one place.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
