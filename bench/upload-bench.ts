import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { copyFile, open, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { createDb, dbOptionsFromEnv } from "@ems/db/client";
import { createCompany, createSession, createUser } from "@ems/db/factories";
import { runMigrations } from "@ems/db/migrate";
import { median } from "./stats.ts";
import { startNode } from "./processes.ts";

/**
 * npm run bench:upload — one large resumable (tus) upload through the running server on loopback, in
 * chunks, the way the portal's uploader sends it: created, PATCHed chunk by chunk, and on the last
 * byte moved into the file storage (hashed, written, flushed). It reports the server's peak RSS growth
 * over its resident size before the upload (budget: 64 MB, the run fails above it; issue 17) and the
 * upload's throughput against fs.copyFile of the same file on the same disk in the same run, the
 * fastest the bytes could possibly land. Loopback figures swing between runs; the ratio is what counts.
 *
 * BENCH_UPLOAD_MB (default 200), BENCH_CHUNK_MB (default 8), BENCH_REPEATS (default 1).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const chunkMb = Number(process.env.BENCH_CHUNK_MB ?? 8);
const repeats = Number(process.env.BENCH_REPEATS ?? 1);
const RSS_BUDGET_MB = 64;
const MB = 1024 * 1024;

/** A file of `bytes` random bytes behind a zip's local file header (the Gerber content check), and its SHA-256. */
async function writeSource(file: string, bytes: number): Promise<string> {
  const handle = await open(file, "w");
  const hash = createHash("sha256");
  try {
    const head = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
    hash.update(head);
    await handle.write(head);
    for (let written = head.length; written < bytes;) {
      const chunk = randomBytes(Math.min(4 * MB, bytes - written));
      hash.update(chunk);
      await handle.write(chunk);
      written += chunk.length;
    }
  } finally {
    await handle.close();
  }
  return hash.digest("hex");
}

/** A company member who may upload, in the database the server will open; answers the session token. */
async function prepare(dataDir: string): Promise<string> {
  const handle = await createDb(dbOptionsFromEnv({ DATA_DIR: dataDir }));
  try {
    await runMigrations(handle);
    const company = await createCompany(handle.db, { name: "Bench Elektronik GmbH" });
    const user = await createUser(handle.db, { companyId: company.id, companyRole: "engineer" });
    return (await createSession(handle.db, { userId: user.id })).token;
  } finally {
    await handle.close();
  }
}

/** The process's resident set in bytes, from /proc on Linux, else from ps. */
function rssOf(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, "utf8"));
    if (match) return Number(match[1]) * 1024;
  }
  return (
    Number(
      execFileSync("ps", ["-o", "rss=", "-p", String(pid)])
        .toString()
        .trim(),
    ) * 1024
  );
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request; `body` is a byte range of `file` streamed from disk, so the client holds no chunk in memory. */
function request(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: { file: string; start: number; end: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: url, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (body) createReadStream(body.file, { start: body.start, end: body.end }).pipe(req);
    else req.end();
  });
}

