import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import * as XLSX from "@e965/xlsx";
import { ASSEMBLY_SPEC_DEFAULTS } from "@ems/contracts/assembly-spec";
import { createCompany, createPcbSpec, createSession, createUser } from "@ems/db/factories";
import { assemblySpecVersions, bomVersions, companyFiles, storedFiles } from "@ems/db/schema";
import { LocalFileStorage } from "@ems/storage/local-storage";
import { pdfText } from "@ems/testing/pdf-text";
import { useTestApp } from "../../test/test-app.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "ems-assemblies-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const t = useTestApp({ DATA_DIR: dataDir });
const db = () => t().db.db;
const storage = new LocalFileStorage({ directory: path.join(dataDir, "files") });

type Auth = Record<string, string>;

const FIXTURES = new URL("../../../../../fixtures/", import.meta.url);
const fixture = (relative: string) => readFileSync(new URL(relative, FIXTURES));
const EASYEDA_BOM = "boms/simplefoc-shield-v3-easyeda/BOM_SimpleFOCShield-v3_2024-06-23.csv";
const EASYEDA_CPL = "cpl/simplefoc-shield-v3-easyeda/PickAndPlace_SimpleFOCShieldV3.PcbDoc_2024-06-23.csv";
const LIMESDR_XLS = "boms/limesdr-mini-1v3-altium/LimeSDR_Mini_1v3_BOMr0.xls";

async function member(company?: { id: string; name: string }, language: "en" | "de" = "en") {
  const owner = company ?? (await createCompany(db(), { name: `Tenant ${randomBytes(3).toString("hex")}` }));
  const user = await createUser(db(), { companyId: owner.id, companyRole: "engineer", language });
  const { token } = await createSession(db(), { userId: user.id });
  return { company: owner, auth: { cookie: `session=${token}` } as Auth };
}

async function staffMember() {
  const operator = await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true });
  const user = await createUser(db(), { companyId: operator.id, companyRole: "admin", role: "staff" });
  const { token } = await createSession(db(), { userId: user.id });
  return { cookie: `session=${token}` } as Auth;
}

/** A file of the company as an upload leaves it: stored by content, recorded with its purpose. */
async function companyFile(
  companyId: string,
  name: string,
  bytes: Uint8Array,
  purpose: "bom" | "pick_place" | "gerber" = "bom",
) {
  const stored = await storage.put(Readable.from([Buffer.from(bytes)]), { maxBytes: 100 * 1024 * 1024 });
  await db().insert(storedFiles).values({ sha256: stored.sha256, size: bytes.length }).onConflictDoNothing();
  const [row] = await db()
    .insert(companyFiles)
    .values({ companyId, sha256: stored.sha256, name, mediaType: "text/plain", size: bytes.length, purpose })
    .returning();
  return row!;
}

const get = (auth: Auth, url: string) => t().app.inject({ method: "GET", url, headers: auth });
const send = (auth: Auth, method: "POST" | "PUT", url: string, payload: unknown) =>
  t().app.inject({ method, url, headers: auth, payload: payload as object });

const fields = (changes: object = {}) => ({
  ...ASSEMBLY_SPEC_DEFAULTS,
  name: "Motor shield",
  revision: "3",
  ...changes,
});

