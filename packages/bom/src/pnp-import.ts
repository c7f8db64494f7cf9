import Papa from "papaparse";
import { readBomTable } from "./bom-table.ts";
import { mountFromFootprint, mountFromTypeText } from "./pnp-mount.ts";
import {
  BomFileRefused,
  type BomTool,
  type PnpImport,
  type PnpPlacement,
  type PnpProblem,
  type PnpRowProblem,
  type PnpSide,
  type PnpUnit,
} from "./bom-types.ts";

/*
 * Rotation conventions. The output is one convention for every file: degrees counter-clockwise as
 * seen from the top of the board, for both sides, as the CAD tool shows the part in its top view.
 *
 * - Altium Designer writes each component's Rotation property as the PCB editor shows it from the
 *   top, for bottom-layer parts too; it also writes 360 where it means 0. Kept, 360 folded to 0.
 * - KiCad (.pos text and its own CSV, all versions through 9) writes FOOTPRINT::GetOrientation()
 *   unchanged (place_file_exporter.cpp). Flipping a footprint to the back negates that orientation
 *   together with the mirror, so the value is already the top-view angle of the flipped footprint.
 *   The "bottom rotations are mirrored" effect people meet is the conversion JLCPCB-style tools
 *   apply on top of it (kicad-jlcpcb-tools writes (180 - r) mod 360 for the back side), not KiCad's
 *   own file. Kept.
 * - The JLCPCB column set (Designator,Val,Package,Mid X,Mid Y,Rotation,Layer) is written by several
 *   plugins and by hand-renamed KiCad CSVs, some with the back side converted and some without,
 *   plus per-package corrections for the assembler's reel orientation: nothing in the file says
 *   which. Kept as written.
 * - EAGLE mount ULPs write the element angle; for mirrored (bottom) elements the convention of the
 *   many ULP variants is not known here. Kept.
 * - EasyEDA's export copies Altium's old column set; its bottom-side convention is not known here.
 *   Kept.
 * Only the normalisation to 0 ≤ r < 360 is applied to all of them.
 */

export const PNP_MAX_BYTES = 20 * 1024 * 1024;
export const PNP_MAX_ROWS = 20_000;
/** Preambles (Altium's is 12 lines, KiCad's 5) sit above the header; 30 leaves room for longer ones. */
const HEADER_SEARCH_ROWS = 30;
const SNIFF_BYTES = 4096;
const MM_PER_UNIT: Record<PnpUnit, number> = { mm: 1, mil: 0.0254, inch: 25.4 };
const DETAIL_MAX_CHARS = 200;

type Column = "designator" | "x" | "y" | "rotation" | "side" | "mirror" | "value" | "footprint" | "mount";

/**
 * What the customer confirmed in the preview where the file is silent or misread: the unit of
 * coordinates that carry none, and the side of every part in a file without a side column.
 */
export interface PnpReadOptions {
  unit?: PnpUnit;
  side?: PnpSide;
}

interface HeaderMatch {
  columns: Partial<Record<Column, number>>;
  /** A unit written into a coordinate header such as "Center-X(mil)". */
  unit: PnpUnit | null;
}

interface Row {
  row: number;
  cells: string[];
}

type Splitter = "\t" | ";" | "," | "whitespace";

/** Reads a pick-and-place (centroid, CPL, .pos) file into placements in millimetres. */
export function importPickAndPlace(
  bytes: Uint8Array,
  fileName: string,
  options: PnpReadOptions = {},
): PnpImport {
  if (bytes.length === 0) throw new BomFileRefused("empty_file", `${fileName} is empty`);
  if (bytes.length > PNP_MAX_BYTES) {
    throw new BomFileRefused(
      "file_too_large",
      `${fileName} has ${bytes.length} bytes, more than ${PNP_MAX_BYTES}`,
    );
  }
  if (isWorkbook(bytes)) {
    // Some customers send the centroid as a spreadsheet; the BOM reader already reads those.
    const table = readBomTable(bytes, fileName);
    const header = findHeader(table.rows.slice(0, HEADER_SEARCH_ROWS));
    if (!header) throw noHeader(fileName);
    return readPlacements({
      rows: table.rows.filter((row) => row.row > header.row),
      header,
      headerCells: table.rows.find((row) => row.row === header.row)?.cells ?? [],
      preamble: "",
      fileName,
      encoding: table.encoding,
      decimalComma: true,
      options,
    });
  }

  const { encoding, text } = decodeText(bytes, fileName);
  if (text.trim() === "") throw new BomFileRefused("empty_file", `${fileName} has only white space`);
  const lines = text.split(/\r\n|\n|\r/);
  const located = locateHeader(lines);
  if (!located) throw noHeader(fileName);
  const headerLine = lines[located.lineIndex] ?? "";
  return readPlacements({
    rows: splitRows(lines, located.splitter, located.lineIndex),
    header: located.header,
    headerCells:
      located.splitter === "whitespace"
        ? headerWords(headerLine)
        : splitDelimited(headerLine, located.splitter),
    preamble: lines.slice(0, located.lineIndex + 1).join("\n"),
    fileName,
    encoding,
    decimalComma: located.splitter !== ",",
    options,
  });
}

