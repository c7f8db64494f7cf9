import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { load as loadRun, startNode } from "./processes.ts";
import { median, ratioSummary, type Sample } from "./stats.ts";

/**
 * npm run bench:api — a bounded load run on loopback. Each repeat measures, in turn, a bare Fastify
 * hello-world (the baseline), GET /api/health and GET /api/languages of the real server; loopback
 * figures swing between runs, so only the ratio to the baseline of the same repeat is reported.
 *
 * BENCH_DURATION_S (default 5), BENCH_REPEATS (default 3), BENCH_CONNECTIONS (default 50).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_DURATION_S ?? 5);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ems-bench-"));
  const baseline = await startNode(root, "bench/hello-server.ts", { PORT: "0" });
  const product = await startNode(root, "apps/api/src/server.ts", {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // Required in production; nothing the bench calls builds a link.
    PUBLIC_URL: "http://127.0.0.1",
    WEB_BUILD_DIR: "off",
  });
  const targets = {
    baseline: `http://127.0.0.1:${baseline.port}/`,
    health: `http://127.0.0.1:${product.port}/api/health`,
    languages: `http://127.0.0.1:${product.port}/api/languages`,
  };
  const samples: Record<keyof typeof targets, Sample[]> = { baseline: [], health: [], languages: [] };
  try {
    for (let i = 1; i <= repeats; i++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        const sample = await loadRun(targets[name], connections, duration);
        samples[name].push(sample);
        console.log(
          `repeat ${i}/${repeats}  ${name.padEnd(9)} ${sample.rps.toFixed(0).padStart(7)} req/s  p50 ${sample.p50} ms  p99 ${sample.p99} ms`,
        );
      }
    }
  } finally {
    baseline.child.kill("SIGTERM");
    product.child.kill("SIGTERM");
  }
  console.log(`\n${connections} connections, ${duration} s per run, ${repeats} interleaved repeats`);
  console.log(
    `baseline (bare Fastify)  median ${median(samples.baseline.map((s) => s.rps)).toFixed(0)} req/s`,
  );
  for (const name of ["health", "languages"] as const) {
    console.log(ratioSummary(`GET /api/${name}`, samples[name], samples.baseline));
  }
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
