import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PnpPlacement } from "./bom-types.ts";
import { importPickAndPlace } from "./pnp-import.ts";
import { boardOutline, detectOrigin } from "./pnp-origin.ts";

const at = (x: number, y: number): PnpPlacement => ({
  row: 1,
  designator: "R1",
  x,
  y,
  rotation: 0,
  side: "top",
  mount: "smt",
  value: null,
  footprint: null,
});
const board = { widthMm: 100, heightMm: 80 };

describe("detectOrigin and boardOutline", () => {
  it("takes the lower left corner when the parts lie within the board from (0, 0)", () => {
    const placements = [at(10, 10), at(90, 70)];
    expect(detectOrigin(placements, board)).toBe("lower_left");
    expect(boardOutline("lower_left", placements, board)).toEqual({ minX: 0, minY: 0, maxX: 100, maxY: 80 });
  });

  it("takes the centre when the parts lie around (0, 0)", () => {
    const placements = [at(-40, -30), at(-10, -5), at(20, 20), at(45, 35)];
    expect(detectOrigin(placements, board)).toBe("centre");
    expect(boardOutline("centre", placements, board)).toEqual({ minX: -50, minY: -40, maxX: 50, maxY: 40 });
  });

  it("lays the board on the parts when the origin is elsewhere (KiCad's page coordinates)", () => {
    const placements = [at(120, -90), at(150, -60), at(170, -100)];
    expect(detectOrigin(placements, board)).toBe("elsewhere");
    expect(boardOutline("elsewhere", placements, board)).toEqual({
      minX: 100,
      minY: -130,
      maxX: 200,
      maxY: -50,
    });
  });

  it("finds the origin of a real file: the sportiduino panel's KiCad placements lie off the corner", () => {
    const file = readFileSync(
      new URL(
        "../../../fixtures/cpl/sportiduino-base-v3b-kicad/sportiduino-base-top-pos.csv",
        import.meta.url,
      ),
    );
    const { placements } = importPickAndPlace(file, "sportiduino-base-top-pos.csv");
    // The board is about 50 × 49 mm; its parts sit at negative Y below the page origin.
    expect(detectOrigin(placements, { widthMm: 50, heightMm: 49 })).not.toBe("lower_left");
  });
});
