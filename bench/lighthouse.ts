import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHROME_ARGS, CHROME_PATH } from "../e2e/support/settings.ts";
import { startNode } from "./processes.ts";

/**
 * npm run lighthouse — Lighthouse (mobile) on home, a service page and a knowledge-base article, each
 * in English and German, of the production build, in the system Chromium. Prints the four category scores per page and the audits
 * that cost points; exits 1 when SEO or accessibility is below 100. Lighthouse itself is fetched
 * from the npm registry by npx on first use (it is large and only needed here).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PAGES = [
  "/",
  "/de",
  "/electronics-manufacturing/smt-assembly",
  "/de/elektronikfertigung/tht-montage",
  "/knowledge-base/pcb-design/fiducial-marks",
  "/de/wissensdatenbank/leiterplattendesign/passermarken",
];

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; title: string }>;
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), "ems-lighthouse-"));
  const server = await startNode(root, "apps/api/src/server.ts", {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: path.join(work, "data"),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  });
  let failed = false;
  try {
    for (const page of PAGES) {
      const output = path.join(work, "report.json");
      const flags = [
        "--headless=new",
        ...CHROME_ARGS,
        `--user-data-dir=${path.join(work, `profile-${PAGES.indexOf(page)}`)}`,
      ].join(" ");
      execFileSync(
        "npx",
        [
          "--yes",
          "lighthouse@12",
          `http://127.0.0.1:${server.port}${page}`,
          "--quiet",
          "--output=json",
          `--output-path=${output}`,
          "--form-factor=mobile",
          `--chrome-flags=${flags}`,
        ],
        { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH } },
      );
      const report = JSON.parse(readFileSync(output, "utf8")) as Report;
      const scores = Object.entries(report.categories).map(
        ([name, c]) => `${name} ${Math.round((c.score ?? 0) * 100)}`,
      );
      console.log(`${page}\n  ${scores.join(", ")}`);
      for (const [name, category] of Object.entries(report.categories)) {
        for (const ref of category.auditRefs) {
          const audit = report.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            console.log(`  - ${name}: ${audit.title}`);
        }
      }
      if ((report.categories.seo?.score ?? 0) < 1 || (report.categories.accessibility?.score ?? 0) < 1)
        failed = true;
    }
  } finally {
    server.child.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  }
  if (failed) {
    console.error("SEO or accessibility below 100.");
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
