import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sniffGerber } from "./gerber.ts";
import { identifyByContent, identifyByName, identifyLayer, numberCopperLayers } from "./identify.ts";
import { FIXTURE_ROOT } from "./test/fixture-sets.ts";

const id = (name: string) => {
  const found = identifyByName(name);
  return found ? `${found.type}/${found.side}` : null;
};

const named = (cases: Record<string, string>) =>
  Object.fromEntries(Object.keys(cases).map((name) => [name, id(name)]));

describe("identifyByName", () => {
  it("knows the naming habits of the common CAD tools", () => {
    const cases: Record<string, string> = {
      // Protel / Altium
      "board.GTL": "copper/top",
      "board.G3": "copper/inner",
      "board.GKO": "outline/all",
      // KiCad
      "board-F_Cu.gbr": "copper/top",
      "board-B.Mask.gbr": "soldermask/bottom",
      "board-In2_Cu.gbr": "copper/inner",
      "board-Edge_Cuts.gbr": "outline/all",
      // EAGLE
      "board.cmp": "copper/top",
      "board.sts": "soldermask/bottom",
      "board.crc": "solderpaste/top",
      // Allegro
      "TOP.art": "copper/top",
      "BOTTOM.art": "copper/bottom",
      "SOLDERMASK_TOP.art": "soldermask/top",
      "SILKSCREEN_BOTTOM.art": "silkscreen/bottom",
      "PASTEMASK_TOP.art": "solderpaste/top",
      "L3_GND.art": "copper/inner",
      "BOARD_OUTLINE.art": "outline/all",
      // PADS
      "art001.pho": "copper/top",
      "sst.pho": "silkscreen/top",
      "smb.pho": "soldermask/bottom",
      // TARGET 3001!
      "project.StopTop": "soldermask/top",
      "project.StopBot": "soldermask/bottom",
      "project.PasteTop": "solderpaste/top",
      "project.PosiTop": "silkscreen/top",
      // Mentor
      "Layer_1.gdo": "copper/top",
      "SolderMask_Bottom.gdo": "soldermask/bottom",
      "Silkscreen_Top.gdo": "silkscreen/top",
      "board.ncd": "drill/all",
      // drill files
      "board-NPTH.drl": "drill/all",
      "board.xln": "drill/all",
      "NC Drill.txt": "drill/all",
    };
    const found = Object.fromEntries(Object.keys(cases).map((name) => [name, id(name)]));
    expect(found).toEqual(cases);
  });

  it("reads Allegro, OrCAD and DipTrace names, also Allegro's defaults and the ones FAB 3000 renamed", () => {
    const cases: Record<string, string> = {
      "TOP.art": "copper/top",
      "BOTTOM.art": "copper/bottom",
      "GND2.art": "copper/inner",
      "Solder_Mask_Top.art": "soldermask/top",
      "Solder_Mask_Bottom.art": "soldermask/bottom",
      "silk_screen_top.art": "silkscreen/top",
      "Assembly.art": "drawing/all",
      "lyr1.art": "copper/top",
      "lyr4.art": "copper/inner",
      "smc.art": "soldermask/top",
      "sms.art": "soldermask/bottom",
      "spc.art": "solderpaste/top",
      "sps.art": "solderpaste/bottom",
      "tslk.art": "silkscreen/top",
      "bslk.art": "silkscreen/bottom",
      "fab.art": "drawing/all",
      "MinnowMax_smc_GAF.art": "soldermask/top",
      "MinnowMax_lyr10_GAF.art": "copper/inner",
      "mask_prm.art": "soldermask/top",
      "silk_sec.art": "silkscreen/bottom",
      "l1_primary.art": "copper/top",
      "l4_secondary.art": "copper/bottom",
      "assy1.art": "drawing/all",
      // OrCAD Layout
      "rs232_cm.top": "copper/top",
      "rs232_cm.smb": "soldermask/bottom",
      "rs232_cm.ast": "drawing/top",
      "thruhole.tap": "drill/all",
      // DipTrace
      "mainboard_Top.gbr": "copper/top",
      "mainboard_Bottom.gbr": "copper/bottom",
      "mainboard_TopMask.gbr": "soldermask/top",
    };
    expect(named(cases)).toEqual(cases);
  });

  it("reads PADS, Xpedition and Zuken names", () => {
    const cases: Record<string, string> = {
      "Top.pho": "copper/top",
      "Layer2.pho": "copper/inner",
      "Bottom.pho": "copper/bottom",
      "SMT.pho": "soldermask/top",
      "SSB.pho": "silkscreen/bottom",
      "EtchLayerTop.gdo": "copper/top",
      "EtchLayer2.gdo": "copper/inner",
      "80101_0125_F200_L01_Top.gdo": "copper/top",
      "80101_0125_F200_L02.gdo": "copper/inner",
      "80101_0125_F200_L12_Bottom.gdo": "copper/bottom",
      "SoldermaskTop.gdo": "soldermask/top",
      "SilkscreenBottom.gdo": "silkscreen/bottom",
      "SolderPasteTop.gdo": "solderpaste/top",
      "BoardOutlline.gdo": "outline/all",
      "DrillDrawingThrough.gdo": "drawing/all",
      "ThruHolePlated.ncd": "drill/all",
      "Conductive-1.fph": "copper/top",
      "Conductive-2.fph": "copper/inner",
      "Resist-A.fph": "soldermask/top",
      "Resist-B.fph": "soldermask/bottom",
      "MetalMask-A.fph": "solderpaste/top",
      "Symbol-B.fph": "silkscreen/bottom",
    };
    expect(named(cases)).toEqual(cases);
    expect(identifyByName("ThruHoleNonPlated.ncd")?.plated).toBe(false);
    expect(identifyByName("ThruHolePlated.ncd")?.plated).toBe(true);
  });

  it("reads gEDA, pcb-rnd, LibrePCB, Horizon EDA, TARGET 3001!, Proteus, Pulsonix and Fritzing names", () => {
    const cases: Record<string, string> = {
      // gEDA PCB and pcb-rnd
      "controller.top.gbr": "copper/top",
      "controller.bottommask.gbr": "soldermask/bottom",
      "controller.topsilk.gbr": "silkscreen/top",
      "controller.bottompaste.gbr": "solderpaste/bottom",
      "controller.group2.gbr": "copper/inner",
      "controller.outline.gbr": "outline/all",
      "controller.fab.gbr": "drawing/all",
      "controller.plated-drill.cnc": "drill/all",
      "power-art.asb": "drawing/bottom",
      // LibrePCB
      "Demo_COPPER-TOP.gbr": "copper/top",
      "Demo_COPPER-IN1.gbr": "copper/inner",
      "Demo_SOLDERMASK-BOTTOM.gbr": "soldermask/bottom",
      "Demo_SILKSCREEN-TOP.gbr": "silkscreen/top",
      "Demo_OUTLINES.gbr": "outline/all",
      "Demo_DRILLS-PTH.drl": "drill/all",
      // Horizon EDA
      "usbkvm.g2l": "copper/inner",
      "usbkvm.g3l": "copper/inner",
      // TARGET 3001!
      "board.Top": "copper/top",
      "board.PosiBot": "silkscreen/bottom",
      "board.Outline": "outline/all",
      "board.Drill": "drill/all",
      // Proteus
      "CADCAM Top Copper.GBR": "copper/top",
      "CADCAM Bottom Silk Screen.GBR": "silkscreen/bottom",
      "CADCAM Top Solder Resist.GBR": "soldermask/top",
      "CADCAM Board Outline.GBR": "outline/all",
      // Pulsonix, DesignSpark and other word names
      "Top Silkscreen.gbr": "silkscreen/top",
      "Bottom Solder Mask.gbr": "soldermask/bottom",
      "Inner Layer 1.gbr": "copper/inner",
      // Fritzing
      "proj_copperTop.gtl": "copper/top",
      "proj_contour.gm1": "outline/all",
      "proj_drill.txt": "drill/all",
    };
    expect(named(cases)).toEqual(cases);
    expect(identifyByName("controller.unplated-drill.cnc")?.plated).toBe(false);
    expect(identifyByName("Demo_COPPER-IN1.gbr")?.index).toBe(2);
    expect(identifyByName("usbkvm.g3l")?.index).toBe(3);
  });

  it("says nothing rather than guessing", () => {
    expect(identifyByName("readme.md")).toBeNull();
    expect(identifyByName("photo.jpg")).toBeNull();
  });
});

