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
  /** Files that are not layers (job files, aperture lists, reports). */
  skipped?: string[];
  /** Layers the CAD tool wrote without a single object. */
  empty?: string[];
  /** Where the size comes from when the set has no outline: the extent of its layers. */
  sizeSource?: "layers";
  /** Tools the files use but never size ("file T<n>"). */
  unsizedTools?: string[];
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
  // Allegro 16.6 films; five of them were run through FAB 3000 ("_GAF") and lost their identification
  // record, so their names alone say what they are. The drill file has no M48 header: the tool sizes
  // are only in its comment header. Tooling holes on the rails lie outside the board outline.
  "allegro166-minnowboard-max-10layer": {
    size: [99.06, 73.66],
    copperLayers: 10,
    layers: {
      "MinnowMax_tslk_GAF.art": "silkscreen/top",
      "MinnowMax_spc.art": "solderpaste/top",
      "MinnowMax_smc_GAF.art": "soldermask/top",
      "MinnowMax_lyr1_GAF.art": "copper/top",
      "MinnowMax_RevA1_NCDRILL.drl": "drill/all",
      "MinnowMax_RevA1_NCROUTE.rou": "drill/all",
      "MinnowMax_assy.art": "drawing/all",
      "MinnowMax_fab.art": "drawing/all",
      "MinnowMax_lyr2.art": "copper/inner",
      "MinnowMax_lyr3.art": "copper/inner",
      "MinnowMax_lyr4.art": "copper/inner",
      "MinnowMax_lyr5.art": "copper/inner",
      "MinnowMax_lyr6.art": "copper/inner",
      "MinnowMax_lyr7.art": "copper/inner",
      "MinnowMax_lyr8.art": "copper/inner",
      "MinnowMax_lyr9.art": "copper/inner",
      "MinnowMax_lyr10_GAF.art": "copper/bottom",
      "MinnowMax_sms_GAF.art": "soldermask/bottom",
      "MinnowMax_sps.art": "solderpaste/bottom",
      "MinnowMax_bslk.art": "silkscreen/bottom",
    },
    unsizedTools: [
      "MinnowMax_RevA1_NCROUTE.rou T1",
      "MinnowMax_RevA1_NCROUTE.rou T2",
      "MinnowMax_RevA1_NCROUTE.rou T3",
    ],
  },
  // Allegro's default film names (lyr1…lyr6, smc/sms, spc/sps, tslk/bslk, fab); no outline film:
  // the outline is taken from the fabrication drawing.
  "allegro172-beaglebone-black-6layer": {
    size: [86.36, 54.61],
    copperLayers: 6,
    layers: {
      "tslk.art": "silkscreen/top",
      "spc.art": "solderpaste/top",
      "smc.art": "soldermask/top",
      "lyr1.art": "copper/top",
      "BeagleBone Black_PCB_RevC_no_logo_210401_1-6.rou": "drill/all",
      "BeagleBone Black_PCB_RevC_no_logo_210401-1-6.drl": "drill/all",
      "fab.art": "drawing/all",
      "lyr2.art": "copper/inner",
      "lyr3.art": "copper/inner",
      "lyr4.art": "copper/inner",
      "lyr5.art": "copper/inner",
      "lyr6.art": "copper/bottom",
      "sms.art": "soldermask/bottom",
      "sps.art": "solderpaste/bottom",
      "bslk.art": "silkscreen/bottom",
    },
  },
  // The file names of the Allegro export in issue 17: TOP.art, GND2.art, BOTTOM.art, LAYER_1/2.art,
  // PWR.art, Solder_Mask_Top.art, silk_screen_top.art, Assembly.art. The 139.7 mm "hole" is the arena's
  // central opening.
  "allegro174-g4-led-arena-6layer": {
    size: [228.6, 228.6],
    copperLayers: 6,
    layers: {
      "silk_screen_top.art": "silkscreen/top",
      "Solder_Mask_Top.art": "soldermask/top",
      "TOP.art": "copper/top",
      "arena_12-12_v6_L1-L6.drl": "drill/all",
      "Assembly.art": "drawing/all",
      "GND2.art": "copper/inner",
      "LAYER_1.art": "copper/inner",
      "LAYER_2.art": "copper/inner",
      "PWR.art": "copper/inner",
      "BOTTOM.art": "copper/bottom",
      "Solder_Mask_Bottom.art": "soldermask/bottom",
      "silk_screen_bottom.art": "silkscreen/bottom",
    },
  },
  // gEDA PCB: "name.top.gbr", "name.bottommask.gbr"… The group3 layer is titled "jumper" (wire
  // bridges drawn on a copper group), a drawing. No outline file: the fab drawing's frame is the board.
  "gedapcb2014-stepper-lights-controller": {
    size: [170.18, 78.74],
    copperLayers: 2,
    layers: {
      "controller.topsilk.gbr": "silkscreen/top",
      "controller.topmask.gbr": "soldermask/top",
      "controller.top.gbr": "copper/top",
      "controller.plated-drill.cnc": "drill/all",
      "controller.unplated-drill.cnc": "drill/all",
      "controller.fab.gbr": "drawing/all",
      "controller.group3.gbr": "drawing/all",
      "controller.bottom.gbr": "copper/bottom",
      "controller.bottommask.gbr": "soldermask/bottom",
    },
  },
  // Horizon EDA: Protel extensions with .g2l/.g3l for the inner layers, no identifying comments.
  "horizon-usbkvm-4layer": {
    size: [41.75, 41.75],
    copperLayers: 4,
    layers: {
      "usbkvm.gko": "outline/all",
      "usbkvm.gto": "silkscreen/top",
      "usbkvm.gtp": "solderpaste/top",
      "usbkvm.gts": "soldermask/top",
      "usbkvm.gtl": "copper/top",
      "usbkvm.txt": "drill/all",
      "usbkvm.g2l": "copper/inner",
      "usbkvm.g3l": "copper/inner",
      "usbkvm.gbl": "copper/bottom",
      "usbkvm.gbs": "soldermask/bottom",
      "usbkvm.gbp": "solderpaste/bottom",
      "usbkvm.gbo": "silkscreen/bottom",
    },
    empty: ["usbkvm.gbp"],
  },
  // LibrePCB 0.1.0: "_COPPER-TOP", "_SOLDERMASK-BOTTOM", "_OUTLINES", "_DRILLS-PTH".
  "librepcb010-demo-brushless-controller": {
    size: [58, 16.5],
    copperLayers: 2,
    layers: {
      "Demo_Brushless_Controller_Project_OUTLINES.gbr": "outline/all",
      "Demo_Brushless_Controller_Project_SILKSCREEN-TOP.gbr": "silkscreen/top",
      "Demo_Brushless_Controller_Project_SOLDERMASK-TOP.gbr": "soldermask/top",
      "Demo_Brushless_Controller_Project_COPPER-TOP.gbr": "copper/top",
      "Demo_Brushless_Controller_Project_DRILLS-PTH.drl": "drill/all",
      "Demo_Brushless_Controller_Project_COPPER-BOTTOM.gbr": "copper/bottom",
      "Demo_Brushless_Controller_Project_SOLDERMASK-BOTTOM.gbr": "soldermask/bottom",
      "Demo_Brushless_Controller_Project_SILKSCREEN-BOTTOM.gbr": "silkscreen/bottom",
    },
  },
  // PADS 9.2: Top/Layer2/Layer3/Bottom.pho, SST/SMT/SMB/SSB.pho, a header-less drill with inline tools
  // and leading zeros kept. The set has no outline file (as published).
  "pads92-osu-mars-rover-2011": {
    size: [85.15, 101.63],
    copperLayers: 4,
    sizeSource: "layers",
    layers: {
      "SST.pho": "silkscreen/top",
      "SMT.pho": "soldermask/top",
      "Top.pho": "copper/top",
      "Drill.drl": "drill/all",
      "Layer2.pho": "copper/inner",
      "Layer3.pho": "copper/inner",
      "Bottom.pho": "copper/bottom",
      "SMB.pho": "soldermask/bottom",
      "SSB.pho": "silkscreen/bottom",
    },
  },
  // pcb-rnd 2.3.2 with Protel extensions, assembly (.ast/.asb) and fab drawings, an edge-card outline.
  "pcb-rnd232-epl-isolated-power": {
    size: [92.71, 114.3],
    copperLayers: 2,
    layers: {
      "power-art.gko": "outline/all",
      "power-art.gto": "silkscreen/top",
      "power-art.gtp": "solderpaste/top",
      "power-art.gts": "soldermask/top",
      "power-art.gtl": "copper/top",
      "power-art.xln": "drill/all",
      "power-art.ast": "drawing/top",
      "power-art.fab": "drawing/all",
      "power-art.gbl": "copper/bottom",
      "power-art.asb": "drawing/bottom",
      "power-art.gbs": "soldermask/bottom",
      "power-art.gbp": "solderpaste/bottom",
      "power-art.gbo": "silkscreen/bottom",
    },
    empty: ["power-art.asb"],
  },
  // TARGET 3001! V17: ".Top", ".StopTop", ".PosiTop", ".PasteTop", ".Outline", ".Drill"; the aperture
  // list, wheel, tool report and info files beside them are not layers.
  "target3001v17-safecast-solarcast": {
    size: [65, 72.08],
    copperLayers: 2,
    layers: {
      "IRNASIoTbank1.2.Outline": "outline/all",
      "IRNASIoTbank1.2.PosiTop": "silkscreen/top",
      "IRNASIoTbank1.2.PasteTop": "solderpaste/top",
      "IRNASIoTbank1.2.StopTop": "soldermask/top",
      "IRNASIoTbank1.2.Top": "copper/top",
      "IRNASIoTbank1.2.Drill": "drill/all",
      "IRNASIoTbank1.2.Bot": "copper/bottom",
      "IRNASIoTbank1.2.StopBot": "soldermask/bottom",
      "IRNASIoTbank1.2.PasteBot": "solderpaste/bottom",
      "IRNASIoTbank1.2.PosiBot": "silkscreen/bottom",
    },
    skipped: ["IRNASIoTbank1.2.Apr", "IRNASIoTbank1.2.Info", "IRNASIoTbank1.2.Tool", "IRNASIoTbank1.2.Whl"],
  },
  // Upverter: Protel extensions, an Excellon drill that says "M71,TZ", and the holes again as a
  // Gerber file named .xln (a drill drawing).
  "upverter-sportiduino": {
    size: [39.5, 60.03],
    copperLayers: 2,
    layers: {
      "design_export.gko": "outline/all",
      "design_export.gto": "silkscreen/top",
      "design_export.gtp": "solderpaste/top",
      "design_export.gts": "soldermask/top",
      "design_export.gtl": "copper/top",
      "design_export.drl": "drill/all",
      "design_export.xln": "drawing/all",
      "design_export.gbl": "copper/bottom",
      "design_export.gbs": "soldermask/bottom",
      "design_export.gbp": "solderpaste/bottom",
      "design_export.gbo": "silkscreen/bottom",
    },
    skipped: ["layers.cfg"],
    empty: ["design_export.gtp"],
  },
  // Mentor Xpedition: L01_Top … L12_Bottom.gdo, SoldermaskTop.gdo…, ThruHolePlated.ncd,
  // ThruHoleNonPlated.ncd, ContourPlated.ncd (routed), the outline only in the drill drawing.
  "xpedition-minnowboard-turbot-12layer": {
    size: [99.06, 73.66],
    copperLayers: 12,
    layers: {
      "80101_0125_F200_SilkscreenTop.gdo": "silkscreen/top",
      "80101_0125_F200_SolderPasteTop.gdo": "solderpaste/top",
      "80101_0125_F200_SoldermaskTop.gdo": "soldermask/top",
      "80101_0125_F200_L01_Top.gdo": "copper/top",
      "80101_0125_F200_ContourPlated.ncd": "drill/all",
      "80101_0125_F200_ThruHoleNonPlated.ncd": "drill/all",
      "80101_0125_F200_ThruHolePlated.ncd": "drill/all",
      "80101_0125_F200_DrillDrawingThrough.gdo": "drawing/all",
      "80101_0125_F200_L02.gdo": "copper/inner",
      "80101_0125_F200_L03.gdo": "copper/inner",
      "80101_0125_F200_L04.gdo": "copper/inner",
      "80101_0125_F200_L05.gdo": "copper/inner",
      "80101_0125_F200_L06.gdo": "copper/inner",
      "80101_0125_F200_L07.gdo": "copper/inner",
      "80101_0125_F200_L08.gdo": "copper/inner",
      "80101_0125_F200_L09.gdo": "copper/inner",
      "80101_0125_F200_L10.gdo": "copper/inner",
      "80101_0125_F200_L11.gdo": "copper/inner",
      "80101_0125_F200_L12_Bottom.gdo": "copper/bottom",
      "80101_0125_F200_SoldermaskBottom.gdo": "soldermask/bottom",
      "80101_0125_F200_SolderPasteBottom.gdo": "solderpaste/bottom",
      "80101_0125_F200_SilkscreenBottom.gdo": "silkscreen/bottom",
    },
  },
};