/** Uploads `file` with tus in chunks; answers the stored file's id and how long the last PATCH took (it stores the file). */
async function upload(
  port: number,
  token: string,
  file: string,
  bytes: number,
  chunkBytes: number,
): Promise<{ fileId: string; lastMs: number }> {
  const auth = { authorization: `next ${token}`, "tus-resumable": "1.0.0" };
  const metadata = `filename ${Buffer.from("bench.zip").toString("base64")},purpose ${Buffer.from("gerber").toString("base64")}`;
  const created = await request(port, "POST", "/api/uploads", {
    ...auth,
    "upload-length": String(bytes),
    "upload-metadata": metadata,
  });
  if (created.status !== 201)
    throw new Error(`POST /api/uploads answered ${created.status}: ${created.body}`);
  const location = String(created.headers.location);
  for (let offset = 0; offset < bytes; offset += chunkBytes) {
    const end = Math.min(offset + chunkBytes, bytes) - 1;
    const started = performance.now();
    const res = await request(
      port,
      "PATCH",
      location,
      {
        ...auth,
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
        "content-length": String(end - offset + 1),
      },
      { file, start: offset, end },
    );
    if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${res.body}`);
    const fileId = res.headers["upload-file-id"];
    if (end === bytes - 1) {
      if (typeof fileId !== "string") throw new Error("The last PATCH named no stored file");
      return { fileId, lastMs: performance.now() - started };
    }
  }
  throw new Error("The upload ended without its last byte");
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ems-upload-bench-"));
  const bytes = sizeMb * MB;
  const chunkBytes = chunkMb * MB;
  const source = path.join(dataDir, "source.bin");
  try {
    const token = await prepare(dataDir);
    const sha256 = await writeSource(source, bytes);
    const server = await startNode(root, "apps/api/src/server.ts", {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // Required in production; nothing the bench calls builds a link.
      PUBLIC_URL: "http://127.0.0.1",
      WEB_BUILD_DIR: "off",
      UPLOAD_MAX_BYTES: String(bytes),
      COMPANY_STORAGE_QUOTA_BYTES: String(bytes * (repeats + 2)),
    });
    const pid = server.child.pid!;
    const uploadMbps: number[] = [];
    const copyMbps: number[] = [];
    const growthMb: number[] = [];
    try {
      // A small upload first: the code paths are loaded and warm before the baseline is taken.
      const warm = path.join(dataDir, "warm.bin");
      await writeSource(warm, 1 * MB);
      await upload(server.port, token, warm, 1 * MB, chunkBytes);
      for (let i = 1; i <= repeats; i++) {
        const copyTarget = path.join(dataDir, "copy.bin");
        const copyStart = performance.now();
        await copyFile(source, copyTarget);
        const copySeconds = (performance.now() - copyStart) / 1000;
        await rm(copyTarget);

        const baseline = rssOf(pid);
        let peak = baseline;
        const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
        const start = performance.now();
        const { fileId, lastMs } = await upload(server.port, token, source, bytes, chunkBytes);
        const seconds = (performance.now() - start) / 1000;
        clearInterval(sampler);
        peak = Math.max(peak, rssOf(pid));

        const list = await request(server.port, "GET", "/api/files?sort=created_at&dir=desc&page_size=10", {
          authorization: `next ${token}`,
        });
        const stored = (JSON.parse(list.body) as { data: { items: { id: string; sha256: string }[] } }).data
          .items;
        if (stored.find((item) => item.id === fileId)?.sha256 !== sha256)
          throw new Error("The stored file is not the uploaded one");
        // The next repeat stores the same content again, from scratch.
        const removed = await request(server.port, "DELETE", `/api/files/${fileId}`, {
          authorization: `next ${token}`,
        });
        if (removed.status !== 200) throw new Error(`DELETE answered ${removed.status}`);

        uploadMbps.push(sizeMb / seconds);
        copyMbps.push(sizeMb / copySeconds);
        growthMb.push((peak - baseline) / MB);
        console.log(
          `repeat ${i}/${repeats}  upload ${(sizeMb / seconds).toFixed(0).padStart(5)} MiB/s (last PATCH, storing: ${(lastMs / 1000).toFixed(2)} s)  fs.copyFile ${(sizeMb / copySeconds).toFixed(0).padStart(5)} MiB/s  server RSS ${(baseline / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB`,
        );
      }
    } finally {
      server.child.kill("SIGTERM");
    }
    const growth = Math.max(...growthMb);
    console.log(`\n${sizeMb} MiB in ${chunkMb} MiB chunks over loopback, stored under DATA_DIR (local disk)`);
    console.log(
      `upload (tus, then stored)  median ${median(uploadMbps).toFixed(0)} MiB/s; fs.copyFile median ${median(copyMbps).toFixed(0)} MiB/s; ratio ${(median(uploadMbps) / median(copyMbps)).toFixed(2)}`,
    );
    console.log(`server peak RSS growth     ${growth.toFixed(1)} MB (budget ${RSS_BUDGET_MB} MB)`);
    if (growth >= RSS_BUDGET_MB) {
      console.error(
        `The server's memory grew by ${growth.toFixed(1)} MB during the upload: over the ${RSS_BUDGET_MB} MB budget.`,
      );
      process.exitCode = 1;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
