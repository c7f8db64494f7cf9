import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { BOM_MAX_BYTES, BOM_MAX_ROWS, readBomTable } from "./bom-table.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);

function windows1252(text: string): Uint8Array {
  const specials: Record<string, number> = { "€": 0x80, "–": 0x96 };
  return Uint8Array.from(text, (char) => specials[char] ?? char.charCodeAt(0));
}

function utf16(text: string, endian: "le" | "be", withBom: boolean): Uint8Array {
  const units = (withBom ? "\ufeff" : "") + text;
  const bytes = new Uint8Array(units.length * 2);
  for (let i = 0; i < units.length; i++) {
    const code = units.charCodeAt(i);
    bytes[2 * i + (endian === "le" ? 0 : 1)] = code & 0xff;
    bytes[2 * i + (endian === "le" ? 1 : 0)] = code >> 8;
  }
  return bytes;
}

function workbook(sheets: Record<string, XLSX.WorkSheet>, bookType: "xlsx" | "ods"): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, sheet] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, sheet, name);
  return XLSX.write(book, { bookType, type: "buffer" }) as Uint8Array;
}

const refusal = (reason: string) => expect.objectContaining({ name: "BomFileRefused", reason });

describe("readBomTable: text", () => {
  it("reads a windows-1252 semicolon file with decimal commas", () => {
    const text = "Bauteil;Wert;Menge\r\nC1;4,7µF;1\r\nR1;2,2k ±1%;1\r\nL1;1,5µH 2°;1\r\n";
    const table = readBomTable(windows1252(text), "bom.csv");
    expect(table).toMatchObject({ format: "semicolon", encoding: "windows-1252", sheetName: null });
    expect(table.rows).toEqual([
      { row: 1, cells: ["Bauteil", "Wert", "Menge"] },
      { row: 2, cells: ["C1", "4,7µF", "1"] },
      { row: 3, cells: ["R1", "2,2k ±1%", "1"] },
      { row: 4, cells: ["L1", "1,5µH 2°", "1"] },
    ]);
  });

  it("reads UTF-8 without a byte-order mark, tabs, and UTF-8 with one", () => {
    const tsv = readBomTable(utf8("Ref\tValue\nR1\t330Ω\n"), "bom.txt");
    expect(tsv).toMatchObject({ format: "tsv", encoding: "utf-8" });
    expect(tsv.rows[1]?.cells).toEqual(["R1", "330Ω"]);
    const withBom = readBomTable(utf8("\ufeffRef,Value\nR1,10k\n"), "bom.csv");
    expect(withBom).toMatchObject({ format: "csv", encoding: "utf-8" });
    expect(withBom.rows[0]?.cells).toEqual(["Ref", "Value"]);
  });

  it("reads UTF-16 with and without a byte-order mark", () => {
    const text = "Ref\tValue\r\nR1\t4.7kΩ\r\n";
    expect(readBomTable(utf16(text, "le", true), "a.csv")).toMatchObject({
      encoding: "utf-16le",
      format: "tsv",
    });
    expect(readBomTable(utf16(text, "be", true), "a.csv")).toMatchObject({ encoding: "utf-16be" });
    const bomless = readBomTable(utf16(text, "le", false), "a.csv");
    expect(bomless.encoding).toBe("utf-16le");
    expect(bomless.rows[1]?.cells).toEqual(["R1", "4.7kΩ"]);
  });

  it("keeps file row numbers, drops empty rows, trims cells and removes Excel's apostrophe", () => {
    const table = readBomTable(utf8("Ref,Link\n\n , \n R1 ,'https://example.com\n"), "bom.csv");
    expect(table.rows).toEqual([
      { row: 1, cells: ["Ref", "Link"] },
      { row: 4, cells: ["R1", "https://example.com"] },
    ]);
  });

  it("leaves formula text as text", () => {
    const table = readBomTable(utf8("Ref,Value\nR1,=cmd|' /C calc'!A0\n"), "bom.csv");
    expect(table.rows[1]?.cells).toEqual(["R1", "=cmd|' /C calc'!A0"]);
  });

  it("cuts cells to 500 characters", () => {
    const table = readBomTable(utf8(`Ref,Description\nR1,${"x".repeat(800)}\n`), "bom.csv");
    expect(table.rows[1]?.cells[1]).toHaveLength(500);
  });

  it("splits space-aligned columns on runs of spaces and skips gEDA's markers", () => {
    const text = [
      ".START",
      "..device    value    footprint      quantity  refdes",
      "LED         red      DIODE_LAY 300  1         D1",
      "RESISTOR    1k       ACY400         2         R1 R2",
      ".END",
    ].join("\n");
    const table = readBomTable(utf8(text), "controller.bom");
    expect(table.format).toBe("spaces");
    expect(table.rows).toEqual([
      { row: 2, cells: ["..device", "value", "footprint", "quantity", "refdes"] },
      { row: 3, cells: ["LED", "red", "DIODE_LAY 300", "1", "D1"] },
      { row: 4, cells: ["RESISTOR", "1k", "ACY400", "2", "R1 R2"] },
    ]);
  });

  it("repairs UTF-8 that was saved twice but leaves real Latin-1 letters alone", () => {
    // Each byte read as the ISO-8859-1 character of the same number, as the tools that double-encode
    // do (TextDecoder's "latin1" is Windows-1252 on Node 22 and would give ‡ for 0x87 instead of U+0087).
    const doubled = String.fromCharCode(...utf8("宇熙"));
    const table = readBomTable(utf8(`Maker,MPN\nYUXI ${doubled},P125\nMüller,X1\n`), "bom.csv");
    expect(table.rows[1]?.cells[0]).toBe("YUXI 宇熙");
    expect(table.rows[2]?.cells[0]).toBe("Müller");
  });
});

