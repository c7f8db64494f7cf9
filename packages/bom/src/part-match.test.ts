import { describe, expect, it } from "vitest";
import { type BomPart } from "./bom-types.ts";
import { buildPartIndex, type CompanyPart, matchLine } from "./part-match.ts";

function line(parts: BomPart[]): { parts: BomPart[]; value: string | null; footprint: string | null } {
  return { parts, value: null, footprint: null };
}

const STOCK: CompanyPart[] = [
  {
    id: "p-cap",
    partNumber: "CAP-0603-100N",
    mpns: [{ manufacturer: "Samsung Electro-Mechanics", mpn: "CL10B104KB8NNNC" }],
  },
  { id: "p-reg", partNumber: "REG-7808", mpns: [{ manufacturer: "STMicroelectronics", mpn: "L78M08CDT" }] },
  { id: "p-bat-toshiba", partNumber: "DIO-BAT54S-T", mpns: [{ manufacturer: "Toshiba", mpn: "TBAT54S,LM" }] },
  // One code, two makers: two parts.
  {
    id: "p-bat-diodes",
    partNumber: "DIO-BAT54S-D",
    mpns: [{ manufacturer: "Diodes Incorporated", mpn: "BAT54S-7-F" }],
  },
  {
    id: "p-bat-nexperia",
    partNumber: "DIO-BAT54S-N",
    mpns: [{ manufacturer: "Nexperia", mpn: "BAT54S,215" }],
  },
  { id: "p-res", partNumber: "RES-1210-4K7", mpns: [{ manufacturer: null, mpn: "RC1210FR-074K7L" }] },
  {
    id: "p-ldo",
    partNumber: "LDO-1117-33",
    mpns: [{ manufacturer: "Texas Instruments", mpn: "LM1117IMPX-3.3/NOPB" }],
  },
];

describe("matchLine", () => {
  const index = buildPartIndex(STOCK);

  it("matches real BOM MPNs through normalisation", () => {
    // SimpleFOC v3 (EasyEDA) and v2 (Altium) BOM cells.
    expect(matchLine(index, line([{ manufacturer: "SAMSUNG", mpn: "CL10B104KB8NNNC" }]))).toEqual({
      status: "matched",
      partId: "p-cap",
      candidates: ["p-cap"],
      by: "mpn",
    });
    expect(matchLine(index, line([{ manufacturer: "STMicroelectronics", mpn: "L78M08CDT-TR" }])).partId).toBe(
      "p-reg",
    );
    expect(matchLine(index, line([{ manufacturer: null, mpn: "RC1210FR-074K7L" }])).partId).toBe("p-res");
    expect(matchLine(index, line([{ manufacturer: "TI", mpn: "lm1117impx-3.3" }])).partId).toBe("p-ldo");
  });

  it("narrows an MPN several parts carry by the line's manufacturer", () => {
    expect(matchLine(index, line([{ manufacturer: null, mpn: "BAT54S" }]))).toEqual({
      status: "ambiguous",
      partId: null,
      candidates: ["p-bat-diodes", "p-bat-nexperia"],
      by: null,
    });
    expect(matchLine(index, line([{ manufacturer: "Diodes Inc.", mpn: "BAT54S" }]))).toEqual({
      status: "matched",
      partId: "p-bat-diodes",
      candidates: ["p-bat-diodes"],
      by: "mpn",
    });
  });

  it("says mpn_manufacturer when the maker picked among parts that also name no maker", () => {
    const shared = buildPartIndex([
      { id: "a", partNumber: "A", mpns: [{ manufacturer: null, mpn: "X123" }] },
      { id: "b", partNumber: "B", mpns: [{ manufacturer: "Yageo", mpn: "X123" }] },
    ]);
    expect(matchLine(shared, line([{ manufacturer: "YAGEO(国巨)", mpn: "X123" }]))).toMatchObject({
      status: "matched",
      partId: "b",
      by: "mpn_manufacturer",
    });
  });

  it("does not match when both sides name different makers", () => {
    expect(matchLine(index, line([{ manufacturer: "onsemi", mpn: "L78M08CDT" }])).status).toBe("unmatched");
    expect(matchLine(index, line([{ manufacturer: "Some Maker", mpn: "CL10B104KB8NNNC" }])).status).toBe(
      "unmatched",
    );
  });

  it("tries the alternates in order", () => {
    const result = matchLine(
      index,
      line([
        { manufacturer: "Vishay", mpn: "NOT-STOCKED-1" },
        { manufacturer: "Toshiba", mpn: "TBAT54S" },
      ]),
    );
    expect(result).toMatchObject({ status: "matched", partId: "p-bat-toshiba", by: "mpn" });
  });

  it("falls back to the customer's own part number in an MPN cell", () => {
    expect(matchLine(index, line([{ manufacturer: null, mpn: "reg-7808" }]))).toEqual({
      status: "matched",
      partId: "p-reg",
      candidates: ["p-reg"],
      by: "part_number",
    });
    expect(matchLine(index, line([]))).toEqual({
      status: "unmatched",
      partId: null,
      candidates: [],
      by: null,
    });
  });

  it("matches 10,000 lines against 100,000 parts by lookup", () => {
    const makers = ["Yageo", "Murata", "TDK", "KEMET", "Vishay Dale"];
    const parts: CompanyPart[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: `part-${i}`,
      partNumber: `CP-${i}`,
      mpns: [
        { manufacturer: makers[i % makers.length] ?? null, mpn: `MPN${i}X-${i % 97}` },
        { manufacturer: "Texas Instruments", mpn: `TI${i}DR` },
      ],
    }));
    const built = buildPartIndex(parts);
    const lines = Array.from({ length: 10_000 }, (_, n) => {
      const i = n * 10 + 3;
      // Every third line writes the MPN the way another BOM would, every seventh by part number.
      if (n % 7 === 0) return line([{ manufacturer: null, mpn: `cp-${i}` }]);
      if (n % 3 === 0)
        return line([{ manufacturer: makers[i % makers.length] ?? null, mpn: `mpn${i}x ${i % 97}` }]);
      return line([{ manufacturer: "TI", mpn: `TI${i}DR` }]);
    });
    const results = lines.map((bomLine) => matchLine(built, bomLine));
    results.forEach((result, n) => {
      expect(result.partId).toBe(`part-${n * 10 + 3}`);
    });
    expect(results.filter((result) => result.by === "part_number")).toHaveLength(Math.ceil(10_000 / 7));
  });
});
