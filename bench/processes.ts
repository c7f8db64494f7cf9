import { spawn, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import type { Sample } from "./stats.ts";

/** Starts a TypeScript entry with tsx and resolves with its port once it prints that it listens. */
export function startNode(
  root: string,
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\d+)|running at http:\/\/[^:]+:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1] ?? match[2]) });
      }
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** One bounded load run; any non-2xx answer or socket error fails the benchmark. */
export async function load(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string> = {},
): Promise<Sample> {
  const result = await autocannon({ url, connections, duration, pipelining: 1, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
