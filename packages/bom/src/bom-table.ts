import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";
import { type BomFormat, BomFileRefused, type BomTable } from "./bom-types.ts";

export const BOM_MAX_BYTES = 20 * 1024 * 1024;
export const BOM_MAX_ROWS = 20_000;
/** Longer cells are cut: no BOM field needs more, and the API stores every cell it keeps. */
export const BOM_MAX_CELL_CHARS = 500;

const SNIFF_BYTES = 4096;
const DELIMITER_SAMPLE_ROWS = 50;

type Delimiter = "," | "\t" | ";";
/** "spaces": no delimiter at all, columns padded with two or more spaces. */
type ColumnSeparator = Delimiter | "spaces";
const SEPARATOR_FORMATS: Record<ColumnSeparator, BomFormat> = {
  ",": "csv",
  "\t": "tsv",
  ";": "semicolon",
  spaces: "spaces",
};
// gEDA's partslist backends frame the table with these lines; they are syntax, not rows.
const GEDA_MARKER = /^\.(?:START|END)$/;

export function readBomTable(bytes: Uint8Array, fileName: string): BomTable {
  if (bytes.length === 0) throw new BomFileRefused("empty_file", `${fileName} is empty`);
  if (bytes.length > BOM_MAX_BYTES) {
    throw new BomFileRefused(
      "file_too_large",
      `${fileName} has ${bytes.length} bytes, more than ${BOM_MAX_BYTES}`,
    );
  }
  const workbookFormat = workbookFormatFromMagic(bytes);
  const table = workbookFormat
    ? readWorkbook(bytes, fileName, workbookFormat)
    : readDelimitedText(bytes, fileName);
  if (table.rows.length === 0) throw new BomFileRefused("empty_file", `${fileName} has no text in it`);
  return table;
}

/** By content, not by name: a renamed or extension-less upload is still read for what it is. */
function workbookFormatFromMagic(bytes: Uint8Array): "xlsx" | "ods" | "xls" | null {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // ODS stores its "mimetype" entry first and uncompressed, so the type is readable in the header.
    const head = latin1(bytes.subarray(0, 200));
    return head.includes("mimetype") && head.includes("application/vnd.oasis.opendocument.spreadsheet")
      ? "ods"
      : "xlsx";
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "xls";
  return null;
}

function readWorkbook(bytes: Uint8Array, fileName: string, magicFormat: "xlsx" | "ods" | "xls"): BomTable {
  let format = magicFormat;
  let workbook: XLSX.WorkBook;
  try {
    // cellFormula false: only the values the spreadsheet cached are read; nothing is ever evaluated.
    workbook = XLSX.read(bytes, {
      type: "array",
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (error) {
    throw new BomFileRefused("unreadable_workbook", `${fileName}: ${(error as Error).message}`);
  }
  // SheetJS itself does not always put ODS's mimetype first; what the reader recognised is the answer.
  const bookType = (workbook as { bookType?: string }).bookType;
  if (format === "xlsx" && bookType === "ods") format = "ods";
  if (workbook.SheetNames.length === 0) {
    throw new BomFileRefused("unreadable_workbook", `${fileName} has no sheets`);
  }
  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName];
    if (!sheet?.["!ref"]) continue;
    const firstRow = XLSX.utils.decode_range(sheet["!ref"]).s.r + 1;
    const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: false,
      defval: "",
      blankrows: true,
    });
    const rows = keepDataRows(
      cells.map((row) => row.map((cell) => (cell == null ? "" : String(cell)))),
      firstRow,
      fileName,
    );
    if (rows.length > 0) return { format, encoding: null, sheetName, rows };
  }
  return { format, encoding: null, sheetName: workbook.SheetNames[0] ?? null, rows: [] };
}

function readDelimitedText(bytes: Uint8Array, fileName: string): BomTable {
  const { encoding, text } = decodeText(bytes, fileName);
  if (text.trim() === "") throw new BomFileRefused("empty_file", `${fileName} has only white space`);
  const separator = pickSeparator(text);
  const cells =
    separator === "spaces"
      ? splitOnSpaceRuns(text.split(/\r\n|\n|\r/))
      : Papa.parse<string[]>(text, { delimiter: separator, skipEmptyLines: false }).data;
  const rows = keepDataRows(cells, 1, fileName);
  return { format: SEPARATOR_FORMATS[separator], encoding, sheetName: null, rows };
}

