import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { EMPTY_QUERY_LOCATION } from "@ems/contracts/engineering-queries";
import { FILE_RESTORE_DAYS, PREVIEW_CONTENT_SECURITY_POLICY } from "@ems/contracts/files";
import { createCompany, createPcbSpec, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import {
  activityLog,
  companyFiles,
  engineeringQueries,
  engineeringQueryFiles,
  engineeringQueryMessages,
  fileShareFolders,
  mailOutbox,
} from "@ems/db/schema";
import { LocalFileStorage } from "@ems/storage/local-storage";
import { useTestApp } from "../../test/test-app.ts";
import { purgeExpiredShareFiles } from "./file-share-service.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "ems-file-share-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const QUOTA = 200 * 1024;
const t = useTestApp({
  DATA_DIR: dataDir,
  UPLOAD_MAX_BYTES: String(QUOTA * 2),
  COMPANY_STORAGE_QUOTA_BYTES: String(QUOTA),
  PUBLIC_URL: "https://portal.example.test",
});
const db = () => t().db.db;
const storage = new LocalFileStorage({ directory: path.join(dataDir, "files") });

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const pngBytes = (size = 2048) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);
const pdfBytes = (size = 2048) => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size - 9)]);
const b64 = (value: string) => Buffer.from(value, "utf8").toString("base64");
const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(",");

type Auth = Record<string, string>;

async function member(role: CompanyRole = "engineer", company?: { id: string }, language = "en") {
  const owner = company ?? (await createCompany(db(), { name: `Share ${randomBytes(3).toString("hex")}` }));
  const user = await createUser(db(), {
    companyId: owner.id,
    companyRole: role,
    language: language as "en",
  });
  const { token } = await createSession(db(), { userId: user.id });
  return { company: owner, user, auth: { authorization: `next ${token}` } as Auth };
}

let operatorId: string | undefined;
async function staffMember() {
  operatorId ??= (await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true })).id;
  const user = await createUser(db(), {
    companyId: operatorId,
    role: "staff",
    firstName: "Greta",
    lastName: "Lind",
  });
  const { token } = await createSession(db(), { userId: user.id });
  return { user, operatorId, auth: { authorization: `next ${token}` } as Auth };
}

const tus = { "tus-resumable": "1.0.0" };

function createUpload(auth: Auth, length: number, fields: Record<string, string>) {
  return t().app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: {
      ...tus,
      ...auth,
      "upload-length": String(length),
      "upload-metadata": metadataHeader({ filename: "report.pdf", purpose: "share", ...fields }),
    },
  });
}

async function uploadShare(auth: Auth, bytes: Buffer, fields: Record<string, string> = {}) {
  const created = await createUpload(auth, bytes.length, fields);
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const done = await t().app.inject({
    method: "PATCH",
    url: location,
    headers: {
      ...tus,
      ...auth,
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
    },
    payload: bytes,
  });
  expect(done.statusCode, done.body).toBe(204);
  return { id: done.headers["upload-file-id"] as string, location };
}

