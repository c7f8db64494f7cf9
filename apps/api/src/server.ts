import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, dbOptionsFromEnv } from "@ems/db/client";
import { runMigrations } from "@ems/db/migrate";
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME, OPERATOR_COMPANY_NAME, seedDemoData } from "@ems/db/seed";
import { buildApp } from "./app.ts";
import { DEV_OUTBOX_OVERRIDE, devOutboxSetting } from "./modules/mail/dev-outbox-routes.ts";
import { expireQuotes } from "./modules/quotes/quotes-service.ts";
import { sendDueProductionDigests } from "./modules/orders/production-service.ts";
import { sendDueQueryReminders } from "./modules/engineering-queries/query-reminders.ts";
import { sweepAbandonedUploads } from "./modules/files/files-service.ts";
import { purgeExpiredShareFiles } from "./modules/files/file-share-service.ts";
import { fileStorageFromEnv } from "./modules/files/storage-env.ts";
import { uploadStoreFromEnv } from "./modules/files/upload-store.ts";
import { EnvError, loadEnv, type Env } from "./env.ts";
import { loadOrCreateSecret } from "./lib/secrets.ts";

/** Process concerns only: configuration, listening, and a graceful shutdown. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function readEnv(): Env {
  try {
    const env = loadEnv();
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.CAPTCHA_HMAC_KEY) {
      throw new EnvError([
        "CAPTCHA_HMAC_KEY is missing: several instances sharing DATABASE_URL must share one key (32+ characters)",
      ]);
    }
    return env;
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(
        `Cannot start: the environment is not valid.\n${error.problems.map((p) => `  - ${p}`).join("\n")}`,
      );
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const env = readEnv();
  // The web app renders in this process and builds canonical links and redirect checks from
  // PUBLIC_URL: it gets the same value (with the same default) as the links in e-mails.
  process.env.PUBLIC_URL = env.PUBLIC_URL;
  const dbOptions = dbOptionsFromEnv(env);
  const db = await createDb(dbOptions);
  await runMigrations(db);
  // Demo data belongs to the embedded database; a PostgreSQL server gets it only through db:seed.
  const seeded = dbOptions.kind === "pglite" ? await seedDemoData(db.db) : null;

  // WEB_BUILD_DIR=off: the API alone (npm run dev, where the Vite dev server renders the pages).
  const webOff = env.WEB_BUILD_DIR === "off";
  const webBuildDir = path.resolve(
    webOff ? "" : (env.WEB_BUILD_DIR ?? path.join(repoRoot, "apps/web/build")),
  );
  const hasWeb = !webOff && existsSync(path.join(webBuildDir, "server", "index.js"));
  const storage = fileStorageFromEnv(env);
  const uploads = uploadStoreFromEnv(env);
  const app = await buildApp({
    env,
    db,
    captchaHmacKey: env.CAPTCHA_HMAC_KEY ?? (await loadOrCreateSecret(env.DATA_DIR, "captcha-hmac")),
    webBuildDir: hasWeb ? webBuildDir : undefined,
    storage,
    uploads,
  });

  // Open quotes past their validity become Expired on their own (ADR 0004): lists already read
  // them as Expired; this records it (with the activity entry) at start and then every hour.
  const sweepQuotes = () =>
    void expireQuotes(app.db).catch((error: unknown) => app.log.error({ err: error }, "quote expiry failed"));
  sweepQuotes();
  const quoteExpiry = setInterval(sweepQuotes, 60 * 60 * 1000);
  quoteExpiry.unref();
  // Uploads nobody finished within 24 hours, and stored-file writes a killed process left behind,
  // are removed at start and then every hour; so are share files past their 30 days to restore.
  const sweepUploads = () => {
    void sweepAbandonedUploads(uploads, storage).catch((error: unknown) =>
      app.log.error({ err: error }, "upload sweep failed"),
    );
    void purgeExpiredShareFiles(app.db, storage).catch((error: unknown) =>
      app.log.error({ err: error }, "file-share purge failed"),
    );
  };
  sweepUploads();
  const uploadSweep = setInterval(sweepUploads, 60 * 60 * 1000);
  uploadSweep.unref();

  // Production digests (at most one a day per order) go out once the changes have rested: looked
  // for every minute, or more often when they rest less than that.
  const digestDelayMs = env.PRODUCTION_DIGEST_DELAY_S * 1000;
  const sendDigests = () =>
    void sendDueProductionDigests({
      db: app.db,
      mailer: app.mailer,
      publicUrl: env.PUBLIC_URL,
      settleMs: digestDelayMs,
    }).catch((error: unknown) => app.log.error({ err: error }, "production digests failed"));
  const digestTimer = setInterval(sendDigests, Math.min(60_000, digestDelayMs));
  digestTimer.unref();

  // Engineering queries still waiting for the customer's answer after QUERY_REMINDER_WORKING_DAYS
  // working days are reminded; looked for every hour.
  const sendReminders = () =>
    void sendDueQueryReminders({
      db: app.db,
      mailer: app.mailer,
      publicUrl: env.PUBLIC_URL,
      workingDays: env.QUERY_REMINDER_WORKING_DAYS,
    }).catch((error: unknown) => app.log.error({ err: error }, "engineering query reminders failed"));
  const reminderTimer = setInterval(sendReminders, 60 * 60 * 1000);
  reminderTimer.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: draining connections");
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    clearInterval(quoteExpiry);
    clearInterval(uploadSweep);
    clearInterval(digestTimer);
    clearInterval(reminderTimer);
    try {
      await app.close();
      await storage.close();
      await db.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const shownHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`;
  const lines = [
    "",
    `  EMS portal is running at ${url}`,
    `  API reference:            ${url}/api/docs`,
    `  Links in e-mails:         ${env.PUBLIC_URL} (PUBLIC_URL)`,
    `  Database:                 ${dbOptions.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${dbOptions.dataDir}`}`,
    `  Mail:                     ${env.SMTP_URL ? "SMTP (SMTP_URL), after each commit" : "the outbox table only (no SMTP_URL)"}`,
    `  Files:                    ${env.S3_ENDPOINT ? `S3 bucket ${env.S3_BUCKET} at ${env.S3_ENDPOINT}` : `${path.resolve(env.DATA_DIR, "files")}`}`,
  ];
  if (!hasWeb)
    lines.push(`  Web build not found in ${webBuildDir}: serving the API only (run npm run build).`);
  if (seeded) {
    lines.push("", "  Demo accounts (fictional; the sign-in code arrives by e-mail):", "");
    const table = [
      ["Role", "E-mail", "Password", "Company"],
      ...DEMO_ACCOUNTS.map((account) => [
        account.companyRole ?? account.role,
        account.email,
        account.password,
        account.companyRole ? DEMO_COMPANY_NAME : OPERATOR_COMPANY_NAME,
      ]),
    ];
    const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
    for (const [index, row] of table.entries()) {
      lines.push(`    ${row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")}`.trimEnd());
      if (index === 0) lines.push(`    ${widths.map((width) => "-".repeat(width)).join("  ")}`);
    }
  }
  console.log(`${lines.join("\n")}\n`);

  const outbox = devOutboxSetting(env);
  if (outbox.on) {
    console.warn(
      [
        "  WARNING: the development outbox is on: every sign-in code and reset link is readable at",
        `  ${url}/dev/outbox by anyone on this machine (it answers loopback clients only).`,
        outbox.reason === "on loopback"
          ? "  Set DEV_OUTBOX=false to turn it off; it is never served in production."
          : `  ${DEV_OUTBOX_OVERRIDE}=true keeps it on while listening on ${env.HOST}.`,
        "",
      ].join("\n"),
    );
  } else if (env.DEV_OUTBOX === "true") {
    console.warn(`  WARNING: DEV_OUTBOX=true is ignored: ${outbox.reason}.\n`);
  }
}

main().catch((error: unknown) => {
  console.error("Cannot start:", error);
  process.exit(1);
});
