import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp, { type OverlayOptions } from "sharp";

import { buildBoard, type Board } from "@ems/gerber/board";
import { boardToSvg, svgInPixels } from "@ems/gerber/render-svg";
import { BOARD_COLOURS, FINISH_COLOURS, type BoardColours, type Side } from "@ems/gerber/stackup";

import {
  BOARD_IMAGE_SIZE,
  BOARDS,
  HERO_BOARD,
  HERO_IMAGE_NAME,
  boardImageName,
  type BoardSource,
} from "../app/features/marketing/boards.ts";

/**
 * Board pictures (docs/behaviour/public-site.md#board-pictures): the open-hardware boards of
 * fixtures/gerbers, drawn by our Gerber engine (buildBoard + boardToSvg: mask over copper, the finish
 * where the mask opens, silkscreen, holes cut through) and rasterised by sharp, then given the FR4
 * edge of a 1.6 mm board seen slightly from above and a soft shadow. The PNGs land in apps/web/images,
 * where scripts/responsive-images.ts makes the WebP widths. A picture whose inputs (fixture files,
 * its entry in the board list, the engine and this script) are unchanged is not drawn again.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, "../../..");

/** The board fills this share of the canvas's width or height, leaving room for edge and shadow. */
const FILL = 0.86;
/** FR4 seen at the board's edge (natural glass-epoxy, a little darker than the substrate under the mask). */
const FR4_EDGE = "#a8976a";

export interface BoardImageJob {
  id: string;
  source: Pick<BoardSource, "set" | "mask" | "finish">;
  /** Draws the hero composition (top in front of the bottom) as well. */
  hero?: boolean;
}

export interface BoardImageOptions {
  fixturesDir: string;
  outDir: string;
  cacheDir: string;
  jobs: BoardImageJob[];
  size?: { width: number; height: number };
}

export interface BoardImageResult {
  written: string[];
  skipped: string[];
}

export function boardColours(source: Pick<BoardSource, "mask" | "finish">): BoardColours {
  return { ...BOARD_COLOURS[source.mask], finish: FINISH_COLOURS[source.finish] };
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** A flat colour with the given alpha channel (one byte a pixel), as raw RGBA. */
function tinted(alpha: Buffer, colour: string, opacity = 1): Buffer {
  const [r, g, b] = rgb(colour);
  const out = Buffer.alloc(alpha.length * 4);
  for (let i = 0; i < alpha.length; i++) {
    out[4 * i] = r;
    out[4 * i + 1] = g;
    out[4 * i + 2] = b;
    out[4 * i + 3] = Math.round(alpha[i]! * opacity);
  }
  return out;
}

const canvas = (size: { width: number; height: number }) =>
  sharp({
    create: {
      width: size.width,
      height: size.height,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  });

interface Face {
  rgba: Buffer;
  width: number;
  height: number;
}

/** One side as the engine draws it, `pixels` on its longer side, transparent around the outline and in the holes. */
async function drawFace(board: Board, side: Side, colours: BoardColours, pixels: number): Promise<Face> {
  const svg = svgInPixels(boardToSvg(board, side, colours), pixels);
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: data, width: info.width, height: info.height };
}

/**
 * The face with its edge and shadow, as layers for sharp's composite onto a canvas of `size` with the
 * face at (left, top): the edge is the board's silhouette moved down by its thickness in FR4, the
 * shadow the silhouette blurred, drawn on a sheet of the canvas's size (sharp composites nothing larger).
 */
async function slab(
  face: Face,
  left: number,
  top: number,
  size: { width: number; height: number },
): Promise<OverlayOptions[]> {
  const raw = { width: face.width, height: face.height, channels: 4 as const };
  const alpha = await sharp(face.rgba, { raw }).extractChannel(3).raw().toBuffer();
  const thickness = Math.max(2, Math.round(Math.max(face.width, face.height) * 0.012));
  const silhouette = await sharp(tinted(alpha, "#000000", 0.45), { raw })
    .png()
    .toBuffer();
  const sheet = await canvas(size)
    .composite([{ input: silhouette, left: left + thickness, top: top + thickness * 3 }])
    .png()
    .toBuffer();
  const shadow = await sharp(sheet)
    .blur(Math.max(2, thickness * 2.5))
    .png()
    .toBuffer();
  const edge = await sharp(tinted(alpha, FR4_EDGE), { raw }).png().toBuffer();
  const layers: OverlayOptions[] = [{ input: shadow, left: 0, top: 0 }];
  // Several steps, so thin parts of the outline give a continuous edge rather than a copy below.
  for (let step = thickness; step > 0; step -= Math.max(1, Math.floor(thickness / 3)))
    layers.push({ input: edge, left, top: top + step });
  layers.push({ input: await sharp(face.rgba, { raw }).png().toBuffer(), left, top });
  return layers;
}

/** The longer side in pixels that fits the board's proportions into `box`. */
function fitPixels(board: Board, box: { width: number; height: number }): number {
  // boardToSvg draws 1 mm of margin around the board.
  const w = board.width + 2;
  const h = board.height + 2;
  const scale = Math.min(box.width / w, box.height / h);
  return Math.floor(Math.max(w, h) * scale);
}

/** One side centred on a transparent canvas of `size`, as PNG. */
export async function renderBoardSide(
  board: Board,
  side: Side,
  colours: BoardColours,
  size: { width: number; height: number } = BOARD_IMAGE_SIZE,
): Promise<Buffer> {
  const face = await drawFace(
    board,
    side,
    colours,
    fitPixels(board, { width: size.width * FILL, height: size.height * FILL }),
  );
  const left = Math.round((size.width - face.width) / 2);
  const top = Math.round((size.height - face.height) / 2) - Math.round(size.height * 0.02);
  return canvas(size)
    .composite(await slab(face, left, top, size))
    .png()
    .toBuffer();
}

/** The hero: the top side in front, the bottom side behind it to the upper right. */
export async function renderHero(
  board: Board,
  colours: BoardColours,
  size: { width: number; height: number } = BOARD_IMAGE_SIZE,
): Promise<Buffer> {
  const pixels = fitPixels(board, { width: size.width * 0.68, height: size.height * 0.74 });
  const back = await drawFace(board, "bottom", colours, Math.round(pixels * 0.9));
  const front = await drawFace(board, "top", colours, pixels);
  const backLayers = await slab(
    back,
    size.width - back.width - Math.round(size.width * 0.05),
    Math.round(size.height * 0.04),
    size,
  );
  const frontLayers = await slab(
    front,
    Math.round(size.width * 0.06),
    size.height - front.height - Math.round(size.height * 0.09),
    size,
  );
  return canvas(size)
    .composite([...backLayers, ...frontLayers])
    .png()
    .toBuffer();
}

async function filesOf(dir: string): Promise<{ name: string; bytes: Uint8Array }[]> {
  const names = (await readdir(dir)).sort();
  return Promise.all(
    names.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(path.join(dir, name))) })),
  );
}

