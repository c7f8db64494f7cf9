import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";

/**
 * Writes a BOM table as CSV or XLSX. Cells are text from customers' files: one that starts with =,
 * +, -, @, a tab or a carriage return would run as a formula when a spreadsheet opens the CSV (OWASP
 * "CSV injection"), so it is written with a leading apostrophe, which spreadsheets show as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export type ExportCell = string | number | null;

const textOf = (cell: ExportCell) =>
  cell === null ? "" : typeof cell === "number" ? String(cell) : escapeFormula(cell);

/** RFC 4180 CSV with CRLF line ends and a UTF-8 byte-order mark, which Excel needs to read UTF-8. */
export function bomCsv(header: readonly string[], rows: readonly (readonly ExportCell[])[]): string {
  const body = Papa.unparse(
    [header.map((cell) => escapeFormula(cell)), ...rows.map((row) => row.map(textOf))],
    {
      newline: "\r\n",
      quotes: true,
    },
  );
  return `\uFEFF${body}\r\n`;
}

/**
 * One sheet, numbers as numbers and everything else as text cells (type "s"), so a cell reading
 * "=1+1" is stored as text and never becomes a formula.
 */
export function bomXlsx(
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly ExportCell[])[],
): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    header.map((cell) => escapeFormula(cell)),
    ...rows.map((row) => row.map((cell) => (typeof cell === "string" ? escapeFormula(cell) : cell))),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
