import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { EXPECTED, FIXTURE_ROOT, readSet } from "@ems/gerber/test/fixture-sets";
import { ZIP_LIMITS } from "@ems/gerber/zip";
import { StorageNotFoundError, type FileStorage } from "@ems/storage/file-storage";
import { LocalFileStorage } from "@ems/storage/local-storage";
import { zipSync, type Zippable } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  analyseGerberZip,
  closeGerberAnalysis,
  GerberAnalysisError,
  PREVIEW_PIXELS,
  type GerberAnalysis,
} from "./pcb-analysis-service.ts";

const TWO_LAYERS = "eagle-arduino-uno-r3";
const FOUR_LAYERS = "kicad9-falcan-4layer";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let root: string;
let directory: string;
let storage: LocalFileStorage;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "ems-pcb-analysis-"));
  directory = join(root, "files");
  storage = new LocalFileStorage({ directory });
});

afterAll(async () => {
  await closeGerberAnalysis();
  await rm(root, { recursive: true, force: true });
});

function setEntries(set: string): Zippable {
  return Object.fromEntries(readSet(join(FIXTURE_ROOT, set)).map((file) => [file.name, file.bytes]));
}

async function store(bytes: Uint8Array): Promise<string> {
  return (await storage.put(Readable.from([Buffer.from(bytes)]), { maxBytes: 1024 * 1024 * 1024 })).sha256;
}

/** Every stored object, to show that a refused archive stores nothing. */
async function storedObjects(): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.includes(".tmp"))
    .map((entry) => entry.name)
    .sort();
}

async function refusal(bytes: Uint8Array): Promise<{ code: string; stored: string[] }> {
  const sha256 = await store(bytes);
  const before = await storedObjects();
  const error = await analyseGerberZip(storage, sha256, {}).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GerberAnalysisError);
  const after = await storedObjects();
  return {
    code: (error as GerberAnalysisError).code,
    stored: after.filter((name) => !before.includes(name)),
  };
}

async function expectPreview(sha256: string | null) {
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(sha256!)) chunks.push(chunk as Buffer);
  const png = Buffer.concat(chunks);
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const { width, height, format } = await sharp(png).metadata();
  expect(format).toBe("png");
  expect(Math.max(width, height)).toBeGreaterThanOrEqual(PREVIEW_PIXELS - 2);
  expect(Math.max(width, height)).toBeLessThanOrEqual(PREVIEW_PIXELS + 2);
}

