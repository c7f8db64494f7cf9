/**
 * The messages between the analysis service (main thread) and its worker thread. Only types: the
 * worker must not import the service, nor the service the worker, so each side loads what it needs.
 */
import type { BoardData } from "@ems/gerber/board-data";
import type { DfmReport, DfmSpecification } from "@ems/gerber/dfm";
import type { LoadProblem } from "@ems/gerber/load-files";

/** Why an archive was refused before or instead of an analysis. */
export type RefusalCode =
  | "not-a-zip"
  | "archive-too-large"
  | "too-many-entries"
  | "unpacked-too-large"
  | "corrupt"
  | "zip-bomb"
  | "too-many-files"
  | "no-gerber-files";

/** Entries of the archive that were left out (path traversal, symlinks, nested archives, …). */
export type AnalysisProblem = { name: string; problem: LoadProblem };

export interface AnalysisRequest {
  /** The whole zip, transferred (not copied) to the worker. */
  zip: ArrayBuffer;
  specification: DfmSpecification;
  /** Pixels on the longer side of each preview. */
  previewPixels: number;
}

export type AnalysisResponse =
  | {
      type: "done";
      board: BoardData;
      dfm: DfmReport;
      problems: AnalysisProblem[];
      /** UTF-8 SVG of each side, sized in pixels for the preview; transferred back. */
      svg: { top: Uint8Array; bottom: Uint8Array };
    }
  | { type: "refused"; code: RefusalCode; problems: AnalysisProblem[] };
