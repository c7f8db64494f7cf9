import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, unlink, type FileHandle } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import {
  MeteredSource,
  StorageNotFoundError,
  abandonSource,
  assertMaxBytes,
  assertRangeShape,
  assertStorageKey,
  resolveRange,
  type ByteRange,
  type FileStorage,
  type PutOptions,
  type PutSource,
  type StoredFile,
} from "./file-storage.ts";

/** Where temporary files live: inside the storage folder (one file system, so rename is atomic) but
 * never at a path an object could have, since object folders are two hex characters. */
const TEMPORARY_FOLDER = ".tmp";

/**
 * Files on local disk at `<directory>/ab/cd/<sha256>` (with `directory` = `<DATA_DIR>/files`).
 * Every write goes to a temporary file beside them, is flushed to disk and then renamed into place,
 * so an object is either complete or absent, even after a crash or a power cut.
 */
export class LocalFileStorage implements FileStorage {
  readonly directory: string;
  private readonly temporaryDirectory: string;

  constructor(options: { directory: string }) {
    this.directory = resolve(options.directory);
    this.temporaryDirectory = join(this.directory, TEMPORARY_FOLDER);
  }

  /** The path of an object; the key check is what keeps every path inside the directory. */
  pathOf(sha256: string): string {
    assertStorageKey(sha256);
    return join(this.directory, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async put(source: PutSource, options: PutOptions): Promise<StoredFile> {
    assertMaxBytes(options.maxBytes);
    const temporaryPath = join(this.temporaryDirectory, `${randomUUID()}.part`);
    let handle: FileHandle | undefined;
    try {
      await makeDirectoryDurably(this.temporaryDirectory);
      handle = await open(temporaryPath, "wx");
      const metered = new MeteredSource(source, options.maxBytes);
      for await (const chunk of metered.chunks()) await writeAll(handle, chunk);
      await handle.sync();
      await handle.close();
      handle = undefined;
      const stored = metered.result();
      await this.moveIntoPlace(temporaryPath, this.pathOf(stored.sha256));
      return stored;
    } catch (error) {
      abandonSource(source);
      await handle?.close().catch(() => undefined);
      await rm(temporaryPath, { force: true });
      throw error;
    }
  }

  putFile(path: string, options: PutOptions): Promise<StoredFile> {
    return this.put(createReadStream(path), options);
  }

  async open(sha256: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(sha256);
    if (range) assertRangeShape(range);
    // Opening first pins the file: a concurrent delete cannot cut the download short.
    const handle = await open(path, "r").catch((error: unknown) => {
      throw isNotFound(error) ? new StorageNotFoundError(sha256) : error;
    });
    try {
      if (!range) return handle.createReadStream({ autoClose: true });
      const { size } = await handle.stat();
      const { start, end } = resolveRange(range, size);
      return handle.createReadStream({ start, end, autoClose: true });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(sha256: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(sha256));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.stat(sha256)) !== null;
  }

  async delete(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }

  async deleteAbandonedTemporaryFiles({ olderThanMs }: { olderThanMs: number }): Promise<number> {
    const names = await readdir(this.temporaryDirectory).catch((error: unknown) => {
      if (isNotFound(error)) return [];
      throw error;
    });
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const path = join(this.temporaryDirectory, name);
      const info = await stat(path).catch(() => null);
      if (info === null || info.mtimeMs > cutoff) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }

  async close(): Promise<void> {}

  private async moveIntoPlace(temporaryPath: string, objectPath: string): Promise<void> {
    if ((await stat(objectPath).catch(() => null))?.isFile()) {
      // The same bytes are already stored: keep the one object.
      await unlink(temporaryPath);
      return;
    }
    const folder = dirname(objectPath);
    await makeDirectoryDurably(folder);
    // Two puts of the same content may both get here; the second rename replaces the first file
    // with identical bytes, atomically, so readers see one complete object either way.
    await rename(temporaryPath, objectPath);
    // The rename is durable only once the folder holding the new entry is flushed.
    await syncDirectory(folder);
  }
}

/** mkdir -p, then flushes the parent of every folder it created, so a crash cannot lose them. */
async function makeDirectoryDurably(path: string): Promise<void> {
  const firstCreated = await mkdir(path, { recursive: true });
  if (firstCreated === undefined) return;
  const top = dirname(firstCreated);
  for (let dir = path; dir !== top;) {
    dir = dirname(dir);
    await syncDirectory(dir);
  }
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

async function syncDirectory(path: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, "r");
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) cannot open or flush a directory; the rename itself still happened.
    if (!isCode(error, "EISDIR", "EPERM", "EINVAL", "EBADF")) throw error;
  } finally {
    await handle?.close();
  }
}

function isNotFound(error: unknown): boolean {
  return isCode(error, "ENOENT", "ENOTDIR");
}

function isCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && "code" in error && codes.includes(String(error.code));
}
