import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BomFileRefused, type PnpImport, type PnpPlacement } from "./bom-types.ts";
import { importPickAndPlace, isFiducialDesignator } from "./pnp-import.ts";

function fixture(path: string): Uint8Array {
  return readFileSync(new URL(`../../../fixtures/cpl/${path}`, import.meta.url));
}

function importFixture(path: string): PnpImport {
  return importPickAndPlace(fixture(path), path.split("/").pop() ?? path);
}

function text(content: string): Uint8Array {
  return new TextEncoder().encode(content);
}

function placement(result: PnpImport, designator: string): PnpPlacement {
  const found = result.placements.find((candidate) => candidate.designator === designator);
  if (!found) throw new Error(`${designator} not placed`);
  return found;
}

function sideCounts(result: PnpImport): { top: number; bottom: number } {
  return {
    top: result.placements.filter((p) => p.side === "top").length,
    bottom: result.placements.filter((p) => p.side === "bottom").length,
  };
}

function refusal(run: () => unknown): string | null {
  try {
    run();
  } catch (error) {
    if (error instanceof BomFileRefused) return error.reason;
    throw error;
  }
  return null;
}

describe("importPickAndPlace on real files", () => {
  it("reads the Altium CSV after its preamble, in mils converted to mm", () => {
    const result = importFixture("simplefoc-shield-v2-altium/Pick Place for ArduinoFOC.csv");
    expect(result.tool).toBe("altium");
    expect(result.unit).toBe("mil");
    expect(result.unitStated).toBe(true);
    expect(result.panelCopies).toBe(1);
    expect(result.placements).toHaveLength(42);
    expect(sideCounts(result)).toEqual({ top: 29, bottom: 13 });
    expect(result.problems).toEqual([]);
    const cl1 = placement(result, "CL1");
    expect(cl1.row).toBe(14);
    expect(cl1.x).toBeCloseTo(1328.74 * 0.0254, 6);
    expect(cl1.y).toBeCloseTo(310.039 * 0.0254, 6);
    expect(cl1).toMatchObject({ rotation: 180, side: "top", value: "Cap Semi", footprint: "C1206" });
    expect(placement(result, "SCTI")).toMatchObject({ side: "bottom", rotation: 90, value: "3.3 or 5 v" });
    // The headers and terminal blocks are through-hole by their footprints; the rest is SMT.
    expect(
      result.placements
        .filter((p) => p.mount === "tht")
        .map((p) => p.designator)
        .sort(),
    ).toEqual(["P1", "P2", "P3", "P4", "P_ENC", "TB_M1", "TB_PWR"]);
  });

  it("gives the same placements from the Altium fixed-width text of the same board", () => {
    const csv = importFixture("simplefoc-shield-v2-altium/Pick Place for ArduinoFOC.csv");
    const txt = importFixture("simplefoc-shield-v2-altium/Pick Place for ArduinoFOC.txt");
    expect(txt.tool).toBe("altium");
    expect(txt.unit).toBe("mil");
    expect(txt.placements).toEqual(csv.placements);
    expect(placement(txt, "P2")).toMatchObject({ value: "Header 10", footprint: "HDR1X10" });
  });

  it("folds the LimeSDR panel to one board and keeps the single panel fiducials", () => {
    const result = importFixture("limesdr-mini-1v3-altium/Pick Place for LimeSDR_Mini_1v3_Rounded_panel.txt");
    expect(result.tool).toBe("altium");
    expect(result.unit).toBe("mm");
    expect(result.panelCopies).toBe(4);
    expect(result.placements).toHaveLength(418 + 8);
    expect(result.placements.filter((p) => isFiducialDesignator(p.designator))).toHaveLength(8);
    expect(sideCounts(result)).toEqual({ top: 123, bottom: 303 });
    // The kept copies are the first board's: the lowest of the four, Y 9.565 for R96.
    expect(placement(result, "R96")).toMatchObject({ x: 19.025, y: 9.565, rotation: 180, side: "top" });
    // Altium writes 360 for 0.
    expect(placement(result, "C195")).toMatchObject({ x: 43.775, y: 10.35, rotation: 0, side: "bottom" });
    expect(placement(result, "FIDUCIAL1")).toMatchObject({ x: 7.2, y: -8, rotation: 90 });
    expect(result.problems).toEqual([]);
  });

  it("reads EasyEDA's UTF-16 tab file with mm suffixes, taking Mid X/Y over Ref and Pad", () => {
    const result = importFixture(
      "simplefoc-shield-v3-easyeda/PickAndPlace_SimpleFOCShieldV3.PcbDoc_2024-06-23.csv",
    );
    expect(result.tool).toBe("easyeda");
    expect(result.encoding).toBe("utf-16le");
    expect(result.unit).toBe("mm");
    expect(result.placements).toHaveLength(47);
    expect(sideCounts(result)).toEqual({ top: 32, bottom: 15 });
    expect(placement(result, "C5")).toMatchObject({
      x: -6.1,
      y: -13.97,
      rotation: 90,
      side: "top",
      value: "470nF",
    });
    // Mid Y -11.41, Ref Y and Pad Y -10.41.
    expect(placement(result, "SC3")).toMatchObject({ x: 0.51, y: -11.41, rotation: 270, side: "bottom" });
  });

  it("reads EAGLE's CSV, named Name/Mid X/…, with an empty value", () => {
    const result = importFixture("compass-teensy-jst-eagle97/PnP_teensy-jst_01.4 v10_front.csv");
    expect(result.tool).toBe("eagle");
    expect(result.unit).toBe("mm");
    expect(result.placements).toHaveLength(67);
    expect(sideCounts(result)).toEqual({ top: 67, bottom: 0 });
    expect(placement(result, "24V_IN")).toMatchObject({ x: -30.61, y: 53.89, rotation: 270, value: null });
    expect(placement(result, "U1")).toMatchObject({
      x: -27.45,
      y: 83.85,
      rotation: 0,
      footprint: "DDA8_3P1X2P4_TEX",
    });
  });

  it("folds the two-up sportiduino top file and takes every part from the same board", () => {
    const result = importFixture("sportiduino-base-v3b-kicad/sportiduino-base-top-pos.csv");
    expect(result.tool).toBe("kicad");
    expect(result.unit).toBe("mm");
    expect(result.panelCopies).toBe(2);
    expect(result.placements).toHaveLength(28);
    expect(sideCounts(result)).toEqual({ top: 28, bottom: 0 });
    // The file lists C1 of the lower board first but C2 of the upper board first.
    expect(placement(result, "C1")).toMatchObject({ x: 22.509164, y: -19.187151, rotation: 90 });
    expect(placement(result, "C2")).toMatchObject({ x: 43.009, y: -51.63, rotation: 90 });
    expect(placement(result, "D2")).toMatchObject({ x: 17.929164, y: -33.024417, rotation: 225 });
  });

  it("reports the sportiduino bottom row without coordinates and still folds the rest", () => {
    const result = importFixture("sportiduino-base-v3b-kicad/sportiduino-base-bottom-pos.csv");
    expect(result.problems).toEqual([{ row: 6, reason: "bad_coordinate", detail: "VD1" }]);
    expect(result.panelCopies).toBe(2);
    expect(result.placements.map((p) => p.designator)).toEqual(["R12", "R13", "VD2", "VD3"]);
    expect(sideCounts(result)).toEqual({ top: 0, bottom: 4 });
    expect(placement(result, "VD2")).toMatchObject({ x: -1.991, y: -41.605, rotation: 180, side: "bottom" });
  });

  it("infers inches for the HackRF KiCad CSV that names no unit", () => {
    const result = importFixture("hackrf-one-kicad5/hackrf-one-all-pos.csv");
    expect(result.tool).toBe("kicad");
    expect(result.unit).toBe("inch");
    expect(result.unitStated).toBe(false);
    expect(result.placements).toHaveLength(404);
    expect(placement(result, "C1").x).toBeCloseTo(3.586472 * 25.4, 5);
    expect(placement(result, "C1").y).toBeCloseTo(-6.419165 * 25.4, 5);
  });

  it("reads Allegro's component report workbook: mils inferred, side from SYM_MIRROR", () => {
    const result = importFixture("beaglebone-black-c-allegro/BeagleBone Black_RevC_ASSY_XY_210222.xlsx");
    expect(result.tool).toBe("orcad");
    expect(result.unit).toBe("mil");
    expect(result.unitStated).toBe(false);
    expect(result.placements).toHaveLength(413);
    expect(placement(result, "C1")).toMatchObject({ x: 13.97, y: 17.145, rotation: 270, side: "top" });
    expect(placement(result, "C2")).toMatchObject({ x: 8.255, y: 12.446, rotation: 180, side: "bottom" });
    expect(placement(result, "C2").value).toBe("10uF,16V");
  });
});

