import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type DbHandle } from "./client.ts";
import { runMigrations } from "./migrate.ts";

/**
 * Test databases. PGlite takes seconds to start and migrate, so the global setup migrates one template
 * and every test file loads a copy of it; with DATABASE_URL each test file gets its own database
 * created from a migrated template database on that server.
 */

const TEMPLATE_ENV = "EMS_TEST_PGLITE_TEMPLATE";
const PG_TEMPLATE_DB = "ems_test_template";

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Run once per test run (vitest globalSetup): builds the migrated template. */
export async function prepareTestTemplate(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await adminQuery(url, `drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await adminQuery(url, `create database ${PG_TEMPLATE_DB}`);
    const handle = await createDb({ kind: "postgres", url: withDatabase(url, PG_TEMPLATE_DB), poolSize: 1 });
    await runMigrations(handle);
    await handle.close();
    return async () => adminQuery(url, `drop database if exists ${PG_TEMPLATE_DB} with (force)`);
  }
  const handle = await createDb({ kind: "pglite-memory" });
  await runMigrations(handle);
  if (handle.driver.type !== "pglite") throw new Error("expected PGlite");
  const dump = await handle.driver.client.dumpDataDir("none");
  await handle.close();
  const file = path.join(
    os.tmpdir(),
    `ems-pglite-template-${process.pid}-${randomBytes(4).toString("hex")}.tar`,
  );
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
  return async () => {
    await import("node:fs/promises").then((fs) => fs.rm(file, { force: true }));
  };
}

/** A fresh, migrated, empty database for one test file. Close it in afterAll. */
export async function createTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ems_test_${process.pid}_${randomBytes(6).toString("hex")}`;
    await adminQuery(url, `create database ${name} template ${PG_TEMPLATE_DB}`);
    const handle = await createDb({ kind: "postgres", url: withDatabase(url, name), poolSize: 4 });
    const close = handle.close;
    return {
      ...handle,
      async close() {
        await close();
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const template = process.env[TEMPLATE_ENV];
  if (!template) {
    // Outside the configured runner (a single file run by hand): migrate from scratch.
    const handle = await createDb({ kind: "pglite-memory" });
    await runMigrations(handle);
    return handle;
  }
  const bytes = await readFile(template);
  return createDb({ kind: "pglite-memory", loadDataDir: new Blob([bytes]) });
}
