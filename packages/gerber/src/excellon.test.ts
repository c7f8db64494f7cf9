import { describe, expect, it } from "vitest";
import { looksLikeExcellon, plotExcellon } from "./excellon.ts";

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

  it("refuses text without drill commands", () => {
    expect(() => plotExcellon("just some words\nand more")).toThrow();
    expect(looksLikeExcellon("%FSLAX24Y24*%\nG04 gerber*\n")).toBe(false);
  });
});
