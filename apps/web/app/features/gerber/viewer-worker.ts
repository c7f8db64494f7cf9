/// <reference lib="webworker" />
/**
 * The Gerber viewer's worker: unpacks, parses, plots and draws, so the page never blocks. It owns
 * the canvas (transferred with transferControlToOffscreen) and redraws at most once per frame.
 */
import { buildBoard, type Board, type InputFile } from "@ems/gerber/board";
import { expandFiles } from "@ems/gerber/load-files";
import { BoardRenderer, type ViewState } from "@ems/gerber/render-canvas";
import { boardToSvg, layersToSvg } from "@ems/gerber/render-svg";
import { BOARD_COLOURS, FINISH_COLOURS } from "@ems/gerber/stackup";

import type { BoardSummary, FromWorker, ToWorker } from "./viewer-protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let canvas: OffscreenCanvas | null = null;
let files: InputFile[] = [];
let problems: BoardSummary["problems"] = [];
let overrides: Record<
  string,
  { type: Board["layers"][number]["type"]; side: Board["layers"][number]["side"] }
> = {};
let board: Board | null = null;
let renderer: BoardRenderer | null = null;
let pending: { width: number; height: number; view: ViewState } | null = null;
let scheduled = false;

const post = (message: FromWorker) => scope.postMessage(message);

function summary(built: Board, took: number): BoardSummary {
  return {
    layers: built.layers.map((layer) => ({
      id: layer.id,
      fileName: layer.fileName,
      type: layer.type,
      side: layer.side,
      source: layer.identity.source,
      units: layer.units,
      format: layer.format,
      generator: layer.generator,
      ...(layer.tools ? { tools: layer.tools } : {}),
      empty: layer.image.ops.length === 0,
    })),
    skipped: built.skipped.map((file) => ({ fileName: file.fileName, reason: file.reason })),
    problems,
    bounds: built.bounds,
    width: built.width,
    height: built.height,
    copperLayers: built.copperLayers,
    sizeSource: built.sizeSource,
    took,
  };
}

function build() {
  const started = performance.now();
  try {
    const built = buildBoard(files, { overrides });
    if (built.layers.length === 0) {
      board = null;
      renderer = null;
      post({
        type: "failed",
        reason: "no-layers",
        problems,
        skipped: built.skipped.map((f) => ({ fileName: f.fileName, reason: f.reason })),
      });
      return;
    }
    board = built;
    renderer = new BoardRenderer(built);
    post({ type: "loaded", board: summary(built, performance.now() - started) });
  } catch {
    board = null;
    renderer = null;
    post({ type: "failed", reason: "crashed", problems, skipped: [] });
  }
}

function draw() {
  scheduled = false;
  if (!canvas || !renderer || !pending) return;
  const { width, height, view } = pending;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const started = performance.now();
  renderer.render(canvas.getContext("2d")!, width, height, view);
  post({ type: "drawn", took: performance.now() - started, transform: view.transform, mode: view.mode });
}

async function exportView(format: "svg" | "png", view: ViewState, requestId: number) {
  if (!board || !renderer) return;
  const hidden = new Set(view.hidden);
  const base = view.mode === "layers" ? "layers" : view.mode;
  if (format === "svg") {
    const colours = { ...BOARD_COLOURS[view.maskColour], finish: FINISH_COLOURS[view.finish] };
    const svg =
      view.mode === "layers" ? layersToSvg(board, hidden) : boardToSvg(board, view.mode, colours, hidden);
    post({
      type: "exported",
      requestId,
      blob: new Blob([svg], { type: "image/svg+xml" }),
      fileName: `board-${base}.svg`,
    });
    return;
  }
  // PNG at 40 px/mm (about 1000 dpi), capped at 8192 px on the long side.
  const margin = 1;
  const w = board.width + 2 * margin;
  const h = board.height + 2 * margin;
  const scale = Math.min(40, 8192 / Math.max(w, h));
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  const target = new OffscreenCanvas(width, height);
  const mirror = view.mode === "bottom";
  const [minX, , maxX, maxY] = board.bounds;
  const transform = {
    scale,
    originX: mirror ? (maxX + margin) * scale : (margin - minX) * scale,
    originY: (maxY + margin) * scale,
  };
  const exporter = new BoardRenderer(board);
  exporter.render(target.getContext("2d")!, width, height, { ...view, transform });
  const blob = await target.convertToBlob({ type: "image/png" });
  post({ type: "exported", requestId, blob, fileName: `board-${base}.png` });
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case "canvas":
      canvas = message.canvas;
      break;
    case "load": {
      const loaded = expandFiles(
        message.files.map((file) => ({ name: file.name, bytes: new Uint8Array(file.buffer) })),
      );
      files = loaded.files;
      problems = loaded.problems;
      overrides = {};
      build();
      break;
    }
    case "override":
      overrides = { ...overrides, [message.fileName]: message.layer };
      build();
      break;
    case "view":
      pending = { width: message.width, height: message.height, view: message.view };
      if (!scheduled) {
        scheduled = true;
        // Coalesce: pointer moves arrive faster than frames are drawn.
        setTimeout(draw, 0);
      }
      break;
    case "export":
      void exportView(message.format, message.view, message.requestId);
      break;
  }
};
