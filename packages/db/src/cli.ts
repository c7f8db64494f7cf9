import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { createDb, dbOptionsFromEnv } from "./client.ts";
import { runMigrations } from "./migrate.ts";
import { seedDemoData } from "./seed.ts";

/** `npm run db:migrate | db:seed | db:reset`, against DATABASE_URL or the PGlite folder under DATA_DIR. */
const command = process.argv[2];
const options = dbOptionsFromEnv(process.env);
const target = options.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${options.dataDir}`;

async function main(): Promise<void> {
  if (command !== "migrate" && command !== "seed" && command !== "reset") {
    console.error("Usage: cli.ts migrate | seed | reset");
    process.exitCode = 2;
    return;
  }
  if (command === "reset" && options.kind === "pglite")
    await rm(options.dataDir, { recursive: true, force: true });

  const handle = await createDb(options);
  try {
    if (command === "reset" && options.kind === "postgres") {
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`drop schema public cascade`);
      await handle.db.execute(sql`create schema public`);
    }
    await runMigrations(handle);
    console.log(`Migrations applied to ${target}.`);
    if (command !== "migrate") {
      const { created } = await seedDemoData(handle.db);
      console.log(created ? "Demo data written." : "Demo data already present; nothing changed.");
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
