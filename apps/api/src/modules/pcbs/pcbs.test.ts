import { Readable } from "node:stream";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { PCB_SPEC_DEFAULTS, PCB_SPEC_ERRORS, type PcbSpecFields } from "@ems/contracts/pcb-spec";
import { createCompany, createPcbSpec, createSession, createUser } from "@ems/db/factories";
import { companyFiles, pcbSpecVersions, pcbSpecs, storedFiles } from "@ems/db/schema";
import { LocalFileStorage } from "@ems/storage/local-storage";
import sharp from "sharp";
import { pdfText } from "@ems/testing/pdf-text";
import { useTestApp } from "../../test/test-app.ts";
import { analysePcbVersion, freezePcbVersion, type PcbAnalyser } from "./pcbs-service.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "ems-pcbs-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const t = useTestApp({ DATA_DIR: dataDir, PUBLIC_URL: "https://portal.example.test" });
const db = () => t().db.db;
const storage = new LocalFileStorage({ directory: path.join(dataDir, "files") });

type Auth = Record<string, string>;

async function member(company?: { id: string; name: string }, language: "en" | "de" = "en") {
  const owner = company ?? (await createCompany(db(), { name: `Tenant ${randomBytes(3).toString("hex")}` }));
  const user = await createUser(db(), { companyId: owner.id, companyRole: "engineer", language });
  const { token } = await createSession(db(), { userId: user.id });
  return { company: owner, user, auth: { cookie: `session=${token}` } as Auth };
}

async function staffMember() {
  const operator = await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true });
  const user = await createUser(db(), { companyId: operator.id, companyRole: "admin", role: "staff" });
  const { token } = await createSession(db(), { userId: user.id });
  return { cookie: `session=${token}` } as Auth;
}