/** What every picture depends on besides its fixture files: the engine's sources and this script. */
async function rendererHash(): Promise<string> {
  const hash = createHash("sha256");
  const engine = path.join(REPO, "packages/gerber/src");
  for (const name of (await readdir(engine)).sort()) {
    if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
    hash.update(name).update(await readFile(path.join(engine, name)));
  }
  hash.update(await readFile(fileURLToPath(import.meta.url)));
  return hash.digest("hex");
}

/** Draws the pictures of `jobs` whose inputs changed since the last run (a stamp per board in cacheDir). */
export async function buildBoardImages(options: BoardImageOptions): Promise<BoardImageResult> {
  const size = options.size ?? BOARD_IMAGE_SIZE;
  await mkdir(options.outDir, { recursive: true });
  await mkdir(options.cacheDir, { recursive: true });
  const renderer = await rendererHash();
  const result: BoardImageResult = { written: [], skipped: [] };
  // Boards are drawn one after the other: parsing is single-threaded JavaScript and sharp already
  // spreads each rasterisation over the cores.
  for (const job of options.jobs) {
    const files = await filesOf(path.join(options.fixturesDir, job.source.set));
    const hash = createHash("sha256").update(renderer).update(JSON.stringify({ job, size }));
    for (const file of files) hash.update(file.name).update(file.bytes);
    const digest = hash.digest("hex");
    const outputs = (["top", "bottom"] as const).map((side) => ({
      side,
      file: path.join(options.outDir, `${boardImageName(job.id, side)}.png`),
    }));
    const heroFile = path.join(options.outDir, `${HERO_IMAGE_NAME}.png`);
    const all = [...outputs.map((o) => o.file), ...(job.hero ? [heroFile] : [])];
    const stampFile = path.join(options.cacheDir, `${job.id}.sha256`);
    const stamp = await readFile(stampFile, "utf8").catch(() => "");
    const present = await Promise.all(
      all.map((file) =>
        stat(file).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (stamp === digest && present.every(Boolean)) {
      result.skipped.push(...all);
      continue;
    }
    const board = buildBoard(files);
    const colours = boardColours(job.source);
    for (const { side, file } of outputs) {
      await writeFile(file, await renderBoardSide(board, side, colours, size));
      result.written.push(file);
    }
    if (job.hero) {
      await writeFile(heroFile, await renderHero(board, colours, size));
      result.written.push(heroFile);
    }
    await writeFile(stampFile, digest);
  }
  return result;
}

/** The site's boards (app/features/marketing/boards.ts) as jobs. */
export function siteJobs(): BoardImageJob[] {
  return Object.entries(BOARDS).map(([id, source]) => ({ id, source, hero: id === HERO_BOARD }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const web = path.resolve(here, "..");
  const started = performance.now();
  const { written } = await buildBoardImages({
    fixturesDir: path.join(REPO, "fixtures/gerbers"),
    outDir: path.join(web, "images"),
    cacheDir: path.join(REPO, "node_modules/.cache/board-images"),
    jobs: siteJobs(),
  });
  if (written.length > 0)
    console.log(
      `Board images: ${written.length} pictures drawn in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
}
