import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { siteConfig } from "../packages/config/src/site.ts";
import {
  CHROME_ARGS,
  CHROME_PATH,
  E2E_BASE_URL,
  E2E_CONTENT_DIR,
  E2E_DATA_DIR,
  E2E_MAIL_URL,
  E2E_PORT,
  E2E_PREVIEW_TOKEN,
  E2E_SMTP_PORT,
} from "./support/settings.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ci = Boolean(process.env.CI);

/** Journeys against the production build on a freshly seeded PGlite, in the system Chromium. */
export default defineConfig({
  testDir: "./specs",
  outputDir: path.join(root, "test-results"),
  fullyParallel: true,
  workers: ci ? 2 : undefined,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  reporter: ci
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: path.join(root, "playwright-report") }]],
  // Journeys that sign in two users and run axe took over 30 s on a loaded two-core CI machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: { executablePath: CHROME_PATH, args: CHROME_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  // The link crawl loads the whole site (and makes the 24 download PDFs, seconds of CPU each), so it
  // runs after the journeys instead of slowing them down beside it.
  // Reference images keep their names without the project's (they predate the projects).
  snapshotPathTemplate: "{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}",
  projects: [
    { name: "journeys", testIgnore: /links\.spec\.ts$/ },
    { name: "links", testMatch: /links\.spec\.ts$/, dependencies: ["journeys"] },
  ],
  webServer: [
    {
      // The journeys' mailbox: an SMTP server on loopback whose mail they read (support/mail-sink.ts).
      command: "node --import tsx e2e/support/mail-sink.ts",
      cwd: root,
      url: `${E2E_MAIL_URL}/ready`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
    },
    {
      command: "node --import tsx apps/api/src/server.ts",
      cwd: root,
      url: `${E2E_BASE_URL}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      env: {
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: E2E_DATA_DIR,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        CAPTCHA_MAX_NUMBER: "5000",
        // Production never serves the development outbox: sign-in codes and links arrive by SMTP
        // in the mail sink, as they would in a mailbox.
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        // The site's public address, as in a deployment behind a proxy: the prerendered pages carry
        // it in their canonical links, so the server-rendered ones (sitemaps) must too. Journeys
        // reach the server at 127.0.0.1 and follow mailed links by their path.
        PUBLIC_URL: siteConfig.url,
        // Production digests go out once changes have rested for two seconds instead of an hour, so
        // the quote-to-cash journey reads its one digest (quote-to-cash.spec.ts).
        PRODUCTION_DIGEST_DELAY_S: "2",
        // Parallel journeys sign in as the same demo users many times within minutes.
        LOGIN_ACCOUNT_LIMIT: "1000",
        // The proxy in front is the test itself: a journey's X-Forwarded-For plays a client elsewhere
        // (sign-in/hammer.spec.ts). Browsers send none, so they all stay 127.0.0.1.
        TRUST_PROXY: "loopback",
        // Content with one draft, and the token that shows it (docs/behaviour/public-site.md#preview-mode).
        CONTENT_DIR: path.join(root, E2E_CONTENT_DIR),
        PREVIEW_TOKEN: E2E_PREVIEW_TOKEN,
      },
    },
  ],
});
