import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalFileStorage } from "./local-storage.ts";
import {
  chunksOf,
  describeFileStorageBehaviour,
  randomBytesOf,
  sha256Of,
} from "./test/file-storage-behaviour.ts";

/** Every file below `directory`, as paths relative to it. */
async function filesBelow(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

async function temporaryStorage() {
  const root = await mkdtemp(join(tmpdir(), "ems-local-storage-"));
  const directory = join(root, "files");
  return { root, directory, storage: new LocalFileStorage({ directory }) };
}

describeFileStorageBehaviour("local disk", async () => {
  const { root, directory, storage } = await temporaryStorage();
  return {
    storage,
    listEverything: () => filesBelow(directory),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
});

describe("LocalFileStorage", () => {
  let root: string;
  let directory: string;
  let storage: LocalFileStorage;
  beforeEach(async () => ({ root, directory, storage } = await temporaryStorage()));
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("keeps an object at <directory>/ab/cd/<sha256> and no temporary file after the put", async () => {
    const bytes = randomBytesOf(1234);
    const { sha256 } = await storage.put(chunksOf(bytes), { maxBytes: 2000 });
    const path = join(sha256.slice(0, 2), sha256.slice(2, 4), sha256);
    expect(await filesBelow(directory)).toEqual([path]);
    expect((await readFile(join(directory, path))).equals(bytes)).toBe(true);
    expect(storage.pathOf(sha256)).toBe(join(directory, path));
  });

  it("leaves no object, only a temporary file it can sweep, when the process is killed mid-write", async () => {
    const script = fileURLToPath(new URL("./test/put-until-killed.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script, directory], {
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    const line = await new Promise<string>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (data: Buffer) => {
        output += data.toString();
        if (output.includes("\n")) resolve(output.trim());
      });
      child.on("exit", () => reject(new Error(`the writer exited before writing: ${output}`)));
    });
    expect(line).toMatch(/^writing [0-9a-f-]+\.part$/);
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    const left = await filesBelow(directory);
    expect(left).toEqual([join(".tmp", line.slice("writing ".length))]);
    expect((await stat(join(directory, left[0]!))).size).toBeGreaterThan(0);

    // A write that may still be under way elsewhere is kept; an old one goes.
    expect(await storage.deleteAbandonedTemporaryFiles({ olderThanMs: 60 * 60 * 1000 })).toBe(0);
    const anHourAgo = new Date(Date.now() - 61 * 60 * 1000);
    await utimes(join(directory, left[0]!), anHourAgo, anHourAgo);
    expect(await storage.deleteAbandonedTemporaryFiles({ olderThanMs: 60 * 60 * 1000 })).toBe(1);
    expect(await filesBelow(directory)).toEqual([]);
  });

  it("stops the source when it cannot write at all", async () => {
    await writeFile(directory, "a file where the storage folder should be");
    const source = Readable.from([randomBytesOf(10)]);
    await expect(storage.put(source, { maxBytes: 10 })).rejects.toThrow();
    expect(source.destroyed).toBe(true);
  });

  it("sweeps nothing before anything was ever stored", async () => {
    expect(await storage.deleteAbandonedTemporaryFiles({ olderThanMs: 0 })).toBe(0);
  });

  it("finds an object stored by another instance on the same folder", async () => {
    const bytes = randomBytesOf(100);
    await new LocalFileStorage({ directory }).put(chunksOf(bytes), { maxBytes: 100 });
    expect(await storage.has(sha256Of(bytes))).toBe(true);
  });
});
