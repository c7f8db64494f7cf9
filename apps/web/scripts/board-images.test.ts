import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BOARD_COLOURS, FINISH_COLOURS } from "@ems/gerber/stackup";

import { BOARDS } from "../app/features/marketing/boards.ts";
import { buildBoardImages, siteJobs, type BoardImageJob } from "./board-images";

/**
 * A 20 × 20 mm board in mm coordinates: a 4 mm square pad at (5, 10) on top with a mask opening over
 * it, a 2 mm wide trace under the top mask from (12, 4) to (12, 16), nothing on the bottom but its mask,
 * and a 3 mm hole at (15, 15).
 */
const gerber = (body: string) => `%FSLAX46Y46*%\n%MOMM*%\n${body}\nM02*\n`;
const mm = (v: number) => Math.round(v * 1e6);
const FILES: Record<string, string> = {
  "test.gko": gerber(
    `%ADD10C,0.1*%\nD10*\nX0Y0D02*\nX${mm(20)}Y0D01*\nX${mm(20)}Y${mm(20)}D01*\nX0Y${mm(20)}D01*\nX0Y0D01*`,
  ),
  "test.gtl": gerber(
    `%ADD10R,4X4*%\n%ADD11C,2*%\nD10*\nX${mm(5)}Y${mm(10)}D03*\nD11*\nX${mm(12)}Y${mm(4)}D02*\nX${mm(12)}Y${mm(16)}D01*`,
  ),
  "test.gts": gerber(`%ADD10R,4.2X4.2*%\nD10*\nX${mm(5)}Y${mm(10)}D03*`),
  "test.gbs": gerber(`%ADD10R,1X1*%\nD10*\nX${mm(15)}Y${mm(5)}D03*`),
  "test.gbl": gerber(`%ADD10R,1X1*%\nD10*\nX${mm(15)}Y${mm(5)}D03*`),
  "test.drl": "M48\nMETRIC\nT1C3.000\n%\nT1\nX15.000Y15.000\nM30\n",
};

const SIZE = { width: 440, height: 440 };
const JOB: BoardImageJob = { id: "test", source: { set: "test-set", mask: "green", finish: "enig" } };

let dir = "";
let fixturesDir = "";
let outDir = "";
let cacheDir = "";

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "board-images-"));
  fixturesDir = path.join(dir, "fixtures");
  outDir = path.join(dir, "images");
  cacheDir = path.join(dir, "cache");
  await mkdir(path.join(fixturesDir, "test-set"), { recursive: true });
  for (const [name, text] of Object.entries(FILES))
    await writeFile(path.join(fixturesDir, "test-set", name), text);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pixels(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

type Image = Awaited<ReturnType<typeof pixels>>;

/** The board is drawn 0.86 × 440 px for 22 mm (the board and 1 mm of margin), centred, 2 % high. */
function at(image: Image, xMm: number, yMm: number, mirror = false): [number, number, number, number] {
  const scale = Math.floor(22 * ((SIZE.width * 0.86) / 22)) / 22;
  const face = Math.round(22 * scale);
  const left = Math.round((SIZE.width - face) / 2);
  const top = Math.round((SIZE.height - face) / 2) - Math.round(SIZE.height * 0.02);
  const x = Math.round(left + ((mirror ? 20 - xMm : xMm) + 1) * scale);
  const y = Math.round(top + (21 - yMm) * scale);
  const i = (y * image.info.width + x) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!];
}

function near(pixel: [number, number, number, number], hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  const want = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return pixel[3] === 255 && want.every((c, k) => Math.abs(c - pixel[k]!) <= 6);
}

describe("buildBoardImages", () => {
  it("draws mask, copper under mask and finished pads inside the outline, and nothing outside it or in holes", async () => {
    const { written } = await buildBoardImages({ fixturesDir, outDir, cacheDir, jobs: [JOB], size: SIZE });
    expect(written.map((f) => path.basename(f)).sort()).toEqual([
      "board-test-bottom.png",
      "board-test-top.png",
    ]);
    const top = await pixels(path.join(outDir, "board-test-top.png"));
    expect(top.info).toMatchObject({ width: 440, height: 440, channels: 4 });
    const green = BOARD_COLOURS.green;
    expect(near(at(top, 5, 10), FINISH_COLOURS.enig)).toBe(true);
    expect(near(at(top, 12, 10), green.copperUnderMask)).toBe(true);
    expect(near(at(top, 8, 17), green.mask)).toBe(true);
    // The hole is see-through: what shows there is at most the board's own edge, never the mask.
    expect(near(at(top, 15, 15), green.mask)).toBe(false);
    expect(at(top, 15, 15)[3]).toBeLessThan(255);
    // The canvas corner, far from board and shadow, is transparent.
    expect(top.data[3]).toBe(0);
  });

  it("draws the bottom side mirrored, with its own layers", async () => {
    const top = await pixels(path.join(outDir, "board-test-top.png"));
    const bottom = await pixels(path.join(outDir, "board-test-bottom.png"));
    expect(Buffer.compare(top.data, bottom.data)).not.toBe(0);
    // The top's pad is not on the bottom; the bottom's own pad is, seen from below (mirrored).
    expect(near(at(bottom, 5, 10, true), BOARD_COLOURS.green.mask)).toBe(true);
    expect(near(at(bottom, 15, 5, true), FINISH_COLOURS.enig)).toBe(true);
  });

  it("skips a board whose inputs did not change, and draws it again when a file did", async () => {
    const file = path.join(outDir, "board-test-top.png");
    const before = (await stat(file)).mtimeMs;
    const again = await buildBoardImages({ fixturesDir, outDir, cacheDir, jobs: [JOB], size: SIZE });
    expect(again.written).toEqual([]);
    expect(again.skipped).toHaveLength(2);
    expect((await stat(file)).mtimeMs).toBe(before);

    const silk = path.join(fixturesDir, "test-set", "test.gto");
    await writeFile(silk, gerber(`%ADD10C,0.3*%\nD10*\nX${mm(2)}Y${mm(2)}D02*\nX${mm(8)}Y${mm(2)}D01*`));
    const changed = await buildBoardImages({ fixturesDir, outDir, cacheDir, jobs: [JOB], size: SIZE });
    expect(changed.written).toHaveLength(2);
    expect(near(at(await pixels(file), 5, 2), BOARD_COLOURS.green.silkscreen)).toBe(true);
  });

  it("draws a missing output again even when the stamp matches", async () => {
    await rm(path.join(outDir, "board-test-bottom.png"));
    const { written } = await buildBoardImages({ fixturesDir, outDir, cacheDir, jobs: [JOB], size: SIZE });
    expect(written).toHaveLength(2);
    expect(await readFile(path.join(outDir, "board-test-bottom.png"))).toBeInstanceOf(Buffer);
  });

  it("lists every board of the site, the hero's board with the hero picture", () => {
    const jobs = siteJobs();
    expect(jobs.map((job) => job.source.set).sort()).toEqual(
      Object.values(BOARDS)
        .map((b) => b.set)
        .sort(),
    );
    expect(jobs.filter((job) => job.hero)).toHaveLength(1);
  });
});