describe("importPickAndPlace formats", () => {
  it("reads a KiCad .pos text file with its commented header and unit line", () => {
    const pos = [
      "### Footprint positions - created on 2024-01-01T00:00:00 ###",
      "### Printed by KiCad version 8.0.1",
      "## Unit = mm, Angle = deg.",
      "## Side : All",
      "# Ref     Val       Package            PosX       PosY       Rot  Side",
      "C1        100nF     C_0402_1005Metric  10.0000   -20.5000   -90.0000  top",
      "U1        STM32     LQFP-48            30.1234   -40.0000  450.0000  bottom",
      "## End",
    ].join("\n");
    const result = importPickAndPlace(text(pos), "board-all.pos");
    expect(result.tool).toBe("kicad");
    expect(result.unit).toBe("mm");
    expect(result.placements).toEqual([
      {
        row: 6,
        designator: "C1",
        x: 10,
        y: -20.5,
        rotation: 270,
        side: "top",
        mount: "smt",
        value: "100nF",
        footprint: "C_0402_1005Metric",
      },
      {
        row: 7,
        designator: "U1",
        x: 30.1234,
        y: -40,
        rotation: 90,
        side: "bottom",
        mount: "smt",
        value: "STM32",
        footprint: "LQFP-48",
      },
    ]);
  });

  it("converts a KiCad .pos written in inches", () => {
    const pos =
      "## Unit = inches, Angle = deg.\n# Ref Val Package PosX PosY Rot Side\nR1 1k R0603 1.0000 -0.5000 0 F.Cu\n";
    const result = importPickAndPlace(text(pos), "a.pos");
    expect(result.unit).toBe("inch");
    expect(result.placements[0]).toMatchObject({ x: 25.4, y: -12.7, side: "top" });
  });

  it("reads semicolon files with decimal commas and unit words in the header", () => {
    const csv = "RefDes;Center-X(mm);Center-Y(mm);Angle;Side\nR1;12,5;3,25;90;B\n";
    const result = importPickAndPlace(text(csv), "p.csv");
    expect(result.unit).toBe("mm");
    expect(result.placements[0]).toMatchObject({
      designator: "R1",
      x: 12.5,
      y: 3.25,
      rotation: 90,
      side: "bottom",
    });
  });

  it("reads Windows-1252 text", () => {
    const bytes = Uint8Array.from([
      ...text("Designator,X,Y,Rotation,Layer,Comment\nC1,1,2,0,Top,"),
      0xb5,
      0x46,
      0x0a,
    ]);
    const result = importPickAndPlace(bytes, "p.csv");
    expect(result.encoding).toBe("windows-1252");
    expect(result.placements[0]?.value).toBe("µF");
  });

  it("takes the side from the file name when there is no side column", () => {
    const csv = "Ref,PosX,PosY,Rot\nR1,1,2,0\n";
    expect(importPickAndPlace(text(csv), "board-bottom-pos.csv").placements[0]?.side).toBe("bottom");
    expect(importPickAndPlace(text(csv), "board_front.csv").placements[0]?.side).toBe("top");
  });

  it("reports rows it cannot read instead of dropping them", () => {
    const csv = [
      "Designator,Mid X,Mid Y,Rotation,Layer",
      ",1,2,0,Top",
      "R 1,1,2,0,Top",
      "R2,abc,2,0,Top",
      "R3,1,2,north,Top",
      "R4,1,2,0,inner",
      "R5,1mil,2mil,0,Top",
      ",,,,",
    ].join("\n");
    const result = importPickAndPlace(text(csv), "p.csv");
    expect(result.problems).toEqual([
      { row: 2, reason: "no_designator", detail: "1 2 0 Top" },
      { row: 3, reason: "no_designator", detail: "R 1" },
      { row: 4, reason: "bad_coordinate", detail: "R2: abc" },
      { row: 5, reason: "bad_rotation", detail: "R3: north" },
      { row: 6, reason: "bad_side", detail: "R4: inner" },
    ]);
    expect(result.placements).toEqual([
      {
        row: 7,
        designator: "R5",
        x: 0.0254,
        y: 0.0508,
        rotation: 0,
        side: "top",
        mount: "smt",
        value: null,
        footprint: null,
      },
    ]);
    expect(result.unit).toBe("mil");
  });

  it("applies the unit and side the customer confirmed where the file states none", () => {
    const csv = "Ref,X,Y\nR1,100,200\nR2,1500,300\n";
    const guessed = importPickAndPlace(text(csv), "p.csv");
    expect(guessed.unitStated).toBe(false);
    expect(guessed.sideStated).toBe(false);
    expect(guessed.unit).toBe("mil");
    const confirmed = importPickAndPlace(text(csv), "p.csv", { unit: "mm", side: "bottom" });
    expect(confirmed.unit).toBe("mm");
    expect(confirmed.placements.map((p) => [p.x, p.y, p.side])).toEqual([
      [100, 200, "bottom"],
      [1500, 300, "bottom"],
    ]);
    // A side column wins over the confirmed side: the file knows better for each part.
    const sided = importPickAndPlace(text("Ref,X,Y,Side\nR1,1,2,top\n"), "p.csv", { side: "bottom" });
    expect(sided.sideStated).toBe(true);
    expect(sided.placements[0]?.side).toBe("top");
  });

  it("reads a mount type column and otherwise the footprint's name", () => {
    const csv = [
      "Designator,Mid X,Mid Y,Rotation,Layer,Footprint,Mount Type",
      "J1,1,2,0,Top,CONN_2,Through Hole",
      "J2,3,4,0,Top,PinHeader_1x02_P2.54mm_Vertical,",
      "R1,5,6,0,Top,R_0603_1608Metric,",
    ].join("\n");
    const result = importPickAndPlace(text(csv), "p.csv");
    expect(result.placements.map((p) => [p.designator, p.mount])).toEqual([
      ["J1", "tht"],
      ["J2", "tht"],
      ["R1", "smt"],
    ]);
  });

  it("leaves repeats unfolded when designators repeat unevenly", () => {
    const csv = "Ref,X,Y\nR1,1,1\nR1,2,2\nR2,3,3\n";
    const result = importPickAndPlace(text(csv), "p.csv");
    expect(result.panelCopies).toBe(1);
    expect(result.placements).toHaveLength(3);
  });
});

