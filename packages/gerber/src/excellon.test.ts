import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { looksLikeExcellon, plotExcellon } from "./excellon.ts";
import { FIXTURE_ROOT } from "./test/fixture-sets.ts";

const fixture = (set: string, file: string) => readFileSync(join(FIXTURE_ROOT, set, file), "utf8");

describe("plotExcellon", () => {
  it("reads header tools, inch with trailing zeros kept, and counts holes per tool", () => {
    const drill = plotExcellon(
      "M48\nINCH,TZ\nT01C0.0240\nT02C0.0400\n%\nT01\nX10000Y10000\nX20000Y10000\nT02\nX30000Y10000\nM30\n",
    );
    expect(drill.units).toBe("in");
    expect(drill.tools.map((t) => [t.code, Number(t.diameter.toFixed(4)), t.holes])).toEqual([
      [1, 0.6096, 2],
      [2, 1.016, 1],
    ]);
    // TZ: the last four digits are decimals, so X10000 is 1.0000 inch.
    expect(drill.image.bounds[0]).toBeCloseTo(25.4 - 0.3048, 3);
  });

  it("pads leading-zero (LZ) coordinates on the right per FILE_FORMAT", () => {
    const drill = plotExcellon(
      "M48\n;FILE_FORMAT=4:4\nMETRIC,LZ\nT1F00S00C1.0000\n%\nT01\nX00032Y0009885\nM30\n",
    );
    // X00032 → 0003.2000 mm; Y0009885 → 0009.8850 mm
    expect(drill.image.bounds[0]).toBeCloseTo(2.7, 3);
    expect(drill.image.bounds[1]).toBeCloseTo(9.385, 3);
  });

  it("takes the format from METRIC,LZ,000.000 and decimal coordinates as they are", () => {
    const a = plotExcellon("M48\nMETRIC,LZ,000.000\nT01C0.301\n%\nT01\nX-009391Y-004849\nM30\n");
    expect(a.image.bounds[2]).toBeCloseTo(-9.391 + 0.1505, 3);
    const b = plotExcellon("M48\nFMAT,2\nMETRIC\nT1C0.300\n%\nT1\nX136.525Y-66.04\nM30\n");
    expect(b.image.bounds[2]).toBeCloseTo(136.675, 3);
  });

  it("plots header-less files with inline tools, slots (G85) and routed slots", () => {
    const text = "T1C1.0\nX0Y0\nX5.0Y0G85X8.0Y0\nT2C2.0\nG00X0Y10.0\nM15\nG01X10.0Y10.0\nM16\nM30\n";
    expect(looksLikeExcellon(text)).toBe(true);
    const drill = plotExcellon("M71\n" + text);
    expect(drill.tools.map((t) => [t.code, t.holes, t.slots])).toEqual([
      [1, 1, 1],
      [2, 0, 1],
    ]);
    expect(drill.image.bounds[2]).toBeCloseTo(11, 3);
    expect(drill.image.bounds[3]).toBeCloseTo(11, 3);
  });

  it("draws tools the file never sizes at 0.8 mm and says so", () => {
    const drill = plotExcellon("M48\nINCH\n%\nT03\nX010000Y010000\nM30\n");
    expect(drill.warnings.join(" ")).toMatch(/T3/);
    expect(drill.image.bounds[2] - drill.image.bounds[0]).toBeCloseTo(0.8, 3);
  });

  it("marks plated and non-plated tools from the hints CAD tools write", () => {
    const drill = plotExcellon(
      "M48\nMETRIC\n;TYPE=PLATED\nT1C0.3\n;TYPE=NON_PLATED\nT2C3.0\n%\nT1\nX1.0Y1.0\nT2\nX5.0Y5.0\nM30\n",
    );
    expect(drill.tools.map((t) => t.plated)).toEqual([true, false]);
    const kicad = plotExcellon(
      "M48\n; #@! TF.FileFunction,NonPlated,1,2,NPTH\nMETRIC\nT1C3.2\n%\nT1\nX1.0Y1.0\nM30\n",
    );
    expect(kicad.plated).toBe(false);
  });

  it("reads Allegro's header-less drill file: sizes, plating and units only in the comment header", () => {
    // No M48, no INCH/METRIC, no tool sizes: ";T01 Holesize 1. = 8.000000 … PLATED MILS Quantity = 1873".
    const text = fixture("allegro166-minnowboard-max-10layer", "MinnowMax_RevA1_NCDRILL.drl");
    expect(text).not.toMatch(/^M48/m);
    expect(looksLikeExcellon(text)).toBe(true);
    const drill = plotExcellon(text);
    expect(drill.units).toBe("in");
    expect(drill.warnings).toEqual([]);
    const t1 = drill.tools.find((t) => t.code === 1)!;
    expect(t1.diameter).toBeCloseTo(0.2032, 4);
    expect(t1.plated).toBe(true);
    expect(drill.tools.find((t) => t.code === 15)).toMatchObject({ plated: false });
    // Every hole the header counts, repeats (R02X…) included.
    const quantities = [...text.matchAll(/^;T(\d+) .*Quantity = (\d+)/gm)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(drill.tools.map((t) => [t.code, t.holes])).toEqual(quantities);
    // 8 digits, nothing omitted: 3.5 inch. The board and its tooling holes span about 200 x 87 mm.
    const [x0, y0, x1, y1] = drill.image.bounds;
    expect(x1 - x0).toBeGreaterThan(195);
    expect(x1 - x0).toBeLessThan(205);
    expect(y1 - y0).toBeGreaterThan(80);
    expect(y1 - y0).toBeLessThan(95);
  });

  it("gives the holes of a drill file without tool selects the sizes by the header's quantities", () => {
    const text = fixture("allegro166-minnowboard-max-10layer", "MinnowMax_RevA1_NCDRILL.drl");
    const withSelects = plotExcellon(text);
    const withoutSelects = plotExcellon(text.replace(/^T\d+\r?\n/gm, ""));
    expect(withoutSelects.tools.map((t) => [t.code, t.holes, t.diameter])).toEqual(
      withSelects.tools.map((t) => [t.code, t.holes, t.diameter]),
    );
    expect(withoutSelects.image.bounds).toEqual(withSelects.image.bounds);
    expect(withoutSelects.image.ops.length).toBe(withSelects.image.ops.length);
  });

  it("reads Allegro's route file as drill data", () => {
    const text = fixture(
      "allegro172-beaglebone-black-6layer",
      "BeagleBone Black_PCB_RevC_no_logo_210401_1-6.rou",
    );
    const drill = plotExcellon(text);
    expect(drill.tools.map((t) => [t.code, t.slots])).toEqual([
      [1, 2],
      [2, 5],
    ]);
    expect(
      looksLikeExcellon(fixture("allegro166-minnowboard-max-10layer", "MinnowMax_RevA1_NCROUTE.rou")),
    ).toBe(true);
  });

  it("tells the number format from the coordinates when the file does not say it", () => {
    // Allegro, M48 and INCH but no format: all coordinates 7 digits, nothing omitted → 2.5.
    const allegro = plotExcellon(
      "M48\nINCH\nT01C.01\n%\nG90\nT01\nX0127343Y0168938\nX0129312Y0172874\nX0010000Y0010000\nM30\n",
    );
    expect(allegro.image.bounds[2]).toBeCloseTo(1.29312 * 25.4 + 0.127, 3);
    // PADS: leading zeros kept, trailing ones dropped ("X03Y0477" is 3.0, 4.77 inch).
    const pads = plotExcellon("%\nT1C.015F095S3\nX03Y0477\nX03342Y04801\nX0322Y0499\nM30\n");
    expect(pads.image.bounds[0]).toBeCloseTo(3 * 25.4 - 0.1905, 3);
    expect(pads.image.bounds[3]).toBeCloseTo(4.99 * 25.4 + 0.1905, 3);
  });

  it('reads M71 with its zeros (Upverter\'s "M71,TZ") as millimetres', () => {
    const drill = plotExcellon("M48\nM71,TZ\nFMAT,2\nT1C0.635\n%\nT1\nX-33.975Y29.575\nM30\n");
    expect(drill.units).toBe("mm");
    expect(drill.image.bounds[0]).toBeCloseTo(-33.975 - 0.3175, 3);
  });

  it("refuses text without drill commands", () => {
    expect(() => plotExcellon("just some words\nand more")).toThrow();
    expect(looksLikeExcellon("%FSLAX24Y24*%\nG04 gerber*\n")).toBe(false);
  });
});
