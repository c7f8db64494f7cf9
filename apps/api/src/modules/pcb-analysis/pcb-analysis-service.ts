/**
 * Reads an uploaded Gerber zip into board data, a DFM report and top and bottom previews.
 *
 * The engine's work (unpacking, parsing, plotting, the checks, the SVG) runs in a worker thread, one
 * analysis at a time per process: on a two-core machine a second busy worker would take the core
 * the API answers requests on. The worker has a heap limit and a wall-clock limit; a worker that
 * runs over, crashes or runs out of memory is ended and the next analysis gets a fresh one.
 * The previews are rasterised here with sharp, whose work runs on libuv's thread pool, not on the
 * event loop; loading its native addon in worker threads that are terminated and restarted would
 * load it again in each, which native addons handle poorly.
 */
import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { BoardData } from "@ems/gerber/board-data";
import type { DfmReport, DfmSpecification } from "@ems/gerber/dfm";
import { ZIP_LIMITS } from "@ems/gerber/zip";
import type { FileStorage } from "@ems/storage/file-storage";

import type {
  AnalysisProblem,
  AnalysisRequest,
  AnalysisResponse,
  RefusalCode,
} from "./pcb-analysis-protocol.ts";

export interface GerberAnalysis {
  board: BoardData;
  dfm: DfmReport;
  /** sha256 of the PNGs put into the FileStorage; null when a side could not be rendered. */
  previews: { top: string | null; bottom: string | null };
  /** Entries of the archive that were left out, and why (as the public viewer lists them). */
  problems: AnalysisProblem[];
}

export type GerberAnalysisErrorCode = RefusalCode | "timeout" | "failed";

export class GerberAnalysisError extends Error {
  constructor(
    readonly code: GerberAnalysisErrorCode,
    readonly problems: AnalysisProblem[] = [],
  ) {
    super(`Gerber analysis failed: ${code}`);
    this.name = "GerberAnalysisError";
  }
}

export interface AnalysisOptions {
  /**
   * Wall-clock limit of one analysis once it is its turn: the worker is ended when it runs over, and
   * the previews get what is left (at least a second) as sharp's own timeout, a side over it has none.
   */
  timeoutMs?: number;
  /** Heap limit of the worker thread. */
  maxOldGenerationSizeMb?: number;
  /** A side whose SVG is larger gets no preview. */
  maxSvgBytes?: number;
}

export const ANALYSIS_DEFAULTS = { timeoutMs: 60_000, maxOldGenerationSizeMb: 1024 } as const;

/** Pixels on the longer side of a preview. */
export const PREVIEW_PIXELS = 1200;
/**
 * An SVG larger than this is not rasterised (no preview) rather than risk the process's memory: librsvg
 * holds the parsed document. The largest side of the fixture sets is 4.6 MB (a 12-layer board).
 */
export const PREVIEW_MAX_SVG_BYTES = 64 * 1024 * 1024;
/** A PNG of 1200 px a side is a few MB at most; the cap only guards the storage call. */
const PREVIEW_MAX_PNG_BYTES = 32 * 1024 * 1024;

const WORKER_PATH = fileURLToPath(new URL("./pcb-analysis-worker.ts", import.meta.url));
/**
 * The worker is TypeScript, and nothing transforms it on its own: Vitest does not touch worker files,
 * and on Node 20 neither `--import tsx` in the worker's execArgv nor the main thread's loader hooks
 * reach a worker's entry module (ERR_UNKNOWN_FILE_EXTENSION). tsx's require hook does not depend on
 * either, so it works under Vitest and under `node --import tsx` whatever the Node version: a two-line
 * CommonJS bootstrap loads it and then the worker. Both paths are absolute, so the working directory
 * does not matter.
 */
const WORKER_BOOTSTRAP = (() => {
  const tsx = createRequire(import.meta.url).resolve("tsx/cjs");
  return `require(${JSON.stringify(tsx)});\nrequire(${JSON.stringify(WORKER_PATH)});\n`;
})();

export async function analyseGerberZip(
  storage: FileStorage,
  zipSha256: string,
  specification: DfmSpecification,
  options: AnalysisOptions = {},
): Promise<GerberAnalysis> {
  // The archive is read in its turn too: analyses waiting in the queue hold no buffers.
  return queued(async () =>
    runAnalysis(storage, await readArchive(storage, zipSha256), specification, options),
  );
}

/** Ends the idle worker, if any (tests, shutdown). A busy one ends when its analysis does. */
export async function closeGerberAnalysis(): Promise<void> {
  const current = idle;
  idle = null;
  if (current) await current.worker.terminate();
}

