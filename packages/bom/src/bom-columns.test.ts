import { describe, expect, it } from "vitest";
import { findHeaderRow, isInvertedDnpHeader, mapColumns, supplierNamedByHeader } from "./bom-columns.ts";
import type { BomTable } from "./bom-types.ts";

function mapped(headers: string[], filled?: number[]): Record<string, string | null> {
  const { mapping } = mapColumns(headers, filled);
  return Object.fromEntries(headers.map((header, index) => [header, mapping[index] ?? null]));
}

describe("mapColumns", () => {
  it("maps a KiCad export", () => {
    const result = mapColumns([
      "Reference",
      "Value",
      "Footprint",
      "Qty",
      "Datasheet",
      "DNP",
      "MPN",
      "Manufacturer",
    ]);
    expect(result.mapping).toEqual([
      "designators",
      "value",
      "footprint",
      "quantity",
      null,
      "dnp",
      "mpn",
      "manufacturer",
    ]);
    expect(result.tool).toBe("kicad");
  });

  it("maps the JLCPCB column set and names LCSC as the supplier", () => {
    const result = mapColumns(["Comment", "Designator", "Footprint", "JLCPCB Part #"]);
    expect(result.mapping).toEqual(["value", "designators", "footprint", "supplier_part"]);
    expect(result.tool).toBe("kicad");
    expect(supplierNamedByHeader("JLCPCB Part #")).toBe("LCSC");
    expect(supplierNamedByHeader("Supplier Part")).toBeNull();
  });

  it("keeps Altium's numbered manufacturer columns as alternates and one supplier", () => {
    const headers = [
      "Designator",
      "Comment",
      "Description",
      "Footprint",
      "Quantity",
      "Manufacturer 1",
      "Manufacturer Part Number 1",
      "Manufacturer 2",
      "Manufacturer Part Number 2",
      "Supplier 1",
      "Supplier Part Number 1",
      "Supplier 2",
      "Supplier Part Number 2",
    ];
    const result = mapColumns(headers);
    expect(result.mapping).toEqual([
      "designators",
      "value",
      "description",
      "footprint",
      "quantity",
      "manufacturer",
      "mpn",
      "manufacturer",
      "mpn",
      "supplier",
      "supplier_part",
      null,
      null,
    ]);
    expect(result.tool).toBe("altium");
  });

  it("picks one of EAGLE's competing MPN columns, preferring one with data", () => {
    const headers = [
      "Qty",
      "Value",
      "Device",
      "Parts",
      "MANUFACTURER",
      "MANUFACTURER_PART_NUMBER",
      "MF",
      "MP",
      "MPN",
    ];
    expect(mapped(headers)).toMatchObject({
      MANUFACTURER: "manufacturer",
      MANUFACTURER_PART_NUMBER: "mpn",
      MF: null,
      MP: null,
      MPN: null,
    });
    expect(mapColumns(headers).tool).toBe("eagle");
    const filled = [5, 5, 5, 5, 0, 0, 3, 3, 0];
    expect(mapped(headers, filled)).toMatchObject({ MANUFACTURER: null, MF: "manufacturer", MP: "mpn" });
  });

  it("maps OrCAD, EasyEDA, Digi-Key and Mouser exports", () => {
    const orcad = mapColumns(["Item", "Quantity", "Reference", "Part", "PCB Footprint", "Mfr", "Mfr P/N"]);
    expect(orcad.mapping).toEqual([
      null,
      "quantity",
      "designators",
      "value",
      "footprint",
      "manufacturer",
      "mpn",
    ]);
    expect(orcad.tool).toBe("orcad");

    const easyeda = mapColumns([
      "ID",
      "Name",
      "Designator",
      "Footprint",
      "Quantity",
      "Manufacturer Part",
      "Manufacturer",
      "Supplier",
      "Supplier Part",
    ]);
    expect(easyeda.mapping).toEqual([
      null,
      "value",
      "designators",
      "footprint",
      "quantity",
      "mpn",
      "manufacturer",
      "supplier",
      "supplier_part",
    ]);
    expect(easyeda.tool).toBe("easyeda");

    const digikey = mapColumns([
      "Index",
      "Quantity",
      "Part Number",
      "Manufacturer Part Number",
      "Manufacturer",
      "Description",
      "Customer Reference",
      "Reference Designator",
    ]);
    expect(digikey.mapping).toEqual([
      null,
      "quantity",
      "supplier_part",
      "mpn",
      "manufacturer",
      "description",
      null,
      "designators",
    ]);
    expect(digikey.tool).toBe("digikey");

    const mouser = mapColumns([
      "Mouser #",
      "Mfr. #",
      "Manufacturer",
      "Customer #",
      "Description",
      "Order Qty.",
    ]);
    expect(mouser.mapping).toEqual([
      "supplier_part",
      "mpn",
      "manufacturer",
      "comment",
      "description",
      "quantity",
    ]);
    expect(mouser.tool).toBe("mouser");
  });

  it("tolerates case, punctuation and German headers", () => {
    expect(mapColumns(["BAUTEIL", "Menge", "Wert", "Gehäuse", "Hersteller", "Bestückt"]).mapping).toEqual([
      "designators",
      "quantity",
      "value",
      "footprint",
      "manufacturer",
      "dnp",
    ]);
    expect(mapColumns(["ref.", "qty:", "VALUE", "Manufacturer_Part_Number"]).mapping).toEqual([
      "designators",
      "quantity",
      "value",
      "mpn",
    ]);
    expect(mapColumns(["Designator", "Manufacturer Part Number or Seeed SKU"]).mapping).toEqual([
      "designators",
      "mpn",
    ]);
  });

  it("never maps two columns to designators or quantity", () => {
    const { mapping } = mapColumns(["Ref", "Designator", "Qty", "Quantity", "Value"]);
    expect(mapping.filter((field) => field === "designators")).toHaveLength(1);
    expect(mapping.filter((field) => field === "quantity")).toHaveLength(1);
  });

  it("gives Comment its own meaning when a Value column exists", () => {
    expect(mapColumns(["Ref", "Value", "Comment"]).mapping).toEqual(["designators", "value", "comment"]);
  });

  it("does not take a distributor's order quantity for the board quantity", () => {
    expect(mapColumns(["Ref", "Value", "DigiKey Quantity", "DigiKey PN"]).mapping).toEqual([
      "designators",
      "value",
      null,
      "supplier_part",
    ]);
  });

  it("knows which DNP columns are inverted", () => {
    expect(isInvertedDnpHeader("Populate")).toBe(true);
    expect(isInvertedDnpHeader("Fitted")).toBe(true);
    expect(isInvertedDnpHeader("Bestückt")).toBe(true);
    expect(isInvertedDnpHeader("DNP")).toBe(false);
    expect(isInvertedDnpHeader("Do not populate")).toBe(false);
  });
});

describe("findHeaderRow", () => {
  const table = (rows: string[][]): BomTable => ({
    format: "csv",
    encoding: "utf-8",
    sheetName: null,
    rows: rows.map((cells, index) => ({ row: index + 1, cells })),
  });

  it("finds a header below a title block", () => {
    const rows = [
      ["Bill of Materials"],
      ["Project", "Board.PrjPcb"],
      ["Comment 1", "License"],
      ["Date", "2024-01-01"],
      ["Designator", "Comment", "Footprint", "Quantity"],
      ["R1", "10k", "0603", "1"],
    ];
    expect(findHeaderRow(table(rows))).toBe(4);
  });

  it("refuses a table without a usable header in its first 20 rows", () => {
    const late = [...Array.from({ length: 20 }, (_, i) => [`note ${i}`]), ["Designator", "Value"]];
    expect(() => findHeaderRow(table(late))).toThrow(expect.objectContaining({ reason: "no_header" }));
    expect(() => findHeaderRow(table([["Designator", "Link"]]))).toThrow(
      expect.objectContaining({ reason: "no_header" }),
    );
  });
});
