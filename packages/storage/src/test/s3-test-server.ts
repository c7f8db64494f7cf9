import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { S3StorageConfig } from "../s3-storage.ts";

export interface S3TestServer {
  config: S3StorageConfig;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: SigV4 checks, multipart, ranges, copy) on a random loopback
 * port, in a child process: the storage's memory is measured in this one.
 */
export async function startS3TestServer(bucket = "ems-storage-test"): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), "ems-s3rver-"));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./s3rver-process.ts", import.meta.url)), directory, bucket],
    { cwd: fileURLToPath(new URL("../..", import.meta.url)), stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (data: Buffer) => {
        output += data.toString();
        const line = /^(\d+)\n/.exec(output);
        if (line) resolve(Number(line[1]));
      });
      child.once("exit", (code) =>
        reject(new Error(`s3rver exited with ${code} before listening: ${output}`)),
      );
    });
    return {
      config: {
        endpoint: `http://127.0.0.1:${port}`,
        bucket,
        region: "us-east-1",
        // s3rver's built-in account; it checks every request's signature against it.
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      },
      async stop() {
        child.stdin.end();
        await exited;
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill();
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
