/**
 * Worker of `npm run bench:gerber` (bench/gerber-bench.ts), forked once per engine and set:
 *
 *   node --import tsx bench/gerber-reference.ts <engine> <set dir> <runs> [warm-up ms]
 *
 * engine: "ours" | "pcb-stackup" | "tracespace". It reads every file of the set from disk and
 * prepares the engine's input (before any timing), reports `ready`, then calls the engine to warm it
 * up until the warm-up time has passed (at least once), then does `runs` timed calls; every call is
 * timed with performance.now() around the call only and reported as soon as it ends (warm-ups marked
 * as such), so that the parent can cap every call. With the engine "ours" this is also the memory
 * probe: `done` carries process.resourceUsage().maxRSS.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type PcbStackup from "pcb-stackup";

export const ENGINES = ["ours", "pcb-stackup", "tracespace"] as const;
export type Engine = (typeof ENGINES)[number];

/** What an engine made of a set, taken from the result of the warm-up call (not timed). */
export interface RunSummary {
  /** Files given a known layer type. */
  layers: number;
  /** Board size in mm; null when the engine gives none. */
  width: number | null;
  height: number | null;
  /** Ours only: what each file was taken for ("copper/top") and where the size came from. */
  identified?: Record<string, string>;
  sizeSource?: string;
  copperLayers?: number;
}

export type WorkerMessage =
  | { type: "ready"; files: number }
  | { type: "run"; ms: number; warmup: boolean; summary?: RunSummary }
  | { type: "done"; maxRssKiB: number }
  | { type: "error"; message: string };

interface SetFile {
  name: string;
  bytes: Uint8Array;
}

/** The files of one set, in name order (plain files only, no sub-folders). */
export function readSet(dir: string): SetFile[] {
  return readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isFile())
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(path.join(dir, name))) }));
}

const inchToMm = (value: number, units: string | null | undefined) => (units === "in" ? value * 25.4 : value);

/** One engine on one set: input prepared up front, `call` is exactly what is timed. */
interface Prepared {
  call: () => Promise<unknown>;
  summarize: (result: unknown) => RunSummary;
}

async function prepareOurs(files: SetFile[]): Promise<Prepared> {
  const { buildBoard } = await import("@ems/gerber/board");
  return {
    call: async () => buildBoard(files),
    summarize: (result) => {
      const board = result as ReturnType<typeof buildBoard>;
      // A layer nothing identified falls back to "drawing" by geometry: that is not an identification.
      const layers = board.layers.filter((layer) => layer.identity.source !== "geometry").length;
      const sized = board.sizeSource !== "none";
      return {
        layers,
        width: sized ? board.width : null,
        height: sized ? board.height : null,
        identified: Object.fromEntries(
          board.layers.map((layer) => [layer.fileName, `${layer.type}/${layer.side}`]),
        ),
        sizeSource: board.sizeSource,
        copperLayers: board.copperLayers,
      };
    },
  };
}

async function preparePcbStackup(files: SetFile[]): Promise<Prepared> {
  const { default: pcbStackup } = await import("pcb-stackup");
  const layers = files.map((file) => ({ filename: file.name, gerber: Buffer.from(file.bytes) }));
  return {
    // Parse, plot and render of every layer (gerber-to-svg) and of the top and bottom views
    // (pcb-stackup-core, SVG strings): everything up to pcbStackup's callback.
    call: () =>
      new Promise<PcbStackup.Stackup>((resolve, reject) =>
        pcbStackup(layers, (error, stackup) => (error ? reject(error) : resolve(stackup))),
      ),
    summarize: (result) => {
      const stackup = result as PcbStackup.Stackup;
      // whats-that-gerber gives type null to a file it does not recognise.
      const identified = stackup.layers.filter((layer) => layer.type != null).length;
      const { width, height, units } = stackup.top;
      const sized = Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0;
      return {
        layers: identified,
        width: sized ? inchToMm(width, units) : null,
        height: sized ? inchToMm(height, units) : null,
      };
    },
  };
}

/**
 * Node has File but no FileReader, which @tracespace/core's read() uses for File objects (a path
 * string would make it read the disk inside the timing). This is the part of FileReader it calls.
 */
class MemoryFileReader extends EventTarget {
  result: string | null = null;
  error: unknown = null;
  readAsText(blob: Blob): void {
    blob.text().then(
      (text) => {
        this.result = text;
        this.dispatchEvent(new Event("load"));
      },
      (error: unknown) => {
        this.error = error;
        this.dispatchEvent(new Event("error"));
      },
    );
  }
}

