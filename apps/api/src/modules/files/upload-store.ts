import { mkdirSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore, Upload } from "@tus/server";
import { UPLOADS } from "@ems/contracts/files";

/**
 * Where resumable uploads keep their bytes until the last one arrives: a folder on local disk
 * (`DATA_DIR/uploads`) or, with S3 configured, the bucket (tus multipart uploads). A finished upload
 * moves into the file storage and leaves here; one nobody finished is removed after 24 hours.
 */
export interface UploadStore {
  /** The tus data store, made on first use (the file store creates its folder). */
  datastore(): DataStore;
  /** The bytes of a complete upload. */
  read(id: string): Promise<Readable>;
  /** Removes an upload and its metadata; a missing one is no error. */
  remove(id: string): Promise<void>;
  /** Removes uploads created before `cutoff` and never finished; returns how many. */
  deleteAbandoned(cutoff: Date): Promise<number>;
}

/**
 * An upload's size must be known when it is created, to check it against the limit and the quota
 * before any byte is sent: the store stops offering uploads of a length told later.
 */
function withoutDeferredLength<Store extends DataStore>(store: Store): Store {
  store.extensions = store.extensions.filter((extension) => extension !== "creation-defer-length");
  return store;
}

/** A tus id as the server names uploads: 32 lower-case hex characters (and nothing that is a path). */
export function isUploadId(value: string): boolean {
  return /^[0-9a-f]{32}$/.test(value);
}

/** Uploads in a local folder: `<id>` holds the bytes, `<id>.json` the tus metadata. */
export class LocalUploadStore implements UploadStore {
  readonly directory: string;
  private store: FileStore | undefined;

  constructor(directory: string) {
    this.directory = resolve(directory);
  }

  datastore(): FileStore {
    if (!this.store) {
      // FileStore creates the folder asynchronously and throws from a callback if that fails;
      // creating it first turns a bad DATA_DIR into an error of the request that needed it.
      mkdirSync(this.directory, { recursive: true });
      this.store = withoutDeferredLength(
        new FileStore({ directory: this.directory, expirationPeriodInMilliseconds: UPLOADS.expiresAfterMs }),
      );
    }
    return this.store;
  }

  read(id: string): Promise<Readable> {
    return Promise.resolve(this.datastore().read(id));
  }

  async remove(id: string): Promise<void> {
    if (!isUploadId(id)) return;
    await rm(join(this.directory, id), { force: true });
    await rm(join(this.directory, `${id}.json`), { force: true });
  }

  /**
   * Reads the folder itself rather than tus's own expiry, which trusts an offset it never updates
   * and stops at the first upload whose bytes a crash left behind without metadata (or the reverse).
   */
  async deleteAbandoned(cutoff: Date): Promise<number> {
    const names = await readdir(this.directory).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [] as string[];
      throw error;
    });
    const ids = new Set(names.map((name) => name.replace(/\.json$/, "")).filter(isUploadId));
    let removed = 0;
    for (const id of ids) {
      if ((await this.createdAt(id)) >= cutoff.getTime()) continue;
      await this.remove(id);
      removed += 1;
    }
    return removed;
  }

  /** When the upload was created: from its metadata, else (metadata lost) its bytes' last change. */
  private async createdAt(id: string): Promise<number> {
    const metadata = await readFile(join(this.directory, `${id}.json`), "utf8")
      .then((text) => JSON.parse(text) as Partial<Upload>)
      .catch(() => null);
    const created = metadata?.creation_date ? Date.parse(metadata.creation_date) : Number.NaN;
    if (Number.isFinite(created)) return created;
    const info = await stat(join(this.directory, id)).catch(() => null);
    return info?.mtimeMs ?? 0;
  }
}

export interface S3UploadConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * Uploads in the S3 bucket, as tus's S3 store keeps them: a multipart upload to `<id>` and its
 * metadata in `<id>.info`, beside (never inside) the file storage's `files/` and `tmp/` prefixes.
 */
export class S3UploadStore implements UploadStore {
  private store: S3Store | undefined;

  constructor(private readonly config: S3UploadConfig) {}

  datastore(): S3Store {
    this.store ??= withoutDeferredLength(
      new S3Store({
        // Parts are buffered on local disk, not in memory, before they go to the bucket.
        partSize: 8 * 1024 * 1024,
        expirationPeriodInMilliseconds: UPLOADS.expiresAfterMs,
        // Object tags (for a lifecycle rule on unfinished uploads) are not supported by every
        // S3-compatible store; the sweep expires uploads without them.
        useTags: false,
        s3ClientConfig: {
          bucket: this.config.bucket,
          endpoint: this.config.endpoint,
          region: this.config.region,
          forcePathStyle: this.config.forcePathStyle,
          credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
          // As in @ems/storage: many S3-compatible stores refuse the SDK's default checksum trailers.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        },
      }),
    );
    return this.store;
  }

  read(id: string): Promise<Readable> {
    return this.datastore().read(id);
  }

  async remove(id: string): Promise<void> {
    if (!isUploadId(id)) return;
    await this.datastore()
      .remove(id)
      .catch((error: unknown) => {
        if ((error as { status_code?: number }).status_code !== 404) throw error;
      });
  }

  /**
   * tus's own expiry: multipart uploads started more than 24 hours ago are aborted. It goes by the
   * bucket's clock, not `cutoff`; a lifecycle rule that aborts incomplete multipart uploads after a
   * day does the same without the server.
   */
  async deleteAbandoned(_cutoff: Date): Promise<number> {
    return this.datastore().deleteExpired();
  }
}

/** The S3 store when the four S3 variables are set (env.ts checks they come together), else DATA_DIR/uploads. */
export function uploadStoreFromEnv(env: {
  DATA_DIR: string;
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE: "true" | "false";
}): UploadStore {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)
    return new S3UploadStore({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    });
  return new LocalUploadStore(join(env.DATA_DIR, "uploads"));
}
