import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { buildBoard } from "./board.ts";
import { expandFiles } from "./load-files.ts";
import { readZip, safeEntryName, ZipError, ZIP_LIMITS } from "./zip.ts";

const text = (s: string) => new TextEncoder().encode(s);
const GERBER = "%FSLAX26Y26*%\n%MOMM*%\n%ADD10C,1*%\nD10*\nX0Y0D03*\nM02*\n";

function problemOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof ZipError ? error.problem : "other";
  }
}

describe("readZip", () => {
  it("unpacks stored and deflated entries in folders", () => {
    const archive = zipSync({
      "gerbers/top.gtl": text(GERBER),
      "drill.drl": [text("M48\nMETRIC\nT1C0.3\n%\nT1\nX1.0Y1.0\nM30\n"), { level: 0 }],
    });
    const result = readZip(archive);
    expect(result.files.map((f) => f.name).sort()).toEqual(["drill.drl", "gerbers/top.gtl"]);
    expect(new TextDecoder().decode(result.files.find((f) => f.name === "gerbers/top.gtl")!.bytes)).toBe(
      GERBER,
    );
  });

  it("refuses entries that would leave the folder, and symlinks", () => {
    const archive = zipSync({
      "../../etc/passwd": text("x"),
      "/abs/file.gbr": text("x"),
      "link.gbr": [text("/etc/passwd"), { os: 3, attrs: 0o120777 << 16 }],
      "ok.gbr": text(GERBER),
    });
    const result = readZip(archive);
    expect(result.files.map((f) => f.name)).toEqual(["ok.gbr"]);
    expect(result.rejected.map((r) => r.problem).sort()).toEqual(["path-escape", "path-escape", "symlink"]);
    expect(safeEntryName("a\\..\\..\\b")).toBeNull();
    expect(safeEntryName("C:\\x.gbr")).toBeNull();
  });

  it("stops zip bombs, including ones whose header lies about the size", () => {
    const zeros = new Uint8Array(ZIP_LIMITS.fileBytes + 1024 * 1024);
    const honest = zipSync({ "bomb.gbr": [zeros, { level: 9 }] });
    expect(readZip(honest).rejected).toEqual([{ name: "bomb.gbr", problem: "too-large" }]);
    const lying = zipSync({ "bomb.gbr": [zeros, { level: 9 }] });
    // Patch the central directory's unpacked size down to 1 KiB.
    const view = new DataView(lying.buffer);
    for (let i = lying.length - 22; i > 0; i--) {
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint32(i + 24, 1024, true);
        break;
      }
    }
    expect(readZip(lying).rejected).toEqual([{ name: "bomb.gbr", problem: "zip-bomb" }]);
  });

  it("refuses archives with too many entries before unpacking any", () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 20_000; i++) many[`f${i}.gbr`] = new Uint8Array(0);
    expect(problemOf(() => readZip(zipSync(many, { level: 0 })))).toBe("too-many-entries");
  });

  it("answers truncated archives and junk with a clear problem, never a crash", () => {
    const archive = zipSync({ "a.gbr": text(GERBER.repeat(200)) });
    expect(problemOf(() => readZip(archive.subarray(0, Math.floor(archive.length / 2))))).toBe("corrupt");
    expect(problemOf(() => readZip(crypto.getRandomValues(new Uint8Array(4096))))).toBe("not-zip");
    const junkWithMagic = new Uint8Array(4096);
    junkWithMagic.set([0x50, 0x4b, 3, 4]);
    expect(problemOf(() => readZip(junkWithMagic))).toBe("corrupt");
  });
});

describe("expandFiles and buildBoard on hostile input", () => {
  it("skips binary junk and files that are not CAM data, keeping the rest", () => {
    const junk = crypto.getRandomValues(new Uint8Array(10_000));
    const loaded = expandFiles([
      { name: "top.gtl", bytes: text(GERBER) },
      { name: "junk.gbr", bytes: junk },
      { name: "notes.txt", bytes: text("Please make 10 boards in blue.") },
      { name: "empty.gbl", bytes: new Uint8Array(0) },
    ]);
    expect(loaded.problems).toEqual([{ name: "empty.gbl", problem: "empty" }]);
    const board = buildBoard(loaded.files);
    expect(board.layers.map((l) => l.fileName)).toEqual(["top.gtl"]);
    expect(board.skipped.map((s) => [s.fileName, s.reason])).toEqual([
      ["junk.gbr", "unreadable"],
      ["notes.txt", "not-a-layer"],
    ]);
  });

  it("refuses more files than the viewer takes", () => {
    const files = Array.from({ length: 301 }, (_, i) => ({ name: `f${i}.gbr`, bytes: text(GERBER) }));
    const loaded = expandFiles(files);
    expect(loaded.files).toEqual([]);
    expect(loaded.problems).toEqual([{ name: "", problem: "too-many-files" }]);
  });

  it("reads UTF-16 files with a byte-order mark", () => {
    const utf16 = new Uint8Array(2 + GERBER.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < GERBER.length; i++) utf16[2 + 2 * i] = GERBER.charCodeAt(i);
    expect(buildBoard([{ name: "top.gtl", bytes: utf16 }]).layers).toHaveLength(1);
  });
});
