/**
 * The board pictures of the public site: real open-hardware boards from fixtures/gerbers, drawn by our
 * own Gerber engine at build time (scripts/board-images.ts) and turned into WebP widths by the
 * responsive-image step. One list serves the build script (which set, which colours) and the pages
 * (where each picture is shown, its size, and the credit its licence asks for).
 */

/** Every picture is drawn on a canvas of this size (4:3), so pages know width and height before the build. */
export const BOARD_IMAGE_SIZE = { width: 1536, height: 1152 } as const;

export type BoardSide = "top" | "bottom";

export interface BoardSource {
  /** Fixture set in fixtures/gerbers. */
  set: string;
  /** The project's own name for the board (a proper name: not translated). */
  project: string;
  author: string;
  /** SPDX identifier of the licence the design is published under. */
  licence: string;
  /** The public repository the fabrication files come from. */
  sourceUrl: string;
  /** Solder-mask colour and surface finish of the picture (names of @ems/gerber/stackup). */
  mask: "green" | "blue" | "red" | "black" | "white" | "purple";
  finish: "enig" | "hasl";
}

export const BOARDS = {
  usbkvm: {
    set: "horizon-usbkvm-4layer",
    project: "USBKVM",
    author: "Lukas K. (carrotIndustries)",
    licence: "CERN-OHL-P-2.0",
    sourceUrl: "https://github.com/carrotIndustries/usbkvm",
    mask: "green",
    finish: "enig",
  },
  simplefoc: {
    set: "easyeda-simplefoc-shield-v3",
    project: "SimpleFOCShield v3",
    author: "SimpleFOC project",
    licence: "MIT",
    sourceUrl: "https://github.com/simplefoc/Arduino-SimpleFOCShield",
    mask: "blue",
    finish: "enig",
  },
  fd1: {
    set: "diptrace-fd1-mainboard",
    project: "FD-1 mainboard",
    author: "Przemysław Węgrzyn (Code Painters)",
    licence: "BSD-3-Clause",
    sourceUrl: "https://github.com/codepainters/FD1",
    mask: "black",
    finish: "hasl",
  },
  falcan: {
    set: "kicad9-falcan-4layer",
    project: "USB-FalCAN",
    author: "Anders B. Nielsen (ABNielsen.com)",
    licence: "CC-BY-SA-4.0",
    sourceUrl: "https://github.com/AndersBNielsen/FalCAN",
    mask: "purple",
    finish: "enig",
  },
} as const satisfies Record<string, BoardSource>;

/** The licence's text on spdx.org. */
export const licenceUrl = (licence: string) => `https://spdx.org/licenses/${licence}.html`;

export type BoardId = keyof typeof BOARDS;

/** The board of the home page's hero, drawn once more as top side in front of its bottom side. */
export const HERO_BOARD: BoardId = "usbkvm";

export interface BoardPicture {
  board: BoardId;
  side: BoardSide;
}

/** The file name (without width and extension) of one rendered side, as the image pipeline names it. */
export function boardImageName(board: string, side: BoardSide): string {
  return `board-${board}-${side}`;
}

export const HERO_IMAGE_NAME = "board-hero";

/** The public path the Picture component adds `-<width>.webp` to. */
export const imageBase = (name: string) => `/images/${name}`;

/** Which boards the service pages and the case studies show, by page key of the route map. */
export const PAGE_BOARDS: Partial<Record<string, readonly BoardPicture[]>> = {
  "em-bare-printed-circuit-boards": [{ board: "falcan", side: "bottom" }],
  "em-smt-assembly": [{ board: "falcan", side: "top" }],
  "em-tht-assembly": [{ board: "fd1", side: "top" }],
  "em-pcba-prototyping": [{ board: "simplefoc", side: "top" }],
  "em-pcba-volume-production": [{ board: "usbkvm", side: "top" }],
  "em-development": [{ board: "simplefoc", side: "bottom" }],
  "em-pcb-rework": [{ board: "fd1", side: "bottom" }],
  // The first case study is a drive controller, the fourth a synthesizer main board.
  "resources-case-studies": [
    { board: "simplefoc", side: "top" },
    { board: "fd1", side: "top" },
  ],
};
