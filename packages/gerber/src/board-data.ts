/**
 * The board data a fab asks for, read from the files: copper layer count, board size, minimum
 * track width, minimum drill and the number of holes. Filled into a PCB specification for the
 * customer to confirm or correct.
 */
import type { Board } from "./board.ts";
import { BoardGeometry, boardArea, boardHoles } from "./dfm-board.ts";
import { narrowTracks } from "./dfm-measure.ts";
import { isEmptyBox } from "./graphics.ts";

export interface BoardData {
  /** Copper layers in the set. */
  layers: number;
  size: {
    widthMm: number;
    heightMm: number;
    /** The outline's extent, else the extent of the copper (no outline found), else nothing. */
    source: "outline" | "copper" | "none";
  };
  /** The narrowest stroked track that is really that narrow (not a stroke inside wider copper), or null. */
  minTrackMm: number | null;
  /** The smallest drill tool that drills something, or null without drill files. */
  minDrillMm: number | null;
  drills: {
    /** Round holes, each counted once even when two files repeat it. */
    holes: number;
    slots: number;
    plated: number;
    nonPlated: number;
    /** Holes and slots whose files do not say; counted as plated, as fabs assume. */
    platingAssumed: number;
  };
}

/** Tracks wider than this are never the minimum a fab asks about; not probing them saves time. */
const TRACK_SEARCH_MM = 5;

export function boardData(board: Board, geometry = new BoardGeometry(board)): BoardData {
  const copper = board.layers.filter((layer) => layer.type === "copper");
  let size: BoardData["size"];
  if (board.sizeSource === "outline")
    size = { widthMm: round(board.width), heightMm: round(board.height), source: "outline" };
  else {
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const layer of copper) {
      const b = layer.image.bounds;
      if (isEmptyBox(b)) continue;
      box[0] = Math.min(box[0]!, b[0]);
      box[1] = Math.min(box[1]!, b[1]);
      box[2] = Math.max(box[2]!, b[2]);
      box[3] = Math.max(box[3]!, b[3]);
    }
    size =
      box[0]! <= box[2]!
        ? { widthMm: round(box[2]! - box[0]!), heightMm: round(box[3]! - box[1]!), source: "copper" }
        : { widthMm: 0, heightMm: 0, source: "none" };
  }

  // Only tracks on the board: CAD tools put drill charts, titles and frames on copper films too.
  const within = boardArea(board);
  let minTrack: number | null = null;
  for (const layer of copper) {
    const [narrowest] = narrowTracks(geometry.layer(layer), minTrack ?? TRACK_SEARCH_MM, true, within);
    if (narrowest) minTrack = narrowest.measured;
  }

  let minDrill: number | null = null;
  for (const layer of board.layers)
    for (const tool of layer.type === "drill" ? (layer.tools ?? []) : [])
      if (tool.diameter > 0 && tool.holes + tool.slots > 0 && (minDrill === null || tool.diameter < minDrill))
        minDrill = tool.diameter;

  const drills = { holes: 0, slots: 0, plated: 0, nonPlated: 0, platingAssumed: 0 };
  for (const hole of boardHoles(board)) {
    if (hole.slot) drills.slots++;
    else drills.holes++;
    if (hole.plated === false) drills.nonPlated++;
    else drills.plated++;
    if (hole.plated === null) drills.platingAssumed++;
  }

  return {
    layers: copper.length,
    size,
    minTrackMm: minTrack === null ? null : round(minTrack),
    minDrillMm: minDrill === null ? null : round(minDrill),
    drills,
  };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
