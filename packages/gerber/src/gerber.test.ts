import { describe, expect, it } from "vitest";
import { plotGerber, sniffGerber } from "./gerber.ts";
import { OP, type LayerImage } from "./graphics.ts";
import { evaluateExpression } from "./macro.ts";

const gerber = (body: string, head = "%FSLAX26Y26*%\n%MOMM*%\n") => `${head}${body}\nM02*\n`;
const count = (image: LayerImage, op: number) => {
  let found = 0;
  const ops = image.ops;
  // Walk the ops with their argument counts so coordinates are never mistaken for ops.
  const args: Record<number, number> = { 1: 2, 2: 2, 3: 0, 4: 3, 5: 0, 6: 1, 7: 0, 8: 0, 9: 0, 10: 1 };
  for (let i = 0; i < ops.length; i += 1 + args[ops[i]!]!) if (ops[i] === op) found++;
  return found;
};
const close = (actual: number, expected: number, digits = 3) => expect(actual).toBeCloseTo(expected, digits);

describe("macro expressions", () => {
  it("follows precedence, parentheses, unary signs and variables", () => {
    const vars = new Map([
      [1, 2],
      [2, 0.5],
    ]);
    expect(evaluateExpression("1+2x3", vars)).toBe(7);
    expect(evaluateExpression("(1+2)X3", vars)).toBe(9);
    expect(evaluateExpression("-$1/4+$2", vars)).toBe(0);
    expect(evaluateExpression("$1x-$2", vars)).toBe(-1);
    expect(() => evaluateExpression("1+", vars)).toThrow();
  });
});