async function createAssembly(auth: Auth, body: object = {}) {
  const response = await send(auth, "POST", "/api/pcbas", { fields: fields(), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; number: string; latest: { version: number; id: string } };
}

const bomVersionCount = async (assemblyId: string) =>
  (await db().select({ n: count() }).from(bomVersions).where(eq(bomVersions.assemblyId, assemblyId)))[0]!.n;

interface Line {
  id: string;
  position: number;
  designators: string[];
  quantity: number;
  value: string | null;
  parts: { manufacturer: string | null; mpn: string }[];
  match_status: string;
  part: { part_number: string; msl: string | null; polarized: boolean; lifecycle: string | null } | null;
  dnp: boolean;
}

describe("assembly specifications", () => {
  it("create one on the company's PCB specification version, numbered PCBA-<year>-<serial>", async () => {
    const { company, auth } = await member();
    const pcb = await createPcbSpec(db(), { companyId: company.id });
    const created = await createAssembly(auth, { pcb_spec_version_id: pcb.versions[0]!.id });
    expect(created.number).toMatch(/^PCBA-\d{4}-\d{5}$/);
    const detail = (await get(auth, `/api/pcbas/${created.id}`)).json().data;
    expect(detail.latest).toMatchObject({
      version: 1,
      pcb: { version_id: pcb.versions[0]!.id },
      bom_version: null,
    });
    const list = (await get(auth, "/api/pcbas")).json().data;
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([created.id]);
  });

  it("refuse another company's PCB version, impossible fields and stale saves, writing nothing", async () => {
    const { auth } = await member();
    const other = await member();
    const theirs = await createPcbSpec(db(), { companyId: other.company.id });
    const before = (await db().select({ n: count() }).from(assemblySpecVersions))[0]!.n;
    const foreign = await send(auth, "POST", "/api/pcbas", {
      fields: fields(),
      pcb_spec_version_id: theirs.versions[0]!.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe("pcb_spec_version_id");
    const cases: [string, object][] = [
      ["fields.quantity_tiers.1", fields({ quantity_tiers: [100, 10] })],
      ["fields.stencil", fields({ top_smt: false, top_tht: true })],
      ["fields.top_smt", fields({ top_smt: false, stencil: "none" })],
      ["fields.quantity_tiers.0", fields({ quantity_tiers: [0] })],
      ["fields.name", fields({ name: "x".repeat(121) })],
      ["fields.parts_sourcing", fields({ parts_sourcing: "free" })],
    ];
    for (const [field, body] of cases) {
      const response = await send(auth, "POST", "/api/pcbas", { fields: body });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect((await db().select({ n: count() }).from(assemblySpecVersions))[0]!.n).toBe(before);

    const created = await createAssembly(auth);
    const saved = await send(auth, "POST", `/api/pcbas/${created.id}/versions`, {
      base_version: 1,
      fields: fields({ xray: true }),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const stale = await send(auth, "POST", `/api/pcbas/${created.id}/versions`, {
      base_version: 1,
      fields: fields(),
    });
    expect(stale.statusCode).toBe(409);
    expect((await get(other.auth, `/api/pcbas/${created.id}`)).statusCode).toBe(404);
  });
});

describe("BOM import", () => {
  it("preview a real EasyEDA export (UTF-16, tab-separated) without writing, then import and match it", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    const file = await companyFile(company.id, "BOM_SimpleFOCShield-v3.csv", fixture(EASYEDA_BOM));
    // One part of the company's item master carries an MPN of the BOM, written differently.
    const part = await send(auth, "POST", "/api/parts", {
      type: "capacitor",
      description: "100 nF 0603 X7R",
      msl: "1",
      lifecycle: "nrnd",
      mpns: [{ manufacturer: "Samsung Electro-Mechanics", mpn: "cl10b104kb8nnnc" }],
    });
    expect(part.statusCode, part.body).toBe(201);

    const preview = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom/preview`, { file_id: file.id });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      format: "tsv",
      encoding: "utf-16le",
      tool: "easyeda",
      header_row: 1,
      mapping_source: "automatic",
      lines: 16,
      placed_parts: 25,
      matched: 1,
    });
    const mapping = preview.json().data.mapping as (string | null)[];
    const headers = preview.json().data.headers as string[];
    expect(mapping[headers.indexOf("Designator")]).toBe("designators");
    expect(mapping[headers.indexOf("Manufacturer Part")]).toBe("mpn");
    expect(await bomVersionCount(assembly.id)).toBe(0);

    const imported = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id, mapping });
    expect(imported.statusCode, imported.body).toBe(201);
    const bom = imported.json().data as { version: number; lines: Line[]; counts: Record<string, number> };
    expect(bom.version).toBe(1);
    expect(bom.counts).toMatchObject({ lines: 16, placed_parts: 25, matched: 1 });
    const c7 = bom.lines.find((line) => line.designators.includes("C7"))!;
    expect(c7).toMatchObject({ designators: ["C7", "C8"], quantity: 2, match_status: "matched" });
    expect(c7.part).toMatchObject({ part_number: "P-00001", msl: "1", polarized: false, lifecycle: "nrnd" });
    // The specification's latest (unfrozen) version now names this BOM version.
    expect((await get(auth, `/api/pcbas/${assembly.id}`)).json().data.latest.bom_version).toBe(1);

    // The next file with the same headers is read with the company's saved mapping.
    const again = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom/preview`, { file_id: file.id });
    expect(again.json().data.mapping_source).toBe("saved");
  });

  it("import a legacy Excel workbook (.xls) with its not-fitted parts", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    const file = await companyFile(company.id, "LimeSDR_Mini_1v3_BOMr0.xls", fixture(LIMESDR_XLS));
    const imported = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id });
    expect(imported.statusCode, imported.body).toBe(201);
    const bom = imported.json().data as { lines: Line[]; tool: string; format: string };
    expect(bom).toMatchObject({ format: "xls", tool: "altium" });
    const c1 = bom.lines.find((line) => line.designators.includes("C1"))!;
    expect(c1.parts[0]).toEqual({ manufacturer: "AVX", mpn: "04023A100JAT2A" });
    // "NF(C12 C19 C20 C22 C183 C186 C189)" in the Assembly Info column: those are not fitted.
    const c12 = bom.lines.find((line) => line.designators.includes("C12"))!;
    expect(c12.dnp).toBe(true);
    const c3 = bom.lines.find((line) => line.designators.includes("C3"))!;
    expect(c3.dnp).toBe(false);
  });

  it("refuse unreadable files, files of other purposes or companies and other companies' assemblies; write nothing", async () => {
    const { company, auth } = await member();
    const other = await member();
    const assembly = await createAssembly(auth);
    const theirs = await createAssembly(other.auth);
    const binary = await companyFile(
      company.id,
      "bom.csv",
      Uint8Array.from(randomBytes(4096).map((b, i) => (i % 7 === 0 ? 0 : b))),
    );
    const gerber = await companyFile(
      company.id,
      "board.zip",
      Buffer.from("PK\u0003\u0004 not really"),
      "gerber",
    );
    const foreignFile = await companyFile(other.company.id, "theirs.csv", fixture(EASYEDA_BOM));
    const good = await companyFile(company.id, "good.csv", fixture(EASYEDA_BOM));

    const asBinary = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: binary.id });
    expect(asBinary.statusCode).toBe(422);
    expect(asBinary.json()).toMatchObject({ field: "file_id", message: "binary_file" });
    expect(
      (await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: gerber.id })).json(),
    ).toMatchObject({
      field: "file_id",
    });
    expect(
      (await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: foreignFile.id })).statusCode,
    ).toBe(404);
    expect((await send(auth, "POST", `/api/pcbas/${theirs.id}/bom`, { file_id: good.id })).statusCode).toBe(
      404,
    );
    expect((await get(auth, `/api/pcbas/${theirs.id}/bom`)).statusCode).toBe(404);
    const wrongWidth = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, {
      file_id: good.id,
      mapping: ["designators"],
    });
    expect(wrongWidth.statusCode).toBe(400);
    expect(wrongWidth.json().field).toBe("mapping");
    const twoDesignators = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, {
      file_id: good.id,
      mapping: ["designators", "designators"],
    });
    expect(twoDesignators.statusCode).toBe(400);
    expect(await bomVersionCount(assembly.id)).toBe(0);
  });

  it("refuse a 50 MB file, 100,000 lines and a file with nothing in it as a whole, writing nothing", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    const header = "Designator,Quantity,Value\n";
    const cases: [string, Buffer, string][] = [
      [
        "file_too_large",
        Buffer.concat([Buffer.from(header), Buffer.alloc(50 * 1024 * 1024, "R1,1,10k\n")]),
        "huge.csv",
      ],
      [
        "too_many_rows",
        Buffer.from(header + Array.from({ length: 100_000 }, (_, i) => `R${i + 1},1,10k`).join("\n")),
        "long.csv",
      ],
      ["empty_file", Buffer.from("\n\n  \n"), "blank.csv"],
    ];
    for (const [reason, bytes, name] of cases) {
      const file = await companyFile(company.id, name, bytes);
      for (const path of ["bom/preview", "bom"]) {
        const response = await send(auth, "POST", `/api/pcbas/${assembly.id}/${path}`, { file_id: file.id });
        expect(response.statusCode, `${reason} ${path}`).toBe(422);
        expect(response.json()).toMatchObject({
          error: "FILE_CONTENT_REFUSED",
          field: "file_id",
          message: reason,
        });
      }
    }
    expect(await bomVersionCount(assembly.id)).toBe(0);
  });

  it("save a line's change as the next BOM version, diffable, and refuse a stale base version", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    const file = await companyFile(company.id, "bom.csv", fixture(EASYEDA_BOM));
    const bom = (await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id })).json()
      .data as {
      lines: Line[];
    };
    const r3 = bom.lines.find((line) => line.designators.includes("R3"))!;
    const changed = await send(auth, "PUT", `/api/pcbas/${assembly.id}/bom/lines/${r3.id}`, {
      base_version: 1,
      parts: [{ manufacturer: "UNI-ROYAL", mpn: "0603WAF3300T5E" }],
      comment: "Any 1 % 0603 resistor will do.",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const next = changed.json().data as {
      version: number;
      lines: Line[];
      versions: { change: string | null }[];
    };
    expect(next.version).toBe(2);
    expect(next.lines.find((line) => line.position === r3.position)!.parts[0]!.mpn).toBe("0603WAF3300T5E");
    expect(next.versions[0]!.change).toBe(`${r3.position}: parts, comment`);
    const stale = await send(auth, "PUT", `/api/pcbas/${assembly.id}/bom/lines/${r3.id}`, {
      base_version: 1,
      dnp: true,
    });
    expect(stale.statusCode).toBe(409);
    const diff = (await get(auth, `/api/pcbas/${assembly.id}/bom/diff?from=1&to=2`)).json().data;
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0].fields).toEqual(["parts", "comment"]);
    // Version 1 is still there as it was.
    const first = (await get(auth, `/api/pcbas/${assembly.id}/bom?version=1`)).json().data as {
      lines: Line[];
    };
    expect(first.lines.find((line) => line.position === r3.position)!.parts).toEqual([]);
  });

  it("let the customer mark a line as parts they send (partly consigned), as the next BOM version", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth, { fields: fields({ parts_sourcing: "partial" }) });
    const file = await companyFile(company.id, "bom.csv", fixture(EASYEDA_BOM));
    const bom = (await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id })).json()
      .data as { lines: (Line & { consigned: boolean })[] };
    const r3 = bom.lines.find((line) => line.designators.includes("R3"))!;
    expect(r3.consigned).toBe(false);
    const url = `/api/pcbas/${assembly.id}/bom/lines/${r3.id}`;
    // A value that is not a boolean is refused and writes nothing.
    const bad = await send(auth, "PUT", url, { base_version: 1, consigned: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("consigned");
    expect(await bomVersionCount(assembly.id)).toBe(1);

    const marked = await send(auth, "PUT", url, { base_version: 1, consigned: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const next = marked.json().data as { version: number; lines: (Line & { consigned: boolean })[] };
    expect(next.version).toBe(2);
    expect(next.lines.find((line) => line.position === r3.position)!.consigned).toBe(true);
    expect(next.lines.filter((line) => line.consigned)).toHaveLength(1);
    const diff = (await get(auth, `/api/pcbas/${assembly.id}/bom/diff?from=1&to=2`)).json().data;
    expect(diff.changed[0].fields).toEqual(["consigned"]);
  });

  it("match a line again once the company has the part, as the next BOM version", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    const file = await companyFile(company.id, "bom.csv", fixture(EASYEDA_BOM));
    await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id });
    const same = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom/rematch`, { base_version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.version).toBe(1);
    await send(auth, "POST", "/api/parts", {
      type: "capacitor",
      description: "470 nF 0603",
      mpns: [{ manufacturer: "Yageo", mpn: "CC0603ZRY5V6BB474" }],
    });
    const matched = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom/rematch`, { base_version: 1 });
    const bom = matched.json().data as {
      version: number;
      lines: Line[];
      versions: { change: string | null }[];
    };
    expect(bom.version).toBe(2);
    expect(bom.lines.find((line) => line.designators.includes("C5"))).toMatchObject({
      match_status: "matched",
      // Created without a lifecycle: not known.
      part: { lifecycle: null },
    });
    expect(bom.versions[0]!.change).toBe("matched: 1");
    expect(
      (await send(auth, "POST", `/api/pcbas/${assembly.id}/bom/rematch`, { base_version: 1 })).statusCode,
    ).toBe(409);
  });

  it("export CSV and XLSX with formula-looking cells escaped", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    const csv = [
      "Designator,Quantity,Value,Manufacturer Part Number",
      `R1,1,"=cmd|' /C calc'!A0",ERJ-3EKF1002V`,
      "C1,1,100n,@SUM(1+1)",
    ].join("\r\n");
    const file = await companyFile(company.id, "hostile.csv", Buffer.from(csv));
    const imported = await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id });
    expect(imported.statusCode, imported.body).toBe(201);
    // Stored as the text it was, never evaluated.
    expect((imported.json().data.lines as Line[])[0]!.value).toBe("=cmd|' /C calc'!A0");

    const asCsv = await get(auth, `/api/pcbas/${assembly.id}/bom/export?format=csv`);
    expect(asCsv.statusCode).toBe(200);
    expect(asCsv.headers["content-disposition"]).toMatch(
      /attachment; filename="PCBA-\d{4}-\d{5}-BOM-v1\.csv"/,
    );
    expect(asCsv.body).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(asCsv.body).toContain(`"'@SUM(1+1)"`);

    const asXlsx = await get(auth, `/api/pcbas/${assembly.id}/bom/export?format=xlsx`);
    const book = XLSX.read(asXlsx.rawPayload, { type: "buffer", cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const cells = Object.values(sheet).filter(
      (cell): cell is XLSX.CellObject => typeof cell === "object" && "t" in cell,
    );
    expect(cells.some((cell) => cell.f !== undefined)).toBe(false);
    expect(cells.some((cell) => cell.v === "'=cmd|' /C calc'!A0")).toBe(true);
  });
});

