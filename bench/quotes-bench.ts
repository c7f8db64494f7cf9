import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createDb, dbOptionsFromEnv, type DbHandle } from "@ems/db/client";
import { createCompany, createSession, createUser } from "@ems/db/factories";
import { runMigrations } from "@ems/db/migrate";
import { quoteLines, quotes } from "@ems/db/schema";
import { load as loadRun, startNode } from "./processes.ts";
import { median, ratioSummary, type Sample } from "./stats.ts";

/**
 * npm run bench:quotes — GET /api/quotes (the first page of a company's quote list, signed in) for
 * a company with BENCH_QUOTES (default 10,000) quotes, against a bare Fastify hello-world in the
 * same run, on embedded PGlite and, when PostgreSQL is reachable, on a server (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres; a database ems_bench is created and dropped).
 * Only ratios to the baseline of the same repeat are meaningful; nothing is asserted.
 *
 * BENCH_DURATION_S (default 5), BENCH_REPEATS (default 3), BENCH_CONNECTIONS (default 50).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_DURATION_S ?? 5);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const quoteCount = Number(process.env.BENCH_QUOTES ?? 10_000);
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB = "ems_bench";

const STATUSES = [
  "Open",
  "Ordered",
  "Expired",
  "Declined",
  "In Progress",
  "Partially Ordered",
  "Lost",
  "Draft",
] as const;

/** A company with `quoteCount` quotes of one line each, and a session of one of its buyers. */
async function prepare(handle: DbHandle): Promise<string> {
  await runMigrations(handle);
  const db = handle.db;
  const company = await createCompany(db, { name: "Bench Elektronik GmbH" });
  const other = await createCompany(db, { name: "Other Tenant AB", country: "SE" });
  const user = await createUser(db, { companyId: company.id, companyRole: "buyer" });
  const { token } = await createSession(db, { userId: user.id });
  const year = new Date().getUTCFullYear();
  const chunk = 1_000;
  // Another tenant's quotes make the company filter do real work.
  for (const [owner, count, prefix] of [
    [company.id, quoteCount, "B"],
    [other.id, Math.floor(quoteCount / 2), "O"],
  ] as const) {
    for (let start = 0; start < count; start += chunk) {
      const size = Math.min(chunk, count - start);
      const rows = await db
        .insert(quotes)
        .values(
          Array.from({ length: size }, (_, i) => {
            const n = start + i;
            return {
              companyId: owner,
              number: `QTN-${year}-${prefix}${String(n).padStart(6, "0")}`,
              status: STATUSES[n % STATUSES.length]!,
              title: `Sensor board rev ${n}`,
              currency: "EUR",
              validUntil: `${year + 1}-06-30`,
              createdAt: new Date(Date.now() - n * 60_000),
            };
          }),
        )
        .returning({ id: quotes.id });
      await db.insert(quoteLines).values(
        rows.map((row) => ({
          quoteId: row.id,
          position: 1,
          category: "assemblies" as const,
          description: "SMT assembly, 2 sides",
          tiers: [
            { quantity: 10, unit_price_minor: 4_500 },
            { quantity: 100, unit_price_minor: 2_900 },
          ],
          engineeringCostMinor: 35_000,
          leadTimeDays: 10,
        })),
      );
    }
  }
  // A server's autovacuum would have analysed the bulk insert by the time anyone lists quotes;
  // PGlite has no autovacuum, and the bench must measure the plans the indexes are there for.
  await db.execute(sql`vacuum analyze`);
  return token;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function measure(label: string, env: Record<string, string>, token: string): Promise<void> {
  const baseline = await startNode(root, "bench/hello-server.ts", { PORT: "0" });
  const product = await startNode(root, "apps/api/src/server.ts", {
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // Required in production; nothing the bench calls builds a link.
    PUBLIC_URL: "http://127.0.0.1",
    WEB_BUILD_DIR: "off",
    RATE_LIMIT_MAX: "100000000",
    ...env,
  });
  const baselineSamples: Sample[] = [];
  const listSamples: Sample[] = [];
  const listUrl = `http://127.0.0.1:${product.port}/api/quotes`;
  const headers = { authorization: `next ${token}` };
  // One request first, so a setup problem is reported with its answer instead of as a count.
  const probe = await fetch(listUrl, { headers });
  if (!probe.ok) throw new Error(`GET /api/quotes answered ${probe.status}: ${await probe.text()}`);
  const { data } = (await probe.json()) as { data: { total: number } };
  console.log(`${label}: the list reports ${data.total.toLocaleString("en")} quotes`);
  try {
    for (let i = 1; i <= repeats; i++) {
      const base = await loadRun(`http://127.0.0.1:${baseline.port}/`, connections, duration);
      const list = await loadRun(listUrl, connections, duration, headers);
      baselineSamples.push(base);
      listSamples.push(list);
      for (const [name, s] of [
        ["baseline", base],
        ["quotes", list],
      ] as const) {
        console.log(
          `${label} repeat ${i}/${repeats}  ${name.padEnd(8)} ${s.rps.toFixed(0).padStart(7)} req/s  p50 ${s.p50} ms  p99 ${s.p99} ms`,
        );
      }
    }
  } finally {
    // Wait for both to exit, so the database is closed before it is deleted.
    await Promise.all(
      [baseline.child, product.child].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
  }
  console.log(
    `\n${label}: ${quoteCount.toLocaleString("en")} quotes, ${connections} connections, ${duration} s per run, ${repeats} interleaved repeats`,
  );
  console.log(
    `baseline (bare Fastify)  median ${median(baselineSamples.map((s) => s.rps)).toFixed(0)} req/s`,
  );
  console.log(`${ratioSummary("GET /api/quotes", listSamples, baselineSamples)}\n`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ems-bench-quotes-"));
  try {
    // The server keeps its PGlite files in DATA_DIR/pglite (dbOptionsFromEnv): prepare the same place.
    const handle = await createDb(dbOptionsFromEnv({ DATA_DIR: dataDir }));
    const token = await prepare(handle);
    await handle.close();
    await measure("PGlite", { DATA_DIR: dataDir }, token);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await adminQuery(`drop database if exists ${BENCH_DB} with (force)`);
    await adminQuery(`create database ${BENCH_DB}`);
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${serverUrl} (${(error as Error).message}); skipped.`);
    return;
  }
  try {
    const url = withDatabase(serverUrl, BENCH_DB);
    const handle = await createDb({ kind: "postgres", url, poolSize: 4 });
    const token = await prepare(handle);
    await handle.close();
    await measure(
      "PostgreSQL",
      { DATABASE_URL: url, CAPTCHA_HMAC_KEY: "bench-captcha-key-0123456789abcdef0123" },
      token,
    );
  } finally {
    await adminQuery(`drop database if exists ${BENCH_DB} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
