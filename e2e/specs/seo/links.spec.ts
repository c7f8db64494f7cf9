import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { LOCALES } from "../../../packages/i18n/src/locales.ts";
import { E2E_BASE_URL } from "../../support/settings.ts";

interface LinkinatorReport {
  passed: boolean;
  links: { url: string; status?: number; state: "OK" | "BROKEN" | "SKIPPED"; parent?: string }[];
}

/**
 * linkinator crawls the public site from the home page, following every internal link (pages,
 * articles, categories, downloads, and each page's hreflang alternates, so all 12 languages) and
 * checking every #anchor on its target page. External links are skipped: this machine has no
 * network, and their targets are not ours. It runs as its own process, as the CLI does: inside the
 * test runner its HTTP client loses connections under load.
 */
test("linkinator finds no broken link or anchor in any language", async ({ request }) => {
  test.setTimeout(15 * 60_000);
  // Warm the server first: the first page per language loads that language's catalog and the
  // knowledge base, which can hold new connections back for seconds on a freshly started server.
  for (const locale of LOCALES) {
    const prefix = locale === "en" ? "" : `/${locale}`;
    for (const path of ["/login", "/register", "/gerber-viewer"]) await request.get(`${prefix}${path}`);
  }
  // The package's main is build/src/index.js; its CLI sits beside it.
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve("linkinator")), "cli.js");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      cli,
      `${E2E_BASE_URL}/`,
      "--recurse",
      "--check-fragments",
      // Two at a time: the app pages (sign-in, registration) render per request, and linkinator's
      // anchor checks add requests beyond its limit; more makes the crawl wait on the server's CPU.
      "--concurrency",
      "2",
      // Other sites, and the signed-in pages (checked by the route-map journey: they redirect to sign-in).
      "--skip",
      "^https?://(?!127\\.0\\.0\\.1)",
      "--skip",
      "/my/",
      "--skip",
      "/staff",
      // A connection the busy server did not accept in time is tried again, not reported broken.
      "--retry-errors",
      "--retry-errors-count",
      "3",
      "--retry-errors-jitter",
      "3000",
      "--format",
      "json",
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  const report = JSON.parse(stdout) as LinkinatorReport;
  const broken = report.links
    .filter((link) => link.state === "BROKEN")
    .map((link) => `${link.status ?? "-"} ${link.url} (on ${link.parent ?? "start"})`);
  expect(broken).toEqual([]);
  const checked = report.links.filter((link) => link.state === "OK").map((link) => link.url);
  // Every language's pages, about 40 articles and 5 categories each, and the downloads.
  expect(checked.length).toBeGreaterThan(12 * 80);
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    expect(
      checked.filter((url) => url.startsWith(`${E2E_BASE_URL}/${locale}/`)).length,
      locale,
    ).toBeGreaterThan(75);
  }
  expect(checked).toContain(`${E2E_BASE_URL}/api/resources/capability-sheet.pdf?language=fi`);
});
