import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { createCompany, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import { activityLog, companyFiles, storedFiles } from "@ems/db/schema";
import { LocalFileStorage } from "@ems/storage/local-storage";
import { useTestApp } from "../../test/test-app.ts";
import { sweepAbandonedUploads } from "./files-service.ts";
import { LocalUploadStore } from "./upload-store.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "ems-files-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const UPLOAD_MAX = 1024 * 1024;
const QUOTA = 700 * 1024;
const t = useTestApp({
  DATA_DIR: dataDir,
  UPLOAD_MAX_BYTES: String(UPLOAD_MAX),
  COMPANY_STORAGE_QUOTA_BYTES: String(QUOTA),
  PUBLIC_URL: "https://portal.example.test",
});
const db = () => t().db.db;
const storage = new LocalFileStorage({ directory: path.join(dataDir, "files") });
const uploadStore = new LocalUploadStore(path.join(dataDir, "uploads"));
const uploadFolder = () => (existsSync(uploadStore.directory) ? readdirSync(uploadStore.directory) : []);

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** Bytes that pass the Gerber check (a zip's local file header) followed by noise. */
const zipBytes = (size: number) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size - 4)]);
const b64 = (value: string) => Buffer.from(value, "utf8").toString("base64");
const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(",");

type Auth = Record<string, string>;

async function member(role: CompanyRole = "engineer", company?: { id: string }) {
  const owner = company ?? (await createCompany(db(), { name: `Tenant ${randomBytes(3).toString("hex")}` }));
  const user = await createUser(db(), { companyId: owner.id, companyRole: role });
  const { token } = await createSession(db(), { userId: user.id });
  return {
    company: owner,
    user,
    cookie: { cookie: `session=${token}` },
    bearer: { authorization: `next ${token}` },
  };
}

async function staffMember() {
  const operator = await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true });
  const user = await createUser(db(), { companyId: operator.id, companyRole: "admin", role: "staff" });
  const { token } = await createSession(db(), { userId: user.id });
  return { cookie: `session=${token}` };
}

const tus = { "tus-resumable": "1.0.0" };

function create(auth: Auth, length: number, fields: Record<string, string> = {}, extra: Auth = {}) {
  return t().app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: {
      ...tus,
      ...auth,
      "upload-length": String(length),
      "upload-metadata": metadataHeader({ filename: "board.zip", purpose: "gerber", ...fields }),
      ...extra,
    },
  });
}

function patch(auth: Auth, location: string, offset: number, chunk: Buffer, extra: Auth = {}) {
  return t().app.inject({
    method: "PATCH",
    url: location,
    headers: {
      ...tus,
      ...auth,
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream",
      ...extra,
    },
    payload: chunk,
  });
}

const head = (auth: Auth, location: string) =>
  t().app.inject({ method: "HEAD", url: location, headers: { ...tus, ...auth } });

/** A whole upload in one PATCH; answers the final response. */
async function upload(auth: Auth, bytes: Buffer, fields: Record<string, string> = {}) {
  const created = await create(auth, bytes.length, fields);
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  return Object.assign(await patch(auth, location, 0, bytes), { location });
}

async function uploadFile(auth: Auth, bytes: Buffer, fields: Record<string, string> = {}) {
  const done = await upload(auth, bytes, fields);
  expect(done.statusCode, done.body).toBe(204);
  return done.headers["upload-file-id"] as string;
}

const get = (auth: Auth, url: string, extra: Auth = {}) =>
  t().app.inject({ method: "GET", url, headers: { ...auth, ...extra } });

async function rowCounts() {
  return {
    companyFiles: (await db().select({ n: count() }).from(companyFiles))[0]!.n,
    storedFiles: (await db().select({ n: count() }).from(storedFiles))[0]!.n,
    objects: readdirSync(storage.directory, { recursive: true }).filter((name) =>
      /[0-9a-f]{64}$/.test(String(name)),
    ).length,
  };
}