describe("analyseGerberZip", () => {
  it("reads a 2-layer set: layer count, size, a DFM report and two PNG previews", async () => {
    const expected = EXPECTED[TWO_LAYERS]!;
    const sha256 = await store(zipSync(setEntries(TWO_LAYERS)));
    const analysis = await analyseGerberZip(storage, sha256, {
      layers: 2,
      widthMm: expected.size[0],
      heightMm: expected.size[1],
    });
    expect(analysis.board.layers).toBe(2);
    expect(analysis.board.size.source).toBe("outline");
    expect(analysis.board.size.widthMm).toBeCloseTo(expected.size[0], 1);
    expect(analysis.board.size.heightMm).toBeCloseTo(expected.size[1], 1);
    expect(analysis.board.drills.holes).toBeGreaterThan(0);
    expect(Array.isArray(analysis.dfm.findings)).toBe(true);
    const rules = analysis.dfm.findings.map((finding) => finding.rule);
    expect(rules).not.toContain("layer-count-mismatch");
    expect(rules).not.toContain("size-mismatch");
    await expectPreview(analysis.previews.top);
    await expectPreview(analysis.previews.bottom);
    expect(analysis.previews.top).not.toBe(analysis.previews.bottom);
  });

  it("reads the 4-layer set, and a specification the files contradict is a DFM finding", async () => {
    const expected = EXPECTED[FOUR_LAYERS]!;
    const sha256 = await store(zipSync(setEntries(FOUR_LAYERS)));
    const analysis = await analyseGerberZip(storage, sha256, {
      layers: 2,
      widthMm: expected.size[0],
      heightMm: 100,
    });
    expect(analysis.board.layers).toBe(4);
    expect(analysis.board.size.widthMm).toBeCloseTo(expected.size[0], 1);
    expect(analysis.board.size.heightMm).toBeCloseTo(expected.size[1], 1);
    expect(analysis.board.minDrillMm).toBeGreaterThan(0);
    const mismatch = analysis.dfm.findings.find((finding) => finding.rule === "layer-count-mismatch");
    expect(mismatch).toMatchObject({ measured: 4, limit: 2, unit: "layers", severity: "error" });
    const sizes = analysis.dfm.findings.filter((finding) => finding.rule === "size-mismatch");
    expect(sizes).toHaveLength(1);
    expect(sizes[0]).toMatchObject({ limit: 100, unit: "mm", severity: "error" });
    expect(sizes[0]!.measured).toBeCloseTo(expected.size[1], 1);
    await expectPreview(analysis.previews.top);
    await expectPreview(analysis.previews.bottom);
  });

  it("leaves out a preview whose SVG is over the size it may have, and stores nothing for it", async () => {
    const sha256 = await store(zipSync(setEntries(TWO_LAYERS)));
    const before = await storedObjects();
    const analysis = await analyseGerberZip(storage, sha256, {}, { maxSvgBytes: 1000 });
    expect(analysis.previews).toEqual({ top: null, bottom: null });
    expect(analysis.board.layers).toBe(2);
    expect(await storedObjects()).toEqual(before);
  });

  it("refuses an .exe renamed to .zip, storing nothing", async () => {
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    expect(await refusal(exe)).toEqual({ code: "not-a-zip", stored: [] });
  });

  it("refuses a zip bomb", async () => {
    // 20 MB of zeros packs to about 20 kB: far past the ratio a real Gerber file reaches.
    const bomb = zipSync({ "top.gtl": new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(await refusal(bomb)).toEqual({ code: "zip-bomb", stored: [] });
  });

  it("refuses an archive of 20,000 entries", async () => {
    const entries: Zippable = {};
    for (let i = 0; i < 20_000; i++) entries[`f${i}.gbr`] = new Uint8Array([0x2a]);
    expect(await refusal(zipSync(entries, { level: 0 }))).toEqual({ code: "too-many-entries", stored: [] });
  });

  it("refuses an archive larger than the viewer's limit without reading it", async () => {
    const big = new Uint8Array(ZIP_LIMITS.archiveBytes + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await refusal(big)).toEqual({ code: "archive-too-large", stored: [] });
  });

  it("stops reading a stream past the limit when the storage cannot tell the size beforehand", async () => {
    const big = new Uint8Array(ZIP_LIMITS.archiveBytes + 5 * 1024 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const sha256 = await store(big);
    let read = 0;
    const blind: FileStorage = Object.assign(Object.create(storage) as FileStorage, {
      stat: () => Promise.resolve(null),
      open: async (key: string) => {
        const stream = await storage.open(key);
        stream.on("data", (chunk: Buffer) => (read += chunk.byteLength));
        return stream;
      },
    });
    await expect(analyseGerberZip(blind, sha256, {})).rejects.toMatchObject({ code: "archive-too-large" });
    expect(read).toBeGreaterThan(ZIP_LIMITS.archiveBytes);
    expect(read).toBeLessThan(ZIP_LIMITS.archiveBytes + 2 * 1024 * 1024);
  });

  it("passes on the storage's error for a zip that is not stored", async () => {
    await expect(analyseGerberZip(storage, "0".repeat(64), {})).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("refuses a zip of PDFs: no Gerber files", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");
    const archive = zipSync({ "fab-drawing.pdf": pdf, "assembly.pdf": pdf, "schematic.pdf": pdf });
    expect(await refusal(archive)).toEqual({ code: "no-gerber-files", stored: [] });
  });

  it("skips entries whose path leaves the archive, as the viewer does, and reads the rest", async () => {
    const files = setEntries(TWO_LAYERS);
    const copper = Object.values(files)[0] as Uint8Array;
    const sha256 = await store(
      zipSync({ ...files, "../../etc/evil.gtl": copper, "/abs/evil.gbl": copper, "C:\\evil.gbl": copper }),
    );
    const analysis = await analyseGerberZip(storage, sha256, {});
    expect(analysis.board.layers).toBe(2);
    expect(analysis.problems.map((entry) => entry.problem)).toEqual([
      "path-escape",
      "path-escape",
      "path-escape",
    ]);
  });

  it("ends an analysis that runs over its time with `timeout`, and the next one still works", async () => {
    const sha256 = await store(zipSync(setEntries(TWO_LAYERS)));
    await expect(analyseGerberZip(storage, sha256, {}, { timeoutMs: 1 })).rejects.toMatchObject({
      code: "timeout",
    });
    expect((await analyseGerberZip(storage, sha256, {})).board.layers).toBe(2);
  });

  it("reports a worker that runs out of memory as `failed`, and the next one gets a fresh worker", async () => {
    const sha256 = await store(zipSync(setEntries(FOUR_LAYERS)));
    await expect(analyseGerberZip(storage, sha256, {}, { maxOldGenerationSizeMb: 4 })).rejects.toMatchObject({
      code: "failed",
    });
    expect((await analyseGerberZip(storage, sha256, {})).board.layers).toBe(4);
  });

  it("closes the idle worker on request, and the next analysis starts a fresh one", async () => {
    const sha256 = await store(zipSync(setEntries(TWO_LAYERS)));
    expect((await analyseGerberZip(storage, sha256, {})).board.layers).toBe(2);
    await closeGerberAnalysis();
    expect((await analyseGerberZip(storage, sha256, {}, { timeoutMs: 10_000 })).board.layers).toBe(2);
  });

  it("queues analyses started at once and finishes both", async () => {
    const two = await store(zipSync(setEntries(TWO_LAYERS)));
    const four = await store(zipSync(setEntries(FOUR_LAYERS)));
    const finished: string[] = [];
    const track = (name: string) => (analysis: GerberAnalysis) => {
      finished.push(name);
      return analysis;
    };
    const [a, b] = await Promise.all([
      analyseGerberZip(storage, four, {}).then(track("four")),
      analyseGerberZip(storage, two, {}).then(track("two")),
    ]);
    expect([a.board.layers, b.board.layers]).toEqual([4, 2]);
    // One at a time, in the order started: the small set, though faster, waited for the large one.
    expect(finished).toEqual(["four", "two"]);
  });

  it("runs under `node --import tsx`, as `npm start` and the e2e server do", async () => {
    const sha256 = await store(zipSync(setEntries(TWO_LAYERS)));
    const script = fileURLToPath(new URL("./test/analyse-stored-zip.ts", import.meta.url));
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", script, directory, sha256], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
      child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
      child.on("exit", (code) =>
        code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}: ${stderr}`)),
      );
    });
    const result = JSON.parse(output) as Pick<GerberAnalysis, "board" | "previews">;
    expect(result.board.layers).toBe(2);
    expect(result.previews.top).toMatch(/^[0-9a-f]{64}$/);
  });
});
