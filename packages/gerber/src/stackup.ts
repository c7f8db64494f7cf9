/** Which layers make up each side's realistic view, and the colours used to draw them. */
import type { Board, BoardLayer } from "./board.ts";
import type { LayerType } from "./identify.ts";

export type Side = "top" | "bottom";

export interface BoardColours {
  mask: string;
  copperUnderMask: string;
  substrate: string;
  finish: string;
  silkscreen: string;
}

/** Solder-mask colours fabs offer; the finish colour is ENIG gold unless HASL is chosen. */
export const BOARD_COLOURS = {
  green: {
    mask: "#1d5e34",
    copperUnderMask: "#2c7a45",
    substrate: "#b8a46a",
    finish: "#d4a94d",
    silkscreen: "#f4f4f0",
  },
  blue: {
    mask: "#123c78",
    copperUnderMask: "#1d5296",
    substrate: "#b8a46a",
    finish: "#d4a94d",
    silkscreen: "#f4f4f0",
  },
  red: {
    mask: "#8c1b1b",
    copperUnderMask: "#a8302a",
    substrate: "#b8a46a",
    finish: "#d4a94d",
    silkscreen: "#f4f4f0",
  },
  black: {
    mask: "#1b1b1f",
    copperUnderMask: "#2a2a31",
    substrate: "#b8a46a",
    finish: "#d4a94d",
    silkscreen: "#f4f4f0",
  },
  white: {
    mask: "#e9e9e4",
    copperUnderMask: "#dcdcd4",
    substrate: "#b8a46a",
    finish: "#d4a94d",
    silkscreen: "#1b1b1f",
  },
  purple: {
    mask: "#4b2a6e",
    copperUnderMask: "#5e3a86",
    substrate: "#b8a46a",
    finish: "#d4a94d",
    silkscreen: "#f4f4f0",
  },
} satisfies Record<string, BoardColours>;
export type MaskColour = keyof typeof BOARD_COLOURS;

export const FINISH_COLOURS = { enig: "#d4a94d", hasl: "#c9ccd1" } as const;
export type Finish = keyof typeof FINISH_COLOURS;

/** Colours of the single-layer view, chosen to stay apart on light and dark backgrounds. */
export function layerColour(layer: Pick<BoardLayer, "type" | "side">, innerIndex = 0): string {
  const inner = ["#d97706", "#0891b2", "#65a30d", "#db2777", "#7c3aed", "#0d9488"];
  const table: Record<LayerType, [top: string, bottom: string]> = {
    copper: ["#dc2626", "#2563eb"],
    soldermask: ["#16a34a", "#15803d"],
    silkscreen: ["#eab308", "#ca8a04"],
    solderpaste: ["#9ca3af", "#6b7280"],
    drill: ["#111827", "#111827"],
    outline: ["#a16207", "#a16207"],
    drawing: ["#9333ea", "#7e22ce"],
  };
  if (layer.type === "copper" && layer.side === "inner") return inner[innerIndex % inner.length]!;
  return table[layer.type][layer.side === "bottom" ? 1 : 0];
}

export interface RealisticParts {
  copper: BoardLayer[];
  soldermask: BoardLayer[];
  silkscreen: BoardLayer[];
  solderpaste: BoardLayer[];
  drill: BoardLayer[];
}

export function realisticLayers(
  board: Board,
  side: Side,
  hidden: ReadonlySet<string> = new Set(),
): RealisticParts {
  const pick = (type: LayerType) =>
    board.layers.filter((l) => l.type === type && l.side === side && !hidden.has(l.id));
  return {
    copper: pick("copper"),
    soldermask: pick("soldermask"),
    silkscreen: pick("silkscreen"),
    solderpaste: pick("solderpaste"),
    drill: board.layers.filter((l) => l.type === "drill" && !hidden.has(l.id)),
  };
}
