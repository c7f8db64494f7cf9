import { describe, expect, it } from "vitest";
import { buildBoard, closeLoops, type InputFile } from "./board.ts";

const file = (name: string, text: string): InputFile => ({ name, bytes: new TextEncoder().encode(text) });

/** A Gerber file in mm (format 2.4) drawing the given moves ("M x y") and draws ("D x y") with a thin line. */
const gerber = (...steps: string[]) =>
  "%FSLAX24Y24*%\n%MOMM*%\n%ADD10C,0.1*%\nD10*\n" +
  steps
    .map((step) => {
      const [op, x, y] = step.split(" ");
      return `X${Math.round(Number(x) * 1e4)}Y${Math.round(Number(y) * 1e4)}${op === "M" ? "D02" : "D01"}*`;
    })
    .join("\n") +
  "\nM02*\n";

const drill = (holes: [number, number][]) =>
  "M48\nMETRIC\nT1C0.8\n%\nT1\n" +
  holes.map(([x, y]) => `X${x.toFixed(3)}Y${y.toFixed(3)}`).join("\n") +
  "\nM30\n";

describe("buildBoard", () => {
  it("closes an outline drawn as one long path that ends on another line (TARGET 3001!)", () => {
    // The right and top edges and half the left edge are one path; it ends in the middle of the
    // left edge, which was drawn on its own.
    const outline = gerber("M 0 0", "D 0 72", "M 65 0", "D 0 0", "M 65 0", "D 65 72", "D 0 72", "D 0 36");
    const board = buildBoard([
      file("b.Outline", outline),
      file(
        "b.Drill",
        drill([
          [10, 10],
          [50, 60],
        ]),
      ),
    ]);
    expect(board.sizeSource).toBe("outline");
    expect(board.width).toBeCloseTo(65, 3);
    expect(board.height).toBeCloseTo(72, 3);
  });

  it("takes the board outline that holds the holes but a few tooling holes on the rails", () => {
    const holes: [number, number][] = [];
    for (let k = 0; k < 60; k++) holes.push([5 + (k % 10) * 8, 5 + Math.floor(k / 10) * 8]);
    holes.push([150, 40]); // a tooling hole far right of the board
    const fab = gerber(
      // the board, 100 x 60
      "M 0 0",
      "D 100 0",
      "D 100 60",
      "D 0 60",
      "D 0 0",
      // the drawing sheet around it
      "M -50 -50",
      "D 300 -50",
      "D 300 200",
      "D -50 200",
      "D -50 -50",
    );
    const board = buildBoard([file("fab.art", fab), file("ncdrill.drl", drill(holes))]);
    expect(board.outlineLayer).toBe("fab.art");
    expect([board.width, board.height]).toEqual([100, 60]);
  });

  it("makes the highest numbered copper layer the bottom when no file says bottom", () => {
    const copper = gerber("M 0 0", "D 10 0");
    const board = buildBoard([
      file("art001.pho", copper),
      file("art002.pho", copper),
      file("art003.pho", copper),
    ]);
    expect(board.layers.map((layer) => `${layer.fileName} ${layer.type}/${layer.side}`)).toEqual([
      "art001.pho copper/top",
      "art002.pho copper/inner",
      "art003.pho copper/bottom",
    ]);
  });

  it("calls a Gerber file named like a drill file a drill drawing, and skips reports that are not Gerber", () => {
    const board = buildBoard([
      file("design_export.xln", gerber("M 0 0", "D 1 0")),
      file("board.Apr", "D10 ROUND 0.1500mm x 0.1500mm\nD11 ROUND 0.0000mm x 0.0000mm\n"),
    ]);
    expect(board.layers.map((layer) => `${layer.fileName} ${layer.type}`)).toEqual([
      "design_export.xln drawing",
    ]);
    expect(board.skipped).toMatchObject([{ fileName: "board.Apr", reason: "not-a-layer" }]);
  });
});

describe("closeLoops", () => {
  it("joins paths at a vertex inside another path", () => {
    // A square drawn as an L-shaped path plus an L-shaped path whose end lies on the first path's
    // corner, with a tail.
    const loops = closeLoops([
      { points: [0, 0, 10, 0, 10, 10], width: 0.1 },
      { points: [10, 10, 0, 10, 0, 0, -5, -5], width: 0.1 },
    ]);
    expect(loops).toHaveLength(1);
    expect(loops[0]!.length).toBe(8);
  });
});
