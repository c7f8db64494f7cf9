import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { importBom } from "./bom-import.ts";
import type { BomImport, BomLine } from "./bom-types.ts";

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/boms/${path}`, import.meta.url));
const utf8 = (text: string) => new TextEncoder().encode(text);
const importText = (text: string) => importBom(utf8(text), "bom.csv");

const placed = (result: BomImport) =>
  result.lines.filter((line) => !line.dnp).reduce((sum, line) => sum + line.quantity, 0);
const unplaced = (result: BomImport) =>
  result.lines.filter((line) => line.dnp).reduce((sum, line) => sum + line.quantity, 0);
const headerMap = (result: BomImport) =>
  Object.fromEntries(result.headers.map((header, index) => [header, result.mapping[index] ?? null]));
const lineAt = (result: BomImport, row: number, dnp = false): BomLine => {
  const line = result.lines.find((candidate) => candidate.row === row && candidate.dnp === dnp);
  if (!line) throw new Error(`no line at row ${row}`);
  return line;
};

describe("importBom: fixtures", () => {
  it("sportiduino (KiCad, JLCPCB columns)", () => {
    const result = importBom(fixture("sportiduino-base-v3b-kicad/sportiduino-base-bom.csv"), "bom.csv");
    expect(result).toMatchObject({
      format: "csv",
      encoding: "utf-8",
      headerRow: 1,
      tool: "kicad",
      problems: [],
    });
    expect(result.mapping).toEqual(["value", "designators", "footprint", "supplier_part"]);
    expect(result.lines).toHaveLength(26);
    expect(placed(result)).toBe(44);
    expect(lineAt(result, 5).designators).toEqual(["C1", "C4", "C5", "C6", "C7", "C9", "C10"]);
    // Three rows that are the same apart from their designators ("EMPTY", no footprint) are one line.
    expect(lineAt(result, 20)).toMatchObject({
      designators: ["TP1", "TP2", "TP4", "TP5", "X3", "X5"],
      quantity: 6,
      value: "EMPTY",
      footprint: null,
    });
  });

  it("SimpleFOC v3 (EasyEDA, UTF-16LE, tabs)", () => {
    const result = importBom(
      fixture("simplefoc-shield-v3-easyeda/BOM_SimpleFOCShield-v3_2024-06-23.csv"),
      "b.csv",
    );
    expect(result).toMatchObject({ format: "tsv", encoding: "utf-16le", headerRow: 1, tool: "easyeda" });
    expect(result.mapping).toEqual([
      null,
      "value",
      "designators",
      "footprint",
      "quantity",
      "mpn",
      "manufacturer",
      "supplier",
      "supplier_part",
      null,
    ]);
    expect(result.lines).toHaveLength(16);
    expect(placed(result)).toBe(25);
    expect(result.problems).toEqual([]);
    expect(lineAt(result, 8).parts).toEqual([
      { manufacturer: "ALLEGRO(美国埃戈罗)", mpn: "ACS712ELCTR-05B-T" },
    ]);
    expect(lineAt(result, 10)).toMatchObject({ supplier: null, supplierPart: "C72044" });
    expect(lineAt(result, 13).designators).toEqual(["PULL_A1", "PULL_I1"]);
    expect(lineAt(result, 16)).toMatchObject({
      value: "4.7kΩ",
      designators: ["R2", "R5", "R6"],
      quantity: 3,
    });
    expect(lineAt(result, 5)).toMatchObject({ parts: [], supplier: null, supplierPart: null });
  });

  it("SimpleFOC v2 (hand-edited Altium XLSX)", () => {
    const result = importBom(fixture("simplefoc-shield-v2-altium/BOM.xlsx"), "BOM.xlsx");
    expect(result).toMatchObject({ format: "xlsx", encoding: null, sheetName: "ArduinoFOC", headerRow: 1 });
    expect(result.tool).toBe("altium");
    expect(headerMap(result)).toEqual({
      Designator: "designators",
      Comment: "value",
      "Manufacturer Part Number or Seeed SKU": "mpn",
      Qty: "quantity",
      Link: null,
      Footprint: "footprint",
    });
    expect(result.lines).toHaveLength(22);
    expect(placed(result)).toBe(29);
    expect(result.problems).toEqual([]);
    expect(lineAt(result, 5).designators).toEqual(["C4"]);
    expect(lineAt(result, 12).designators).toEqual(["PULL_SDA", "PULL_SCL", "R2"]);
    expect(lineAt(result, 7).footprint).toBeNull();
    expect(lineAt(result, 18)).toMatchObject({
      designators: ["P1", "P4"],
      quantity: 2,
      statedQuantity: 1,
      warnings: ["quantity_mismatch"],
    });
    expect(result.lines.filter((line) => line.warnings.length > 0).map((line) => line.row)).toEqual([
      18, 19, 20,
    ]);
  });

  it("LimeSDR Mini (Altium XLS, NF(...) assembly info)", () => {
    const result = importBom(fixture("limesdr-mini-1v3-altium/LimeSDR_Mini_1v3_BOMr0.xls"), "bom.xls");
    expect(result).toMatchObject({
      format: "xls",
      encoding: null,
      sheetName: "BOC",
      headerRow: 1,
      tool: "altium",
    });
    expect(headerMap(result)).toEqual({
      "Item #": null,
      Comment: "value",
      Quantity: "quantity",
      Designator: "designators",
      Footprint: "footprint",
      Manufacturer: "manufacturer",
      "Manufacturer Part Number 1": "mpn",
      "Supplier 1": "supplier",
      "Supplier Part Number 1": "supplier_part",
      "Part Description": "description",
      "Assembly Info": "dnp",
    });
    // 84 rows, 13 of them split into a fitted and an unfitted line.
    expect(result.lines).toHaveLength(97);
    expect(placed(result)).toBe(358);
    expect(unplaced(result)).toBe(67);
    expect(lineAt(result, 4).designators).toEqual([
      "C3",
      "C5",
      "C7",
      "C8",
      "C23",
      "C159",
      "C160",
      "C166",
      "C167",
      "C170",
      "C171",
    ]);
    expect(lineAt(result, 4, true)).toMatchObject({
      designators: ["C12", "C19", "C20", "C22", "C183", "C186", "C189"],
      quantity: 7,
      value: "100pF, 50V",
      parts: [{ manufacturer: "Yageo", mpn: "CC0402JRNPO9BN101" }],
      supplier: "Digi-Key",
      warnings: [],
    });
    expect(lineAt(result, 50, true).designators).toEqual(["MECH16", "MECH17"]);
    expect(result.lines.filter((line) => line.row === 50)).toHaveLength(1);
    expect(lineAt(result, 59).description).toMatch(/^1\.2pF ±0\.25pF/);
    expect(lineAt(result, 3).description).toContain("1µF ±10%");
    expect(result.problems.map((problem) => [problem.row, problem.reason])).toEqual([
      [87, "no_designators_or_quantity"],
      [89, "no_designators_or_quantity"],
      [90, "no_designators_or_quantity"],
      [92, "no_designators_or_quantity"],
    ]);
    expect(result.problems[0]?.detail).toBe("Total NF element number: 67");
    expect(result.problems[2]?.detail).toHaveLength(200);
  });

  it("Compass teensy-jst (EAGLE 9.7)", () => {
    const result = importBom(fixture("compass-teensy-jst-eagle97/teensy-jst_01.4 v10.csv"), "bom.csv");
    expect(result).toMatchObject({
      format: "csv",
      encoding: "utf-8",
      headerRow: 1,
      tool: "eagle",
      problems: [],
    });
    expect(result.mapping.slice(0, 6)).toEqual([
      "quantity",
      "value",
      null,
      "footprint",
      "designators",
      "description",
    ]);
    // Of the competing columns, the ones with data win: Ultra Librarian's MFR_NAME/MANUFACTURER_PART_NUMBER.
    expect(headerMap(result)).toMatchObject({
      DESCRIPTION: null,
      MANUFACTURER: null,
      MANUFACTURER_PART_NUMBER: "mpn",
      MF: null,
      MFR_NAME: "manufacturer",
      MP: null,
      MPN: null,
      PACKAGE: null,
      VALUE: null,
    });
    expect(result.lines).toHaveLength(26);
    expect(placed(result)).toBe(86);
    expect(lineAt(result, 2).designators).toEqual(["5V_IN", "24V_IN"]);
    expect(lineAt(result, 3).designators).toEqual([
      "DISPLAY",
      "HX1",
      "HX2",
      "HY1",
      "HY2",
      "HZ1",
      "HZ2",
      "SEN0-S",
      "SEN1-S",
      "SEN2-S",
      "SEN3-S",
    ]);
    const diode = result.lines.find((line) => line.designators[0] === "CR1");
    expect(diode?.parts).toEqual([{ manufacturer: "Diodes Inc", mpn: "B560C-13-F" }]);
  });

  it("BeagleBone Black (OrCAD project, continuation rows, DNP list below a note)", () => {
    const result = importBom(fixture("beaglebone-black-c3-orcad/BBB_BOM.csv"), "BBB_BOM.csv");
    expect(result).toMatchObject({ format: "csv", encoding: "utf-8", headerRow: 1 });
    expect(headerMap(result)).toEqual({
      QTY: "quantity",
      REFERENCE: "designators",
      DESCRIPTION: "description",
      MANU: "manufacturer",
      "PART NUMBER": "mpn",
      "REV PROD_C3a": null,
    });
    expect(result.lines).toHaveLength(72);
    expect(placed(result)).toBe(380);
    expect(unplaced(result)).toBe(23);
    expect(lineAt(result, 2)).toMatchObject({
      designators: [],
      quantity: 1,
      warnings: ["no_designators"],
      parts: [
        { manufacturer: "CableWholesale", mpn: "10UM-02103BK" },
        { manufacturer: "LingLongDa", mpn: "321010005" },
        { manufacturer: "Molex", mpn: "887328602" },
      ],
    });
    expect(lineAt(result, 8).parts.map((part) => part.mpn)).toEqual([
      "C2012Y5V1A106Z",
      "GRM21BR71A106KE51L",
      "CC0805ZKY5V6BB106",
      "CL21A106KOQNNNE",
    ]);
    expect(lineAt(result, 8).designators).toHaveLength(24);
    expect(lineAt(result, 62).parts[1]).toEqual({ manufacturer: "SINOTOP 思拓展", mpn: "FF-1236" });
    expect(lineAt(result, 192, true).designators.slice(0, 3)).toEqual(["P2", "C24", "FB8"]);
    expect(result.problems).toEqual([
      { row: 191, reason: "no_designators_or_quantity", detail: "DO NOT INSTALL COMPONENTS BELOW." },
      {
        row: 193,
        reason: "no_designators_or_quantity",
        detail: "THESE REFERENCE DESIGNATORS ARE NOT USED: P7,FB6",
      },
    ]);
  });

  it("HackRF One (KiCad grouped by value)", () => {
    const result = importBom(fixture("hackrf-one-kicad-grouped-by-value/hackrf-one-bom.csv"), "bom.csv");
    expect(result).toMatchObject({ format: "csv", headerRow: 1, tool: "kicad", problems: [] });
    expect(result.mapping).toEqual([
      null,
      "quantity",
      "designators",
      "value",
      null,
      "footprint",
      null,
      "description",
      "manufacturer",
      "mpn",
    ]);
    expect(result.lines).toHaveLength(65);
    expect(placed(result)).toBe(300);
    expect(lineAt(result, 3).designators).toEqual(["C97", "C98", "C100"]);
  });

  it("HackRF One (KiCad 5 BOM Wizard: title block, shifted columns, DNP notes)", () => {
    const result = importBom(fixture("hackrf-one-kicad5-bom-wizard/hackrf-one.bom.csv"), "bom.csv");
    expect(result).toMatchObject({
      format: "csv",
      encoding: "utf-8",
      headerRow: 15,
      tool: "kicad",
      problems: [],
    });
    expect(headerMap(result)).toEqual({
      Ref: "designators",
      Value: "value",
      Footprint: "footprint",
      Qty: "quantity",
      Description: "description",
      Manufacturer: "manufacturer",
      Note: "comment",
      "Note:": null,
      "Part Number": "mpn",
    });
    expect(result.lines).toHaveLength(157);
    // The title block says "Total Parts,417".
    expect(placed(result) + unplaced(result)).toBe(417);
    expect(unplaced(result)).toBe(23);
    expect(lineAt(result, 17)).toMatchObject({
      description: "CAP CER 10000PF 16V 10% X7R 0402",
      parts: [{ manufacturer: "Murata", mpn: "GRM155R71C103KA01D" }],
    });
    expect(lineAt(result, 26, true)).toMatchObject({
      designators: ["C68", "C69", "C159", "C165", "C168"],
      comment: "DNP",
    });
    expect(result.lines.filter((line) => line.warnings.length > 0)).toEqual([]);
  });

  it("jawbreaker (KiCad 2013, semicolons, one designator per row)", () => {
    const result = importBom(fixture("jawbreaker-kicad2013-semicolon/jawbreaker-bom.csv"), "bom.csv");
    expect(result).toMatchObject({ format: "semicolon", encoding: "utf-8", headerRow: 1, problems: [] });
    expect(result.mapping).toEqual(["designators", "value", null, null, null, "dnp", null, null, null, null]);
    expect(placed(result)).toBe(337);
    expect(unplaced(result)).toBe(30);
    expect(result.lines).toHaveLength(115);
    expect(lineAt(result, 2).designators.slice(0, 4)).toEqual(["C1", "C3", "C5", "C7"]);
    expect(lineAt(result, 96, true).designators).toEqual([
      "C95",
      "C96",
      "C101",
      "C103",
      "C107",
      "C108",
      "C109",
      "C110",
    ]);
    expect(lineAt(result, 118, true)).toMatchObject({ value: "DNP", quantity: 13 });
  });

  it("JellyBean (ODS kept by hand, header at B2)", () => {
    const result = importBom(fixture("jellybean-ods/jellybean_BOM.ods"), "bom.ods");
    expect(result).toMatchObject({ format: "ods", encoding: null, sheetName: "JellyBean_BOM", headerRow: 2 });
    expect(headerMap(result)).toEqual({
      Ref: "designators",
      Value: "value",
      Manufacturer: "manufacturer",
      Footprint: "footprint",
      Details: null,
      "DigiKey Quantity": null,
      "DigiKey PN": "supplier_part",
    });
    expect(result.lines).toHaveLength(64);
    expect(placed(result)).toBe(112);
    expect(lineAt(result, 3)).toMatchObject({ value: "0", supplier: "Digi-Key", supplierPart: "P0.0GCT-ND" });
    expect(lineAt(result, 106, true).designators).toEqual(["R33", "R34"]);
    expect(result.problems).toEqual([]);
  });

  it("stepper-lights controller (gEDA, space-aligned)", () => {
    const result = importBom(fixture("stepper-lights-controller-geda/controller.bom"), "controller.bom");
    expect(result).toMatchObject({ format: "spaces", encoding: "utf-8", headerRow: 2, problems: [] });
    expect(result.mapping).toEqual([null, "value", "footprint", "quantity", "designators"]);
    expect(result.lines).toHaveLength(14);
    expect(placed(result)).toBe(46);
    expect(lineAt(result, 7).designators).toEqual([
      "C1",
      "C11",
      "C12",
      "C13",
      "C21",
      "C22",
      "C4",
      "C5",
      "C6",
      "C7",
      "C8",
      "C9",
    ]);
    expect(lineAt(result, 9)).toMatchObject({ footprint: "DIODE_LAY 300", designators: ["D1"] });
  });
});

describe("importBom: rows", () => {
  it("reads a windows-1252 semicolon file whose header is on row 7", () => {
    const text = [
      "Stückliste;;",
      "Projekt;Steuerung;",
      "Version;1,2;",
      "",
      "Datum;01.02.2024;",
      "Bearbeiter;M. Müller;",
      "Bauteil;Wert;Menge;Gehäuse;Hersteller;Bestückt",
      "R1-R4;4,7k;4;0603;Yageo;ja",
      "C1;100µF ±20%;1;1206;;nein",
    ].join("\r\n");
    const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
    const result = importBom(bytes, "stueckliste.csv");
    expect(result).toMatchObject({
      format: "semicolon",
      encoding: "windows-1252",
      headerRow: 7,
      problems: [],
    });
    expect(result.mapping).toEqual(["designators", "value", "quantity", "footprint", "manufacturer", "dnp"]);
    expect(result.lines).toMatchObject([
      { row: 8, designators: ["R1", "R2", "R3", "R4"], quantity: 4, value: "4,7k", dnp: false },
      { row: 9, designators: ["C1"], value: "100µF ±20%", dnp: true },
    ]);
  });

  it("reads designators written as ranges, lists and space-separated", () => {
    const result = importText('Ref,Value\nR1-R4,1k\n"R5, R6",2k\nR7 R8,3k\nC1..C3,1n\n');
    expect(result.lines.map((line) => line.designators)).toEqual([
      ["R1", "R2", "R3", "R4"],
      ["R5", "R6"],
      ["R7", "R8"],
      ["C1", "C2", "C3"],
    ]);
  });

  it("counts designators over a contradicting quantity and warns", () => {
    const result = importText('Ref,Value,Qty\n"R1,R2,R3",1k,2\nR4,1k,1\n');
    expect(result.lines[0]).toMatchObject({
      quantity: 3,
      statedQuantity: 2,
      warnings: ["quantity_mismatch"],
    });
    expect(result.lines[1]).toMatchObject({ quantity: 1, statedQuantity: null, warnings: [] });
  });

  it("takes the quantity alone when there are no designators", () => {
    const result = importText("Ref,Value,Qty\n,Solder paste,3\n");
    expect(result.lines[0]).toMatchObject({ designators: [], quantity: 3, warnings: ["no_designators"] });
  });

  it("reports bad quantities, bad ranges, rows without a part and rows without designators", () => {
    const result = importText(
      [
        "Ref,Value,Qty,MPN",
        "R1,1k,abc,",
        "R2,1k,-1,",
        "R3,1k,1.5,",
        "R9-R1,1k,,",
        "R10-C4,1k,,",
        "R11,,,",
        ",,,",
        "Approved by,,,",
        "R12,1k,1.0,",
      ].join("\n"),
    );
    expect(result.problems).toEqual([
      { row: 2, reason: "bad_quantity", detail: "abc" },
      { row: 3, reason: "bad_quantity", detail: "-1" },
      { row: 4, reason: "bad_quantity", detail: "1.5" },
      { row: 5, reason: "bad_designator_range", detail: "R9-R1" },
      { row: 6, reason: "bad_designator_range", detail: "R10-C4" },
      { row: 7, reason: "no_part", detail: "R11" },
      { row: 9, reason: "no_designators_or_quantity", detail: "Approved by" },
    ]);
    expect(result.lines).toMatchObject([{ row: 10, designators: ["R12"], quantity: 1 }]);
  });

  it("reads DNP from a DNP column, an inverted Populate column and value cells", () => {
    const dnpColumn = importText("Ref,Value,DNP\nR1,1k,x\nR2,2k,\nR3,3k,DNF\nR4,4k,no\n");
    expect(dnpColumn.lines.map((line) => line.dnp)).toEqual([true, false, true, false]);
    const populate = importText("Ref,Value,Populate\nR1,1k,no\nR2,2k,yes\nR3,3k,\nR4,4k,Not fitted\n");
    expect(populate.lines.map((line) => line.dnp)).toEqual([true, false, false, true]);
    const value = importText("Ref,Value,Notes\nR1,DNP,\nR2,1k,do not place\nR3,1k DNP,\n");
    expect(value.lines.map((line) => line.dnp)).toEqual([true, true, false]);
  });

  it("splits the designators an NF(...) cell names into their own DNP line", () => {
    const result = importText(
      'Designator,Comment,Assembly Info\n"C1, C2, C3, C4",100n,NF(C2 C4)\nC5,1u,NF\n',
    );
    expect(result.lines).toMatchObject([
      { row: 2, designators: ["C1", "C3"], quantity: 2, dnp: false },
      { row: 2, designators: ["C2", "C4"], quantity: 2, dnp: true },
      { row: 3, designators: ["C5"], dnp: true },
    ]);
  });

  it("pairs manufacturer and MPN columns into alternates and skips empty ones", () => {
    const result = importText(
      [
        "Designator,Comment,Manufacturer 1,Manufacturer Part Number 1,Manufacturer 2,Manufacturer Part Number 2",
        "R1,10k,Yageo,RC0603FR-0710KL,Vishay,CRCW060310K0FKEA",
        "R2,10k,Yageo,RC0603FR-0710KL,Vishay,",
        "R3,10k,,ERJ-3EKF1002V,,",
      ].join("\n"),
    );
    expect(result.lines.map((line) => line.parts)).toEqual([
      [
        { manufacturer: "Yageo", mpn: "RC0603FR-0710KL" },
        { manufacturer: "Vishay", mpn: "CRCW060310K0FKEA" },
      ],
      [{ manufacturer: "Yageo", mpn: "RC0603FR-0710KL" }],
      [{ manufacturer: null, mpn: "ERJ-3EKF1002V" }],
    ]);
  });

  it("keeps formula text as text", () => {
    const result = importText("Ref,Value,Description\nR1,1k,=cmd|' /C calc'!A0\n");
    expect(result.lines[0]?.description).toBe("=cmd|' /C calc'!A0");
  });

  it("warns about a designator used twice and skips repeated header rows", () => {
    const result = importText("Ref,Value,Qty\nR1,1k,1\nRef,Value,Qty\nR2,2k,1\nR1,3k,1\n");
    expect(result.lines.map((line) => [line.row, line.warnings])).toEqual([
      [2, []],
      [4, []],
      [5, ["duplicate_designator"]],
    ]);
    expect(result.problems).toEqual([]);
  });

  it("groups rows that differ only in their designator, but not rows that differ elsewhere", () => {
    const result = importText(
      "Ref,Value,Package,Note\nR1,1k,0603,a\nR2,1k,0603,a\nR3,1k,0603,b\nR4,1k,0603,a\n",
    );
    expect(result.lines.map((line) => [line.row, line.designators, line.quantity])).toEqual([
      [2, ["R1", "R2", "R4"], 3],
      [4, ["R3"], 1],
    ]);
  });

  it("uses a given mapping when it fits the header, otherwise its own", () => {
    const auto = utf8("Ref,Value,Package\nR1,1k,0603\n");
    const given = importBom(auto, "bom.csv", ["designators", "comment", "footprint"]);
    expect(given.mapping).toEqual(["designators", "comment", "footprint"]);
    expect(given.lines[0]).toMatchObject({
      designators: ["R1"],
      value: null,
      comment: "1k",
      footprint: "0603",
    });
    const misfit = importBom(auto, "bom.csv", ["designators", "value"]);
    expect(misfit.mapping).toEqual(["designators", "value", "footprint"]);
  });

  it("refuses a file without a header", () => {
    expect(() => importText("a,b\nc,d\n")).toThrow(expect.objectContaining({ reason: "no_header" }));
  });

  it("imports XLSX and ODS workbooks built in memory, using a formula's cached value", () => {
    for (const bookType of ["xlsx", "ods"] as const) {
      const sheet = XLSX.utils.aoa_to_sheet([
        ["Parts list"],
        [],
        ["Designator", "Comment", "Quantity"],
        ["R1, R2", "10k", 0],
      ]);
      sheet["C4"] = { t: "n", v: 2, f: "1+1+1" };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, "BOM");
      const bytes = XLSX.write(book, { bookType, type: "buffer" }) as Uint8Array;
      const result = importBom(bytes, `bom.${bookType}`);
      expect(result).toMatchObject({ format: bookType, headerRow: 3, problems: [] });
      expect(result.lines).toMatchObject([{ row: 4, designators: ["R1", "R2"], quantity: 2, warnings: [] }]);
    }
  });

  // How fast is measured by npm run bench:bom against papaparse in the same run, never by a timed test.
  it("imports 10,000 lines, each with its two designators", () => {
    const rows = ["Designator,Value,Footprint,Qty,Manufacturer,MPN"];
    for (let i = 1; i <= 10_000; i++) rows.push(`"R${2 * i - 1}, R${2 * i}",${i}k,0603,2,Yageo,RC0603-${i}`);
    const result = importBom(utf8(rows.join("\n")), "big.csv");
    expect(result.lines).toHaveLength(10_000);
    expect(result.lines[9_999]).toMatchObject({
      designators: ["R19999", "R20000"],
      quantity: 2,
      warnings: [],
    });
    expect(result.problems).toEqual([]);
  });
});
