import { describe, expect, it } from "vitest";

import {
  centreOn,
  findingSide,
  MAX_SCALE,
  measure,
  panBy,
  pinShownIn,
  toBoard,
  toMil,
  toScreen,
  viewForFinding,
  zoomAt,
} from "./view-math";

describe("view math", () => {
  const t = { scale: 10, originX: 100, originY: 500 };

  it("converts between screen and board both ways, mirrored for the bottom view", () => {
    for (const mirror of [false, true]) {
      const p = { x: 12.5, y: -3.25 };
      const s = toScreen(t, mirror, p);
      const back = toBoard(t, mirror, s.x, s.y);
      expect(back.x).toBeCloseTo(p.x, 9);
      expect(back.y).toBeCloseTo(p.y, 9);
    }
    // y grows upwards on the board and downwards on screen; the bottom view flips x.
    expect(toScreen(t, false, { x: 1, y: 1 })).toEqual({ x: 110, y: 490 });
    expect(toScreen(t, true, { x: 1, y: 1 })).toEqual({ x: 90, y: 490 });
  });

  it("zooms about the pointer, keeping the board point under it", () => {
    const before = toBoard(t, false, 300, 200);
    const zoomed = zoomAt(t, 2, 300, 200);
    expect(zoomed.scale).toBe(20);
    const after = toBoard(zoomed, false, 300, 200);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(zoomAt(t, 1e9, 0, 0).scale).toBe(4000);
    expect(panBy(t, 5, -5)).toEqual({ scale: 10, originX: 105, originY: 495 });
  });

  it("measures distance, offsets and angle, and converts to mil", () => {
    const m = measure({ x: 0, y: 0 }, { x: 3, y: 4 });
    expect(m.distance).toBe(5);
    expect(m.dx).toBe(3);
    expect(m.dy).toBe(4);
    expect(m.angle).toBeCloseTo(53.13, 2);
    expect(toMil(0.254)).toBeCloseTo(10, 9);
  });

  it("centres a board point on the canvas at a scale, also seen from below", () => {
    for (const mirror of [false, true]) {
      const t = centreOn({ x: 12.5, y: -3 }, 40, mirror, 800, 600);
      expect(t.scale).toBe(40);
      const screen = toScreen(t, mirror, { x: 12.5, y: -3 });
      expect(screen.x).toBeCloseTo(400);
      expect(screen.y).toBeCloseTo(300);
    }
    expect(centreOn({ x: 0, y: 0 }, 1e9, false, 10, 10).scale).toBe(MAX_SCALE);
  });
});

describe("findings and the board's sides", () => {
  const layers = [
    { id: "board/F_Cu.gbr", fileName: "F_Cu.gbr", side: "top" as const },
    { id: "board/B_Cu.gbr", fileName: "B_Cu.gbr", side: "bottom" as const },
    { id: "board/In1_Cu.gbr", fileName: "In1_Cu.gbr", side: "inner" as const },
  ];

  it("finds a finding's side by its layer's id or file name; the board as a whole is on all sides", () => {
    expect(findingSide("board/B_Cu.gbr", layers)).toBe("bottom");
    expect(findingSide("F_Cu.gbr", layers)).toBe("top");
    expect(findingSide("board/In1_Cu.gbr", layers)).toBe("inner");
    expect(findingSide(null, layers)).toBe("all");
    expect(findingSide("gone.gbr", layers)).toBe("all");
  });

  it("opens the bottom view for a bottom finding and keeps a top or bottom view for the rest", () => {
    expect(viewForFinding("bottom", "top")).toBe("bottom");
    expect(viewForFinding("top", "bottom")).toBe("top");
    expect(viewForFinding("inner", "bottom")).toBe("bottom");
    expect(viewForFinding("all", "layers")).toBe("top");
  });

  it("pins a finding only in the views of its side", () => {
    expect(pinShownIn("bottom", "top")).toBe(false);
    expect(pinShownIn("bottom", "bottom")).toBe(true);
    expect(pinShownIn("top", "bottom")).toBe(false);
    expect(pinShownIn("inner", "top")).toBe(true);
    expect(pinShownIn("all", "bottom")).toBe(true);
    expect(pinShownIn("bottom", "layers")).toBe(true);
  });
});
