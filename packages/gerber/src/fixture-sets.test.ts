import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { buildBoard } from "./board.ts";
import { EXPECTED, fixtureSetDirs, readSet } from "./test/fixture-sets.ts";

const sets = fixtureSetDirs();

describe("real CAM sets", () => {
  it("finds all nineteen sets", () => {
    expect(sets.map((dir) => basename(dir))).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const dir of sets) {
    const name = basename(dir);
    const expected = EXPECTED[name]!;
    describe(name, () => {
      const board = buildBoard(readSet(dir));

      it("identifies every layer", () => {
        const found = Object.fromEntries(
          board.layers.map((layer) => [layer.fileName, `${layer.type}/${layer.side}`]),
        );
        expect(found).toEqual(expected.layers);
        expect(board.skipped.map((file) => file.fileName)).toEqual(expected.skipped ?? []);
      });

      it("reads the board size from the outline, within 0.1 mm", () => {
        expect(board.sizeSource).toBe(expected.sizeSource ?? "outline");
        expect(Math.abs(board.width - expected.size[0])).toBeLessThan(0.1);
        expect(Math.abs(board.height - expected.size[1])).toBeLessThan(0.1);
        expect(board.copperLayers).toBe(expected.copperLayers);
      });

      it("plots something on every layer and reads every drill tool's size", () => {
        for (const layer of board.layers) {
          if (expected.empty?.includes(layer.fileName)) expect(layer.image.ops.length).toBe(0);
          else expect(layer.image.ops.length, layer.fileName).toBeGreaterThan(0);
          for (const tool of layer.tools ?? []) {
            const name = `${layer.fileName} T${tool.code}`;
            if (expected.unsizedTools?.includes(name)) expect(tool.diameter, name).toBe(0);
            else expect(tool.diameter, name).toBeGreaterThan(0);
          }
        }
      });
    });
  }
});
