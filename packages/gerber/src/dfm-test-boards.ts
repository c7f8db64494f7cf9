/**
 * Small synthetic boards for the board data and manufacturability tests: Gerber and Excellon text
 * written in millimetres, named the KiCad way so identification needs no help.
 */
import { buildBoard, type Board } from "./board.ts";
import type { DfmLimits } from "./dfm.ts";

const coordinate = (mm: number) => Math.round(mm * 1e6).toString();
const at = (x: number, y: number) => `X${coordinate(x)}Y${coordinate(y)}`;

/** A Gerber file in mm with 6 decimals. */
export const gerber = (...lines: string[]): string => `%FSLAX46Y46*%\n%MOMM*%\n${lines.join("\n")}\nM02*\n`;

/** Defines aperture `code` as a circle of diameter d and selects it. */
export const circle = (code: number, diameter: number): string => `%ADD${code}C,${diameter}*%\nD${code}*`;
/** Defines aperture `code` as a w × h rectangle and selects it. */
export const rectangle = (code: number, width: number, height: number): string =>
  `%ADD${code}R,${width}X${height}*%\nD${code}*`;
export const track = (x0: number, y0: number, x1: number, y1: number): string =>
  `${at(x0, y0)}D02*\n${at(x1, y1)}D01*`;
export const flash = (x: number, y: number): string => `${at(x, y)}D03*`;
export const dark = "%LPD*%";
export const clear = "%LPC*%";

/** A filled region through the points, closed back to the first. */
export const region = (...points: [number, number][]): string => {
  const [first, ...rest] = points;
  return [
    "G36*",
    `${at(first![0], first![1])}D02*`,
    ...rest.map(([x, y]) => `${at(x, y)}D01*`),
    `${at(first![0], first![1])}D01*`,
    "G37*",
  ].join("\n");
};

/** The outline of a w × h board with its corner at the origin. */
export const outline = (width = 20, height = 20): string =>
  gerber(
    circle(10, 0.1),
    track(0, 0, width, 0),
    track(width, 0, width, height),
    track(width, height, 0, height),
    track(0, height, 0, 0),
  );

/** An Excellon file: tools as [diameter, holes as [x, y] or slots as [x0, y0, x1, y1]][]. */
export const excellon = (...tools: [number, number[][]][]): string =>
  [
    "M48",
    "METRIC",
    ...tools.map(([diameter], index) => `T${index + 1}C${diameter.toFixed(3)}`),
    "%",
    "G90",
    "G05",
    ...tools.flatMap(([, hits], index) => [
      `T${index + 1}`,
      ...hits.map((hit) =>
        hit.length === 2
          ? `X${hit[0]!.toFixed(3)}Y${hit[1]!.toFixed(3)}`
          : `X${hit[0]!.toFixed(3)}Y${hit[1]!.toFixed(3)}G85X${hit[2]!.toFixed(3)}Y${hit[3]!.toFixed(3)}`,
      ),
    ]),
    "M30",
  ].join("\n");

/** A board from named file contents. */
export function boardOf(files: Record<string, string>): Board {
  const encoder = new TextEncoder();
  return buildBoard(Object.entries(files).map(([name, text]) => ({ name, bytes: encoder.encode(text) })));
}

/** Limits of a typical fab, for tests that change one at a time. */
export const TEST_LIMITS: DfmLimits = {
  minTrackMm: 0.1,
  minClearanceMm: 0.1,
  minAnnularRingMm: 0.1,
  minDrillMm: 0.2,
  minHoleToHoleMm: 0.25,
  minCopperToEdgeMm: 0.3,
  minDrillToEdgeMm: 0.4,
  minSilkscreenToPadMm: 0.1,
};