describe("identifyByContent", () => {
  it("reads the X2 file function", () => {
    expect(identifyByContent({ attributes: { FileFunction: ["Copper", "L3", "Inr"] } })).toEqual({
      type: "copper",
      side: "inner",
      index: 3,
    });
    expect(identifyByContent({ attributes: { FileFunction: ["Legend", "Bot"] } })).toMatchObject({
      type: "silkscreen",
      side: "bottom",
    });
    expect(identifyByContent({ attributes: { FileFunction: ["Profile", "NP"] } })).toMatchObject({
      type: "outline",
    });
    expect(
      identifyByContent({ attributes: { FileFunction: ["NonPlated", "1", "2", "NPTH"] } }),
    ).toMatchObject({ type: "drill", plated: false });
  });

  it("reads layer names in comments and image names", () => {
    expect(identifyByContent({ comments: ["Layer: BottomSolderMaskLayer"] })).toMatchObject({
      type: "soldermask",
      side: "bottom",
    });
    expect(identifyByContent({ names: ["Top Copper"] })).toMatchObject({ type: "copper", side: "top" });
    expect(identifyByContent({ names: ["Silkscreen Bottom"] })).toMatchObject({
      type: "silkscreen",
      side: "bottom",
    });
    expect(identifyByContent({ comments: ["just a comment"] })).toBeNull();
  });

  it("reads the layer a gEDA or pcb-rnd title names", () => {
    expect(identifyByContent({ comments: ["Title: controller, bottom_mask"] })).toMatchObject({
      type: "soldermask",
      side: "bottom",
    });
    expect(identifyByContent({ comments: ["Title: controller, jumper"] })).toMatchObject({ type: "drawing" });
  });

  it("reads Allegro's identification record past the keep-outs and constraint regions", () => {
    const record = (film: string, ...layers: string[]) => [
      "================== begin FILE IDENTIFICATION RECORD ==================",
      `Film Name:    ${film}`,
      "File Origin:  Cadence Allegro 17.4-S007",
      "Layer:  VIA KEEPOUT/ALL",
      "Layer:  CONSTRAINT REGION/INNER_PLANE_LAYERS",
      "Layer:  ROUTE KEEPOUT/LAYER 1",
      ...layers.map((layer) => `Layer:  ${layer}`),
      "Layer:  BOARD GEOMETRY/OUTLINE",
    ];
    const read = (comments: string[]) => {
      const found = identifyByContent({ comments });
      return found ? `${found.type}/${found.side}` : null;
    };
    expect(read(record("x", "VIA CLASS/TOP", "PIN/TOP", "ETCH/TOP"))).toBe("copper/top");
    expect(read(record("x", "PIN/LAYER 1", "ETCH/LAYER 1"))).toBe("copper/inner");
    expect(identifyByContent({ comments: record("x", "ETCH/INT3(V)") })?.index).toBe(3);
    expect(read(record("x", "PIN/SOLDERMASK_BOTTOM", "DRC ERROR CLASS/SOLDERMASK_BOTTOM"))).toBe(
      "soldermask/bottom",
    );
    expect(read(record("x", "PACKAGE GEOMETRY/PASTEMASK_TOP", "PIN/PASTEMASK_TOP"))).toBe("solderpaste/top");
    expect(read(record("x", "REF DES/SILKSCREEN_TOP", "PACKAGE GEOMETRY/SILKSCREEN_TOP"))).toBe(
      "silkscreen/top",
    );
    // A drawing film also carries AUTOSILK and the outline: its drill legend and dimensions decide.
    expect(
      read(
        record("x", "MANUFACTURING/NCDRILL_LEGEND", "MANUFACTURING/AUTOSILK_TOP", "BOARD GEOMETRY/DIMENSION"),
      ),
    ).toBe("drawing/all");
    expect(read(record("x"))).toBe("outline/all");
  });
});

