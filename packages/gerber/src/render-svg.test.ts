import { describe, expect, it } from "vitest";
import { buildBoard } from "./board.ts";
import { boardToSvg, layerToSvg, svgInPixels } from "./render-svg.ts";
import { EXPECTED, fixtureSetDirs, readSet } from "./test/fixture-sets.ts";

describe("SVG export", () => {
  const dir = fixtureSetDirs().find((d) => d.endsWith("kicad9-falcan-4layer"))!;
  const board = buildBoard(readSet(dir));

  it("draws the realistic top and bottom views at the board's size in mm", () => {
    const [width, height] = EXPECTED["kicad9-falcan-4layer"]!.size;
    for (const side of ["top", "bottom"] as const) {
      const svg = boardToSvg(board, side);
      expect(svg.startsWith("<svg")).toBe(true);
      const w = Number(/width="([\d.]+)mm"/.exec(svg)![1]);
      const h = Number(/height="([\d.]+)mm"/.exec(svg)![1]);
      // One millimetre of margin on every side.
      expect(w).toBeCloseTo(width + 2, 1);
      expect(h).toBeCloseTo(height + 2, 1);
      expect(svg).toContain("<mask");
    }
    expect(boardToSvg(board, "bottom")).toContain("matrix(-1 0 0 -1");
  });

  it("gives every mask the drawing's region, so boards around negative coordinates are drawn whole", () => {
    // Without x/y/width/height a mask covers -10 % to 110 % of the viewport from the origin: the
    // Allegro arena board (centred on 0, 0) lost three quarters.
    const text = (body: string) =>
      new TextEncoder().encode(`%FSLAX24Y24*%\n%MOMM*%\n%ADD10C,1*%\nD10*\n${body}\nM02*\n`);
    const square =
      "X-1000000Y-1000000D02*\nX1000000Y-1000000D01*\nX1000000Y1000000D01*\nX-1000000Y1000000D01*\nX-1000000Y-1000000D01*";
    const centred = buildBoard([
      { name: "a.GKO", bytes: text(square) },
      { name: "a.GTL", bytes: text("X-900000Y-900000D03*\nX900000Y900000D03*") },
    ]);
    const svg = boardToSvg(centred, "top");
    const masks = [...svg.matchAll(/<mask id="[^"]+" maskUnits="userSpaceOnUse"([^>]*)>/g)].map((m) => m[1]);
    expect(masks.length).toBeGreaterThan(1);
    for (const attributes of masks)
      expect(attributes).toContain('x="-101" y="-101" width="202" height="202"');
  });

  it("draws one layer in its colour", () => {
    const copper = board.layers.find((l) => l.type === "copper" && l.side === "top")!;
    const svg = layerToSvg(copper, "#dc2626", board);
    expect(svg).toContain('fill="#dc2626"');
    expect(svg.length).toBeGreaterThan(10_000);
  });

  it("sizes a board SVG in pixels on its longer side, keeping the proportions", () => {
    const svg = svgInPixels(boardToSvg(board, "top"), 1000);
    const [width, height] = EXPECTED["kicad9-falcan-4layer"]!.size;
    expect(svg).toMatch(/^<svg [^>]*width="1000" height="(\d+)"/);
    const h = Number(/height="(\d+)"/.exec(svg)![1]);
    expect(h).toBeCloseTo((1000 * (height + 2)) / (width + 2), -1);
    expect(() => svgInPixels("<svg></svg>", 100)).toThrow();
  });
});