export function isFiducialDesignator(designator: string): boolean {
  return /^(FID|FD|MARK)/i.test(designator.trim());
}

function noHeader(fileName: string): BomFileRefused {
  return new BomFileRefused(
    "no_header",
    `${fileName}: no row in the first ${HEADER_SEARCH_ROWS} names a designator, an X and a Y column`,
  );
}

function isWorkbook(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ||
    startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  );
}

// ---------------------------------------------------------------------------------------------
// Text decoding

function decodeText(bytes: Uint8Array, fileName: string): { encoding: string; text: string } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return decodeAs("utf-8", bytes.subarray(3), fileName);
  if (startsWith(bytes, [0xff, 0xfe])) return decodeAs("utf-16le", bytes.subarray(2), fileName);
  if (startsWith(bytes, [0xfe, 0xff])) return decodeAs("utf-16be", bytes.subarray(2), fileName);
  const sniff = bytes.subarray(0, SNIFF_BYTES);
  const utf16 = bomLessUtf16(sniff);
  if (utf16) return decodeAs(utf16, bytes, fileName);
  if (
    sniff.includes(0) ||
    controlCharacterShare(sniff) > 0.02 ||
    startsWith(bytes, [0x25, 0x50, 0x44, 0x46])
  ) {
    throw new BomFileRefused("binary_file", `${fileName} is not a text file`);
  }
  try {
    return { encoding: "utf-8", text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    // Windows CAD tools write the ANSI code page; 1252 decodes every byte, so this cannot fail.
    return decodeAs("windows-1252", bytes, fileName);
  }
}

function decodeAs(encoding: string, bytes: Uint8Array, fileName: string): { encoding: string; text: string } {
  const text = new TextDecoder(encoding).decode(bytes);
  if (text.slice(0, SNIFF_BYTES).includes("\u0000")) {
    throw new BomFileRefused("binary_file", `${fileName} has NUL characters in its text`);
  }
  return { encoding, text };
}

/** UTF-16 without a byte-order mark: ASCII characters leave every other byte zero. */
function bomLessUtf16(sniff: Uint8Array): "utf-16le" | "utf-16be" | null {
  const pairs = Math.floor(sniff.length / 2);
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i + 1 < sniff.length; i += 2) {
    if (sniff[i] === 0) evenZeros++;
    if (sniff[i + 1] === 0) oddZeros++;
  }
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

function controlCharacterShare(sniff: Uint8Array): number {
  let controls = 0;
  for (const byte of sniff) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a)
      controls++;
  }
  return sniff.length === 0 ? 0 : controls / sniff.length;
}

// ---------------------------------------------------------------------------------------------
// Header

const SPLITTERS: Splitter[] = ["\t", ";", ",", "whitespace"];

function locateHeader(
  lines: string[],
): { lineIndex: number; splitter: Splitter; header: HeaderMatch } | null {
  const limit = Math.min(lines.length, HEADER_SEARCH_ROWS);
  for (let lineIndex = 0; lineIndex < limit; lineIndex++) {
    const line = lines[lineIndex] ?? "";
    if (line.trim() === "") continue;
    // A delimiter the header line does not contain cannot be the file's delimiter.
    for (const splitter of SPLITTERS) {
      if (splitter !== "whitespace" && !line.includes(splitter)) continue;
      const cells = splitter === "whitespace" ? headerWords(line) : splitDelimited(line, splitter);
      const header = matchHeader(cells);
      if (header) return { lineIndex, splitter, header };
    }
  }
  return null;
}

function findHeader(rows: Row[]): (HeaderMatch & { row: number }) | null {
  for (const row of rows) {
    const header = matchHeader(row.cells);
    if (header) return { ...header, row: row.row };
  }
  return null;
}