describe("importPickAndPlace refusals", () => {
  it("refuses empty, blank, binary and header-less files", () => {
    expect(refusal(() => importPickAndPlace(new Uint8Array(), "a.csv"))).toBe("empty_file");
    expect(refusal(() => importPickAndPlace(text(" \n\n"), "a.csv"))).toBe("empty_file");
    expect(
      refusal(() => importPickAndPlace(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 1, 2, 0, 0, 3]), "a")),
    ).toBe("binary_file");
    expect(refusal(() => importPickAndPlace(text("a,b,c\n1,2,3\n"), "a.csv"))).toBe("no_header");
  });

  it("refuses files over 20 MB and over 20,000 rows", () => {
    expect(refusal(() => importPickAndPlace(new Uint8Array(20 * 1024 * 1024 + 1), "a.csv"))).toBe(
      "file_too_large",
    );
    const rows = Array.from({ length: 20_001 }, (_, i) => `R${i},1,2`).join("\n");
    expect(refusal(() => importPickAndPlace(text(`Ref,X,Y\n${rows}`), "a.csv"))).toBe("too_many_rows");
  });
});

describe("isFiducialDesignator", () => {
  it("recognises FID, FD and MARK designators only", () => {
    expect(["FID1", "fiducial3", "FD2", "MARK1"].every(isFiducialDesignator)).toBe(true);
    expect(["F1", "R1", "FB1"].some(isFiducialDesignator)).toBe(false);
  });
});
