/** Messages between the Gerber viewer page and its Web Worker (files are parsed and drawn there). */
import type { DrillTool } from "@ems/gerber/excellon";
import type { Box } from "@ems/gerber/graphics";
import type { LayerSide, LayerType } from "@ems/gerber/identify";
import type { LoadProblem } from "@ems/gerber/load-files";
import type { ViewState } from "@ems/gerber/render-canvas";

export interface LayerSummary {
  id: string;
  fileName: string;
  type: LayerType;
  side: LayerSide;
  source: "content" | "name" | "geometry" | "user";
  units: "mm" | "in" | null;
  format: string | null;
  generator: string | null;
  tools?: DrillTool[];
  empty: boolean;
}

export interface BoardSummary {
  layers: LayerSummary[];
  skipped: { fileName: string; reason: "not-a-layer" | "unreadable" | "job" }[];
  problems: { name: string; problem: LoadProblem }[];
  bounds: Box;
  width: number;
  height: number;
  copperLayers: number;
  sizeSource: "outline" | "layers" | "none";
  /** Parse and plot time in the worker, ms. */
  took: number;
}

export type ToWorker =
  | { type: "canvas"; canvas: OffscreenCanvas }
  | { type: "load"; files: { name: string; buffer: ArrayBuffer }[] }
  | { type: "override"; fileName: string; layer: { type: LayerType; side: LayerSide } }
  | { type: "view"; width: number; height: number; view: ViewState }
  | { type: "export"; format: "svg" | "png"; view: ViewState; requestId: number };

export type FromWorker =
  | { type: "loaded"; board: BoardSummary }
  | {
      type: "failed";
      reason: "no-layers" | "crashed";
      problems: BoardSummary["problems"];
      skipped: BoardSummary["skipped"];
    }
  /** A frame is on the canvas, drawn with this transform (the page bridges the gap with CSS). */
  | { type: "drawn"; took: number; transform: ViewState["transform"]; mode: ViewState["mode"] }
  | { type: "exported"; requestId: number; blob: Blob; fileName: string };

/**
 * A place on the board the viewer marks and can zoom to: a manufacturability finding, worded by the
 * page that shows it.
 */
export interface PinnedFinding {
  id: string;
  severity: "error" | "warning" | "info";
  /** Board coordinates in mm. */
  x: number;
  y: number;
  /** What the list says, e.g. "Track 0.09 mm, the limit is 0.1 mm (top copper)". */
  text: string;
  /** The layer it is on (its id, the file name), so only the view of its side pins it; null for the board. */
  layer?: string | null;
}