/**
 * Header words of a whitespace-separated file. KiCad comments its header out ("# Ref Val …"), and a
 * header such as "Mid X" splits into two words that belong together.
 */
function headerWords(line: string): string[] {
  const words = splitWhitespace(line.replace(/^\s*#+\s*/, ""));
  const joined: string[] = [];
  for (const word of words) {
    const previous = joined.at(-1);
    if (
      previous !== undefined &&
      /^[xy](\(\w+\))?$/i.test(word) &&
      /^(mid|center|centre|ref|pad|pos)$/i.test(previous)
    ) {
      joined[joined.length - 1] = `${previous} ${word}`;
    } else {
      joined.push(word);
    }
  }
  return joined;
}

interface ColumnWord {
  column: Column;
  words: string[];
  /** Higher wins when several columns mean the same: the part's centre beats its reference point. */
  rank: number;
}

const COLUMN_WORDS: ColumnWord[] = [
  {
    column: "designator",
    words: ["designator", "ref", "refdes", "reference", "name", "part", "partname"],
    rank: 2,
  },
  // Allegro's component report names its columns after the database fields (SYM_X, COMP_VALUE…).
  {
    column: "x",
    words: ["midx", "centerx", "centrex", "posx", "x", "centroidx", "locationx", "symx"],
    rank: 3,
  },
  { column: "x", words: ["refx"], rank: 1 },
  {
    column: "y",
    words: ["midy", "centery", "centrey", "posy", "y", "centroidy", "locationy", "symy"],
    rank: 3,
  },
  { column: "y", words: ["refy"], rank: 1 },
  { column: "rotation", words: ["rotation", "rot", "angle", "orientation", "rotate", "symrotate"], rank: 2 },
  { column: "side", words: ["layer", "side", "tb", "topbottom"], rank: 2 },
  { column: "mirror", words: ["mirror", "mirrored", "symmirror"], rank: 2 },
  { column: "value", words: ["val", "value", "compvalue"], rank: 2 },
  { column: "value", words: ["comment"], rank: 1 },
  { column: "footprint", words: ["package", "footprint", "pattern", "comppackage"], rank: 2 },
  {
    column: "mount",
    words: ["mount", "mounttype", "mounting", "technology", "smdtht", "smttht", "assemblytype"],
    rank: 2,
  },
];

const WORD_TO_COLUMN = new Map<string, { column: Column; rank: number }>(
  COLUMN_WORDS.flatMap(({ column, words, rank }) => words.map((word) => [word, { column, rank }] as const)),
);

function matchHeader(cells: string[]): HeaderMatch | null {
  const columns: Partial<Record<Column, number>> = {};
  const ranks: Partial<Record<Column, number>> = {};
  let unit: PnpUnit | null = null;
  cells.forEach((cell, index) => {
    const unitMatch = /\(\s*(mm|mils?|in|inch|inches)\s*\)|[\s_-](mm|mils?)$/i.exec(cell.trim());
    const key = cell
      .replace(/\([^)]*\)/g, "")
      .replace(/[\s_-](mm|mils?)$/i, "")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    const match = WORD_TO_COLUMN.get(key);
    if (!match) return;
    const current = ranks[match.column];
    if (current !== undefined && current >= match.rank) return;
    columns[match.column] = index;
    ranks[match.column] = match.rank;
    if ((match.column === "x" || match.column === "y") && unitMatch) {
      unit = parseUnitWord(unitMatch[1] ?? unitMatch[2] ?? "");
    }
  });
  if (columns.designator === undefined || columns.x === undefined || columns.y === undefined) return null;
  return { columns, unit };
}

function parseUnitWord(word: string): PnpUnit | null {
  const lower = word.toLowerCase();
  if (lower === "mm") return "mm";
  if (lower === "mil" || lower === "mils") return "mil";
  if (lower === "in" || lower === "inch" || lower === "inches" || lower === '"') return "inch";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Rows

function splitRows(lines: string[], splitter: Splitter, headerIndex: number): Row[] {
  const rows: Row[] = [];
  if (splitter === "whitespace") {
    const headerLine = lines[headerIndex] ?? "";
    const headerCount = headerWords(headerLine).length;
    const starts = columnStarts(headerLine);
    for (let index = headerIndex + 1; index < lines.length; index++) {
      const line = lines[index] ?? "";
      // KiCad closes its .pos file with "## End" and comments with "#".
      if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
      let cells = splitWhitespace(line);
      // An unquoted value with a space in it ("Cap Semi") shifts every later word: cut by column.
      if (cells.length > headerCount && starts.length === headerCount) cells = sliceColumns(line, starts);
      pushRow(rows, index + 1, cells);
    }
    return rows;
  }
  const body = lines.slice(headerIndex + 1).join("\n");
  let lineNumber = headerIndex + 2;
  for (const cells of Papa.parse<string[]>(body, { delimiter: splitter, skipEmptyLines: false }).data) {
    pushRow(rows, lineNumber, cells);
    // A quoted line break inside a cell makes one row of several lines.
    lineNumber += 1 + cells.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\n|\r/g) ?? []).length, 0);
  }
  return rows;
}

