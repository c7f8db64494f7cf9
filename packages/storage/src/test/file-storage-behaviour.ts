import { createHash, randomFillSync } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  InvalidStorageKeyError,
  StorageLimitError,
  StorageNotFoundError,
  StorageRangeError,
  type FileStorage,
} from "../file-storage.ts";

/** V8's gc(), without starting the test process with --expose-gc. */
function exposedGarbageCollector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

export interface StorageHarness {
  storage: FileStorage;
  /** Everything the back end holds, temporary files included: what "nothing left" is checked against. */
  listEverything(): Promise<string[]>;
  dispose(): Promise<void>;
}

const MiB = 1024 * 1024;

export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function randomBytesOf(length: number): Buffer {
  return randomFillSync(Buffer.allocUnsafe(length));
}

/** Yields `bytes` in pieces of `size`, as a network stream would. */
export async function* chunksOf(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

export async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The behaviour every FileStorage back end must have, run against each of them with a fresh, empty
 * storage per test.
 */
export function describeFileStorageBehaviour(
  name: string,
  createHarness: () => Promise<StorageHarness>,
): void {
  describe(`${name}: FileStorage behaviour`, () => {
    let harness: StorageHarness;
    let storage: FileStorage;
    const temporaryFolders: string[] = [];

    beforeEach(async () => {
      harness = await createHarness();
      storage = harness.storage;
    });
    afterEach(async () => {
      await harness.dispose();
      for (const folder of temporaryFolders.splice(0)) await rm(folder, { recursive: true, force: true });
    });

    it("stores a stream under the SHA-256 of its bytes and gives the same bytes back", async () => {
      const bytes = randomBytesOf(300_000);
      const stored = await storage.put(chunksOf(bytes, 7_000), { maxBytes: 1 * MiB });
      expect(stored).toEqual({ sha256: sha256Of(bytes), size: bytes.byteLength });
      expect(await storage.has(stored.sha256)).toBe(true);
      expect(await storage.stat(stored.sha256)).toEqual({ size: bytes.byteLength });
      expect((await readAll(await storage.open(stored.sha256))).equals(bytes)).toBe(true);
    });

    it("accepts a Node Readable and a file on disk, and leaves the file in place", async () => {
      const bytes = randomBytesOf(50_000);
      const fromReadable = await storage.put(Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]), {
        maxBytes: bytes.byteLength,
      });
      expect(fromReadable.sha256).toBe(sha256Of(bytes));

      const folder = await mkdtemp(join(tmpdir(), "ems-storage-source-"));
      temporaryFolders.push(folder);
      const other = randomBytesOf(80_000);
      await writeFile(join(folder, "upload.zip"), other);
      const fromFile = await storage.putFile(join(folder, "upload.zip"), { maxBytes: 1 * MiB });
      expect(fromFile).toEqual({ sha256: sha256Of(other), size: other.byteLength });
      expect((await readAll(await storage.open(fromFile.sha256))).equals(other)).toBe(true);
      await expect(storage.putFile(join(folder, "upload.zip"), { maxBytes: 79_999 })).rejects.toThrow(
        StorageLimitError,
      );
      expect((await readFile(join(folder, "upload.zip"))).equals(other)).toBe(true);
    });

    it("stores an empty file", async () => {
      const stored = await storage.put(chunksOf(new Uint8Array(0)), { maxBytes: 0 });
      expect(stored).toEqual({ sha256: sha256Of(new Uint8Array(0)), size: 0 });
      expect(await storage.stat(stored.sha256)).toEqual({ size: 0 });
      expect((await readAll(await storage.open(stored.sha256))).length).toBe(0);
    });

    it("keeps one object for the same content stored twice, however it was cut into chunks", async () => {
      const bytes = randomBytesOf(200_000);
      const first = await storage.put(chunksOf(bytes, 1000), { maxBytes: 1 * MiB });
      const second = await storage.put(chunksOf(bytes, 64 * 1024), { maxBytes: 1 * MiB });
      expect(second).toEqual(first);
      expect(await harness.listEverything()).toHaveLength(1);

      const third = await storage.put(chunksOf(randomBytesOf(10)), { maxBytes: 1 * MiB });
      expect(third.sha256).not.toBe(first.sha256);
      expect(await harness.listEverything()).toHaveLength(2);
    });

    it("stores one complete object when the same content is put concurrently", async () => {
      const bytes = randomBytesOf(1 * MiB + 12_345);
      const results = await Promise.all(
        [1000, 4096, 65_536, 100_000, 333_333].map((size) =>
          storage.put(chunksOf(bytes, size), { maxBytes: 2 * MiB }),
        ),
      );
      for (const result of results)
        expect(result).toEqual({ sha256: sha256Of(bytes), size: bytes.byteLength });
      expect(await harness.listEverything()).toHaveLength(1);
      expect((await readAll(await storage.open(sha256Of(bytes)))).equals(bytes)).toBe(true);
    });

    it("serves inclusive byte ranges", async () => {
      const bytes = randomBytesOf(1000);
      const { sha256 } = await storage.put(chunksOf(bytes), { maxBytes: 1000 });
      const read = async (range: { start?: number; end?: number }) =>
        readAll(await storage.open(sha256, range));
      expect((await read({ start: 10, end: 19 })).equals(bytes.subarray(10, 20))).toBe(true);
      expect((await read({ start: 990 })).equals(bytes.subarray(990))).toBe(true);
      // { end: 0 } is left out: s3rver serves the whole object for bytes=0-0 (real S3 does not).
      expect((await read({ end: 9 })).equals(bytes.subarray(0, 10))).toBe(true);
      expect((await read({ start: 999, end: 999 })).equals(bytes.subarray(999))).toBe(true);
      expect((await read({ start: 5, end: 5 })).equals(bytes.subarray(5, 6))).toBe(true);
      expect((await read({})).equals(bytes)).toBe(true);
    });

    it("refuses ranges that do not lie within the file", async () => {
      const bytes = randomBytesOf(1000);
      const { sha256 } = await storage.put(chunksOf(bytes), { maxBytes: 1000 });
      for (const range of [
        { start: 1000 },
        { start: 0, end: 1000 },
        { end: 5000 },
        { start: 20, end: 10 },
        { start: -1 },
        { start: 1.5 },
        { start: Number.NaN },
      ])
        await expect(storage.open(sha256, range), JSON.stringify(range)).rejects.toThrow(StorageRangeError);

      const empty = await storage.put(chunksOf(new Uint8Array(0)), { maxBytes: 10 });
      await expect(storage.open(empty.sha256, { start: 0 })).rejects.toThrow(StorageRangeError);
    });

    it("answers a missing object as missing", async () => {
      const missing = sha256Of(Buffer.from("never stored"));
      await expect(storage.open(missing)).rejects.toThrow(StorageNotFoundError);
      await expect(storage.open(missing, { start: 0, end: 1 })).rejects.toThrow(StorageNotFoundError);
      expect(await storage.stat(missing)).toBeNull();
      expect(await storage.has(missing)).toBe(false);
      await expect(storage.delete(missing)).resolves.toBeUndefined();
    });

    it("deletes an object", async () => {
      const { sha256 } = await storage.put(chunksOf(randomBytesOf(5000)), { maxBytes: 5000 });
      await storage.delete(sha256);
      expect(await storage.has(sha256)).toBe(false);
      await expect(storage.open(sha256)).rejects.toThrow(StorageNotFoundError);
      expect(await harness.listEverything()).toEqual([]);
    });

    it("stops at one byte over maxBytes, stores nothing and says how much was allowed", async () => {
      const bytes = randomBytesOf(100_000);
      const error = await storage.put(chunksOf(bytes, 1000), { maxBytes: 99_999 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageLimitError);
      expect(error).toMatchObject({ maxBytes: 99_999, code: "STORAGE_LIMIT_EXCEEDED" });
      expect(await storage.has(sha256Of(bytes))).toBe(false);
      expect(await harness.listEverything()).toEqual([]);
      // Exactly the limit is allowed.
      expect((await storage.put(chunksOf(bytes, 1000), { maxBytes: 100_000 })).size).toBe(100_000);
    });

    it("leaves nothing when a large stream passes the limit mid-way, and stops reading it", async () => {
      let bytesRead = 0;
      async function* endless() {
        for (;;) {
          const chunk = randomBytesOf(64 * 1024);
          bytesRead += chunk.byteLength;
          yield chunk;
        }
      }
      const source = Readable.from(endless(), { objectMode: false });
      await expect(storage.put(source, { maxBytes: 12 * MiB })).rejects.toThrow(StorageLimitError);
      expect(source.destroyed).toBe(true);
      // A few chunks of read-ahead, never the whole (endless) stream.
      expect(bytesRead).toBeLessThan(13 * MiB);
      expect(await harness.listEverything()).toEqual([]);
    });

    it("rethrows a failing source's error and stores nothing", async () => {
      async function* failing() {
        yield randomBytesOf(10_000);
        throw new Error("connection reset by peer");
      }
      await expect(storage.put(failing(), { maxBytes: 1 * MiB })).rejects.toThrow("connection reset by peer");
      expect(await harness.listEverything()).toEqual([]);
    });

    it("refuses text chunks, whose bytes would depend on an encoding", async () => {
      await expect(storage.put(Readable.from(["text"]), { maxBytes: 100 })).rejects.toThrow(TypeError);
      expect(await harness.listEverything()).toEqual([]);
    });

    it("refuses a maxBytes that is not a whole number of bytes", async () => {
      for (const maxBytes of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
        await expect(storage.put(chunksOf(randomBytesOf(1)), { maxBytes })).rejects.toThrow(RangeError);
    });

    it("makes an object visible only once its put has completed", async () => {
      const bytes = randomBytesOf(300_000);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let firstHalfRead!: () => void;
      const halfway = new Promise<void>((resolve) => (firstHalfRead = resolve));
      async function* gated() {
        yield bytes.subarray(0, 150_000);
        firstHalfRead();
        await released;
        yield bytes.subarray(150_000);
      }
      const putting = storage.put(gated(), { maxBytes: 1 * MiB });
      await halfway;
      expect(await storage.has(sha256Of(bytes))).toBe(false);
      await expect(storage.open(sha256Of(bytes))).rejects.toThrow(StorageNotFoundError);
      release();
      expect((await putting).sha256).toBe(sha256Of(bytes));
      expect(await storage.has(sha256Of(bytes))).toBe(true);
    });

    it("refuses every key that is not 64 lower-case hex characters", async () => {
      const valid = sha256Of(Buffer.from("x"));
      const hostile = [
        "",
        "../../../../etc/passwd",
        `../${valid.slice(3)}`,
        `${valid.slice(0, 30)}/${valid.slice(31)}`,
        valid.toUpperCase(),
        valid.slice(1),
        `${valid}0`,
        "g".repeat(64),
        `${valid.slice(0, 63)}\0`,
        ` ${valid.slice(1)}`,
      ];
      for (const key of hostile) {
        const label = JSON.stringify(key);
        await expect(storage.open(key), label).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.stat(key), label).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.has(key), label).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.delete(key), label).rejects.toThrow(InvalidStorageKeyError);
      }
    });

    it("puts and reads back a 50 MB stream in constant memory", { timeout: 120_000 }, async () => {
      const size = 50 * MiB;
      const chunkSize = 64 * 1024;
      // Measures what the storage keeps alive, not how lazily V8 frees the test's own spent chunks:
      // left alone it may let tens of MB of dead buffers pile up before collecting them.
      const collectGarbage = exposedGarbageCollector();
      const expected = createHash("sha256");
      let peak = 0;
      const sample = () => (peak = Math.max(peak, process.memoryUsage.rss()));
      async function* generated() {
        for (let sent = 0; sent < size; sent += chunkSize) {
          if (sent % (4 * MiB) === 0) collectGarbage();
          const chunk = randomBytesOf(chunkSize);
          expected.update(chunk);
          sample();
          yield chunk;
        }
      }
      // Warm the code paths up first so that loading them is not counted.
      await storage.put(chunksOf(randomBytesOf(6 * MiB)), { maxBytes: 10 * MiB });
      collectGarbage();
      const baseline = process.memoryUsage.rss();
      const sampler = setInterval(sample, 5);
      try {
        const stored = await storage.put(Readable.from(generated(), { objectMode: false }), {
          maxBytes: size,
        });
        expect(stored).toEqual({ sha256: expected.digest("hex"), size });

        const readBack = createHash("sha256");
        let read = 0;
        for await (const chunk of await storage.open(stored.sha256)) {
          readBack.update(chunk as Uint8Array);
          read += (chunk as Uint8Array).byteLength;
          if (read % (4 * MiB) < (chunk as Uint8Array).byteLength) collectGarbage();
          sample();
        }
        expect(readBack.digest("hex")).toBe(stored.sha256);
      } finally {
        clearInterval(sampler);
      }
      expect(peak - baseline).toBeLessThan(32 * MiB);
    });
  });
}
