import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createSession, createUser } from "@ems/db/factories";
import { S3FileStorage } from "@ems/storage/s3-storage";
import { startS3TestServer, type S3TestServer } from "@ems/storage/test/s3-test-server";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { LocalUploadStore } from "./upload-store.ts";

/**
 * With S3 configured, a finished upload lands in the bucket's content-addressed storage and is
 * downloaded (with ranges) from there. The uploads in progress stay in a local folder here: tus's S3
 * store lists an upload's parts (ListParts), which s3rver does not implement, so that half of the S3
 * set-up is only exercised against a real S3-compatible store.
 */
let s3: S3TestServer;
let app: TestApp;
const uploadDir = mkdtempSync(path.join(os.tmpdir(), "ems-s3-uploads-"));
beforeAll(async () => {
  s3 = await startS3TestServer("ems-uploads-test");
  app = await createTestApp(
    {
      S3_ENDPOINT: s3.config.endpoint,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      UPLOAD_MAX_BYTES: String(20 * 1024 * 1024),
    },
    { uploads: new LocalUploadStore(uploadDir) },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await s3?.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe("files on S3", () => {
  it("are stored in the bucket when an upload finishes, and downloaded from it", async () => {
    const company = await createCompany(app.db.db);
    const user = await createUser(app.db.db, { companyId: company.id, companyRole: "buyer" });
    const { token } = await createSession(app.db.db, { userId: user.id });
    const headers = { "tus-resumable": "1.0.0", authorization: `next ${token}` };
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(6 * 1024 * 1024)]);
    const b64 = (v: string) => Buffer.from(v).toString("base64");
    const created = await app.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        ...headers,
        "upload-length": String(bytes.length),
        "upload-metadata": `filename ${b64("board.zip")},purpose ${b64("gerber")}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const send = (offset: number, chunk: Buffer) =>
      app.app.inject({
        method: "PATCH",
        url: location,
        headers: {
          ...headers,
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
        payload: chunk,
      });
    const split = 1024 * 1024;
    expect((await send(0, bytes.subarray(0, split))).statusCode).toBe(204);
    const resume = await app.app.inject({ method: "HEAD", url: location, headers });
    expect(resume.headers["upload-offset"]).toBe(String(split));
    const last = await send(split, bytes.subarray(split));
    expect(last.statusCode, last.body).toBe(204);
    const fileId = last.headers["upload-file-id"] as string;
    expect(fileId).toBeDefined();

    const storage = new S3FileStorage(s3.config);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    expect(await storage.has(sha256)).toBe(true);
    await storage.close();
    const download = await app.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers });
    expect(download.statusCode).toBe(200);
    expect(createHash("sha256").update(download.rawPayload).digest("hex")).toBe(sha256);
    const part = await app.app.inject({
      method: "GET",
      url: `/api/files/${fileId}`,
      headers: { ...headers, range: "bytes=1000-1999" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    expect((await app.app.inject({ method: "HEAD", url: location, headers })).headers["upload-file-id"]).toBe(
      fileId,
    );
  }, 60_000);
});
