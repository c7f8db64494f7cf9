import { describe, expect, it } from "vitest";
import { buildBoard } from "./board.ts";
import { boardToSvg, layerToSvg } from "./render-svg.ts";
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

  it("draws one layer in its colour", () => {
    const copper = board.layers.find((l) => l.type === "copper" && l.side === "top")!;
    const svg = layerToSvg(copper, "#dc2626", board);
    expect(svg).toContain('fill="#dc2626"');
    expect(svg.length).toBeGreaterThan(10_000);
  });
});