describe("resumable uploads", () => {
  it("create, take two chunks, tell the offset to resume from, and store the file when complete", async () => {
    const { bearer, user } = await member();
    const bytes = zipBytes(300 * 1024);
    const created = await create(bearer, bytes.length, { filename: "sensor board rev B.zip" });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(created.headers["tus-resumable"]).toBe("1.0.0");
    expect(created.headers["upload-expires"]).toBeDefined();
    expect(created.headers["access-control-allow-origin"]).toBeUndefined();

    const first = await patch(bearer, location, 0, bytes.subarray(0, 120 * 1024));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers["upload-offset"]).toBe(String(120 * 1024));
    expect(first.headers["upload-file-id"]).toBeUndefined();

    // A client that lost its connection asks where to go on.
    const resume = await head(bearer, location);
    expect(resume.statusCode).toBe(200);
    expect(resume.headers["upload-offset"]).toBe(String(120 * 1024));
    expect(resume.headers["upload-length"]).toBe(String(bytes.length));
    expect(resume.headers["cache-control"]).toBe("no-store");

    const last = await patch(bearer, location, 120 * 1024, bytes.subarray(120 * 1024));
    expect(last.statusCode, last.body).toBe(204);
    expect(last.headers["upload-offset"]).toBe(String(bytes.length));
    const fileId = last.headers["upload-file-id"] as string;
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await db().select().from(companyFiles).where(eq(companyFiles.id, fileId));
    expect(row).toMatchObject({
      name: "sensor board rev B.zip",
      mediaType: "application/zip",
      size: bytes.length,
      purpose: "gerber",
      sha256: sha256(bytes),
      uploadedByUserId: user.id,
      deletedAt: null,
    });
    expect(await storage.has(sha256(bytes))).toBe(true);
    // The upload's own bytes and metadata are gone once the file is stored.
    const id = location.split("/").pop()!;
    expect(uploadFolder().filter((name) => name.startsWith(id))).toEqual([]);

    // Asked again after the last byte (the answer was lost), the upload names its file.
    const after = await head(bearer, location);
    expect(after.statusCode).toBe(200);
    expect(after.headers["upload-offset"]).toBe(String(bytes.length));
    expect(after.headers["upload-file-id"]).toBe(fileId);
    const again = await patch(bearer, location, bytes.length, Buffer.alloc(0));
    expect(again.statusCode).toBe(404);

    const list = await get(bearer, "/api/files");
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({
      total: 1,
      items: [{ id: fileId, name: "sensor board rev B.zip", size: bytes.length, sha256: sha256(bytes) }],
    });
    const usage = await get(bearer, "/api/files/usage");
    expect(usage.json().data).toEqual({
      used_bytes: bytes.length,
      quota_bytes: QUOTA,
      upload_max_bytes: UPLOAD_MAX,
    });
  });

  it("store a small file sent with its creation request (creation-with-upload)", async () => {
    const { cookie } = await member();
    const bytes = zipBytes(2048);
    const res = await t().app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        ...tus,
        ...cookie,
        "upload-length": String(bytes.length),
        "upload-metadata": metadataHeader({ filename: "tiny.zip", purpose: "gerber" }),
        "content-type": "application/offset+octet-stream",
      },
      payload: bytes,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["upload-offset"]).toBe(String(bytes.length));
    expect(res.headers["upload-file-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      uploadFolder().filter((name) => name.startsWith(String(res.headers.location).split("/").pop()!)),
    ).toEqual([]);
  });

  it("tell any client the protocol's version, extensions and largest upload", async () => {
    const res = await t().app.inject({ method: "OPTIONS", url: "/api/uploads" });
    expect(res.statusCode).toBe(204);
    expect(res.headers["tus-version"]).toBe("1.0.0");
    expect(String(res.headers["tus-extension"]).split(",")).toEqual([
      "creation",
      "creation-with-upload",
      "termination",
      "expiration",
    ]);
    expect(res.headers["tus-max-size"]).toBe(String(UPLOAD_MAX));
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answer 401 without a session, 403 to a role that may not upload, 403 to another site", async () => {
    const { cookie, company } = await member();
    const created = await create(cookie, 100);
    const location = created.headers.location as string;
    for (const res of [
      await create({}, 100),
      await patch({}, location, 0, zipBytes(100)),
      await head({}, location),
      await t().app.inject({ method: "DELETE", url: location, headers: tus }),
      await get({}, "/api/files"),
      await get({}, "/api/files/usage"),
    ]) {
      expect(res.statusCode).toBe(401);
      // A HEAD answer has no body to carry the envelope.
      if (res.raw.req.method !== "HEAD")
        expect(res.json()).toMatchObject({ status: 401, error: "UNAUTHORIZED" });
    }
    const viewer = await member("viewer", company);
    const refused = await create(viewer.cookie, 100);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("FORBIDDEN");
    expect((await get(viewer.cookie, "/api/files")).statusCode).toBe(200);

    const crossSite = await create(cookie, 100, {}, { origin: "https://evil.example" });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe("CSRF_REJECTED");
    const headOnly = await head(cookie, location);
    expect(headOnly.headers["upload-offset"]).toBe("0");
  });

  it("answer 404 for another company's upload and leave it as it was", async () => {
    const owner = await member();
    const other = await member();
    const created = await create(owner.cookie, 1000);
    const location = created.headers.location as string;
    await patch(owner.cookie, location, 0, zipBytes(1000).subarray(0, 400));

    for (const res of [
      await head(other.cookie, location),
      await patch(other.cookie, location, 400, zipBytes(600)),
      await t().app.inject({ method: "DELETE", url: location, headers: { ...tus, ...other.cookie } }),
    ]) {
      expect(res.statusCode).toBe(404);
      if (res.raw.req.method !== "HEAD") expect(res.json()).toMatchObject({ error: "NOT_FOUND" });
      expect(res.headers["tus-resumable"]).toBe("1.0.0");
    }
    expect((await head(owner.cookie, location)).headers["upload-offset"]).toBe("400");
    expect((await head(owner.cookie, "/api/uploads/not-an-upload-id")).statusCode).toBe(404);

    // A finished upload is no other company's business either.
    const done = await upload(owner.cookie, zipBytes(500));
    const finished = done.location;
    expect((await head(other.cookie, finished)).statusCode).toBe(404);
    expect((await head(owner.cookie, finished)).headers["upload-file-id"]).toBe(
      done.headers["upload-file-id"],
    );
  });

  it("refuse a wrong offset with 409 and let the owner abandon an upload", async () => {
    const { cookie } = await member();
    const created = await create(cookie, 1000);
    const location = created.headers.location as string;
    const wrong = await patch(cookie, location, 10, zipBytes(100));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toBe("CONFLICT");
    const abandoned = await t().app.inject({
      method: "DELETE",
      url: location,
      headers: { ...tus, ...cookie },
    });
    expect(abandoned.statusCode).toBe(204);
    expect((await head(cookie, location)).statusCode).toBe(404);
  });

  it("require the file's name and a known purpose, and a length to check", async () => {
    const { cookie } = await member();
    const before = uploadFolder().length;
    const cases: [Auth, string][] = [
      [{ "upload-metadata": metadataHeader({ purpose: "gerber" }) }, "filename"],
      [{ "upload-metadata": metadataHeader({ filename: "a.zip", purpose: "firmware" }) }, "purpose"],
      [{ "upload-metadata": metadataHeader({ filename: "a.zip" }) }, "purpose"],
      [{ "upload-metadata": "filename" }, "filename"],
      [{ "upload-metadata": "filename not-base64!" }, "Upload-Metadata"],
      [{ "upload-metadata": metadataHeader({ filename: "x".repeat(1025), purpose: "gerber" }) }, "filename"],
    ];
    for (const [headers, field] of cases) {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/uploads",
        headers: { ...tus, ...cookie, "upload-length": "100", ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field });
    }
    const deferred = await t().app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        ...tus,
        ...cookie,
        "upload-defer-length": "1",
        "upload-metadata": metadataHeader({ filename: "a.zip", purpose: "gerber" }),
      },
    });
    expect(deferred.json()).toMatchObject({ status: 400, field: "Upload-Length" });
    expect(uploadFolder().length).toBe(before);
  });

  it("clean the file name of paths, dots and control characters", async () => {
    const { cookie } = await member();
    const names = {
      "../../etc/passwd.zip": "passwd.zip",
      "..\\..\\Windows\\evil.zip": "evil.zip",
      "..": "file",
      "rev\u202egpj.zip": "revgpj.zip",
    };
    for (const [sent, kept] of Object.entries(names)) {
      const id = await uploadFile(cookie, zipBytes(200), { filename: sent });
      const [row] = await db()
        .select({ name: companyFiles.name })
        .from(companyFiles)
        .where(eq(companyFiles.id, id));
      expect(row?.name, sent).toBe(kept);
    }
  });

  it("answer 413 FILE_TOO_LARGE over UPLOAD_MAX_BYTES before any byte is sent", async () => {
    const { cookie } = await member();
    const before = uploadFolder().length;
    const res = await create(cookie, UPLOAD_MAX + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      status: 413,
      error: "FILE_TOO_LARGE",
      otherData: { upload_max_bytes: UPLOAD_MAX },
    });
    expect(res.json().message).toContain("1 MiB");
    expect(uploadFolder().length).toBe(before);
  });

  it("answer 413 QUOTA_EXCEEDED beyond the company's quota and write nothing", async () => {
    const { cookie } = await member();
    await uploadFile(cookie, zipBytes(400 * 1024));
    const before = { ...(await rowCounts()), uploads: uploadFolder().length };

    const refused = await create(cookie, 350 * 1024);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      error: "QUOTA_EXCEEDED",
      otherData: { used_bytes: 400 * 1024, quota_bytes: QUOTA, upload_bytes: 350 * 1024 },
    });
    expect({ ...(await rowCounts()), uploads: uploadFolder().length }).toEqual(before);

    // Two uploads that each fit when they start: the one that finishes second finds no room.
    const a = await create(cookie, 200 * 1024);
    const b = await create(cookie, 200 * 1024);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const bytesB = zipBytes(200 * 1024);
    expect((await patch(cookie, a.headers.location as string, 0, zipBytes(200 * 1024))).statusCode).toBe(204);
    const late = await patch(cookie, b.headers.location as string, 0, bytesB);
    expect(late.statusCode).toBe(413);
    expect(late.json().error).toBe("QUOTA_EXCEEDED");
    expect(await storage.has(sha256(bytesB))).toBe(false);
    expect(
      (
        await db()
          .select()
          .from(storedFiles)
          .where(eq(storedFiles.sha256, sha256(bytesB)))
      ).length,
    ).toBe(0);
    expect((await head(cookie, b.headers.location as string)).statusCode).toBe(404);
  });

  it("let uploads finishing at once fill the quota, and no more", async () => {
    const { cookie } = await member();
    const uploads = await Promise.all([1, 2, 3].map(() => create(cookie, 300 * 1024)));
    expect(uploads.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const finished = await Promise.all(
      uploads.map((res) => patch(cookie, res.headers.location as string, 0, zipBytes(300 * 1024))),
    );
    expect(finished.map((res) => res.statusCode).sort()).toEqual([204, 204, 413]);
    expect((await get(cookie, "/api/files/usage")).json().data.used_bytes).toBe(600 * 1024);
  });

  it("refuse a Gerber upload that is no zip (a renamed program, a PDF) with 422 and keep nothing", async () => {
    const { cookie } = await member();
    const before = { ...(await rowCounts()), uploads: uploadFolder().length };
    const program = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), randomBytes(5000)]);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n", "latin1"), randomBytes(5000)]);
    for (const [bytes, described] of [
      [program, "a Windows program"],
      [pdf, "a PDF document"],
    ] as const) {
      const res = await upload(cookie, bytes, { filename: "gerbers.zip" });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: "FILE_CONTENT_REFUSED", field: "file" });
      expect(res.json().message).toContain(described);
      expect(await storage.has(sha256(bytes))).toBe(false);
    }
    expect({ ...(await rowCounts()), uploads: uploadFolder().length }).toEqual(before);
    const temporary = path.join(storage.directory, ".tmp");
    expect(existsSync(temporary) ? readdirSync(temporary) : []).toEqual([]);
  });

  it("take BOMs as text or workbooks and pick-and-place files as text or XLSX, refusing programs and XLS placements", async () => {
    const { cookie } = await member();
    const fixture = (relative: string) =>
      readFileSync(new URL(`../../../../../fixtures/${relative}`, import.meta.url));
    const stored = async (id: string) =>
      (await db().select().from(companyFiles).where(eq(companyFiles.id, id)))[0]!;
    const csv = await uploadFile(
      cookie,
      fixture("boms/sportiduino-base-v3b-kicad/sportiduino-base-bom.csv"),
      {
        filename: "bom.csv",
        purpose: "bom",
      },
    );
    expect(await stored(csv)).toMatchObject({ purpose: "bom", mediaType: "text/plain" });
    const xls = await uploadFile(cookie, fixture("boms/limesdr-mini-1v3-altium/LimeSDR_Mini_1v3_BOMr0.xls"), {
      filename: "bom.xls",
      purpose: "bom",
    });
    expect(await stored(xls)).toMatchObject({ mediaType: "application/vnd.ms-excel" });
    const xlsx = await uploadFile(cookie, fixture("boms/simplefoc-shield-v2-altium/BOM.xlsx"), {
      filename: "BOM.xlsx",
      purpose: "bom",
    });
    expect(await stored(xlsx)).toMatchObject({ mediaType: "application/zip" });
    const placements = await uploadFile(
      cookie,
      fixture("cpl/compass-teensy-jst-eagle97/PnP_teensy-jst_01.4 v10_front.csv"),
      { filename: "pnp.csv", purpose: "pick_place" },
    );
    expect(await stored(placements)).toMatchObject({ purpose: "pick_place", mediaType: "text/plain" });

    const program = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), randomBytes(2000)]);
    const asBom = await upload(cookie, program, { filename: "bom.csv", purpose: "bom" });
    expect(asBom.statusCode).toBe(422);
    expect(asBom.json().message).toContain("a Windows program");
    const xlsPlacements = await upload(
      cookie,
      fixture("boms/limesdr-mini-1v3-altium/LimeSDR_Mini_1v3_BOMr0.xls"),
      {
        filename: "pnp.xls",
        purpose: "pick_place",
      },
    );
    expect(xlsPlacements.statusCode).toBe(422);
  });

  it("remove an upload nobody finished once it is 24 hours old, with the storage's stale temporary files", async () => {
    const { cookie } = await member();
    const created = await create(cookie, 1000);
    const location = created.headers.location as string;
    await patch(cookie, location, 0, zipBytes(1000).subarray(0, 300));
    const id = location.split("/").pop()!;

    const soon = await sweepAbandonedUploads(
      uploadStore,
      storage,
      new Date(Date.now() + 23 * 60 * 60 * 1000),
    );
    expect(soon.uploads).toBe(0);
    expect((await head(cookie, location)).headers["upload-offset"]).toBe("300");

    const later = await sweepAbandonedUploads(
      uploadStore,
      storage,
      new Date(Date.now() + 25 * 60 * 60 * 1000),
    );
    expect(later.uploads).toBeGreaterThanOrEqual(1);
    expect(uploadFolder().filter((name) => name.startsWith(id))).toEqual([]);
    expect((await head(cookie, location)).statusCode).toBe(404);
  });
});

