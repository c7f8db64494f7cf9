import { createHash, type Hash } from "node:crypto";
import { Readable } from "node:stream";

/**
 * Content-addressed file storage: an object's key is the SHA-256 of its bytes (64 lower-case hex
 * characters), so storing the same content twice keeps one object, and a key can never name a path
 * outside the storage. Which customer may see an object is the API's business (metadata in
 * PostgreSQL); this layer only stores bytes.
 */
export interface FileStorage {
  /**
   * Streams `source` into the storage with constant memory, hashing as it writes. The object only
   * becomes visible (to `has`, `stat`, `open`) once it is complete. Over `maxBytes` the write stops,
   * whatever was written is removed and a StorageLimitError is thrown; a failing source is rethrown
   * the same way, after the same clean-up.
   */
  put(source: PutSource, options: PutOptions): Promise<StoredFile>;
  /** `put` for a file already on local disk (a finished resumable upload); the file is left in place. */
  putFile(path: string, options: PutOptions): Promise<StoredFile>;
  /**
   * The object's bytes, or those of an inclusive byte range as in HTTP (`{ start: 0, end: 99 }` is the
   * first 100 bytes; either bound may be left out). Throws StorageNotFoundError for a missing object and
   * StorageRangeError for a range that does not lie within it. The caller must consume or destroy the
   * stream: with S3 it holds a connection.
   */
  open(sha256: string, range?: ByteRange): Promise<Readable>;
  stat(sha256: string): Promise<{ size: number } | null>;
  has(sha256: string): Promise<boolean>;
  /** Removes the object; removing a missing one is not an error. */
  delete(sha256: string): Promise<void>;
  /**
   * Removes temporary files that a crashed or killed process left behind while writing, if they
   * are older than `olderThanMs`; never touches a write still under way in a live process as long
   * as `olderThanMs` exceeds the longest upload. Returns how many it removed.
   */
  deleteAbandonedTemporaryFiles(options: { olderThanMs: number }): Promise<number>;
  /** Releases connections (S3); the storage is unusable afterwards. */
  close(): Promise<void>;
}

export type PutSource = Readable | AsyncIterable<Uint8Array>;

export interface PutOptions {
  /** The most bytes this object may have; a byte more aborts the write with StorageLimitError. */
  maxBytes: number;
}

export interface StoredFile {
  sha256: string;
  size: number;
}

export interface ByteRange {
  start?: number;
  /** Inclusive, as in an HTTP Range header. */
  end?: number;
}

/** Whether `value` is a storage key: exactly 64 lower-case hex characters, as `put` returns them. */
export function isStorageKey(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/** Refuses anything but a canonical key before it reaches a path or an S3 key. */
export function assertStorageKey(value: string): void {
  if (typeof value !== "string" || !isStorageKey(value)) throw new InvalidStorageKeyError(value);
}

export class StorageLimitError extends Error {
  readonly code = "STORAGE_LIMIT_EXCEEDED";
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the ${maxBytes} bytes allowed`);
    this.name = "StorageLimitError";
  }
}

export class InvalidStorageKeyError extends Error {
  readonly code = "INVALID_STORAGE_KEY";
  constructor(key: unknown) {
    // Only the length goes into the message: the key may be hostile input headed for a log.
    super(`A storage key is 64 lower-case hex characters (got ${describeKey(key)})`);
    this.name = "InvalidStorageKeyError";
  }
}

export class StorageNotFoundError extends Error {
  readonly code = "STORAGE_NOT_FOUND";
  constructor(readonly sha256: string) {
    super(`No stored file ${sha256}`);
    this.name = "StorageNotFoundError";
  }
}

export class StorageRangeError extends Error {
  readonly code = "STORAGE_RANGE_NOT_SATISFIABLE";
  constructor(
    readonly range: ByteRange,
    readonly size?: number,
  ) {
    super(
      `The byte range ${range.start ?? ""}-${range.end ?? ""} does not lie within the file` +
        (size === undefined ? "" : ` of ${size} bytes`),
    );
    this.name = "StorageRangeError";
  }
}

function describeKey(key: unknown): string {
  return typeof key === "string" ? `a string of ${key.length} characters` : typeof key;
}

export function assertMaxBytes(maxBytes: number): void {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new RangeError(`maxBytes must be a whole number of bytes, not ${String(maxBytes)}`);
}

/**
 * Checks a range's own shape (whole, non-negative, start ≤ end); whether it fits the object is the
 * back end's check, since only it knows the size.
 */
export function assertRangeShape(range: ByteRange): void {
  const { start, end } = range;
  const wholeOrAbsent = (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n >= 0);
  if (
    !wholeOrAbsent(start) ||
    !wholeOrAbsent(end) ||
    (start !== undefined && end !== undefined && start > end)
  )
    throw new StorageRangeError(range);
}

/** The inclusive byte bounds of `range` within an object of `size` bytes, or a StorageRangeError. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  assertRangeShape(range);
  const start = range.start ?? 0;
  const end = range.end ?? size - 1;
  if (start >= size || end >= size) throw new StorageRangeError(range, size);
  return { start, end };
}

/** Stops a source that will not be read to its end, so that an upload's request does not hang open. */
export function abandonSource(source: PutSource): void {
  if (source instanceof Readable) source.destroy();
}

/**
 * Hashes and counts the bytes of a source on their way through, and stops the stream with a
 * StorageLimitError at the first byte over the limit, so a hostile upload costs at most the limit.
 */
export class MeteredSource {
  private readonly hash: Hash = createHash("sha256");
  private bytes = 0;
  /** The error that ended the source, if any: what `put` must report, whatever the writer made of it. */
  failure: unknown = undefined;

  constructor(
    private readonly source: PutSource,
    private readonly maxBytes: number,
  ) {}

  async *chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of this.source as AsyncIterable<unknown>) {
        if (!(chunk instanceof Uint8Array))
          throw new TypeError(
            "A stored file's source must yield bytes (Buffer or Uint8Array), not text or objects",
          );
        this.bytes += chunk.byteLength;
        if (this.bytes > this.maxBytes) throw new StorageLimitError(this.maxBytes);
        this.hash.update(chunk);
        yield chunk;
      }
    } catch (error) {
      this.failure = error;
      throw error;
    }
  }

  /** The key and size of everything read; call once, after the source ended. */
  result(): StoredFile {
    return { sha256: this.hash.digest("hex"), size: this.bytes };
  }
}
