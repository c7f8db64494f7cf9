import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROME_ARGS, CHROME_PATH } from "../e2e/support/settings.ts";
import { startNode } from "./processes.ts";

/**
 * npm run bench:js-budget — docs/architecture.md#budgets: the JavaScript a marketing page loads may exceed the
 * framework's own cost by at most 60 KB gzipped. The baseline is measured in the same run: the
 * `framework` chunk (React, React DOM, React Router, Lingui's runtime) and the bundler's runtime.
 * For each page, every script the browser fetched until the page was hydrated and idle is gzipped
 * (level 9) from the build, and the rest is compared with the allowance. Needs the production build
 * (npm run build). Exits 1 when a page is over.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "apps/web/build/client");
const ALLOWANCE_KB = 60;
const PAGES = [
  "/",
  "/de",
  "/electronics-manufacturing/smt-assembly",
  "/knowledge-base/pcb-design/fiducial-marks",
  "/contact",
  "/resources/pcb-glossary",
];

const isFramework = (file: string) => /^(framework|rolldown-runtime)-/.test(path.basename(file));
const gzipKb = (file: string) =>
  gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length / 1024;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "js-budget-"));
const server = await startNode(root, "apps/api/src/server.ts", {
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  LOG_LEVEL: "warn",
});
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
let over = false;
try {
  console.log(
    `${"page".padEnd(48)} ${"framework KB".padStart(13)} ${"rest KB".padStart(8)} ${"allowed".padStart(8)}`,
  );
  for (const pagePath of PAGES) {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const scripts = new Set<string>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith(".js") && response.status() === 200) scripts.add(url.pathname.slice(1));
    });
    await page.goto(`http://127.0.0.1:${server.port}${pagePath}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    await page.close();
    let framework = 0;
    const rest: { file: string; kb: number }[] = [];
    for (const file of scripts) {
      if (isFramework(file)) framework += gzipKb(file);
      else rest.push({ file, kb: gzipKb(file) });
    }
    const restKb = rest.reduce((sum, entry) => sum + entry.kb, 0);
    if (restKb > ALLOWANCE_KB) over = true;
    console.log(
      `${pagePath.padEnd(48)} ${framework.toFixed(1).padStart(13)} ${restKb.toFixed(1).padStart(8)} ${String(ALLOWANCE_KB).padStart(8)}${restKb > ALLOWANCE_KB ? "  OVER" : ""}`,
    );
    for (const entry of rest.sort((a, b) => b.kb - a.kb).slice(0, 6))
      console.log(`    ${entry.kb.toFixed(1).padStart(6)} KB  ${entry.file}`);
  }
} finally {
  await browser.close();
  server.child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
if (over) {
  console.error(
    `A marketing page loads more than the framework plus ${ALLOWANCE_KB} KB of JavaScript (gzipped).`,
  );
  process.exit(1);
}
