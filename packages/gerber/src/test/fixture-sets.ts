/**
 * The real CAM sets in fixtures/gerbers (licences in its README),
 * with what each file is and the board size their outline draws. Shared by the tests and the bench.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { InputFile } from "../board.ts";
import type { LayerSide, LayerType } from "../identify.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURE_ROOT = resolve(here, "../../../../fixtures/gerbers");

export function fixtureSetDirs(root = FIXTURE_ROOT): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, entry.name))
    .sort();
}

export function readSet(dir: string): InputFile[] {
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }));
}

type Expect = `${LayerType}/${LayerSide}`;

export interface ExpectedSet {
  /** Board width and height in mm, as the outline (or the panel frame) draws it. */
  size: [number, number];
  copperLayers: number;
  layers: Record<string, Expect>;
  /** Files that are not layers (job files). */
  skipped?: string[];
  /** Layers the CAD tool wrote without a single object. */
  empty?: string[];
}

export const EXPECTED: Record<string, ExpectedSet> = {
  "altium18-simplefoc-shield-v2": {
    size: [67.8, 53.0],
    copperLayers: 2,
    layers: {
      "ArduinoFOC.GTL": "copper/top",
      "ArduinoFOC.GBL": "copper/bottom",
      "ArduinoFOC.GTO": "silkscreen/top",
      "ArduinoFOC.GBO": "silkscreen/bottom",
      "ArduinoFOC.GTS": "soldermask/top",
      "ArduinoFOC.GBS": "soldermask/bottom",
      "ArduinoFOC.GTP": "solderpaste/top",
      "ArduinoFOC.GBP": "solderpaste/bottom",
      "ArduinoFOC.GM1": "outline/all",
      "ArduinoFOC.TXT": "drill/all",
    },
  },
  "altium19-limesdr-mini-1v3-8layer-panel": {
    size: [89.4, 170.68],
    copperLayers: 8,
    layers: {
      "LimeSDR_Mini_1v3_Rounded_panel.GTL": "copper/top",
      "LimeSDR_Mini_1v3_Rounded_panel.G1": "copper/inner",
      "LimeSDR_Mini_1v3_Rounded_panel.G2": "copper/inner",
      "LimeSDR_Mini_1v3_Rounded_panel.G3": "copper/inner",
      "LimeSDR_Mini_1v3_Rounded_panel.G4": "copper/inner",
      "LimeSDR_Mini_1v3_Rounded_panel.G5": "copper/inner",
      "LimeSDR_Mini_1v3_Rounded_panel.G6": "copper/inner",
      "LimeSDR_Mini_1v3_Rounded_panel.GBL": "copper/bottom",
      "LimeSDR_Mini_1v3_Rounded_panel.GTO": "silkscreen/top",
      "LimeSDR_Mini_1v3_Rounded_panel.GBO": "silkscreen/bottom",
      "LimeSDR_Mini_1v3_Rounded_panel.GTS": "soldermask/top",
      "LimeSDR_Mini_1v3_Rounded_panel.GBS": "soldermask/bottom",
      "LimeSDR_Mini_1v3_Rounded_panel.GTP": "solderpaste/top",
      "LimeSDR_Mini_1v3_Rounded_panel.GBP": "solderpaste/bottom",
      "LimeSDR_Mini_1v3_Rounded_panel.GPT": "drawing/top",
      "LimeSDR_Mini_1v3_Rounded_panel.GPB": "drawing/bottom",
      "LimeSDR_Mini_1v3_Rounded_panel.GM1": "outline/all",
      "LimeSDR_Mini_1v3_Rounded_panel.GM14": "drawing/all",
      "LimeSDR_Mini_1v3_Rounded_panel.GM15": "drawing/all",
      "LimeSDR_Mini_1v3_Rounded_panel-RoundHoles.TXT": "drill/all",
      "LimeSDR_Mini_1v3_Rounded_panel-SlotHoles.TXT": "drill/all",
    },
  },
  "diptrace-fd1-mainboard": {
    size: [85.25, 53.34],
    copperLayers: 2,
    layers: {
      "mainboard_Top.gbr": "copper/top",
      "mainboard_Bottom.gbr": "copper/bottom",
      "mainboard_TopMask.gbr": "soldermask/top",
      "mainboard_BottomMask.gbr": "soldermask/bottom",
      "mainboard_TopSilk.gbr": "silkscreen/top",
      "mainboard_BoardOutline.gbr": "outline/all",
      "mainboard.drl": "drill/all",
    },
  },
  "eagle-arduino-uno-r3": {
    size: [68.58, 53.34],
    copperLayers: 2,
    layers: {
      "arduino-uno.cmp": "copper/top",
      "arduino-uno.sol": "copper/bottom",
      "arduino-uno.plc": "silkscreen/top",
      "arduino-uno.stc": "soldermask/top",
      "arduino-uno.sts": "soldermask/bottom",
      "arduino-uno.gko": "outline/all",
      "arduino-uno.drd": "drill/all",
    },
  },
  "eagle97-compass-teensy-jst": {
    // The Gerber job file of the set states 66.04 x 105.41.
    size: [66.04, 105.41],
    copperLayers: 2,
    layers: {
      "copper_top.gbr": "copper/top",
      "copper_bottom.gbr": "copper/bottom",
      "silkscreen_top.gbr": "silkscreen/top",
      "silkscreen_bottom.gbr": "silkscreen/bottom",
      "soldermask_top.gbr": "soldermask/top",
      "soldermask_bottom.gbr": "soldermask/bottom",
      "solderpaste_top.gbr": "solderpaste/top",
      "solderpaste_bottom.gbr": "solderpaste/bottom",
      "profile.gbr": "outline/all",
      "drill_1_16.xln": "drill/all",
    },
    skipped: ["gerber_job.gbrjob"],
    empty: ["solderpaste_bottom.gbr"],
  },
  "easyeda-simplefoc-shield-v3": {
    size: [55.42, 53.25],
    copperLayers: 2,
    layers: {
      "Gerber_TopLayer.GTL": "copper/top",
      "Gerber_BottomLayer.GBL": "copper/bottom",
      "Gerber_TopSilkscreenLayer.GTO": "silkscreen/top",
      "Gerber_BottomSilkscreenLayer.GBO": "silkscreen/bottom",
      "Gerber_TopSolderMaskLayer.GTS": "soldermask/top",
      "Gerber_BottomSolderMaskLayer.GBS": "soldermask/bottom",
      "Gerber_TopPasteMaskLayer.GTP": "solderpaste/top",
      "Gerber_BottomPasteMaskLayer.GBP": "solderpaste/bottom",
      "Gerber_BoardOutlineLayer.GKO": "outline/all",
      "Gerber_DocumentLayer.GDL": "drawing/all",
      "Drill_PTH_Through.DRL": "drill/all",
      "Drill_PTH_Through_Via.DRL": "drill/all",
    },
  },
  "kicad2013-clockblock": {
    size: [104.14, 106.68],
    copperLayers: 2,
    layers: {
      "clockblock-F_Cu.gbr": "copper/top",
      "clockblock-B_Cu.gbr": "copper/bottom",
      "clockblock-F_Mask.gbr": "soldermask/top",
      "clockblock-B_Mask.gbr": "soldermask/bottom",
      "clockblock-F_SilkS.gbr": "silkscreen/top",
      "clockblock-B_SilkS.gbr": "silkscreen/bottom",
      "clockblock-F_Paste.gbr": "solderpaste/top",
      "clockblock-Edge_Cuts.gbr": "outline/all",
      "clockblock.drl": "drill/all",
      "clockblock-NPTH.drl": "drill/all",
    },
  },
  "kicad9-falcan-4layer": {
    size: [76.51, 30.87],
    copperLayers: 4,
    layers: {
      "USB-FalCAN-F_Cu.gtl": "copper/top",
      "USB-FalCAN-In1_Cu.g1": "copper/inner",
      "USB-FalCAN-In2_Cu.g2": "copper/inner",
      "USB-FalCAN-B_Cu.gbl": "copper/bottom",
      "USB-FalCAN-F_Mask.gts": "soldermask/top",
      "USB-FalCAN-B_Mask.gbs": "soldermask/bottom",
      "USB-FalCAN-F_Paste.gtp": "solderpaste/top",
      "USB-FalCAN-B_Paste.gbp": "solderpaste/bottom",
      "USB-FalCAN-F_Silkscreen.gto": "silkscreen/top",
      "USB-FalCAN-B_Silkscreen.gbo": "silkscreen/bottom",
      "USB-FalCAN-Edge_Cuts.gm1": "outline/all",
      "USB-FalCAN-PTH.drl": "drill/all",
      "USB-FalCAN-NPTH.drl": "drill/all",
      "USB-FalCAN-PTH-drl_map.gbr": "drawing/all",
      "USB-FalCAN-NPTH-drl_map.gbr": "drawing/all",
    },
  },
};