describe("pick-and-place", () => {
  it("import a real EasyEDA placement file and cross-check it against the BOM", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    const bomFile = await companyFile(company.id, "bom.csv", fixture(EASYEDA_BOM));
    await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: bomFile.id });
    const cpl = await companyFile(company.id, "PickAndPlace.csv", fixture(EASYEDA_CPL), "pick_place");
    const imported = await send(auth, "POST", `/api/pcbas/${assembly.id}/placements`, { file_id: cpl.id });
    expect(imported.statusCode, imported.body).toBe(201);
    const data = imported.json().data as {
      counts: { top: number; bottom: number };
      findings: { finding: string; designator: string }[];
      placements: { designator: string; x: number; y: number; side: string }[];
    };
    expect(data.counts).toEqual({
      top: 32,
      bottom: 15,
      total: 47,
      // The EasyEDA file's headers and terminal blocks are through-hole by their footprints.
      top_smt: 25,
      top_tht: 7,
      bottom_smt: 15,
      bottom_tht: 0,
    });
    expect(data.placements.find((p) => p.designator === "C5")).toMatchObject({
      x: -6.1,
      y: -13.97,
      side: "top",
    });
    // Every fitted BOM designator has a placement; connectors and pads in the file are not in the BOM.
    expect(data.findings.filter((f) => f.finding === "missing_placement")).toEqual([]);
    expect(data.findings.filter((f) => f.finding === "missing_in_bom").map((f) => f.designator)).toEqual(
      expect.arrayContaining(["P1", "TB_PWR", "SC3"]),
    );
    const detail = (await get(auth, `/api/pcbas/${assembly.id}`)).json().data;
    expect(detail.latest.placements).toMatchObject({ top: 32, bottom: 15, total: 47, top_tht: 7 });
  });

  it("preview a file without writing, then import it with the unit, side and origin the customer confirmed", async () => {
    const { company, auth } = await member();
    // A 100 × 80 mm board; the file names no unit and no side, its parts lie around the board's centre.
    const pcb = await createPcbSpec(db(), { companyId: company.id });
    const assembly = await createAssembly(auth, { pcb_spec_version_id: pcb.versions[0]!.id });
    const csv = "Ref,X,Y,Rot,Footprint\nR1,-40,-30,0,R_0603\nR2,20,15,90,R_0603\nJ1,45,35,0,PinHeader_1x02\n";
    const cpl = await companyFile(company.id, "board.csv", Buffer.from(csv), "pick_place");
    const before = (await get(auth, `/api/pcbas/${assembly.id}`)).json().data.latest.version;

    const preview = await send(auth, "POST", `/api/pcbas/${assembly.id}/placements/preview`, {
      file_id: cpl.id,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      source_name: "board.csv",
      unit: "mm",
      unit_stated: false,
      side_stated: false,
      origin: "centre",
      origin_detected: "centre",
      board: { width_mm: 100, height_mm: 80 },
      counts: { top: 3, bottom: 0, top_smt: 2, top_tht: 1 },
      outline: { min_x: -50, min_y: -40, max_x: 50, max_y: 40 },
    });
    expect(preview.json().data.findings).toEqual([]);
    // Nothing written: no placements, no new version.
    expect((await get(auth, `/api/pcbas/${assembly.id}/placements`)).statusCode).toBe(404);
    expect((await get(auth, `/api/pcbas/${assembly.id}`)).json().data.latest.version).toBe(before);

    // The customer says: mils, bottom side, origin at the lower left corner.
    const confirmed = { file_id: cpl.id, unit: "mil", side: "bottom", origin: "lower_left" };
    const again = await send(auth, "POST", `/api/pcbas/${assembly.id}/placements/preview`, confirmed);
    expect(again.json().data).toMatchObject({ unit: "mil", origin: "lower_left", origin_detected: "centre" });
    expect(again.json().data.placements[1]).toMatchObject({
      designator: "R2",
      x: 0.508,
      y: 0.381,
      side: "bottom",
    });
    // R1 sits at negative coordinates: off a board whose corner is the origin.
    expect(again.json().data.findings).toEqual([{ finding: "off_board", designator: "R1" }]);

    const imported = await send(auth, "POST", `/api/pcbas/${assembly.id}/placements`, confirmed);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data).toMatchObject({
      unit: "mil",
      origin: "lower_left",
      counts: { top: 0, bottom: 3, bottom_smt: 2, bottom_tht: 1 },
    });
    const stored = (await get(auth, `/api/pcbas/${assembly.id}/placements`)).json().data;
    expect(stored.origin).toBe("lower_left");
    expect(stored.outline).toEqual({ min_x: 0, min_y: 0, max_x: 100, max_y: 80 });
  });

  it("refuse a bad preview: unknown unit or origin, another company's file or assembly, an unreadable file", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    const cpl = await companyFile(company.id, "p.csv", Buffer.from("Ref,X,Y\nR1,1,2\n"), "pick_place");
    const url = `/api/pcbas/${assembly.id}/placements/preview`;
    for (const body of [
      { file_id: cpl.id, unit: "furlong" },
      { file_id: cpl.id, origin: "top_right" },
      { file_id: cpl.id, side: "inner" },
      { file_id: "not-a-uuid" },
      { file_id: cpl.id, extra: true },
      {},
    ]) {
      const response = await send(auth, "POST", url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ data: null, status: 400, message: expect.any(String) });
    }
    const other = await member();
    const theirFile = await companyFile(
      other.company.id,
      "p.csv",
      Buffer.from("Ref,X,Y\nR1,1,2\n"),
      "pick_place",
    );
    expect((await send(auth, "POST", url, { file_id: theirFile.id })).statusCode).toBe(404);
    const theirAssembly = await createAssembly(other.auth);
    expect(
      (await send(auth, "POST", `/api/pcbas/${theirAssembly.id}/placements/preview`, { file_id: cpl.id }))
        .statusCode,
    ).toBe(404);
    const binary = await companyFile(company.id, "p.csv", randomBytes(2048), "pick_place");
    const unreadable = await send(auth, "POST", url, { file_id: binary.id });
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json()).toMatchObject({ field: "file_id", message: "binary_file" });
  });

  it("keep what a frozen version was saved with: new data becomes a new version", async () => {
    const { company, auth } = await member();
    const assembly = await createAssembly(auth);
    await db()
      .update(assemblySpecVersions)
      .set({ frozenAt: new Date(), frozenReason: "quote" })
      .where(eq(assemblySpecVersions.id, assembly.latest.id));
    const file = await companyFile(company.id, "bom.csv", fixture(EASYEDA_BOM));
    expect((await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id })).statusCode).toBe(
      201,
    );
    const detail = (await get(auth, `/api/pcbas/${assembly.id}`)).json().data;
    expect(
      detail.versions.map((v: { version: number; bom_version: number | null }) => [v.version, v.bom_version]),
    ).toEqual([
      [1, null],
      [2, 1],
    ]);
  });
});