function call(auth: Auth, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  return t().app.inject({
    method,
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function newFolder(auth: Auth, name: string, extra: Record<string, unknown> = {}) {
  const res = await call(auth, "POST", "/api/file-share/folders", { name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string; parent_id: string | null };
}

async function folderCount(companyId: string) {
  return (
    await db().select({ n: count() }).from(fileShareFolders).where(eq(fileShareFolders.companyId, companyId))
  )[0]!.n;
}

async function actions(companyId: string) {
  const rows = await db()
    .select({ action: activityLog.action })
    .from(activityLog)
    .where(eq(activityLog.companyId, companyId))
    .orderBy(activityLog.createdAt);
  return rows.map((row) => row.action);
}

const HOSTILE_LONG = "a".repeat(300);

describe("file-share folders", () => {
  it("create, list with a breadcrumb, rename, move and delete when empty, each in the activity log", async () => {
    const { auth, company, user } = await member("buyer");
    const projects = await newFolder(auth, "  Projects  ");
    expect(projects).toMatchObject({ name: "Projects", parent_id: null, link: null });
    const rev = await newFolder(auth, "Rev B", { parent_id: projects.id });
    const tests = await newFolder(auth, "Tests", { parent_id: rev.id });

    const content = await call(auth, "GET", `/api/file-share?folder_id=${tests.id}`);
    expect(content.statusCode, content.body).toBe(200);
    expect(content.json().data).toMatchObject({
      folder: { id: tests.id, name: "Tests", created_by: `${user.firstName} ${user.lastName}` },
      breadcrumb: [{ id: projects.id }, { id: rev.id }],
      folders: [],
      files: [],
    });
    const top = await call(auth, "GET", "/api/file-share");
    expect(top.json().data).toMatchObject({ folder: null, breadcrumb: [], folders: [{ id: projects.id }] });

    // Rename and move to the top level in one request.
    const moved = await call(auth, "PUT", `/api/file-share/folders/${tests.id}`, {
      name: "Test reports",
      parent_id: null,
      link: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ name: "Test reports", parent_id: null });

    const busy = await call(auth, "DELETE", `/api/file-share/folders/${projects.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain("still holds 1 folder(s) and 0 file(s)");
    expect(await folderCount(company.id)).toBe(3);

    expect((await call(auth, "DELETE", `/api/file-share/folders/${rev.id}`)).statusCode).toBe(200);
    expect((await call(auth, "DELETE", `/api/file-share/folders/${projects.id}`)).statusCode).toBe(200);
    expect(await folderCount(company.id)).toBe(1);
    expect(await actions(company.id)).toEqual([
      "folder.created",
      "folder.created",
      "folder.created",
      "folder.renamed",
      "folder.moved",
      "folder.deleted",
      "folder.deleted",
    ]);
  });

  it("refuse a sibling with the same name ignoring case (409), hostile and over-long names (400), writing nothing", async () => {
    const { auth, company } = await member();
    const first = await newFolder(auth, "Drawings");
    const before = await folderCount(company.id);
    const duplicate = await call(auth, "POST", "/api/file-share/folders", { name: "DRAWINGS" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain("already there");
    for (const name of ["../etc", "a\\b", HOSTILE_LONG, "\u0000\u202e", " . ", ""]) {
      const res = await call(auth, "POST", "/api/file-share/folders", { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().field, name).toBe("name");
    }
    // The same name elsewhere is fine; renaming onto a sibling's name is not.
    await newFolder(auth, "Drawings", { parent_id: first.id });
    const other = await newFolder(auth, "Other");
    const rename = await call(auth, "PUT", `/api/file-share/folders/${other.id}`, {
      name: "drawings",
      parent_id: null,
      link: null,
    });
    expect(rename.statusCode).toBe(409);
    expect(await folderCount(company.id)).toBe(before + 2);
    const [row] = await db().select().from(fileShareFolders).where(eq(fileShareFolders.id, other.id));
    expect(row?.name).toBe("Other");
  });

  it("refuse moving a folder into itself or a descendant (400 on parent_id)", async () => {
    const { auth } = await member();
    const a = await newFolder(auth, "A");
    const b = await newFolder(auth, "B", { parent_id: a.id });
    const c = await newFolder(auth, "C", { parent_id: b.id });
    for (const target of [a.id, c.id]) {
      const res = await call(auth, "PUT", `/api/file-share/folders/${a.id}`, {
        name: "A",
        parent_id: target,
        link: null,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe("parent_id");
    }
    const [row] = await db().select().from(fileShareFolders).where(eq(fileShareFolders.id, a.id));
    expect(row?.parentId).toBeNull();
  });

  it("link a folder to the company's specification, never another company's (404)", async () => {
    const { auth, company } = await member();
    const stranger = await member();
    const own = await createPcbSpec(db(), { companyId: company.id });
    const foreign = await createPcbSpec(db(), { companyId: stranger.company.id });
    const linked = await newFolder(auth, "Board", { link: { kind: "pcb_spec", id: own.spec.id } });
    expect(linked).toMatchObject({ link: { kind: "pcb_spec", id: own.spec.id, number: own.spec.number } });
    const refused = await call(auth, "POST", "/api/file-share/folders", {
      name: "Theirs",
      link: { kind: "pcb_spec", id: foreign.spec.id },
    });
    expect(refused.statusCode).toBe(404);
    const relink = await call(auth, "PUT", `/api/file-share/folders/${linked.id}`, {
      name: "Board",
      parent_id: null,
      link: { kind: "sales_order", id: foreign.spec.id },
    });
    expect(relink.statusCode).toBe(404);
    const unlink = await call(auth, "PUT", `/api/file-share/folders/${linked.id}`, {
      name: "Board",
      parent_id: null,
      link: null,
    });
    expect(unlink.json().data.link).toBeNull();
    expect(await actions(company.id)).toContain("folder.linked");
  });

  it("answer 404 for another company's folders and 403 to a role that may not write", async () => {
    const owner = await member();
    const stranger = await member();
    const folder = await newFolder(owner.auth, "Private");
    expect((await call(stranger.auth, "GET", `/api/file-share?folder_id=${folder.id}`)).statusCode).toBe(404);
    const put = await call(stranger.auth, "PUT", `/api/file-share/folders/${folder.id}`, {
      name: "Mine",
      parent_id: null,
      link: null,
    });
    expect(put.statusCode).toBe(404);
    expect((await call(stranger.auth, "DELETE", `/api/file-share/folders/${folder.id}`)).statusCode).toBe(
      404,
    );
    const into = await call(stranger.auth, "POST", "/api/file-share/folders", {
      name: "X",
      parent_id: folder.id,
    });
    expect(into.statusCode).toBe(404);
    const own = await newFolder(stranger.auth, "Own");
    const moveAcross = await call(stranger.auth, "PUT", `/api/file-share/folders/${own.id}`, {
      name: "Own",
      parent_id: folder.id,
      link: null,
    });
    expect(moveAcross.statusCode).toBe(404);

    const viewer = await member("viewer", owner.company);
    expect((await call(viewer.auth, "GET", `/api/file-share?folder_id=${folder.id}`)).statusCode).toBe(200);
    expect((await call(viewer.auth, "POST", "/api/file-share/folders", { name: "V" })).statusCode).toBe(403);
    expect((await call(viewer.auth, "DELETE", `/api/file-share/folders/${folder.id}`)).statusCode).toBe(403);
    expect((await call(viewer.auth, "GET", "/api/file-share?sort=colour")).statusCode).toBe(400);
  });
});

describe("file-share files", () => {
  it("upload into a folder, list sorted, rename keeping the extension and move", async () => {
    const { auth, company, user } = await member();
    const folder = await newFolder(auth, "Reports");
    const small = await uploadShare(auth, pdfBytes(1024), { filename: "b-small.pdf", folder_id: folder.id });
    const large = await uploadShare(auth, pdfBytes(4096), { filename: "a-large.pdf", folder_id: folder.id });

    const bySize = await call(auth, "GET", `/api/file-share?folder_id=${folder.id}&sort=size&dir=desc`);
    expect(bySize.json().data.files.map((f: { id: string }) => f.id)).toEqual([large.id, small.id]);
    const byName = await call(auth, "GET", `/api/file-share?folder_id=${folder.id}`);
    expect(byName.json().data.files).toMatchObject([
      {
        id: large.id,
        name: "a-large.pdf",
        media_type: "application/pdf",
        folder_id: folder.id,
        uploaded_by: `${user.firstName} ${user.lastName}`,
        shared_by_operator: false,
        deleted_at: null,
        deleted_by: null,
        restorable_until: null,
      },
      { id: small.id },
    ]);

    const rename = (name: string, folderId: string | null = folder.id) =>
      call(auth, "PUT", `/api/file-share/files/${small.id}`, { name, folder_id: folderId });
    expect((await rename("final")).json().data.name).toBe("final.pdf");
    expect((await rename("final.exe")).json().data.name).toBe("final.exe.pdf");
    expect((await rename("Final.PDF")).json().data.name).toBe("Final.PDF");
    expect((await rename(" \u202ereport  v2.pdf. ")).json().data.name).toBe("report v2.pdf");
    for (const name of [
      "../../etc/passwd",
      "a\\b.pdf",
      `${HOSTILE_LONG}.pdf`,
      "",
      "re\u0000port.pdf",
      "\u202e",
    ]) {
      const refused = await rename(name);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().field, name).toBe("name");
    }
    const moved = await rename("report.pdf", null);
    expect(moved.json().data).toMatchObject({ name: "report.pdf", folder_id: null });
    const top = await call(auth, "GET", "/api/file-share");
    expect(top.json().data.files.map((f: { id: string }) => f.id)).toEqual([small.id]);
    expect(await actions(company.id)).toEqual([
      "folder.created",
      "file.uploaded",
      "file.uploaded",
      "file.renamed",
      "file.renamed",
      "file.renamed",
      "file.renamed",
      "file.renamed",
      "file.moved",
    ]);
  });

  it("refuse a folder_id that is not the company's (404) or on another purpose (400) before any byte", async () => {
    const owner = await member();
    const stranger = await member();
    const folder = await newFolder(owner.auth, "Theirs");
    const foreign = await createUpload(stranger.auth, 1024, { folder_id: folder.id });
    expect(foreign.statusCode).toBe(404);
    const gerber = await createUpload(owner.auth, 1024, { purpose: "gerber", folder_id: folder.id });
    expect(gerber.statusCode).toBe(400);
    expect(gerber.json().field).toBe("folder_id");
    const malformed = await createUpload(owner.auth, 1024, { folder_id: "../x" });
    expect(malformed.statusCode).toBe(400);
  });

  it("refuse an upload over the quota with 413, deleted share files counting until purged", async () => {
    const { auth } = await member();
    const first = await uploadShare(auth, pdfBytes(150 * 1024));
    expect((await createUpload(auth, 100 * 1024, {})).statusCode).toBe(413);
    expect((await call(auth, "DELETE", `/api/files/${first.id}`)).statusCode).toBe(200);
    const still = await createUpload(auth, 100 * 1024, {});
    expect(still.statusCode).toBe(413);
    expect(still.json().error).toBe("QUOTA_EXCEEDED");
    const usage = await call(auth, "GET", "/api/files/usage");
    expect(usage.json().data.used_bytes).toBe(150 * 1024);
  });

  it("answer 404 for another company's file and for a file outside the share", async () => {
    const owner = await member();
    const stranger = await member();
    const file = await uploadShare(owner.auth, pdfBytes());
    const body = { name: "mine.pdf", folder_id: null };
    expect((await call(stranger.auth, "PUT", `/api/file-share/files/${file.id}`, body)).statusCode).toBe(404);
    expect((await call(stranger.auth, "POST", `/api/file-share/files/${file.id}/restore`)).statusCode).toBe(
      404,
    );
    expect((await call(stranger.auth, "DELETE", `/api/files/${file.id}`)).statusCode).toBe(404);
    const ownFolder = await newFolder(owner.auth, "F");
    const strangerFolder = await newFolder(stranger.auth, "G");
    const intoForeign = await call(owner.auth, "PUT", `/api/file-share/files/${file.id}`, {
      name: "x.pdf",
      folder_id: strangerFolder.id,
    });
    expect(intoForeign.statusCode).toBe(404);
    const [row] = await db().select().from(companyFiles).where(eq(companyFiles.id, file.id));
    expect(row).toMatchObject({ name: "report.pdf", folderId: null });
    expect(ownFolder.id).toBeTruthy();

    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(1020)]);
    const gerber = await uploadShare(owner.auth, zip, { filename: "board.zip", purpose: "gerber" });
    expect((await call(owner.auth, "PUT", `/api/file-share/files/${gerber.id}`, body)).statusCode).toBe(404);
  });
});

describe("deleting and restoring share files", () => {
  it("delete softly with who and until when, restore, and purge after the window", async () => {
    const { auth, company, user } = await member();
    const folder = await newFolder(auth, "Old");
    const bytes = pdfBytes(3000);
    const file = await uploadShare(auth, bytes, { folder_id: folder.id });

    expect((await call(auth, "DELETE", `/api/files/${file.id}`)).statusCode).toBe(200);
    const listed = await call(auth, "GET", `/api/file-share?folder_id=${folder.id}`);
    expect(listed.json().data.files).toEqual([]);
    const deleted = await call(auth, "GET", "/api/file-share/deleted");
    const [entry] = deleted.json().data.items;
    expect(entry).toMatchObject({ id: file.id, deleted_by: `${user.firstName} ${user.lastName}` });
    expect(Date.parse(entry.restorable_until) - Date.parse(entry.deleted_at)).toBe(
      FILE_RESTORE_DAYS * 24 * 60 * 60 * 1000,
    );
    expect(await storage.has(sha256(bytes))).toBe(true);

    // The folder went meanwhile: the file comes back at the top level.
    expect((await call(auth, "DELETE", `/api/file-share/folders/${folder.id}`)).statusCode).toBe(200);
    const restored = await call(auth, "POST", `/api/file-share/files/${file.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ id: file.id, folder_id: null, deleted_at: null });
    expect((await call(auth, "POST", `/api/file-share/files/${file.id}/restore`)).statusCode).toBe(404);

    // Deleted again, 31 days ago: too late to restore, and the purge erases it.
    await call(auth, "DELETE", `/api/files/${file.id}`);
    const longAgo = new Date(Date.now() - (FILE_RESTORE_DAYS + 1) * 24 * 60 * 60 * 1000);
    await db().update(companyFiles).set({ deletedAt: longAgo }).where(eq(companyFiles.id, file.id));
    expect((await call(auth, "POST", `/api/file-share/files/${file.id}/restore`)).statusCode).toBe(404);
    expect((await call(auth, "GET", "/api/file-share/deleted")).json().data.items).toEqual([]);
    expect((await call(auth, "GET", "/api/files/usage")).json().data.used_bytes).toBe(0);

    expect(await purgeExpiredShareFiles(db(), storage)).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(companyFiles).where(eq(companyFiles.id, file.id))).toEqual([]);
    expect(await storage.has(sha256(bytes))).toBe(false);
    expect(await actions(company.id)).toEqual(
      expect.arrayContaining(["file.deleted", "file.restored", "folder.deleted"]),
    );
  });

  it("keep the bytes another company still has when purging", async () => {
    const a = await member();
    const b = await member();
    const bytes = pdfBytes(2500);
    const first = await uploadShare(a.auth, bytes);
    await uploadShare(b.auth, bytes);
    await call(a.auth, "DELETE", `/api/files/${first.id}`);
    const longAgo = new Date(Date.now() - (FILE_RESTORE_DAYS + 2) * 24 * 60 * 60 * 1000);
    await db().update(companyFiles).set({ deletedAt: longAgo }).where(eq(companyFiles.id, first.id));
    await purgeExpiredShareFiles(db(), storage);
    expect(await db().select().from(companyFiles).where(eq(companyFiles.id, first.id))).toEqual([]);
    expect(await storage.has(sha256(bytes))).toBe(true);
  });

  it("refuse deleting a file an open or answered engineering query shows, naming it, and allow it once closed", async () => {
    const { auth, company } = await member();
    const file = await uploadShare(auth, pdfBytes());
    const spec = await createPcbSpec(db(), { companyId: company.id });
    const [query] = await db()
      .insert(engineeringQueries)
      .values({
        companyId: company.id,
        number: `EQ-2026-${randomBytes(3).toString("hex")}`,
        pcbSpecVersionId: spec.versions[0]!.id,
        title: "Rotate D3?",
        description: "The polarity mark disagrees with the footprint.",
        location: EMPTY_QUERY_LOCATION,
        options: [],
        status: "answered",
      })
      .returning();
    const [message] = await db()
      .insert(engineeringQueryMessages)
      .values({
        queryId: query!.id,
        kind: "reply",
        side: "customer",
        authorName: "Test User",
        body: "See file",
      })
      .returning();
    await db().insert(engineeringQueryFiles).values({ messageId: message!.id, fileId: file.id });

    const refused = await call(auth, "DELETE", `/api/files/${file.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(query!.number);
    const [row] = await db().select().from(companyFiles).where(eq(companyFiles.id, file.id));
    expect(row).toMatchObject({ deletedAt: null, deletedByUserId: null });
    const deletions = await db()
      .select({ n: count() })
      .from(activityLog)
      .where(and(eq(activityLog.companyId, company.id), eq(activityLog.action, "file.deleted")));
    expect(deletions[0]!.n).toBe(0);

    await db()
      .update(engineeringQueries)
      .set({ status: "closed" })
      .where(eq(engineeringQueries.id, query!.id));
    expect((await call(auth, "DELETE", `/api/files/${file.id}`)).statusCode).toBe(200);
  });
});

describe("previews", () => {
  it("show PNG and PDF inline in a sandbox, refuse other types with 415, another company's 404", async () => {
    const { auth } = await member();
    const stranger = await member();
    const png = await uploadShare(auth, pngBytes(), { filename: "photo.png" });
    const res = await call(auth, "GET", `/api/files/${png.id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="photo.png"/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe(PREVIEW_CONTENT_SECURITY_POLICY);
    expect(res.headers["content-security-policy"]).toContain("sandbox");

    const pdf = await uploadShare(auth, pdfBytes(), { filename: "report.pdf" });
    expect((await call(auth, "GET", `/api/files/${pdf.id}/preview`)).headers["content-type"]).toBe(
      "application/pdf",
    );
    // SVG and HTML are text to the content check: only ever downloaded, as an attachment.
    const svg = await uploadShare(
      auth,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      {
        filename: "logo.svg",
      },
    );
    const refused = await call(auth, "GET", `/api/files/${svg.id}/preview`);
    expect(refused.statusCode).toBe(415);
    const download = await call(auth, "GET", `/api/files/${svg.id}`);
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    expect((await call(stranger.auth, "GET", `/api/files/${png.id}/preview`)).statusCode).toBe(404);

    const staff = await staffMember();
    const staffPreview = await call(staff.auth, "GET", `/api/staff/files/${png.id}/preview`);
    expect(staffPreview.statusCode).toBe(200);
    expect(staffPreview.headers["content-disposition"]).toMatch(/^inline;/);
    expect((await call(staff.auth, "GET", `/api/staff/files/${svg.id}/preview`)).statusCode).toBe(415);
    expect((await call(auth, "GET", `/api/staff/files/${png.id}/preview`)).statusCode).toBe(403);
  });
});

describe("staff and the customer's file share", () => {
  it("share a file into a customer's folder: marked as the operator's, logged, mailed in each person's language", async () => {
    const staff = await staffMember();
    const admin = await member("admin", undefined, "de");
    const engineer = await member("engineer", admin.company, "fr");
    const viewer = await member("viewer", admin.company, "it");
    const companyId = admin.company.id;

    const browse = await call(staff.auth, "GET", `/api/staff/companies/${companyId}/file-share`);
    expect(browse.statusCode, browse.body).toBe(200);
    const created = await call(staff.auth, "POST", `/api/staff/companies/${companyId}/file-share/folders`, {
      name: "Test reports",
    });
    expect(created.statusCode, created.body).toBe(201);
    const folder = created.json().data as { id: string };

    const { id, location } = await uploadShare(staff.auth, pdfBytes(), {
      filename: "ICT report 42.pdf",
      company_id: companyId,
      folder_id: folder.id,
    });
    const [row] = await db().select().from(companyFiles).where(eq(companyFiles.id, id));
    expect(row).toMatchObject({
      companyId,
      folderId: folder.id,
      sharedByOperator: true,
      uploadedByUserId: staff.user.id,
    });
    // The staff member asking after the last byte learns the file.
    const head = await t().app.inject({ method: "HEAD", url: location, headers: { ...tus, ...staff.auth } });
    expect(head.headers["upload-file-id"]).toBe(id);

    const seen = await call(engineer.auth, "GET", `/api/file-share?folder_id=${folder.id}`);
    expect(seen.json().data.files).toMatchObject([
      { id, name: "ICT report 42.pdf", shared_by_operator: true, uploaded_by: "Greta Lind" },
    ]);
    const staffView = await call(
      staff.auth,
      "GET",
      `/api/staff/companies/${companyId}/file-share?folder_id=${folder.id}`,
    );
    expect(staffView.json().data.files).toMatchObject([{ id }]);

    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.template, "file_shared"));
    const to = (email: string) => mails.filter((mail) => mail.toAddress === email);
    expect(to(viewer.user.email)).toEqual([]);
    const [german] = to(admin.user.email);
    expect(german).toMatchObject({ language: "de" });
    expect(german!.subject).toBe("Greta Lind hat die Datei ICT report 42.pdf mit Ihnen geteilt");
    expect(german!.textBody).toContain("im Ordner „Test reports“");
    expect(german!.textBody).toContain(`https://portal.example.test/de/`);
    expect(german!.textBody).toContain(`folder=${folder.id}`);
    const [french] = to(engineer.user.email);
    expect(french).toMatchObject({ language: "fr" });
    expect(french!.subject).toBe("Greta Lind a partagé ICT report 42.pdf avec vous");
    expect(await actions(companyId)).toEqual(["folder.created", "file.shared"]);

    // Staff read the customer's storage as the customer does: the shared report counts against it.
    const usage = await call(staff.auth, "GET", `/api/staff/companies/${companyId}/file-share/usage`);
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json().data).toEqual(
      (await call(admin.auth, "GET", "/api/files/usage")).json().data as Record<string, number>,
    );
    expect(usage.json().data.used_bytes).toBe(pdfBytes().length);
  });

  it("refuse staff uploads without a customer, into the operator or another purpose; ignore company_id from customers", async () => {
    const staff = await staffMember();
    const customer = await member();
    const other = await member();
    const missing = await createUpload(staff.auth, 1024, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe("company_id");
    expect((await createUpload(staff.auth, 1024, { company_id: staff.operatorId })).statusCode).toBe(404);
    expect((await createUpload(staff.auth, 1024, { company_id: crypto.randomUUID() })).statusCode).toBe(404);
    const gerber = await createUpload(staff.auth, 1024, {
      purpose: "gerber",
      company_id: customer.company.id,
    });
    expect(gerber.statusCode).toBe(400);
    expect(gerber.json().field).toBe("purpose");
    const otherFolder = await newFolder(other.auth, "Not yours");
    const wrongFolder = await createUpload(staff.auth, 1024, {
      company_id: customer.company.id,
      folder_id: otherFolder.id,
    });
    expect(wrongFolder.statusCode).toBe(404);

    // A customer naming another company still uploads into their own.
    const own = await uploadShare(customer.auth, pdfBytes(), { company_id: other.company.id });
    const [row] = await db().select().from(companyFiles).where(eq(companyFiles.id, own.id));
    expect(row).toMatchObject({ companyId: customer.company.id, sharedByOperator: false });

    // Staff cannot touch a customer's upload in progress, nor the customer a staff member's.
    const pending = await createUpload(customer.auth, 2048, {});
    const location = pending.headers.location as string;
    const head = await t().app.inject({ method: "HEAD", url: location, headers: { ...tus, ...staff.auth } });
    expect(head.statusCode).toBe(404);
  });

  it("answer 404 for an unknown company or the operator, 403 to customers", async () => {
    const staff = await staffMember();
    const customer = await member("admin");
    const unknown = crypto.randomUUID();
    expect((await call(staff.auth, "GET", `/api/staff/companies/${unknown}/file-share`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(staff.auth, "GET", `/api/staff/companies/${staff.operatorId}/file-share`)).statusCode,
    ).toBe(404);
    const folder = await call(staff.auth, "POST", `/api/staff/companies/${unknown}/file-share/folders`, {
      name: "X",
    });
    expect(folder.statusCode).toBe(404);
    expect(
      (await call(staff.auth, "GET", `/api/staff/companies/${unknown}/file-share/usage`)).statusCode,
    ).toBe(404);
    const path = `/api/staff/companies/${customer.company.id}/file-share`;
    expect((await call(customer.auth, "GET", path)).statusCode).toBe(403);
    expect((await call(customer.auth, "GET", `${path}/usage`)).statusCode).toBe(403);
    expect((await call(customer.auth, "POST", `${path}/folders`, { name: "X" })).statusCode).toBe(403);
    expect((await call(staff.auth, "GET", `${path}?folder_id=${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});