describe("plotGerber", () => {
  it("draws tracks with round apertures and reads units and format", () => {
    const plot = plotGerber(gerber("%ADD10C,0.2*%\nD10*\nX0Y0D02*\nX10000000Y0D01*"));
    expect(plot.units).toBe("mm");
    expect(plot.format).toMatchObject({ integer: 2, decimal: 6, omit: "L" });
    expect(count(plot.image, OP.STROKE)).toBe(1);
    const [minX, minY, maxX, maxY] = plot.image.bounds;
    close(minX, -0.1);
    close(maxX, 10.1);
    close(minY, -0.1);
    close(maxY, 0.1);
  });

  it("converts inch files and trailing-zero formats to millimetres", () => {
    const plot = plotGerber("%FSTAX24Y24*%\n%MOIN*%\n%ADD10C,0.01*%\nD10*\nX01Y01D03*\nM02*");
    // X01 with trailing zeros omitted is 01.0000 inch.
    close(plot.image.bounds[0], 25.4 - 0.127);
    close(plot.image.bounds[2], 25.4 + 0.127);
  });

  it("flashes every standard aperture, holes included", () => {
    const plot = plotGerber(
      gerber(
        "%ADD10C,1X0.4*%\n%ADD11R,2X1*%\n%ADD12O,2X1*%\n%ADD13P,2X6X30*%\nD10*\nX0Y0D03*\nD11*\nX5000000Y0D03*\nD12*\nX10000000Y0D03*\nD13*\nX15000000Y0D03*",
      ),
    );
    expect(plot.objects).toBe(4);
    close(plot.image.bounds[0], -0.5);
    // The hexagon (30° rotation) reaches x = 15 + cos 30° and y = 1 with a vertex.
    close(plot.image.bounds[2], 15.866);
    close(plot.image.bounds[3], 1);
  });

  it("evaluates macros with variables, and groups exposure-off primitives", () => {
    const plot = plotGerber(
      gerber(
        "%AMDONUT*\n0 outer ring with a hole*\n$3=$1-$2*\n1,1,$1,0,0*\n1,0,$3,0,0*%\n%ADD20DONUT,2X0.5*%\nD20*\nX0Y0D03*",
      ),
    );
    expect(count(plot.image, OP.GROUP)).toBe(1);
    expect(count(plot.image, OP.END_GROUP)).toBe(1);
    close(plot.image.bounds[2], 1);
  });

  it("draws every macro primitive", () => {
    const plot = plotGerber(
      gerber(
        [
          "%AMALL*",
          "1,1,1,0,0*",
          "20,1,0.2,0,0,2,0,45*",
          "21,1,1,0.5,3,0,0*",
          "22,1,1,0.5,4,0,0*",
          "4,1,3,5,0,6,0,6,1,5,0,0*",
          "5,1,6,8,0,1,0*",
          "6,10,0,1,0.1,0.1,2,0.05,1.2,0*",
          "7,12,0,1,0.6,0.1,0*%",
          "%ADD30ALL*%",
          "D30*",
          "X0Y0D03*",
        ].join("\n"),
      ),
    );
    expect(plot.warnings).toEqual([]);
    close(plot.image.bounds[0], -0.5);
    // The thermal's gaps cut its rightmost point: 12 + sqrt(0.5² - 0.05²).
    close(plot.image.bounds[2], 12 + Math.sqrt(0.25 - 0.0025));
  });

  it("interpolates multi-quadrant arcs, full circles included", () => {
    const plot = plotGerber(
      gerber(
        "%ADD10C,0*%\nD10*\nG75*\nX1000000Y0D02*\nG03X1000000Y0I-1000000J0D01*",
        "%FSLAX26Y26*%\n%MOMM*%\n",
      ),
      {
        collectPaths: true,
      },
    );
    const [minX, minY, maxX, maxY] = plot.image.bounds;
    close(minX, -1, 2);
    close(maxX, 1, 2);
    close(minY, -1, 2);
    close(maxY, 1, 2);
    expect(plot.paths[0]!.points.length).toBeGreaterThan(100);
  });

  it("finds the centre of single-quadrant (G74) arcs from unsigned offsets", () => {
    // A quarter circle from (1,0) to (0,1) around the origin, counter-clockwise: I and J are unsigned.
    const plot = plotGerber(gerber("%ADD10C,0*%\nD10*\nG74*\nX1000000Y0D02*\nG03X0Y1000000I1000000J0D01*"), {
      collectPaths: true,
    });
    const points = plot.paths[0]!.points;
    for (let k = 0; k < points.length; k += 2) close(Math.hypot(points[k]!, points[k + 1]!), 1, 4);
  });

  it("fills regions, closes each contour and keeps clear polarity", () => {
    const plot = plotGerber(
      gerber(
        "G36*\nX0Y0D02*\nG01*\nX4000000Y0D01*\nY4000000D01*\nX0D01*\nX0Y0D01*\nG37*\n%LPC*%\n%ADD10C,1*%\nD10*\nX2000000Y2000000D03*\n%LPD*%",
      ),
      { collectPaths: true },
    );
    expect(plot.regions).toHaveLength(1);
    expect(count(plot.image, OP.CLEAR)).toBe(1);
    expect(count(plot.image, OP.DARK)).toBe(1);
    close(plot.image.bounds[2], 4);
  });

  it("repeats step-and-repeat blocks and flashes block apertures", () => {
    const sr = plotGerber(gerber("%ADD10C,1*%\n%SRX3Y2I10J5*%\nD10*\nX0Y0D03*\n%SR*%"));
    close(sr.image.bounds[2], 20.5);
    close(sr.image.bounds[3], 5.5);
    const block = plotGerber(
      gerber(
        "%ADD10C,1*%\n%ABD20*%\nD10*\nX0Y0D03*\nX2000000Y0D03*\n%AB*%\nD20*\nX10000000Y0D03*\nX20000000Y0D03*",
      ),
    );
    close(block.image.bounds[0], 9.5);
    close(block.image.bounds[2], 22.5);
  });

  it("rotates and scales flashes with LR and LS", () => {
    const plot = plotGerber(gerber("%ADD10R,4X1*%\n%LR90*%\n%LS0.5*%\nD10*\nX0Y0D03*"));
    close(plot.image.bounds[2], 0.25);
    close(plot.image.bounds[3], 1);
  });

  it("reads X2 attributes from commands and from G04 #@! comments", () => {
    expect(
      plotGerber(gerber("%TF.FileFunction,Copper,L2,Inr*%\n%ADD10C,1*%")).attributes.FileFunction,
    ).toEqual(["Copper", "L2", "Inr"]);
    expect(
      sniffGerber("G04 #@! TF.FileFunction,Soldermask,Bot*\n%FSLAX46Y46*%").attributes.FileFunction,
    ).toEqual(["Soldermask", "Bot"]);
  });

  it("understands the deprecated forms old tools write", () => {
    // G54D10, G70 inch, D-codes with one digit, coordinates without D01 after a first D01.
    const plot = plotGerber(
      "%FSLAX23Y23*%\nG70*\n%ADD10C,0.010*%\nG54D10*\nX0Y0D02*\nX1000Y0D01*\nX1000Y1000*\nM02*",
    );
    expect(plot.units).toBe("in");
    close(plot.image.bounds[3], 25.4 + 0.127);
  });

  it("rejects text that is not Gerber and survives truncated files", () => {
    expect(() => plotGerber("Hello, this is a letter.\nNothing to see*")).toThrow();
    const truncated = gerber("%ADD10C,1*%\nD10*\nX0Y0D03*\nX1000000Y0D0").slice(0, -6);
    expect(plotGerber(truncated).objects).toBeGreaterThan(0);
  });
});
