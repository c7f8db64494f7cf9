import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  MeteredSource,
  StorageNotFoundError,
  StorageRangeError,
  abandonSource,
  assertMaxBytes,
  assertRangeShape,
  assertStorageKey,
  type ByteRange,
  type FileStorage,
  type PutOptions,
  type PutSource,
  type StoredFile,
} from "./file-storage.ts";

export interface S3StorageConfig {
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO, Ceph, R2 … address */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addresses objects as endpoint/bucket/key instead of bucket.endpoint/key; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /**
   * Bytes per multipart part, and parts sent at once. A put holds about partSize × (queueSize + 2)
   * in memory (parts in flight, the part being filled, its copy); the defaults, 5 MiB (the S3
   * minimum) and 1, keep that near 15 MB per concurrent upload. A second part in flight only pays
   * when the store is slower than the client feeding the upload.
   */
  partSize?: number;
  queueSize?: number;
}

/** Where writes in progress go. A bucket lifecycle rule on this prefix (expire objects and abort
 * incomplete multipart uploads after a day) also clears what a killed process left behind. */
const TEMPORARY_PREFIX = "tmp/";
const OBJECT_PREFIX = "files/";

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default CRC32 trailers on every request are not understood by many S3-compatible
    // stores; integrity is ours anyway, since every object's key is the SHA-256 of its bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/**
 * Objects in an S3-compatible bucket at `files/ab/cd/<sha256>`. S3 cannot rename, so a put streams to
 * a temporary key while hashing (multipart, constant memory), then copies to the hash key unless that
 * already exists, and deletes the temporary key. Readers never see a partial object: an S3 object
 * appears only when its upload completes. Objects up to 5 GB (the limit of one CopyObject).
 */
export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(
    config: S3StorageConfig,
    readonly client: S3Client = createS3Client(config),
  ) {
    this.bucket = config.bucket;
    this.partSize = config.partSize ?? 5 * 1024 * 1024;
    this.queueSize = config.queueSize ?? 1;
  }

  /** The key of an object; the key check is what keeps every key inside the object prefix. */
  keyOf(sha256: string): string {
    assertStorageKey(sha256);
    return `${OBJECT_PREFIX}${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
  }

  async put(source: PutSource, options: PutOptions): Promise<StoredFile> {
    assertMaxBytes(options.maxBytes);
    const temporaryKey = `${TEMPORARY_PREFIX}${randomUUID()}`;
    const metered = new MeteredSource(source, options.maxBytes);
    const body = Readable.from(metered.chunks(), { objectMode: false });
    try {
      const upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: temporaryKey,
          Body: body,
          ContentType: "application/octet-stream",
        },
        partSize: this.partSize,
        queueSize: this.queueSize,
      });
      try {
        await upload.done();
      } catch (error) {
        // The upload reports a failed abort (or its own wrapper) before the cause: the caller needs
        // the source's own error, a StorageLimitError above all.
        throw metered.failure ?? error;
      }
      const stored = metered.result();
      const key = this.keyOf(stored.sha256);
      if (!(await this.exists(key))) {
        await this.client.send(
          new CopyObjectCommand({
            Bucket: this.bucket,
            Key: key,
            CopySource: `${this.bucket}/${temporaryKey}`,
          }),
        );
      }
      return stored;
    } catch (error) {
      abandonSource(source);
      throw error;
    } finally {
      body.destroy();
      // A temporary key that cannot be deleted now is hidden from readers and is swept later
      // (deleteAbandonedTemporaryFiles, or the bucket's lifecycle rule): not worth failing the put.
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: temporaryKey }))
        .catch(() => undefined);
    }
  }

  putFile(path: string, options: PutOptions): Promise<StoredFile> {
    return this.put(createReadStream(path), options);
  }

  async open(sha256: string, range?: ByteRange): Promise<Readable> {
    const key = this.keyOf(sha256);
    if (range) assertRangeShape(range);
    const start = range?.start ?? 0;
    let response;
    try {
      response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${start}-${range.end ?? ""}` : undefined,
        }),
      );
    } catch (error) {
      if (statusOf(error) === 404) throw new StorageNotFoundError(sha256);
      if (statusOf(error) === 416) throw new StorageRangeError(range ?? {});
      throw error;
    }
    const body = response.Body;
    if (!(body instanceof Readable))
      throw new Error("The S3 client returned no stream for the object's body");
    if (range) {
      try {
        checkServedRange(range, response.ContentRange, response.ContentLength);
      } catch (error) {
        body.destroy();
        throw error;
      }
    }
    return body;
  }

  async stat(sha256: string): Promise<{ size: number } | null> {
    const key = this.keyOf(sha256);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.stat(sha256)) !== null;
  }

  async delete(sha256: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }));
  }

  async deleteAbandonedTemporaryFiles({ olderThanMs }: { olderThanMs: number }): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: TEMPORARY_PREFIX,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || (object.LastModified?.getTime() ?? 0) > cutoff) continue;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
        removed += 1;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined);
    return removed;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }
}

/**
 * S3 clamps a range's end to the object's last byte and some compatible stores ignore ranges they
 * dislike; a download must get exactly the bytes it asked for, or a StorageRangeError.
 */
function checkServedRange(
  range: ByteRange,
  contentRange: string | undefined,
  contentLength: number | undefined,
) {
  const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? "");
  const size = served ? Number(served[3]) : contentLength;
  if (size === undefined) throw new Error("The S3 store did not say how large the object is");
  const start = range.start ?? 0;
  const end = range.end ?? size - 1;
  if (start >= size || end >= size) throw new StorageRangeError(range, size);
  if (!served || Number(served[1]) !== start || Number(served[2]) !== end)
    throw new Error(
      `The S3 store answered bytes ${contentRange ?? "(all)"} to a request for ${start}-${end}`,
    );
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}