describe("files", () => {
  it("download with the headers of an attachment, ranges and revalidation", async () => {
    const { cookie } = await member();
    const bytes = zipBytes(10_000);
    const id = await uploadFile(cookie, bytes, { filename: "Müller rev 2.zip" });

    const whole = await get(cookie, `/api/files/${id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({
      "content-type": "application/zip",
      "content-length": String(bytes.length),
      "content-disposition": `attachment; filename="M_ller rev 2.zip"; filename*=UTF-8''M%C3%BCller%20rev%202.zip`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-cache",
      "accept-ranges": "bytes",
      etag: `"${sha256(bytes)}"`,
    });
    expect(whole.headers["content-encoding"]).toBeUndefined();

    const part = await get(cookie, `/api/files/${id}`, { range: "bytes=100-199", "accept-encoding": "gzip" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers["content-length"]).toBe("100");
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await get(cookie, `/api/files/${id}`, { range: "bytes=-10" });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const outside = await get(cookie, `/api/files/${id}`, { range: `bytes=${bytes.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${bytes.length}`);
    expect(outside.json()).toMatchObject({ error: "RANGE_NOT_SATISFIABLE" });

    const stale = await get(cookie, `/api/files/${id}`, { range: "bytes=0-9", "if-range": '"other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);

    const headOnly = await t().app.inject({ method: "HEAD", url: `/api/files/${id}`, headers: cookie });
    expect(headOnly.statusCode).toBe(200);
    expect(headOnly.headers["content-length"]).toBe(String(bytes.length));
    expect(headOnly.headers["content-disposition"]).toContain("attachment;");
    expect(headOnly.rawPayload.length).toBe(0);

    const cached = await get(cookie, `/api/files/${id}`, { "if-none-match": `"${sha256(bytes)}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
  });

  it("are the owning company's: another company's file answers 404, staff download any", async () => {
    const owner = await member();
    const other = await member("admin");
    const id = await uploadFile(owner.cookie, zipBytes(1000));
    const refused = await get(other.cookie, `/api/files/${id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe("NOT_FOUND");
    const deleted = await t().app.inject({
      method: "DELETE",
      url: `/api/files/${id}`,
      headers: other.cookie,
    });
    expect(deleted.statusCode).toBe(404);
    expect((await get(other.cookie, "/api/files")).json().data.total).toBe(0);
    expect((await get(owner.cookie, `/api/files/${id}`)).statusCode).toBe(200);

    const staff = await staffMember();
    const byStaff = await get(staff, `/api/staff/files/${id}`);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.headers["content-disposition"]).toContain("attachment;");
    expect((await get(owner.cookie, `/api/staff/files/${id}`)).statusCode).toBe(403);
    expect((await get(staff, `/api/files/${id}`)).statusCode).toBe(403);
  });

  it("list the company's files with search, filter, sort and pages", async () => {
    const { cookie } = await member();
    for (const [name, size] of [
      ["alpha.zip", 300],
      ["beta.zip", 100],
      ["gamma.zip", 200],
    ] as const)
      await uploadFile(cookie, zipBytes(size), { filename: name });
    const bySize = await get(cookie, "/api/files?sort=size&dir=asc");
    expect(bySize.json().data.items.map((f: { name: string }) => f.name)).toEqual([
      "beta.zip",
      "gamma.zip",
      "alpha.zip",
    ]);
    const found = await get(cookie, "/api/files?q=amm&purpose=gerber");
    expect(found.json().data).toMatchObject({
      total: 1,
      items: [{ name: "gamma.zip", uploaded_by: expect.any(String) }],
    });
    const paged = await get(cookie, "/api/files?page=2&page_size=10");
    expect(paged.json().data).toMatchObject({ total: 3, items: [], page: 2 });
    expect((await get(cookie, "/api/files?purpose=firmware")).statusCode).toBe(400);
  });

  it("delete softly, and erase the bytes only when no file of any company has them", async () => {
    const a = await member();
    const b = await member();
    const bytes = zipBytes(4096);
    const fileA = await uploadFile(a.cookie, bytes);
    const fileB = await uploadFile(b.cookie, bytes);
    expect(
      (
        await db()
          .select()
          .from(storedFiles)
          .where(eq(storedFiles.sha256, sha256(bytes)))
      ).length,
    ).toBe(1);

    const first = await t().app.inject({ method: "DELETE", url: `/api/files/${fileA}`, headers: a.cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toBeNull();
    expect(await storage.has(sha256(bytes))).toBe(true);
    expect((await get(a.cookie, `/api/files/${fileA}`)).statusCode).toBe(404);
    expect((await get(a.cookie, "/api/files")).json().data.total).toBe(0);
    expect((await get(a.cookie, "/api/files/usage")).json().data.used_bytes).toBe(0);
    const [kept] = await db().select().from(companyFiles).where(eq(companyFiles.id, fileA));
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    const stillB = await get(b.cookie, `/api/files/${fileB}`);
    expect(stillB.rawPayload.equals(bytes)).toBe(true);

    const again = await t().app.inject({ method: "DELETE", url: `/api/files/${fileA}`, headers: a.cookie });
    expect(again.statusCode).toBe(404);
    // One entry in the company's activity log, written with the deletion.
    const logged = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, a.company.id), eq(activityLog.action, "file.deleted")));
    expect(logged).toEqual([
      expect.objectContaining({
        subjectType: "file",
        subjectId: fileA,
        details: expect.objectContaining({ size: 4096 }),
      }),
    ]);

    const last = await t().app.inject({ method: "DELETE", url: `/api/files/${fileB}`, headers: b.cookie });
    expect(last.statusCode).toBe(200);
    expect(await storage.has(sha256(bytes))).toBe(false);

    // The same content uploaded again is stored again.
    const fileC = await uploadFile(a.cookie, bytes);
    expect(await storage.has(sha256(bytes))).toBe(true);
    expect((await get(a.cookie, `/api/files/${fileC}`)).rawPayload.equals(bytes)).toBe(true);

    const viewer = await member("viewer", a.company);
    const refused = await t().app.inject({
      method: "DELETE",
      url: `/api/files/${fileC}`,
      headers: viewer.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });
});