describe("quotes built to an assembly", () => {
  it("refer to the company's assembly versions only, freezing them and the PCB versions they build on", async () => {
    const { company, auth } = await member();
    const other = await member();
    const pcb = await createPcbSpec(db(), { companyId: company.id });
    const assembly = await createAssembly(auth, { pcb_spec_version_id: pcb.versions[0]!.id });
    const theirs = await createAssembly(other.auth);
    const request = (versionId: string) =>
      send(auth, "POST", "/api/quotes", {
        title: "Motor shield, first batch",
        lines: [
          { category: "pcb", description: "Bare boards", quantities: [10] },
          {
            category: "assemblies",
            description: "Assembled shields",
            quantities: [10, 100],
            assembly_spec_version_id: versionId,
          },
        ],
      });
    const foreign = await request(theirs.latest.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe("lines.1.assembly_spec_version_id");

    const quoted = await request(assembly.latest.id);
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect(quoted.json().data.lines[1].assembly_spec).toMatchObject({
      spec_id: assembly.id,
      number: assembly.number,
      version: 1,
      name: "Motor shield",
      pcb_number: pcb.spec.number,
    });
    const detail = (await get(auth, `/api/pcbas/${assembly.id}`)).json().data;
    expect(detail.versions[0]).toMatchObject({ frozen: true, frozen_reason: "quote" });
    const board = (await get(auth, `/api/pcbs/${pcb.spec.id}`)).json().data;
    expect(board.versions[0]).toMatchObject({ frozen: true, frozen_reason: "quote" });
  });
});

describe("engineering review and the production BOM", () => {
  it("let staff review lines and propose a substitute, the customer decide, and staff release the production BOM", async () => {
    const { company, auth } = await member();
    const staff = await staffMember();
    const assembly = await createAssembly(auth);
    const file = await companyFile(company.id, "bom.csv", fixture(EASYEDA_BOM));
    const bom = (await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id })).json()
      .data as {
      lines: Line[];
    };
    const c6 = bom.lines.find((line) => line.designators.includes("C6"))!;
    const review = (lineId: string, body: object) =>
      send(staff, "PUT", `/api/staff/pcbas/${assembly.id}/bom/lines/${lineId}/review`, body);

    const proposed = await review(c6.id, {
      reviewed: true,
      substitution: {
        manufacturer: "Panasonic",
        mpn: "EEE-FK1V101P",
        reason: "VT1V101M-CRE77 is not in stock.",
      },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(
      (await send(auth, "PUT", `/api/pcbas/${assembly.id}/bom/lines/${c6.id}/review`, { reviewed: true }))
        .statusCode,
    ).toBe(404);
    expect((await review(c6.id, { reviewed: "yes" })).statusCode).toBe(400);

    // Nothing is released while lines are unreviewed or a substitution waits for the customer.
    const early = await send(staff, "POST", `/api/staff/pcbas/${assembly.id}/production-bom`, {
      base_version: 1,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().otherData).toMatchObject({ unreviewed: 15, waiting: 1 });

    const decided = await send(auth, "PUT", `/api/pcbas/${assembly.id}/bom/lines/${c6.id}/substitution`, {
      decision: "accepted",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const line = (decided.json().data.lines as (Line & { substitution: { status: string } })[]).find(
      (l) => l.id === c6.id,
    )!;
    expect(line.substitution.status).toBe("accepted");
    expect(
      (
        await send(auth, "PUT", `/api/pcbas/${assembly.id}/bom/lines/${c6.id}/substitution`, {
          decision: "rejected",
        })
      ).statusCode,
    ).toBe(409);
    const other = await member();
    expect(
      (
        await send(other.auth, "PUT", `/api/pcbas/${assembly.id}/bom/lines/${c6.id}/substitution`, {
          decision: "accepted",
        })
      ).statusCode,
    ).toBe(404);

    for (const row of bom.lines.filter((l) => l.id !== c6.id))
      expect((await review(row.id, { reviewed: true })).statusCode).toBe(200);
    expect(
      (await send(staff, "POST", `/api/staff/pcbas/${assembly.id}/production-bom`, { base_version: 2 }))
        .statusCode,
    ).toBe(409);
    expect((await get(auth, `/api/pcbas/${assembly.id}/production-bom`)).statusCode).toBe(404);
    const released = await send(staff, "POST", `/api/staff/pcbas/${assembly.id}/production-bom`, {
      base_version: 1,
    });
    expect(released.statusCode, released.body).toBe(201);

    const production = (await get(auth, `/api/pcbas/${assembly.id}/production-bom`)).json().data as {
      lines: {
        designators: string[];
        mpn: string | null;
        substituted_for: string | null;
        consigned: boolean;
      }[];
    };
    expect(production.lines).toHaveLength(16);
    expect(production.lines.find((l) => l.designators.includes("C6"))).toMatchObject({
      mpn: "EEE-FK1V101P",
      substituted_for: "VT1V101M-CRE77",
      consigned: false,
    });
    // A released version is not reviewed again; the customer's next change is.
    expect((await review(c6.id, { reviewed: false })).statusCode).toBe(409);
    const pdf = await get(auth, `/api/pcbas/${assembly.id}/production-bom/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Production BOM");
    expect(text).toMatch(/2\s+C6\s+1\s+100uF .*Panasonic EEE-FK1V101P\s+us/);
    expect(text).toContain("Replaces VT1V101M-CRE77:");
    // Manufacturers are named by their canonical name, so LCSC's Chinese suffixes need no CJK font.
    expect(text).toMatch(/CS1, CS2\s+2\s+ACS712ELCTR-05B-T .*Allegro MicroSystems/);
  });
});

describe("assembly PDF and the back office", () => {
  it("render a version as a PDF in the reader's language and let staff read every company's", async () => {
    const { company, auth } = await member(undefined, "de");
    const assembly = await createAssembly(auth);
    const file = await companyFile(company.id, "bom.csv", fixture(EASYEDA_BOM));
    await send(auth, "POST", `/api/pcbas/${assembly.id}/bom`, { file_id: file.id });
    const pdf = await get(auth, `/api/pcbas/${assembly.id}/versions/1/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Baugruppenspezifikation");
    expect(text).toContain("Motor shield");
    expect(text).toMatch(/Stückliste\s+Version 1: 16 Positionen, 25 Bauteile zu bestücken/);

    const staff = await staffMember();
    const list = (await get(staff, `/api/staff/pcbas?company=${company.id}`)).json().data;
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([assembly.id]);
    expect(list.items[0]).toMatchObject({ bom_lines: 16 });
    expect((await get(staff, `/api/staff/pcbas/${assembly.id}/bom`)).json().data.counts.lines).toBe(16);
    expect((await get(staff, `/api/staff/pcbas/${assembly.id}/versions/1`)).json().data.bom_version).toBe(1);
    const staffPdf = await get(staff, `/api/staff/pcbas/${assembly.id}/versions/1/pdf`);
    expect(staffPdf.headers["content-type"]).toBe("application/pdf");
    // In the staff member's language (English): the title wraps beside the meta column, so check the rows.
    const staffText = await pdfText(staffPdf.rawPayload);
    expect(staffText).toContain(assembly.number);
    expect(staffText).toMatch(/SMT parts on top\s+Yes/);
    expect((await get(auth, `/api/staff/pcbas`)).statusCode).toBe(403);
  });
});
