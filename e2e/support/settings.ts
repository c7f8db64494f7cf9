/** Shared by the Playwright config and the preparation script. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * The journeys' mail sink (support/mail-sink.ts): the server delivers by SMTP to the first port, the
 * journeys read what arrived as JSON from the second. Both on loopback only.
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1);
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? E2E_PORT + 2);
export const E2E_MAIL_URL = `http://127.0.0.1:${E2E_MAIL_PORT}`;
/**
 * How long a registration may take from the Register button to the code page: the browser solves
 * the proof of work and the server hashes the password with argon2, which on a two-core machine
 * running two journeys at once took longer than the default 7 s (CI, twice in one run).
 */
export const REGISTRATION_TIMEOUT = 20_000;
/** Relative to the repository root; wiped before every run (E2E_DATA_DIR lets parallel runs keep apart). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
/** A copy of content/ with one draft added (prepare.ts), which the journeys' server reads. */
export const E2E_CONTENT_DIR = process.env.E2E_CONTENT_DIR ?? ".tmp/e2e-content";
/** The preview token of the journeys' server (docs/behaviour/public-site.md#preview-mode). */
export const E2E_PREVIEW_TOKEN = "e2e-preview-token-0123456789";
export const E2E_DRAFT = {
  slug: "coating-masks-draft",
  title: "Masking before conformal coating (draft)",
} as const;