describe("identifyLayer", () => {
  it("never lets a generic guess from the content override a specific, well-known name", () => {
    // A comment naming a layer is a hint; "Solder_Mask_Top.art" is Allegro's own name for the mask.
    expect(identifyLayer("Solder_Mask_Top.art", { comments: ["Layer: Inner 2"] })).toMatchObject({
      type: "soldermask",
      side: "top",
      source: "name",
    });
    expect(identifyLayer("silk_screen_top.art", { names: ["Layer 2"] })).toMatchObject({
      type: "silkscreen",
      source: "name",
    });
  });

  it("trusts certain content over any name, and a hint over a bare layer number", () => {
    expect(identifyLayer("TOP.art", { attributes: { FileFunction: ["Soldermask", "Top"] } })).toMatchObject({
      type: "soldermask",
      source: "content",
    });
    expect(identifyLayer("art002.pho", { names: ["Silkscreen Top"] })).toMatchObject({
      type: "silkscreen",
      source: "content",
    });
    expect(identifyLayer("art002.pho", {})).toMatchObject({ type: "copper", side: "inner", numbered: true });
  });

  it("identifies every film of the Allegro export in issue 17 from its own header", () => {
    const dir = join(FIXTURE_ROOT, "allegro174-g4-led-arena-6layer");
    const found = (file: string) => {
      const layer = identifyLayer(file, sniffGerber(readFileSync(join(dir, file), "utf8")));
      return layer ? `${layer.type}/${layer.side} (${layer.source})` : null;
    };
    const cases: Record<string, string> = {
      "TOP.art": "copper/top (content)",
      "LAYER_1.art": "copper/inner (content)",
      "GND2.art": "copper/inner (content)",
      "LAYER_2.art": "copper/inner (content)",
      "PWR.art": "copper/inner (content)",
      "BOTTOM.art": "copper/bottom (content)",
      "Solder_Mask_Top.art": "soldermask/top (content)",
      "Solder_Mask_Bottom.art": "soldermask/bottom (content)",
      "silk_screen_top.art": "silkscreen/top (content)",
      "silk_screen_bottom.art": "silkscreen/bottom (content)",
      "Assembly.art": "drawing/all (content)",
    };
    expect(Object.fromEntries(Object.keys(cases).map((file) => [file, found(file)]))).toEqual(cases);
  });
});

describe("numberCopperLayers", () => {
  it("makes the highest of the numbered copper layers the bottom when nothing else is", () => {
    const layers = [
      { fileName: "lyr1.art", type: "copper" as const, side: "top" as const, index: 1 },
      { fileName: "lyr2.art", type: "copper" as const, side: "inner" as const, index: 2 },
      { fileName: "lyr3.art", type: "copper" as const, side: "inner" as const, index: 3 },
      { fileName: "lyr4.art", type: "copper" as const, side: "inner" as const, index: 4 },
    ];
    expect([...numberCopperLayers(layers)]).toEqual([["lyr4.art", { side: "bottom" }]]);
    // With a bottom layer already, or numbers that do not cover the stack, nothing changes.
    expect(numberCopperLayers([...layers, { fileName: "b.art", type: "copper", side: "bottom" }]).size).toBe(
      0,
    );
    expect(numberCopperLayers(layers.slice(0, 2).concat([layers[3]!])).size).toBe(0);
  });
});
