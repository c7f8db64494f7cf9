import {
  CreateBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { StorageLimitError } from "./file-storage.ts";
import { S3FileStorage, createS3Client } from "./s3-storage.ts";
import {
  chunksOf,
  describeFileStorageBehaviour,
  randomBytesOf,
  readAll,
  sha256Of,
} from "./test/file-storage-behaviour.ts";
import { startS3TestServer, type S3TestServer } from "./test/s3-test-server.ts";

let server: S3TestServer;
let buckets = 0;

beforeAll(async () => {
  server = await startS3TestServer();
});
afterAll(async () => {
  await server.stop();
});

async function listKeys(client: S3Client, bucket: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((object) => object.Key ?? "").sort();
}

/** A storage on a new, empty bucket of the shared server, with the names of the commands it sends. */
async function freshStorage() {
  const bucket = `test-bucket-${++buckets}`;
  const config = { ...server.config, bucket };
  const client = createS3Client(config);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const sent: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? "");
      return next(args);
    },
    { step: "initialize", name: "recordCommandNames" },
  );
  return { bucket, client, sent, storage: new S3FileStorage(config, client) };
}

describeFileStorageBehaviour("S3 (s3rver)", async () => {
  const { bucket, client, storage } = await freshStorage();
  return {
    storage,
    listEverything: () => listKeys(client, bucket),
    dispose: () => storage.close(),
  };
});

describe("S3FileStorage", () => {
  let fresh: Awaited<ReturnType<typeof freshStorage>>;
  beforeEach(async () => {
    fresh = await freshStorage();
  });
  afterEach(() => fresh.storage.close());

  it("keeps an object at files/ab/cd/<sha256> and deletes its temporary key", async () => {
    const { sha256 } = await fresh.storage.put(chunksOf(randomBytesOf(1000)), { maxBytes: 1000 });
    expect(await listKeys(fresh.client, fresh.bucket)).toEqual([
      `files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`,
    ]);
    expect(fresh.sent.filter((name) => name === "DeleteObjectCommand")).toHaveLength(1);
  });

  it("does not copy content that is already stored", async () => {
    const bytes = randomBytesOf(1000);
    await fresh.storage.put(chunksOf(bytes), { maxBytes: 1000 });
    expect(fresh.sent.filter((name) => name === "CopyObjectCommand")).toHaveLength(1);
    await fresh.storage.put(chunksOf(bytes), { maxBytes: 1000 });
    expect(fresh.sent.filter((name) => name === "CopyObjectCommand")).toHaveLength(1);
  });

  it("streams a large file as a multipart upload and keeps the exact bytes", async () => {
    const bytes = randomBytesOf(11 * 1024 * 1024 + 17);
    const stored = await fresh.storage.put(chunksOf(bytes), { maxBytes: 20 * 1024 * 1024 });
    expect(stored.sha256).toBe(sha256Of(bytes));
    expect(fresh.sent.filter((name) => name === "UploadPartCommand")).toHaveLength(3);
    const copy = await readAll(await fresh.storage.open(stored.sha256));
    expect(copy.equals(bytes)).toBe(true);
  });

  it("aborts the multipart upload when the limit is passed after parts were sent", async () => {
    const error = await fresh.storage
      .put(chunksOf(randomBytesOf(12 * 1024 * 1024)), { maxBytes: 11 * 1024 * 1024 })
      .catch((e: unknown) => e);
    // s3rver answers AbortMultipartUpload with 405 (it has no abort): the caller still gets the limit.
    expect(error).toBeInstanceOf(StorageLimitError);
    expect(fresh.sent).toContain("UploadPartCommand");
    expect(fresh.sent).toContain("AbortMultipartUploadCommand");
    expect(fresh.sent).not.toContain("CompleteMultipartUploadCommand");
    expect(await listKeys(fresh.client, fresh.bucket)).toEqual([]);
  });

  it("sweeps temporary keys older than the cut-off and nothing else", async () => {
    const { sha256 } = await fresh.storage.put(chunksOf(randomBytesOf(10)), { maxBytes: 10 });
    await fresh.client.send(
      new PutObjectCommand({ Bucket: fresh.bucket, Key: "tmp/left-by-a-crash", Body: "x" }),
    );
    expect(await fresh.storage.deleteAbandonedTemporaryFiles({ olderThanMs: 60 * 60 * 1000 })).toBe(0);
    // S3 stamps objects with whole seconds: a second's wait makes the key older than a zero cut-off.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await fresh.storage.deleteAbandonedTemporaryFiles({ olderThanMs: 0 })).toBe(1);
    expect(await listKeys(fresh.client, fresh.bucket)).toEqual([
      `files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`,
    ]);
  });
});
