import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildBoard } from "@ems/gerber/board";
import { chromium } from "playwright-core";
import { startNode } from "./processes.ts";
import { median } from "./stats.ts";
import { readSet } from "./gerber-reference.ts";

/**
 * npm run bench:gerber-viewer — first pixels of the Gerber viewer in the system Chromium: the time
 * from the moment the page receives the chosen files (the file input's change event) to the first
 * frame the worker reports drawn, for every 2-layer set in fixtures/gerbers (or the folder given as
 * argument), median of BENCH_REPEATS (default 5) fresh page loads. The baseline, measured in the same
 * page and run, is the browser reading the same files into memory (File.arrayBuffer), which any
 * viewer has to do first; the ratio says how much longer than that the viewer needs. The goal
 * is under 1 s for a 2-layer board. Needs the production build (npm run build). Nothing is asserted.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const setsDir = path.resolve(process.argv[2] ?? path.join(root, "fixtures/gerbers"));
const repeats = Number(process.env.BENCH_REPEATS ?? 5);
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const sets = readdirSync(setsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(setsDir, entry.name))
  .filter((dir) => buildBoard(readSet(dir)).copperLayers === 2)
  .sort();

const dataDir = mkdtempSync(path.join(os.tmpdir(), "gerber-viewer-bench-"));
const server = await startNode(root, "apps/api/src/server.ts", {
  PORT: "0",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
});
const browser = await chromium.launch({
  executablePath: chrome,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  console.log(`${sets.length} two-layer sets; ${repeats} page loads each; Chromium ${browser.version()}`);
  console.log(
    `${"set".padEnd(36)} ${"read files ms".padStart(14)} ${"first pixels ms".padStart(16)} ${"ratio".padStart(7)}`,
  );
  for (const dir of sets) {
    const reads: number[] = [];
    const firsts: number[] = [];
    const files = readdirSync(dir).map((name) => path.join(dir, name));
    for (let i = 0; i < repeats; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`http://127.0.0.1:${server.port}/gerber-viewer`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      // Timestamps taken inside the page: when the files arrive, when they are read, first frame.
      await page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>("input[type=file]")!;
        const w = window as unknown as Record<string, number>;
        input.addEventListener(
          "change",
          () => {
            w.changedAt = performance.now();
            void Promise.all([...(input.files ?? [])].map((file) => file.arrayBuffer())).then(() => {
              w.readAt = performance.now();
            });
          },
          { capture: true },
        );
        new MutationObserver((_, observer) => {
          if (document.querySelector("[data-frames]")) {
            w.drawnAt = performance.now();
            observer.disconnect();
          }
        }).observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ["data-frames"],
          childList: true,
        });
      });
      await page.locator("input[type=file]").setInputFiles(files);
      await page.locator("[data-frames]").waitFor({ timeout: 60_000 });
      const times = await page.evaluate(() => {
        const w = window as unknown as Record<string, number>;
        return { changed: w.changedAt!, read: w.readAt!, drawn: w.drawnAt! };
      });
      reads.push(times.read - times.changed);
      firsts.push(times.drawn - times.changed);
      await page.close();
    }
    const read = median(reads);
    const first = median(firsts);
    console.log(
      `${path.basename(dir).padEnd(36)} ${read.toFixed(0).padStart(14)} ${first.toFixed(0).padStart(16)} ${(first / Math.max(read, 1)).toFixed(1).padStart(6)}×`,
    );
  }
} finally {
  await browser.close();
  server.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