function pushRow(rows: Row[], row: number, cells: string[]): void {
  if (!cells.some((cell) => cell.trim() !== "")) return;
  if (rows.length >= PNP_MAX_ROWS) {
    throw new BomFileRefused("too_many_rows", `more than ${PNP_MAX_ROWS} placement rows`);
  }
  rows.push({ row, cells });
}

function splitDelimited(line: string, delimiter: Exclude<Splitter, "whitespace">): string[] {
  return Papa.parse<string[]>(line, { delimiter }).data[0] ?? [];
}

/** Words separated by white space; a double-quoted word may hold spaces ("Cap Semi", ""). */
function splitWhitespace(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/"((?:[^"]|"")*)"|(\S+)/g)) {
    cells.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ""));
  }
  return cells;
}

function columnStarts(headerLine: string): number[] {
  const starts: number[] = [];
  const body = headerLine.replace(/^(\s*)#+/, (_, space: string) => `${space} `);
  for (const match of body.matchAll(/\S+/g)) starts.push(match.index);
  const words = headerWords(headerLine);
  return starts.length === words.length ? starts : [];
}

function sliceColumns(line: string, starts: number[]): string[] {
  return starts.map((start, index) => {
    const end = starts[index + 1] ?? line.length;
    return line
      .slice(start, end)
      .trim()
      .replace(/^"(.*)"$/, "$1");
  });
}

// ---------------------------------------------------------------------------------------------
// Placements

interface ReadInput {
  rows: Row[];
  header: HeaderMatch;
  headerCells: string[];
  preamble: string;
  fileName: string;
  encoding: string | null;
  decimalComma: boolean;
  options: PnpReadOptions;
}

function readPlacements(input: ReadInput): PnpImport {
  const { header, fileName } = input;
  const dataRows = input.rows;
  if (dataRows.length > PNP_MAX_ROWS) {
    throw new BomFileRefused("too_many_rows", `${fileName} has more than ${PNP_MAX_ROWS} placement rows`);
  }
  const tool = detectTool(input.preamble, input.headerCells, header);
  const fileUnit = header.unit ?? preambleUnit(input.preamble);
  const readUnit = input.options.unit ?? fileUnit;
  const columns = header.columns;
  const sideStated = columns.side !== undefined || columns.mirror !== undefined;
  const fallbackSide = input.options.side ?? sideFromFileName(fileName);

  const placements: PnpPlacement[] = [];
  const problems: PnpProblem[] = [];
  let suffixUnit: PnpUnit | null = null;

  // The detail names the part and the text that failed, or only the part when the cell was empty.
  const report = (row: number, reason: PnpRowProblem, designator: string, text: string): void => {
    const detail = designator === "" ? text : text === "" ? designator : `${designator}: ${text}`;
    problems.push({ row, reason, detail: detail === "" ? null : detail.slice(0, DETAIL_MAX_CHARS) });
  };

  for (const { row, cells } of dataRows) {
    const cell = (column: Column): string | null => {
      const index = columns[column];
      return index === undefined ? null : (cells[index] ?? "").trim();
    };
    const designator = cell("designator") ?? "";
    if (!isReadableDesignator(designator)) {
      report(row, "no_designator", "", designator || cells.join(" ").trim());
      continue;
    }
    const xText = cell("x") ?? "";
    const yText = cell("y") ?? "";
    const x = parseLength(xText, input.decimalComma);
    const y = parseLength(yText, input.decimalComma);
    if (!x || !y) {
      report(row, "bad_coordinate", designator, !x ? xText : yText);
      continue;
    }
    suffixUnit ??= x.unit ?? y.unit;
    const rotationText = cell("rotation");
    const rotation = rotationText === null ? 0 : parseRotation(rotationText, input.decimalComma);
    if (rotation === null) {
      report(row, "bad_rotation", designator, rotationText ?? "");
      continue;
    }
    const sideText = cell("side");
    const mirrorText = cell("mirror");
    const side =
      sideText !== null
        ? parseSide(sideText)
        : mirrorText !== null
          ? parseMirror(mirrorText)
          : (fallbackSide ?? "top");
    if (side === null) {
      report(row, "bad_side", designator, sideText ?? mirrorText ?? "");
      continue;
    }
    const toMm = (length: { value: number; unit: PnpUnit | null }): number =>
      roundMicro(length.value * MM_PER_UNIT[length.unit ?? readUnit ?? "mm"]);
    const footprint = cell("footprint") || null;
    placements.push({
      row,
      designator,
      x: toMm(x),
      y: toMm(y),
      rotation,
      side,
      mount: mountFromTypeText(cell("mount") ?? "") ?? mountFromFootprint(footprint),
      value: cell("value") || null,
      footprint,
    });
  }

  const statedUnit = fileUnit ?? suffixUnit;
  const unit = input.options.unit ?? statedUnit ?? guessUnit(placements);
  if (unit !== "mm" && statedUnit === null && input.options.unit === undefined) {
    for (const placement of placements) {
      placement.x = roundMicro(placement.x * MM_PER_UNIT[unit]);
      placement.y = roundMicro(placement.y * MM_PER_UNIT[unit]);
    }
  }
  const folded = foldPanel(placements);
  return {
    tool,
    unit,
    unitStated: statedUnit !== null,
    sideStated,
    encoding: input.encoding,
    panelCopies: folded.copies,
    placements: folded.placements,
    problems,
  };
}

/**
 * For files that name no unit (Allegro's report, KiCad CSVs written in inches): read as millimetres,
 * a cloud wider than a metre is in mils, and one so small that each part would get less than
 * 0.2 mm² (an 0201 alone covers 0.18 mm²) is in inches.
 */
function guessUnit(placementsInFileUnits: PnpPlacement[]): PnpUnit {
  const bounds = boundsOf(placementsInFileUnits);
  if (!bounds) return "mm";
  const span = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  if (span > 1000) return "mil";
  if (placementsInFileUnits.length >= 10 && (span * span) / placementsInFileUnits.length < 0.2) return "inch";
  return "mm";
}

function boundsOf(
  placements: PnpPlacement[],
): { minX: number; minY: number; maxX: number; maxY: number } | null {
  if (placements.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { x, y } of placements) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/** A designator is one word of printable characters: no spaces, quotes or control characters. */
function isReadableDesignator(designator: string): boolean {
  return (
    designator.length > 0 &&
    designator.length <= 64 &&
    /^[^\s"'\p{Cc}]+$/u.test(designator) &&
    /[\p{L}\p{N}]/u.test(designator)
  );
}

function parseLength(text: string, decimalComma: boolean): { value: number; unit: PnpUnit | null } | null {
  const match = /^([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?)\s*(mm|mils?|in|inch|inches|")?$/i.exec(
    text,
  );
  if (!match?.[1]) return null;
  const number = parseDecimal(match[1], decimalComma);
  if (number === null) return null;
  return { value: number, unit: match[2] ? parseUnitWord(match[2]) : null };
}

function parseRotation(text: string, decimalComma: boolean): number | null {
  const match = /^([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+))\s*(°|deg|degrees?)?$/i.exec(text);
  if (!match?.[1]) return null;
  const degrees = parseDecimal(match[1], decimalComma);
  if (degrees === null) return null;
  const normalised = roundMicro(((degrees % 360) + 360) % 360);
  return normalised >= 360 ? 0 : normalised === 0 ? 0 : normalised;
}

function parseDecimal(text: string, decimalComma: boolean): number | null {
  // In a comma-separated file a comma cannot be a decimal mark: the cell would have been split.
  const normalised = text.includes(",")
    ? decimalComma && !text.includes(".")
      ? text.replace(",", ".")
      : null
    : text;
  if (normalised === null) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

function parseSide(text: string): PnpSide | null {
  const key = text.toLowerCase().replace(/[\s_-]/g, "");
  if (["top", "toplayer", "t", "f.cu", "fcu", "front", "f", "component", "componentside"].includes(key))
    return "top";
  if (["bottom", "bottomlayer", "b", "b.cu", "bcu", "back", "bot", "solder", "solderside"].includes(key)) {
    return "bottom";
  }
  return null;
}

/** EAGLE-style files mark bottom parts as mirrored instead of naming a layer. */
function parseMirror(text: string): PnpSide | null {
  const key = text.toLowerCase().trim();
  if (["", "no", "n", "false", "0", "not mirrored"].includes(key)) return "top";
  if (["yes", "y", "true", "1", "mirrored", "m"].includes(key)) return "bottom";
  return null;
}

/** KiCad names its split files "-top-pos" / "-bottom-pos", EAGLE ULPs "_front" / "_back". */
function sideFromFileName(fileName: string): PnpSide | null {
  const base = fileName.split(/[\\/]/).pop()?.toLowerCase() ?? "";
  if (/(^|[^a-z])(bottom|bot|back)([^a-z]|$)/.test(base)) return "bottom";
  if (/(^|[^a-z])(top|front)([^a-z]|$)/.test(base)) return "top";
  return null;
}

function preambleUnit(preamble: string): PnpUnit | null {
  const altium = /Units used:\s*(mm|mils?|inch(?:es)?|in)\b/i.exec(preamble);
  if (altium?.[1]) return parseUnitWord(altium[1]);
  const kicad = /##\s*Unit\s*=\s*(mm|mils?|inch(?:es)?|in)\b/i.exec(preamble);
  if (kicad?.[1]) return parseUnitWord(kicad[1]);
  return null;
}

function detectTool(preamble: string, headerCells: string[], header: HeaderMatch): BomTool {
  if (/Altium/i.test(preamble)) return "altium";
  if (/Pcbnew|KiCad|###\s*(Module|Footprint) positions/i.test(preamble)) return "kicad";
  if (/EasyEDA/i.test(preamble)) return "easyeda";
  if (/EAGLE/i.test(preamble)) return "eagle";
  const words = new Set(headerCells.map((cell) => cell.toLowerCase().replace(/[^a-z0-9]/g, "")));
  const designatorWord = headerCells[header.columns.designator ?? -1]?.toLowerCase().replace(/[^a-z]/g, "");
  if (words.has("posx") || words.has("val")) return "kicad";
  if (words.has("padx") && words.has("midx")) return "easyeda";
  if (designatorWord === "name" && words.has("package")) return "eagle";
  if (words.has("centerxmil") || words.has("centerxmm")) return "altium";
  // OrCAD PCB Editor is Allegro; its component report is the only source of SYM_X headers.
  if (words.has("symx")) return "orcad";
  return "generic";
}

/**
 * Folds a flattened panel to one board. When every designator (fiducials aside: a panel rail has its
 * own) appears the same number of times, the copies are boards. Boards in a panel are translations
 * of one another and the lexicographic order of points survives a translation, so taking each
 * designator's copy with the smallest X (then Y) takes every part from the same board, whatever
 * order the file lists them in.
 */
function foldPanel(placements: PnpPlacement[]): { copies: number; placements: PnpPlacement[] } {
  const byDesignator = new Map<string, PnpPlacement[]>();
  for (const placement of placements) {
    const copies = byDesignator.get(placement.designator);
    if (copies) copies.push(placement);
    else byDesignator.set(placement.designator, [placement]);
  }
  const counts = new Set<number>();
  for (const [designator, copies] of byDesignator) {
    if (!isFiducialDesignator(designator)) counts.add(copies.length);
  }
  const [copies] = [...counts];
  if (counts.size !== 1 || copies === undefined || copies < 2) return { copies: 1, placements };

  const kept = new Set<PnpPlacement>();
  for (const group of byDesignator.values()) {
    if (group.length !== copies) {
      for (const placement of group) kept.add(placement);
      continue;
    }
    const first = group.reduce((best, candidate) => (isBefore(candidate, best) ? candidate : best));
    kept.add(first);
  }
  return { copies, placements: placements.filter((placement) => kept.has(placement)) };
}

/** Rounding noise in the file (4 decimals of mm) must not reorder boards that share a column. */
const SAME_COORDINATE_MM = 0.05;

function isBefore(a: PnpPlacement, b: PnpPlacement): boolean {
  if (Math.abs(a.x - b.x) > SAME_COORDINATE_MM) return a.x < b.x;
  return a.y < b.y;
}

function roundMicro(value: number): number {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? 0 : rounded;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}