function decodeText(bytes: Uint8Array, fileName: string): { encoding: string; text: string } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return decodeAs("utf-8", bytes.subarray(3), fileName);
  if (startsWith(bytes, [0xff, 0xfe])) return decodeAs("utf-16le", bytes.subarray(2), fileName);
  if (startsWith(bytes, [0xfe, 0xff])) return decodeAs("utf-16be", bytes.subarray(2), fileName);

  const sniff = bytes.subarray(0, SNIFF_BYTES);
  const utf16 = bomLessUtf16(sniff);
  if (utf16) return decodeAs(utf16, bytes, fileName);
  if (sniff.includes(0) || controlCharacterShare(sniff) > 0.02) {
    throw new BomFileRefused("binary_file", `${fileName} is neither text nor a spreadsheet`);
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { encoding: "utf-8", text: repairDoubleEncodedUtf8(text) };
  } catch {
    // Excel on Windows saves "CSV" in the ANSI code page; 1252 decodes every byte, so this cannot fail.
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

// UTF-8 read as Latin-1 and saved as UTF-8 again: every original multi-byte character became a lead
// character (Â-ô) followed by continuation characters (U+0080-U+00BF), some of them C1 controls.
const DOUBLE_ENCODED = /[\u00c2-\u00f4][\u0080-\u00bf]{1,3}/g;
const C1_CONTROL = /[\u0080-\u009f]/;
// Only repairs that give letters a BOM plausibly holds (Latin, Greek, CJK, symbols such as µ, Ω, ±).
const PLAUSIBLE_REPAIR = /^[\u00a0-\u024f\u0370-\u03ff\u2000-\u22ff\u3000-\u9fff\uff00-\uffef]+$/;

/** Undoes the double encoding where it is certain: the broken text has C1 controls, real text has none. */
function repairDoubleEncodedUtf8(text: string): string {
  if (!C1_CONTROL.test(text)) return text;
  const strict = new TextDecoder("utf-8", { fatal: true });
  return text.replace(DOUBLE_ENCODED, (broken) => {
    if (!C1_CONTROL.test(broken)) return broken;
    try {
      const repaired = strict.decode(Uint8Array.from(broken, (char) => char.charCodeAt(0)));
      return PLAUSIBLE_REPAIR.test(repaired) ? repaired : broken;
    } catch {
      return broken;
    }
  });
}

/** Text written as UTF-16 without a byte-order mark: ASCII characters leave every other byte zero. */
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
    // Tab, line feed, form feed, carriage return and the DOS end-of-file mark occur in real text files.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a) {
      controls++;
    }
  }
  return sniff.length === 0 ? 0 : controls / sniff.length;
}

/**
 * The separator that splits the first rows into the most rows of one width (the widest on a tie). A
 * semicolon file with decimal commas ("4,7k") splits unevenly on commas, so it is not taken for CSV.
 * Space-aligned columns are the last resort: they win only when no delimiter does better.
 */
function pickSeparator(text: string): ColumnSeparator {
  let best: ColumnSeparator = ",";
  let bestRows = 0;
  let bestWidth = 0;
  // A cut-off sample: on a wrong delimiter a quoted field may never close, and the parser would
  // then read to the end of the file for every candidate.
  const head = firstLines(text, DELIMITER_SAMPLE_ROWS * 4);
  const headText = head.join("\n");
  for (const separator of [",", "\t", ";", "spaces"] as const) {
    const sample =
      separator === "spaces"
        ? splitOnSpaceRuns(head)
            .filter((row) => row.length > 1 || row[0] !== "")
            .slice(0, DELIMITER_SAMPLE_ROWS)
        : Papa.parse<string[]>(headText, {
            delimiter: separator,
            preview: DELIMITER_SAMPLE_ROWS,
            skipEmptyLines: "greedy",
          }).data;
    const rowsPerWidth = new Map<number, number>();
    for (const row of sample) rowsPerWidth.set(row.length, (rowsPerWidth.get(row.length) ?? 0) + 1);
    for (const [width, rows] of rowsPerWidth) {
      if (width < 2) continue;
      const wider = rows === bestRows && width > bestWidth && separator !== "spaces";
      if (rows > bestRows || wider) {
        best = separator;
        bestRows = rows;
        bestWidth = width;
      }
    }
  }
  return best;
}

function firstLines(text: string, count: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < count && start <= text.length) {
    const end = text.indexOf("\n", start);
    lines.push(text.slice(start, end < 0 ? text.length : end).replace(/\r$/, ""));
    if (end < 0) break;
    start = end + 1;
  }
  return lines;
}

/** One space stays inside a cell ("DIODE_LAY 300"); two or more, or a tab, end it. */
function splitOnSpaceRuns(lines: string[]): string[][] {
  return lines.map((line) => {
    const trimmed = line.trim();
    if (trimmed === "" || GEDA_MARKER.test(trimmed)) return [""];
    return trimmed.split(/ {2,}|\t/);
  });
}

function keepDataRows(cells: string[][], firstRowNumber: number, fileName: string): BomTable["rows"] {
  const rows: BomTable["rows"] = [];
  for (let index = 0; index < cells.length; index++) {
    const cleaned = (cells[index] ?? []).map(cleanCell);
    if (!cleaned.some((cell) => cell !== "")) continue;
    if (rows.length === BOM_MAX_ROWS) {
      throw new BomFileRefused("too_many_rows", `${fileName} has more than ${BOM_MAX_ROWS} rows with data`);
    }
    rows.push({ row: firstRowNumber + index, cells: cleaned });
  }
  return rows;
}

function cleanCell(raw: string): string {
  let cell = raw.trim();
  // Excel's text-forcing apostrophe ('https://…, '1.2pF) is not part of the value.
  if (cell.startsWith("'")) cell = cell.slice(1).trim();
  return cell.length > BOM_MAX_CELL_CHARS ? cell.slice(0, BOM_MAX_CELL_CHARS) : cell;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

function latin1(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}
