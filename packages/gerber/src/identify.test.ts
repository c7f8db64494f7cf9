import { describe, expect, it } from "vitest";
import { identifyByContent, identifyByName } from "./identify.ts";

const id = (name: string) => {
  const found = identifyByName(name);
  return found ? `${found.type}/${found.side}` : null;
};

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
});
