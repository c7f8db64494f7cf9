/**
 * The worker thread that reads an uploaded Gerber zip: unpacks it with the public viewer's
 * hostile-archive limits (readZip/expandFiles), builds the board, the board data and the DFM report,
 * and draws both sides as SVG. All of it is CPU-bound and can take seconds on a large set, which is
 * why it never runs on the thread that answers requests. An exception here ends the thread; the
 * service reports that as a failed analysis and starts a fresh worker for the next one.
 */
import { parentPort } from "node:worker_threads";
import { capabilities } from "@ems/config/capabilities";
import { buildBoard } from "@ems/gerber/board";
import { boardData } from "@ems/gerber/board-data";
import { BoardGeometry } from "@ems/gerber/dfm-board";
import { checkManufacturability, dfmLimitsFromCapabilities, type DfmLimits } from "@ems/gerber/dfm";
import { expandFiles, type LoadProblem } from "@ems/gerber/load-files";
import { boardToSvg, svgInPixels } from "@ems/gerber/render-svg";
import { BOARD_COLOURS } from "@ems/gerber/stackup";
import { isZip } from "@ems/gerber/zip";

import type { AnalysisRequest, AnalysisResponse, RefusalCode } from "./pcb-analysis-protocol.ts";

const ARCHIVE_NAME = "upload.zip";

/** Problems of the archive as a whole, which leave nothing to analyse. */
const ARCHIVE_REFUSALS: Partial<Record<LoadProblem, RefusalCode>> = {
  "not-zip": "not-a-zip",
  "archive-too-large": "archive-too-large",
  "too-many-entries": "too-many-entries",
  "too-large-total": "unpacked-too-large",
  corrupt: "corrupt",
};

export function analyse(
  request: AnalysisRequest,
  limits: DfmLimits,
): {
  response: AnalysisResponse;
  transfer: ArrayBuffer[];
} {
  const bytes = new Uint8Array(request.zip);
  // expandFiles takes anything that is not a zip for a loose Gerber file; an upload must be a zip.
  if (!isZip(bytes)) return refused("not-a-zip", []);
  const loaded = expandFiles([{ name: ARCHIVE_NAME, bytes }]);
  const problems = loaded.problems;
  const archive = problems.find((entry) => entry.name === ARCHIVE_NAME);
  if (archive) return refused(ARCHIVE_REFUSALS[archive.problem] ?? "corrupt", problems);
  // The viewer skips a bomb and shows the rest; an upload that carries one is hostile and refused whole.
  if (problems.some((entry) => entry.problem === "zip-bomb")) return refused("zip-bomb", problems);
  if (problems.some((entry) => entry.problem === "too-many-files"))
    return refused("too-many-files", problems);

  const board = buildBoard(loaded.files);
  if (board.layers.length === 0) return refused("no-gerber-files", problems);
  // One geometry for the board data and the checks: its spatial indexes are the expensive part.
  const geometry = new BoardGeometry(board, {
    copper: limits.minClearanceMm,
    soldermask: limits.minSilkscreenToPadMm,
    drill: limits.minHoleToHoleMm,
    outline: Math.max(limits.minCopperToEdgeMm, limits.minDrillToEdgeMm),
  });
  const data = boardData(board, geometry);
  const dfm = checkManufacturability(board, limits, { specification: request.specification, geometry });
  const encoder = new TextEncoder();
  const top = encoder.encode(
    svgInPixels(boardToSvg(board, "top", BOARD_COLOURS.green), request.previewPixels),
  );
  const bottom = encoder.encode(
    svgInPixels(boardToSvg(board, "bottom", BOARD_COLOURS.green), request.previewPixels),
  );
  return {
    response: { type: "done", board: data, dfm, problems, svg: { top, bottom } },
    transfer: [top.buffer as ArrayBuffer, bottom.buffer as ArrayBuffer],
  };
}

function refused(code: RefusalCode, problems: AnalysisResponse["problems"]) {
  return { response: { type: "refused", code, problems } as AnalysisResponse, transfer: [] };
}

if (parentPort) {
  const port = parentPort;
  const limits = dfmLimitsFromCapabilities(capabilities.bareBoards);
  port.on("message", (request: AnalysisRequest) => {
    const { response, transfer } = analyse(request, limits);
    port.postMessage(response, transfer);
  });
}