describe("readBomTable: refusals", () => {
  it("refuses empty and blank files", () => {
    expect(() => readBomTable(new Uint8Array(0), "a.csv")).toThrow(refusal("empty_file"));
    expect(() => readBomTable(utf8(" \r\n\t\n"), "a.csv")).toThrow(refusal("empty_file"));
    expect(() => readBomTable(utf8("\ufeff"), "a.csv")).toThrow(refusal("empty_file"));
  });

  it("refuses a file over the size limit", () => {
    expect(() => readBomTable(new Uint8Array(BOM_MAX_BYTES + 1).fill(0x41), "a.csv")).toThrow(
      refusal("file_too_large"),
    );
  });

  it("refuses binary data named .csv", () => {
    let seed = 7;
    const random = Uint8Array.from(
      { length: 2048 },
      () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff,
    );
    random[10] = 0;
    expect(() => readBomTable(random, "bom.csv")).toThrow(refusal("binary_file"));
    const controls = utf8("Ref,Value\n" + "\u0001\u0002\u0003x".repeat(100));
    expect(() => readBomTable(controls, "bom.csv")).toThrow(refusal("binary_file"));
  });

  it("refuses more than 20,000 rows but takes 20,000", () => {
    const rows = (count: number) => "Ref,Value\n" + "R1,1k\n".repeat(count - 1);
    expect(readBomTable(utf8(rows(BOM_MAX_ROWS)), "a.csv").rows).toHaveLength(BOM_MAX_ROWS);
    expect(() => readBomTable(utf8(rows(BOM_MAX_ROWS + 1)), "a.csv")).toThrow(refusal("too_many_rows"));
  });

  it("refuses a workbook that cannot be opened", () => {
    const broken = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...utf8("not really a zip archive at all")]);
    expect(() => readBomTable(broken, "bom.xlsx")).toThrow(refusal("unreadable_workbook"));
  });
});

describe("readBomTable: workbooks", () => {
  const cells = [["Designator", "Value", "Qty"], ["R1, R2", "10k", 2], [], ["C1", "'100nF", 1]];

  it("reads XLSX and ODS by their bytes, whatever the name", () => {
    for (const bookType of ["xlsx", "ods"] as const) {
      const bytes = workbook({ Parts: XLSX.utils.aoa_to_sheet(cells) }, bookType);
      const table = readBomTable(bytes, "upload.bin");
      expect(table).toMatchObject({ format: bookType, encoding: null, sheetName: "Parts" });
      expect(table.rows).toEqual([
        { row: 1, cells: ["Designator", "Value", "Qty"] },
        { row: 2, cells: ["R1, R2", "10k", "2"] },
        { row: 4, cells: ["C1", "100nF", "1"] },
      ]);
    }
  });

  it("reads the first sheet that has data and keeps sheet row numbers", () => {
    const notes = XLSX.utils.aoa_to_sheet([]);
    const parts = XLSX.utils.aoa_to_sheet([]);
    XLSX.utils.sheet_add_aoa(
      parts,
      [
        ["Ref", "Value"],
        ["R1", "1k"],
      ],
      { origin: "B3" },
    );
    const table = readBomTable(workbook({ Notes: notes, Parts: parts }, "xlsx"), "bom.xlsx");
    expect(table.sheetName).toBe("Parts");
    expect(table.rows).toEqual([
      { row: 3, cells: ["", "Ref", "Value"] },
      { row: 4, cells: ["", "R1", "1k"] },
    ]);
  });

  it("uses a formula's cached value and never evaluates it", () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ["Ref", "Qty", "Note"],
      ["R1", 0, "=HYPERLINK(1)"],
    ]);
    // The cached value deliberately disagrees with the formula: evaluating it would give 2.
    sheet["B2"] = { t: "n", v: 5, f: "1+1" };
    const table = readBomTable(workbook({ Parts: sheet }, "xlsx"), "bom.xlsx");
    expect(table.rows[1]?.cells).toEqual(["R1", "5", "=HYPERLINK(1)"]);
  });
});