async function prepareTracespace(files: SetFile[]): Promise<Prepared> {
  const core = await import("@tracespace/core");
  const global = globalThis as { FileReader?: unknown };
  global.FileReader ??= MemoryFileReader;
  const inputs = files.map((file) => new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  type Plotted = ReturnType<typeof core.plot>;
  return {
    // read (decode + parse + identify), plot, render every layer, render the top and bottom
    // views, and stringify those two views to SVG text (what pcb-stackup hands back).
    call: async () => {
      const readResult = await core.read(inputs);
      const plotResult = core.plot(readResult);
      const board = core.renderBoard(core.renderLayers(plotResult));
      return { plotResult, svg: [core.stringifySvg(board.top), core.stringifySvg(board.bottom)] };
    },
    summarize: (result) => {
      const { plotResult } = result as { plotResult: Plotted };
      const identified = plotResult.layers.filter((layer) => layer.type != null).length;
      const size = plotResult.boardShape.size;
      if (size.length !== 4) return { layers: identified, width: null, height: null };
      // Plot trees stay in each file's units. A board shape found in the outline layer is in that
      // layer's units; without one the size is the sum of all boxes: take the units most files use.
      const outline = plotResult.layers.find((layer) => layer.type === "outline");
      const trees = plotResult.layers.map((layer) => plotResult.plotTreesById[layer.id]!);
      const inches = trees.filter((tree) => tree.units === "in").length;
      const units =
        outline && !plotResult.boardShape.failureReason
          ? plotResult.plotTreesById[outline.id]!.units
          : inches > trees.length / 2
            ? "in"
            : "mm";
      return {
        layers: identified,
        width: inchToMm(size[2] - size[0], units),
        height: inchToMm(size[3] - size[1], units),
      };
    },
  };
}

const PREPARE: Record<Engine, (files: SetFile[]) => Promise<Prepared>> = {
  ours: prepareOurs,
  "pcb-stackup": preparePcbStackup,
  tracespace: prepareTracespace,
};

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (process.send) process.send(message, () => resolve());
    else {
      console.log(JSON.stringify(message));
      resolve();
    }
  });
}

const errorMessage = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim() || "unknown error";

async function fail(error: unknown): Promise<never> {
  await send({ type: "error", message: errorMessage(error) });
  process.exit(1);
}

async function work(engine: Engine, dir: string, runs: number, warmupMs: number): Promise<void> {
  const files = readSet(dir);
  const prepared = await PREPARE[engine](files);
  await send({ type: "ready", files: files.length });
  const timed = async () => {
    const start = performance.now();
    const result = await prepared.call();
    return { ms: performance.now() - start, result };
  };
  // Warm-up by time, not by count: a small set needs dozens of calls before V8 has compiled its hot
  // paths (the server parses upload after upload in one long-lived worker), a large one is warm after
  // one. Every engine gets the same time.
  const warmUntil = performance.now() + warmupMs;
  let first = true;
  do {
    const { ms, result } = await timed();
    await send(
      first
        ? { type: "run", ms, warmup: true, summary: prepared.summarize(result) }
        : { type: "run", ms, warmup: true },
    );
    first = false;
  } while (performance.now() < warmUntil);
  // No forced collection between the warm-up and the timed runs (there was one): a full collection
  // shrinks the heap and throws away compiled code and regular expressions, which no parse in real
  // use goes through; it made the timed runs of a small set measure V8 recompiling (our engine 15 ms
  // instead of 2 ms on a 12-file set, the references less). Every engine runs in its own worker, so
  // none inherits another's garbage.
  for (let i = 0; i < runs; i++) {
    const { ms } = await timed();
    await send({ type: "run", ms, warmup: false });
  }
  await send({ type: "done", maxRssKiB: process.resourceUsage().maxRSS });
  process.exit(0);
}

if (path.resolve(process.argv[1] ?? "") === import.meta.filename) {
  const [engine, dir, runs, warmupMs = "0"] = process.argv.slice(2);
  process.on("uncaughtException", (error) => void fail(error));
  process.on("unhandledRejection", (error) => void fail(error));
  if (!ENGINES.includes(engine as Engine) || !dir || !(Number(runs) >= 0) || !(Number(warmupMs) >= 0)) {
    void fail(new Error(`usage: gerber-reference.ts <${ENGINES.join("|")}> <set dir> <runs> [warm-up ms]`));
  } else {
    work(engine as Engine, dir, Number(runs), Number(warmupMs)).catch(fail);
  }
}
