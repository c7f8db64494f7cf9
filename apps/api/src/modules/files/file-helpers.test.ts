import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { FILE_NAME_MAX, sanitizeFileName } from "@ems/contracts/files";
import { ContentRefusedError, checkContent, checkedContent, detectContent } from "./file-content.ts";
import { contentDisposition, parseRange } from "./file-download.ts";
import { formatBytes } from "./files-service.ts";

describe("sanitizeFileName", () => {
  it("keeps only the last segment of a path, whichever slash it uses", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("..\\..\\Windows\\system32\\board.zip")).toBe("board.zip");
    expect(sanitizeFileName("C:\\Users\\anna\\Desktop\\sensor rev B.zip")).toBe("sensor rev B.zip");
    expect(sanitizeFileName("/tmp/")).toBe("file");
  });

  it("drops dot names, control characters and direction overrides", () => {
    expect(sanitizeFileName("..")).toBe("file");
    expect(sanitizeFileName(".htaccess")).toBe("htaccess");
    expect(sanitizeFileName("board\u0000.zip")).toBe("board.zip");
    expect(sanitizeFileName("line\nbreak.zip")).toBe("linebreak.zip");
    // "invoice\u202Epiz.exe" shows as "invoiceexe.zip" in a right-to-left override.
    expect(sanitizeFileName("invoice\u202epiz.exe")).toBe("invoicepiz.exe");
    expect(sanitizeFileName("  name . ")).toBe("name");
  });

  it("replaces reserved characters and keeps other scripts", () => {
    expect(sanitizeFileName('a<b>c:d"e|f?g*.zip')).toBe("a_b_c_d_e_f_g_.zip");
    expect(sanitizeFileName("Leiterplatte für Müller – Rev. 2.zip")).toBe(
      "Leiterplatte für Müller – Rev. 2.zip",
    );
    expect(sanitizeFileName("基板.zip")).toBe("基板.zip");
  });

  it("shortens to 255 characters, keeping the extension and whole characters", () => {
    const long = sanitizeFileName(`${"ä".repeat(400)}.zip`);
    expect(Array.from(long)).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith("ä.zip")).toBe(true);
    const emoji = sanitizeFileName(`${"🔌".repeat(300)}`);
    expect(Array.from(emoji)).toHaveLength(FILE_NAME_MAX);
    expect(emoji).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
  });
});

describe("content checks", () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  const text = (value: string) => new TextEncoder().encode(value);

  it("tell a zip from programs, documents and other archives by their first bytes", () => {
    expect(detectContent(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00)).kind).toBe("zip");
    expect(detectContent(text("MZ\x90\x00\x03")).kind).toBe("exe");
    expect(detectContent(text("%PDF-1.7\n")).kind).toBe("pdf");
    expect(detectContent(bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00)).kind).toBe("rar");
    expect(detectContent(bytes(0x50, 0x4b, 0x05, 0x06)).kind).toBe("empty-zip");
    expect(detectContent(text("G04 Gerber*\n")).kind).toBe("unknown");
    expect(detectContent(new Uint8Array()).kind).toBe("empty");
  });

  it("take only a zip with content for Gerber files, naming what the file is instead", () => {
    expect(checkContent("gerber", bytes(0x50, 0x4b, 0x03, 0x04))).toBe("application/zip");
    expect(() => checkContent("gerber", text("MZ\x90"))).toThrow(
      "A Gerber upload must be a zip archive of Gerber and drill files; this file is a Windows program",
    );
    expect(() => checkContent("gerber", bytes(0x50, 0x4b, 0x05, 0x06))).toThrow(ContentRefusedError);
    expect(() => checkContent("gerber", text("G04 top copper*"))).toThrow(ContentRefusedError);
  });

  it("pass the bytes through unchanged once the head, even split over chunks, is checked", async () => {
    const chunks = [bytes(0x50), bytes(0x4b, 0x03), bytes(0x04, 1, 2, 3, 4, 5, 6, 7), bytes(8, 9)];
    let mediaType = "";
    const out: Uint8Array[] = [];
    for await (const chunk of checkedContent(Readable.from(chunks), "gerber", (t) => (mediaType = t)))
      out.push(chunk);
    expect(mediaType).toBe("application/zip");
    expect(Buffer.concat(out)).toEqual(Buffer.concat(chunks));
  });

  it("refuse before passing on a single byte of a file that is not allowed", async () => {
    const passed: Uint8Array[] = [];
    const run = async () => {
      for await (const chunk of checkedContent(
        Readable.from([text("%PDF-1.4 and more")]),
        "gerber",
        () => {},
      ))
        passed.push(chunk);
    };
    await expect(run()).rejects.toThrow("this file is a PDF document");
    expect(passed).toEqual([]);
  });
});

describe("downloads", () => {
  it("name the file for every browser: UTF-8 filename* and a plain ASCII fallback", () => {
    expect(contentDisposition("board.zip")).toBe(
      `attachment; filename="board.zip"; filename*=UTF-8''board.zip`,
    );
    expect(contentDisposition('Müller "rev 2" (final).zip')).toBe(
      `attachment; filename="M_ller _rev 2_ (final).zip"; filename*=UTF-8''M%C3%BCller%20%22rev%202%22%20%28final%29.zip`,
    );
    expect(contentDisposition("a\\b%c.zip")).toBe(
      `attachment; filename="a_b_c.zip"; filename*=UTF-8''a%5Cb%25c.zip`,
    );
  });

  it("read one byte range, cut to the file, and ignore what they cannot serve", () => {
    expect(parseRange(undefined, 100)).toBe("ignore");
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-0", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBe("ignore");
    expect(parseRange("bytes=9-3", 100)).toBe("ignore");
    expect(parseRange("items=0-9", 100)).toBe("ignore");
    expect(parseRange("bytes=-", 100)).toBe("ignore");
  });

  it("state sizes in binary units", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(200 * 1024 * 1024)).toBe("200 MiB");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(2 * 1024 ** 3)).toBe("2 GiB");
  });
});
