import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHROME_ARGS, CHROME_PATH } from "../e2e/support/settings.ts";
import { siteConfig } from "../packages/config/src/site.ts";
import { startNode } from "./processes.ts";

/**
 * npm run lighthouse — Lighthouse (mobile) on home, a service page and a knowledge-base article, each
 * in English and German, and on the team page, of the production build, in the system Chromium. Prints
 * the four category scores per page (the best of three runs) and the audits that cost points; exits 1
 * when any score is below 100. Lighthouse itself is fetched from the npm registry by npx on first use (it is large
 * and only needed here).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PAGES = [
  "/",
  "/de",
  "/electronics-manufacturing/smt-assembly",
  "/de/elektronikfertigung/tht-montage",
  "/knowledge-base/pcb-design/fiducial-marks",
  "/de/wissensdatenbank/leiterplattendesign/passermarken",
  "/about/team",
];

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; title: string; displayValue?: string }>;
}

/** One Lighthouse run of `url`, mobile preset (simulated slow 4G and a 4× slower CPU). */
function audit(url: string, work: string, index: number): Report {
  const output = path.join(work, "report.json");
  const flags = [
    "--headless=new",
    ...CHROME_ARGS,
    `--user-data-dir=${path.join(work, `profile-${index}`)}`,
  ].join(" ");
  execFileSync(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      "--form-factor=mobile",
      `--chrome-flags=${flags}`,
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH } },
  );
  return JSON.parse(readFileSync(output, "utf8")) as Report;
}

const total = (report: Report): number =>
  Object.values(report.categories).reduce((sum, c) => sum + (c.score ?? 0), 0);

/** Every category at 100 as Lighthouse shows it (rounded). */
const allHundred = (report: Report): boolean =>
  Object.values(report.categories).every((c) => Math.round((c.score ?? 0) * 100) === 100);

/**
 * The best of up to `attempts` runs: the performance score moves by a point or two between runs of
 * the same page (timer and trace noise), and Lighthouse now and then fails to record a trace
 * (NO_NAVSTART). A page scoring 100 everywhere stops early.
 */
function bestOf(attempts: number, run: () => Report): Report {
  let best: Report | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const report = run();
      if (!best || total(report) > total(best)) best = report;
      if (allHundred(report)) break;
    } catch (error) {
      lastError = error;
    }
  }
  if (!best) throw lastError;
  return best;
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), "ems-lighthouse-"));
  const server = await startNode(root, "apps/api/src/server.ts", {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: path.join(work, "data"),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // Required in production: the site's own address, so pages carry the canonical links they would deployed.
    PUBLIC_URL: siteConfig.url,
  });
  let failed = false;
  try {
    for (const page of PAGES) {
      const report = bestOf(3, () =>
        audit(`http://127.0.0.1:${server.port}${page}`, work, PAGES.indexOf(page)),
      );
      const scores = Object.entries(report.categories).map(
        ([name, c]) => `${name} ${Math.round((c.score ?? 0) * 100)}`,
      );
      console.log(`${page}\n  ${scores.join(", ")}`);
      for (const [name, category] of Object.entries(report.categories)) {
        for (const ref of category.auditRefs) {
          const audit = report.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            console.log(`  - ${name}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
        }
      }
      if (!allHundred(report)) failed = true;
    }
  } finally {
    server.child.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  }
  if (failed) {
    console.error("A category scored below 100.");
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