/** The stored zip in one buffer of its own (so it can be transferred), refused past the viewer's limit. */
async function readArchive(storage: FileStorage, sha256: string): Promise<ArrayBuffer> {
  const limit = ZIP_LIMITS.archiveBytes;
  const stat = await storage.stat(sha256);
  if (stat && stat.size > limit) throw new GerberAnalysisError("archive-too-large");
  const stream = await storage.open(sha256);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw new GerberAnalysisError("archive-too-large");
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  // Not Buffer.concat: a small result may be a slice of Node's shared pool, which cannot be transferred.
  const zip = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    zip.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return zip.buffer as ArrayBuffer;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `job` after every job queued before it has settled, so at most one analysis is busy. */
function queued<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

interface IdleWorker {
  worker: Worker;
  maxOldGenerationSizeMb: number;
  /** Forgets the worker should it end while idle; removed when it is taken. */
  onEnd: () => void;
}

/** The worker kept between analyses, so each does not pay for starting Node's loader and tsx again. */
let idle: IdleWorker | null = null;

function takeWorker(maxOldGenerationSizeMb: number): Worker {
  const current = idle;
  idle = null;
  if (current) {
    current.worker.off("error", current.onEnd);
    current.worker.off("exit", current.onEnd);
  }
  if (current && current.maxOldGenerationSizeMb === maxOldGenerationSizeMb) {
    current.worker.ref();
    return current.worker;
  }
  if (current) void current.worker.terminate();
  return new Worker(WORKER_BOOTSTRAP, {
    eval: true,
    // Not the parent's flags (an inspector port, loader hooks that fail in a worker on Node 20).
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb },
  });
}

function putBack(worker: Worker, maxOldGenerationSizeMb: number): void {
  // An idle worker must not keep the process alive.
  worker.unref();
  // Without an error listener a worker that dies while idle would throw in the main thread.
  const onEnd = () => {
    if (idle?.worker === worker) idle = null;
  };
  worker.on("error", onEnd);
  worker.on("exit", onEnd);
  idle = { worker, maxOldGenerationSizeMb, onEnd };
}

async function runAnalysis(
  storage: FileStorage,
  zip: ArrayBuffer,
  specification: DfmSpecification,
  options: AnalysisOptions,
): Promise<GerberAnalysis> {
  const timeoutMs = options.timeoutMs ?? ANALYSIS_DEFAULTS.timeoutMs;
  const memory = options.maxOldGenerationSizeMb ?? ANALYSIS_DEFAULTS.maxOldGenerationSizeMb;
  const deadline = Date.now() + timeoutMs;
  const response = await inWorker(zip, specification, timeoutMs, memory);
  if (response.type === "refused") throw new GerberAnalysisError(response.code, response.problems);
  // One after the other: together they would take both cores of a small server for a second.
  const maxSvgBytes = options.maxSvgBytes ?? PREVIEW_MAX_SVG_BYTES;
  const top = await preview(storage, response.svg.top, deadline, maxSvgBytes);
  const bottom = await preview(storage, response.svg.bottom, deadline, maxSvgBytes);
  return {
    board: response.board,
    dfm: response.dfm,
    previews: { top, bottom },
    problems: response.problems,
  };
}

function inWorker(
  zip: ArrayBuffer,
  specification: DfmSpecification,
  timeoutMs: number,
  maxOldGenerationSizeMb: number,
): Promise<Extract<AnalysisResponse, { type: "done" | "refused" }>> {
  const worker = takeWorker(maxOldGenerationSizeMb);
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    // A worker that failed in any way is ended, never reused: its state is unknown.
    const fail = (code: "timeout" | "failed") => {
      cleanUp();
      void worker.terminate();
      reject(new GerberAnalysisError(code));
    };
    const onMessage = (response: AnalysisResponse) => {
      cleanUp();
      putBack(worker, maxOldGenerationSizeMb);
      resolve(response);
    };
    const onError = () => fail("failed");
    const onExit = () => fail("failed");
    const timer = setTimeout(() => fail("timeout"), timeoutMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    const request: AnalysisRequest = { zip, specification, previewPixels: PREVIEW_PIXELS };
    worker.postMessage(request, [zip]);
  });
}

/** The PNG of one side put into the storage, or null when the SVG is too large or does not render. */
async function preview(
  storage: FileStorage,
  svg: Uint8Array,
  deadline: number,
  maxSvgBytes: number,
): Promise<string | null> {
  if (svg.byteLength > maxSvgBytes) return null;
  const seconds = Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
  // Loaded with the first preview, not when the API starts: libvips is large and most processes
  // never render a board.
  const { default: sharp } = await import("sharp");
  let png: Buffer;
  try {
    png = await sharp(svg).timeout({ seconds }).png({ compressionLevel: 9 }).toBuffer();
  } catch {
    return null;
  }
  const stored = await storage.put(Readable.from([png]), { maxBytes: PREVIEW_MAX_PNG_BYTES });
  return stored.sha256;
}
