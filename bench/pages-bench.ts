import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { siteConfig } from "../packages/config/src/site.ts";
import { load, startNode } from "./processes.ts";
import { median, ratioSummary, type Sample } from "./stats.ts";

/**
 * npm run bench:pages — the prerendered home page as the product serves it (one Node process, with
 * its redirect and language checks) against nginx (Debian package, one worker) serving the very same
 * HTML file, both started here, measured interleaved; the median ratio is what to watch.
 *
 * Needs the production build (npm run build) and nginx (apt-get install -y nginx; installed here
 * automatically when running as root). BENCH_DURATION_S, BENCH_REPEATS, BENCH_CONNECTIONS as in bench:api.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_DURATION_S ?? 5);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0) {
    console.log("nginx is not installed: installing the Debian package…");
    execFileSync("apt-get", ["install", "-y", "-qq", "nginx"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    return "/usr/sbin/nginx";
  }
  throw new Error("nginx is not installed: sudo apt-get install -y nginx");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, "apps/web/build/client/index.html"))) {
    throw new Error("No prerendered home page: run npm run build first.");
  }
  const nginx = nginxBinary();
  const work = mkdtempSync(path.join(os.tmpdir(), "ems-pages-bench-"));
  // nginx started as root serves files as an unprivileged worker user: let it read the folder.
  chmodSync(work, 0o755);
  const product = await startNode(root, "apps/api/src/server.ts", {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: path.join(work, "data"),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // Required in production: the site's own address, so pages carry the canonical links they would deployed.
    PUBLIC_URL: siteConfig.url,
  });
  const productUrl = `http://127.0.0.1:${product.port}/`;
  // nginx serves exactly the bytes the product sends for the home page.
  const html = await (await fetch(productUrl)).text();
  const docroot = path.join(work, "www");
  mkdirSync(docroot, { recursive: true });
  writeFileSync(path.join(docroot, "index.html"), html);
  const nginxPort = await freePort();
  const conf = path.join(work, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  default_type text/html;
  server { listen 127.0.0.1:${nginxPort}; root ${docroot}; index index.html; }
}
`,
  );
  const nginxProcess = spawn(nginx, ["-c", conf, "-p", work], { stdio: "inherit" });
  const nginxUrl = `http://127.0.0.1:${nginxPort}/`;
  const samples: { nginx: Sample[]; product: Sample[] } = { nginx: [], product: [] };
  try {
    await waitFor(nginxUrl);
    for (let i = 1; i <= repeats; i++) {
      for (const [name, url] of [
        ["nginx", nginxUrl],
        ["product", productUrl],
      ] as const) {
        const sample = await load(url, connections, duration);
        samples[name].push(sample);
        console.log(
          `repeat ${i}/${repeats}  ${name.padEnd(8)} ${sample.rps.toFixed(0).padStart(7)} req/s  p50 ${sample.p50} ms  p99 ${sample.p99} ms`,
        );
      }
    }
  } finally {
    nginxProcess.kill("SIGTERM");
    product.child.kill("SIGTERM");
  }
  console.log(
    `\nprerendered home page (${Buffer.byteLength(html)} bytes), ${connections} connections, ${duration} s per run, ${repeats} interleaved repeats`,
  );
  console.log(`nginx (1 worker)         median ${median(samples.nginx.map((s) => s.rps)).toFixed(0)} req/s`);
  console.log(ratioSummary("product GET /", samples.product, samples.nginx));
  rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
