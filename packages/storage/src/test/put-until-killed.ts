// Run as a child process by local-storage.test.ts: starts a put that never ends, says when bytes are
// on disk, and waits to be killed mid-write.
import { randomFillSync } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { LocalFileStorage } from "../local-storage.ts";

const directory = process.argv[2] ?? "";
if (directory === "") throw new Error("usage: put-until-killed.ts <directory>");
const storage = new LocalFileStorage({ directory });

async function* endless() {
  for (let i = 0; ; i++) {
    yield randomFillSync(Buffer.alloc(64 * 1024));
    if (i === 16) {
      const temporary = await readdir(join(directory, ".tmp"));
      process.stdout.write(`writing ${temporary.join(",")}\n`);
      // A timer keeps the process alive (a pending promise alone would not) until the kill.
      await new Promise(() => setInterval(() => {}, 60_000));
    }
  }
}

void storage.put(endless(), { maxBytes: 1024 * 1024 * 1024 });