/** A Gerber file of the company, stored with real bytes. */
async function gerberFile(companyId: string, options: { deleted?: boolean } = {}) {
  const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(60)]);
  const stored = await storage.put(Readable.from([bytes]), { maxBytes: 1024 });
  await db().insert(storedFiles).values({ sha256: stored.sha256, size: bytes.length }).onConflictDoNothing();
  const [row] = await db()
    .insert(companyFiles)
    .values({
      companyId,
      sha256: stored.sha256,
      name: "board.zip",
      mediaType: "application/zip",
      size: bytes.length,
      purpose: "gerber",
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning();
  return row!;
}

const fields = (changes: Partial<PcbSpecFields> = {}): PcbSpecFields => ({
  ...PCB_SPEC_DEFAULTS,
  name: "Motor controller",
  customer_part_number: "MC-100",
  revision: "B",
  width_mm: 100,
  height_mm: 80,
  ...changes,
});

const get = (auth: Auth, url: string) => t().app.inject({ method: "GET", url, headers: auth });
const send = (auth: Auth, method: "POST" | "PUT", url: string, payload?: unknown) =>
  t().app.inject({
    method,
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function created(auth: Auth, body: object) {
  const response = await send(auth, "POST", "/api/pcbs", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: string;
    number: string;
    latest_version: number;
    latest: { id: string };
  };
}

const versionCount = async () => (await db().select({ n: count() }).from(pcbSpecVersions))[0]!.n;

describe("PCB specifications", () => {
  it("creates a specification as version 1, lists it by its latest version and shows its detail", async () => {
    const { auth } = await member();
    const spec = await created(auth, { fields: fields() });
    expect(spec.number).toMatch(/^PCB-\d{4}-\d{5}$/);
    expect(spec.latest_version).toBe(1);

    const list = await get(auth, "/api/pcbs");
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json().data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: spec.id,
      name: "Motor controller",
      layers: 2,
      latest_version: 1,
    });

    const detail = await get(auth, `/api/pcbs/${spec.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json().data;
    expect(body.versions).toHaveLength(1);
    expect(body.versions[0]).toMatchObject({ version: 1, frozen: false, has_gerber: false });
    expect(body.latest.fields.customer_part_number).toBe("MC-100");
    expect(body.latest.analysis_status).toBe("none");
  });

  it("saves a change as a new version and keeps the old one", async () => {
    const { auth } = await member();
    const spec = await created(auth, { fields: fields() });
    const saved = await send(auth, "POST", `/api/pcbs/${spec.id}/versions`, {
      base_version: 1,
      fields: fields({ name: "Motor controller v2", layers: 4, inner_copper_um: 18 }),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.latest_version).toBe(2);
    const first = (await get(auth, `/api/pcbs/${spec.id}/versions/1`)).json().data;
    expect(first.fields.name).toBe("Motor controller");
    const second = (await get(auth, `/api/pcbs/${spec.id}/versions/2`)).json().data;
    expect(second.fields.layers).toBe(4);
    expect((await get(auth, `/api/pcbs/${spec.id}/versions/3`)).statusCode).toBe(404);
    const list = (await get(auth, "/api/pcbs?layers=4")).json().data;
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([spec.id]);
  });

  it("refuses a save based on an older version with 409, the latest version named and nothing written", async () => {
    const { auth } = await member();
    const spec = await created(auth, { fields: fields() });
    await send(auth, "POST", `/api/pcbs/${spec.id}/versions`, {
      base_version: 1,
      fields: fields({ revision: "C" }),
    });
    const before = await versionCount();
    const stale = await send(auth, "POST", `/api/pcbs/${spec.id}/versions`, {
      base_version: 1,
      fields: fields({ revision: "D" }),
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ error: "CONFLICT", otherData: { latest_version: 2 } });
    expect(await versionCount()).toBe(before);
  });

  it("refuses fields the operator cannot build with 400 naming the field", async () => {
    const { auth } = await member();
    const response = await send(auth, "POST", "/api/pcbs", {
      fields: fields({ edge_connector_bevel: true, surface_finish: "enig" }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      field: "fields.edge_connector_bevel",
    });
    expect(response.json().message).toContain(PCB_SPEC_ERRORS.bevelNeedsHardGold);
    const unknownLayers = await send(auth, "POST", "/api/pcbs", { fields: fields({ layers: 3 as never }) });
    expect(unknownLayers.statusCode).toBe(400);
    expect(unknownLayers.json().field).toBe("fields.layers");
  });

  it("refuses oversized names and notes, malformed bodies and ids", async () => {
    const { auth } = await member();
    const longName = await send(auth, "POST", "/api/pcbs", { fields: fields({ name: "x".repeat(121) }) });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().field).toBe("fields.name");
    const longNotes = await send(auth, "POST", "/api/pcbs", { fields: fields({ notes: "x".repeat(4001) }) });
    expect(longNotes.json().field).toBe("fields.notes");
    expect((await send(auth, "POST", "/api/pcbs", {})).json().field).toBe("fields");
    expect((await send(auth, "POST", "/api/pcbs", { fields: fields(), extra: 1 })).statusCode).toBe(400);
    expect(
      (await send(auth, "POST", "/api/pcbs", { fields: fields(), gerber_file_id: "../x" })).statusCode,
    ).toBe(400);
    expect((await get(auth, "/api/pcbs/not-a-uuid")).statusCode).toBe(400);
    expect((await get(auth, "/api/pcbs?state=deleted")).statusCode).toBe(400);
    const spec = await created(auth, { fields: fields() });
    expect((await get(auth, `/api/pcbs/${spec.id}/versions/zero`)).statusCode).toBe(400);
    expect((await get(auth, `/api/pcbs/${spec.id}/versions/1/preview/left`)).statusCode).toBe(400);
  });

  it("answers 404 for another company's specification on every endpoint", async () => {
    const owner = await member();
    const other = await member();
    const spec = await created(owner.auth, { fields: fields() });
    const base = `/api/pcbs/${spec.id}`;
    for (const url of [base, `${base}/versions/1`, `${base}/versions/1/preview/top`])
      expect((await get(other.auth, url)).statusCode, url).toBe(404);
    for (const [url, body] of [
      [`${base}/versions`, { base_version: 1, fields: fields() }],
      [`${base}/duplicate`, {}],
      [`${base}/archive`, undefined],
      [`${base}/restore`, undefined],
    ] as const)
      expect((await send(other.auth, "POST", url, body)).statusCode, url).toBe(404);
    expect((await get(other.auth, "/api/pcbs")).json().data.total).toBe(0);
    expect(await versionCount()).toBeGreaterThan(0);
  });

  it("refers to a Gerber file of the company and refuses another company's or a deleted one with 404", async () => {
    const { auth, company } = await member();
    const other = await member();
    const own = await gerberFile(company.id);
    const foreign = await gerberFile(other.company.id);
    const deleted = await gerberFile(company.id, { deleted: true });
    const before = await versionCount();
    for (const id of [foreign.id, deleted.id, "00000000-0000-4000-8000-000000000000"])
      expect(
        (await send(auth, "POST", "/api/pcbs", { fields: fields(), gerber_file_id: id })).statusCode,
      ).toBe(404);
    expect(await versionCount()).toBe(before);
    const spec = await created(auth, { fields: fields(), gerber_file_id: own.id });
    const version = (await get(auth, `/api/pcbs/${spec.id}/versions/1`)).json().data;
    expect(version.gerber_file).toMatchObject({ id: own.id, name: "board.zip", purpose: "gerber" });
    // The app reads every saved zip after the save: this one only starts like a zip, so the engine
    // refuses it, and the version says why instead of waiting for ever.
    expect(version.analysis_status).toBe("pending");
    await t().app.pendingWork.settled();
    const analysed = (await get(auth, `/api/pcbs/${spec.id}/versions/1`)).json().data;
    expect(analysed.analysis_status).toBe("failed");
    expect(analysed.analysis_error).toEqual(expect.any(String));
    expect((await get(auth, `/api/pcbs/${spec.id}/versions/1/preview/top`)).statusCode).toBe(404);

    // The CAM view's download: the latest version's zip, or a named version's, only to the company.
    const zip = await get(auth, `/api/pcbs/${spec.id}/gerber-files`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers["content-disposition"]).toContain("board.zip");
    expect(zip.headers["x-content-type-options"]).toBe("nosniff");
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect((await get(auth, `/api/pcbs/${spec.id}/gerber-files?version=1`)).statusCode).toBe(200);
    expect((await get(auth, `/api/pcbs/${spec.id}/gerber-files?version=2`)).statusCode).toBe(404);
    expect((await get(auth, `/api/pcbs/${spec.id}/gerber-files?version=x`)).statusCode).toBe(400);
    expect((await get(other.auth, `/api/pcbs/${spec.id}/gerber-files`)).statusCode).toBe(404);
    const bare = await created(auth, { fields: fields() });
    expect((await get(auth, `/api/pcbs/${bare.id}/gerber-files`)).statusCode).toBe(404);
  });

  it("hides archived specifications from the default list, shows them with state=archived and refuses new versions", async () => {
    const { auth } = await member();
    const spec = await created(auth, { fields: fields() });
    const archived = await send(auth, "POST", `/api/pcbs/${spec.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.archived_at).not.toBeNull();
    expect((await get(auth, "/api/pcbs")).json().data.total).toBe(0);
    expect((await get(auth, "/api/pcbs?state=archived")).json().data.items[0].id).toBe(spec.id);
    const save = await send(auth, "POST", `/api/pcbs/${spec.id}/versions`, {
      base_version: 1,
      fields: fields(),
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toContain("archived");
    const restored = await send(auth, "POST", `/api/pcbs/${spec.id}/restore`);
    expect(restored.json().data.archived_at).toBeNull();
    expect((await get(auth, "/api/pcbs")).json().data.total).toBe(1);
  });

  it("searches number, name and customer part number, filters by finish and sorts by name", async () => {
    const { auth } = await member();
    const a = await created(auth, { fields: fields({ name: "Alpha", customer_part_number: "CPN-777" }) });
    const b = await created(auth, { fields: fields({ name: "Beta", surface_finish: "osp" }) });
    const ids = async (query: string) =>
      (await get(auth, `/api/pcbs?${query}`)).json().data.items.map((item: { id: string }) => item.id);
    expect(await ids("q=cpn-777")).toEqual([a.id]);
    expect(await ids("q=beta")).toEqual([b.id]);
    expect(await ids(`q=${b.number}`)).toEqual([b.id]);
    expect(await ids("finish=osp")).toEqual([b.id]);
    expect(await ids("sort=name&dir=asc")).toEqual([a.id, b.id]);
    expect(await ids("q=%25")).toEqual([]);
  });

  it("duplicates a version into a new specification with its own number and the same name", async () => {
    const { auth, company } = await member();
    const file = await gerberFile(company.id);
    const spec = await created(auth, { fields: fields(), gerber_file_id: file.id });
    await send(auth, "POST", `/api/pcbs/${spec.id}/versions`, {
      base_version: 1,
      fields: fields({ name: "Later" }),
    });
    const copy = await send(auth, "POST", `/api/pcbs/${spec.id}/duplicate`, { version: 1 });
    expect(copy.statusCode, copy.body).toBe(201);
    const data = copy.json().data;
    expect(data.id).not.toBe(spec.id);
    expect(data.number).not.toBe(spec.number);
    expect(data.latest_version).toBe(1);
    expect(data.latest.fields.name).toBe("Motor controller");
    expect(data.latest.gerber_file.id).toBe(file.id);
    const latest = (await send(auth, "POST", `/api/pcbs/${spec.id}/duplicate`, {})).json().data;
    expect(latest.latest.fields.name).toBe("Later");
    expect((await send(auth, "POST", `/api/pcbs/${spec.id}/duplicate`, { version: 9 })).statusCode).toBe(404);
  });

  it("freezes a version for a quote: it never changes, and saving makes a new version", async () => {
    const { auth } = await member();
    const spec = await created(auth, { fields: fields() });
    const frozen = await freezePcbVersion(db(), spec.latest.id, "quote");
    expect(frozen.frozenReason).toBe("quote");
    const quotedAgain = await freezePcbVersion(db(), spec.latest.id, "quote");
    expect(quotedAgain.frozenAt).toEqual(frozen.frozenAt);
    const saved = await send(auth, "POST", `/api/pcbs/${spec.id}/versions`, {
      base_version: 1,
      fields: fields({ revision: "Z" }),
    });
    expect(saved.statusCode).toBe(201);
    const detail = saved.json().data;
    expect(detail.versions.map((v: { frozen: boolean }) => v.frozen)).toEqual([true, false]);
    const first = (await get(auth, `/api/pcbs/${spec.id}/versions/1`)).json().data;
    expect(first).toMatchObject({ frozen_reason: "quote", fields: { revision: "B" } });

    // An order turns the quoted version into an ordered one; it keeps the time it was first frozen.
    const ordered = await freezePcbVersion(db(), spec.latest.id, "order");
    expect(ordered.frozenReason).toBe("order");
    expect(ordered.frozenAt).toEqual(frozen.frozenAt);
    expect((await freezePcbVersion(db(), spec.latest.id, "quote")).frozenReason).toBe("order");
    await expect(
      freezePcbVersion(db(), "00000000-0000-4000-8000-000000000000", "order"),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("Gerber analysis of a version", () => {
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

  async function pendingVersion(companyId: string, fileId: string) {
    const { spec, versions } = await createPcbSpec(db(), {
      companyId,
      version: { gerberFileId: fileId, analysisStatus: "pending" },
    });
    return { spec, version: versions[0]! };
  }

  it("stores board data, DFM report and previews when done, and serves the previews as PNG", async () => {
    const { auth, company } = await member();
    const file = await gerberFile(company.id);
    const top = await storage.put(Readable.from([png]), { maxBytes: 1024 });
    const seen: string[] = [];
    const analyse: PcbAnalyser = async (sha) => {
      seen.push(sha);
      return { board: { layers: 2 }, dfm: { findings: [] }, previews: { top: top.sha256, bottom: null } };
    };
    const { spec, version } = await pendingVersion(company.id, file.id);
    await analysePcbVersion(db(), analyse, version.id);
    expect(seen).toEqual([file.sha256]);
    const data = (await get(auth, `/api/pcbs/${spec.id}/versions/1`)).json().data;
    expect(data).toMatchObject({
      analysis_status: "done",
      analysis: { board: { layers: 2 } },
      preview_bottom_url: null,
    });
    expect(data.preview_top_url).toBe(`/api/pcbs/${spec.id}/versions/1/preview/top`);
    const image = await get(auth, data.preview_top_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await get(auth, `/api/pcbs/${spec.id}/versions/1/preview/bottom`)).statusCode).toBe(404);

    // The same zip and fields again: the earlier analysis is reused.
    const {
      versions: [twin],
    } = await createPcbSpec(db(), {
      companyId: company.id,
      fields: version.fields as Partial<PcbSpecFields>,
      version: { gerberFileId: file.id, analysisStatus: "pending" },
    });
    await analysePcbVersion(db(), analyse, twin!.id);
    expect(seen).toHaveLength(1);
    const [row] = await db().select().from(pcbSpecVersions).where(eq(pcbSpecVersions.id, twin!.id));
    expect(row?.analysisStatus).toBe("done");
  });

  it("marks the version failed with the analyser's reason code", async () => {
    const { auth, company } = await member();
    const file = await gerberFile(company.id);
    const { spec, version } = await pendingVersion(company.id, file.id);
    const analyse: PcbAnalyser = () => Promise.reject(Object.assign(new Error("bomb"), { code: "zip_bomb" }));
    await expect(analysePcbVersion(db(), analyse, version.id)).rejects.toThrow("bomb");
    const data = (await get(auth, `/api/pcbs/${spec.id}/versions/1`)).json().data;
    expect(data).toMatchObject({ analysis_status: "failed", analysis_error: "zip_bomb", analysis: null });
  });
});

describe("PCB specification PDF", () => {
  const flat = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, " ");

  it("prints every field with its label in the reader's language, and what the analysis found", async () => {
    const { auth, company } = await member(undefined, "de");
    const file = await gerberFile(company.id);
    const spec = await created(auth, {
      fields: fields({
        layers: 4,
        inner_copper_um: 18,
        surface_finish: "enig",
        notes: "Bitte mit Datumscode",
      }),
      gerber_file_id: file.id,
    });
    const response = await get(auth, `/api/pcbs/${spec.id}/versions/1/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const text = flat(await pdfText(response.rawPayload));
    for (const expected of [
      "Leiterplattenspezifikation",
      spec.number,
      "Lötstopplack oben",
      "Bestückungsdruck unten",
      "Oberfläche",
      "4 Lagen",
      "Motor controller",
      "MC-100",
      "Bitte mit Datumscode",
      "Elektrotest",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Solder mask");
    expect(response.rawPayload.toString("latin1")).not.toContain("/Subtype /Image");

    // The board images the analysis stored, as the analyser writes them: content-addressed PNGs.
    const image = async (background: string) => {
      const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
        .png()
        .toBuffer();
      return storage.put(Readable.from([png]), { maxBytes: png.length });
    };
    const [top, bottom] = await Promise.all([image("#1f7a3a"), image("#7a1f3a")]);
    const [version] = await db().select().from(pcbSpecVersions).where(eq(pcbSpecVersions.specId, spec.id));
    await db()
      .update(pcbSpecVersions)
      .set({
        analysisStatus: "done",
        analysis: {
          board: {
            layers: 4,
            size: { widthMm: 100, heightMm: 80 },
            minTrackMm: 0.1,
            minDrillMm: 0.3,
            drills: { holes: 12, slots: 1 },
          },
          dfm: { findings: [{ rule: "track-width", severity: "error" }], omitted: [], skipped: [] },
        },
        previewTopSha256: top.sha256,
        previewBottomSha256: bottom.sha256,
      })
      .where(eq(pcbSpecVersions.id, version!.id));
    const images = (pdf: Buffer) => pdf.toString("latin1").match(/\/Subtype \/Image/g) ?? [];
    const analysedPdf = (await get(auth, `/api/pcbs/${spec.id}/versions/1/pdf`)).rawPayload;
    const analysed = flat(await pdfText(analysedPdf));
    expect(analysed).toContain("1 Fehler");
    expect(analysed).toContain("12 Bohrungen");
    expect(analysed).toContain("Oberseite");
    expect(analysed).toContain("Unterseite");
    expect(images(analysedPdf)).toHaveLength(2);

    const other = await member();
    expect((await get(other.auth, `/api/pcbs/${spec.id}/versions/1/pdf`)).statusCode).toBe(404);
    expect((await get(auth, `/api/pcbs/${spec.id}/versions/2/pdf`)).statusCode).toBe(404);
    const staff = await staffMember();
    const staffPdf = await get(staff, `/api/staff/pcbs/${spec.id}/versions/1/pdf`);
    expect(staffPdf.statusCode).toBe(200);
    const staffText = flat(await pdfText(staffPdf.rawPayload));
    expect(staffText).toContain("Top side");
    expect(staffText).toContain("Bottom side");
    expect(images(staffPdf.rawPayload)).toHaveLength(2);

    // An image gone from the storage leaves the PDF without it instead of failing it.
    await db()
      .update(pcbSpecVersions)
      .set({ previewBottomSha256: "b".repeat(64) })
      .where(eq(pcbSpecVersions.id, version!.id));
    const partialPdf = await get(auth, `/api/pcbs/${spec.id}/versions/1/pdf`);
    expect(partialPdf.statusCode).toBe(200);
    const partial = flat(await pdfText(partialPdf.rawPayload));
    expect(partial).toContain("Oberseite");
    expect(partial).not.toContain("Unterseite");
    expect(images(partialPdf.rawPayload)).toHaveLength(1);
  });
});

describe("PCB specifications in the back office", () => {
  it("lists every company's specifications, filters by company and sets the note the customer sees", async () => {
    const staff = await staffMember();
    const a = await member();
    const b = await member();
    const specA = await created(a.auth, { fields: fields({ name: "Board of A" }) });
    await created(b.auth, { fields: fields({ name: "Board of B" }) });

    const all = await get(staff, "/api/staff/pcbs?page_size=100");
    expect(all.statusCode, all.body).toBe(200);
    const names = all.json().data.items.map((item: { name: string }) => item.name);
    expect(names).toEqual(expect.arrayContaining(["Board of A", "Board of B"]));
    const onlyA = (await get(staff, `/api/staff/pcbs?company=${a.company.id}`)).json().data;
    expect(onlyA.items.map((item: { id: string }) => item.id)).toEqual([specA.id]);
    expect((await get(staff, `/api/staff/pcbs/${specA.id}`)).json().data.company_name).toBe(a.company.name);
    expect((await get(staff, `/api/staff/pcbs/${specA.id}/versions/1`)).statusCode).toBe(200);

    const noted = await send(staff, "PUT", `/api/staff/pcbs/${specA.id}/note`, {
      note: "  Please check the drill file  ",
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const seen = (await get(a.auth, `/api/pcbs/${specA.id}`)).json().data;
    expect(seen.staff_note).toBe("Please check the drill file");
    expect(seen.staff_note_at).not.toBeNull();
    const cleared = await send(staff, "PUT", `/api/staff/pcbs/${specA.id}/note`, { note: "" });
    expect(cleared.json().data.staff_note).toBeNull();

    expect(
      (await send(staff, "PUT", `/api/staff/pcbs/${specA.id}/note`, { note: "x".repeat(2001) })).statusCode,
    ).toBe(400);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await send(staff, "PUT", `/api/staff/pcbs/${missing}/note`, { note: "x" })).statusCode).toBe(404);
    expect((await get(staff, `/api/staff/pcbs/${missing}`)).statusCode).toBe(404);
  });

  it("keeps the back office closed to customers", async () => {
    const { auth } = await member();
    const spec = await created(auth, { fields: fields() });
    expect((await get(auth, "/api/staff/pcbs")).statusCode).toBe(403);
    expect((await send(auth, "PUT", `/api/staff/pcbs/${spec.id}/note`, { note: "mine" })).statusCode).toBe(
      403,
    );
    const [row] = await db().select().from(pcbSpecs).where(eq(pcbSpecs.id, spec.id));
    expect(row?.staffNote).toBeNull();
    expect((await get({}, "/api/pcbs")).statusCode).toBe(401);
  });
});
