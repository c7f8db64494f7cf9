import { findHeaderRow, isInvertedDnpHeader, mapColumns, supplierNamedByHeader } from "./bom-columns.ts";
import { readBomTable } from "./bom-table.ts";
import type {
  BomColumnMapping,
  BomField,
  BomImport,
  BomLine,
  BomLineWarning,
  BomPart,
  BomProblem,
  BomTable,
  BomTool,
} from "./bom-types.ts";
import { expandDesignators } from "./designators.ts";

export const BOM_MAX_QUANTITY = 100_000;
const PROBLEM_DETAIL_CHARS = 200;

const DNP_MARKERS = new Set([
  "dnp",
  "dnf",
  "dns",
  "nf",
  "np",
  "do not place",
  "do not populate",
  "do not fit",
  "do not mount",
  "not fitted",
  "not placed",
  "not populated",
  "not mounted",
  "no fit",
  "nofit",
  "no pop",
  "nopop",
]);
const YES = new Set(["yes", "y", "x", "true", "1", "ja", "j", "wahr"]);
const NO = new Set(["no", "n", "false", "0", "nein", "falsch", "-"]);
// Altium's "Assembly Info" names the unfitted parts of a line: NF(C12 C19 C20).
const PARTIAL_DNP = /^(?:nf|dnp|dnf|dns|np|not fitted|do not place)\s*(?:\(([^)]*)\)?|:(.*))$/i;
// Texts some tools write where a name is missing; none of them is a supplier, a maker or a part.
const PLACEHOLDERS = new Set(["-", "--", "—", "?", "n/a", "na", "none", "tbd", "add new supplier"]);
// A cell of designators holds names such as R1, U$1, SEN0-S, PULL_A or R1-R4, never a sentence:
// "DO NOT INSTALL COMPONENTS BELOW." or "NOT USED: P7,FB6" is a note written in the column.
const DESIGNATOR_TOKEN = /^[A-Za-z0-9_$#+\-–—./]*[A-Za-z0-9_$#+]$/;
// A note after which the remaining rows list parts to leave off the board (BeagleBone Black's BOM).
const DNP_BELOW =
  /\b(?:do not|don'?t|not to)\s+(?:install|place|populate|fit|mount|assemble|stuff)\b.*\bbelow\b/i;
// Column names that carry no meaning (KiCad 2013's Field1…Field8): their cells are looked at instead.
const GENERIC_HEADER = /^(?:field\s*\d+|column\s*\d+|)$/i;

interface Columns {
  designators: number | null;
  quantity: number | null;
  value: number | null;
  footprint: number | null;
  description: number | null;
  supplier: number | null;
  supplierPart: number | null;
  dnp: number | null;
  comment: number | null;
  manufacturers: number[];
  mpns: number[];
  dnpInverted: boolean;
  supplierFromHeader: string | null;
}

/**
 * Reads a BOM file into lines: the table, its header, the meaning of each column (the caller's
 * mapping when it fits the header, otherwise recognised from the header words), then one line or
 * one problem for every row below the header that has text in it.
 */
export function importBom(bytes: Uint8Array, fileName: string, mapping?: BomColumnMapping): BomImport {
  const table = readBomTable(bytes, fileName);
  const headerIndex = findHeaderRow(table);
  const headerRow = table.rows[headerIndex] ?? { row: 1, cells: [] };
  const headers = withoutTrailingEmptyCells(headerRow.cells);

  const dataRows = realignShiftedRows(headers.length, table.rows.slice(headerIndex + 1));

  let chosenMapping: BomColumnMapping;
  let tool: BomTool;
  if (mapping && mapping.length === headers.length) {
    chosenMapping = mapping;
    tool = mapColumns(headers).tool;
  } else {
    const filledCells = headers.map(
      (_, column) => dataRows.filter((row) => (row.cells[column] ?? "") !== "").length,
    );
    ({ mapping: chosenMapping, tool } = mapColumns(headers, filledCells));
    chosenMapping = withDnpColumnFoundByContent(headers, chosenMapping, dataRows);
  }

  const columns = locateColumns(headers, chosenMapping);
  const rowLines: { line: BomLine; sameAs: string }[] = [];
  const problems: BomProblem[] = [];
  let previous: BomLine[] = [];
  let dnpBelow = false;
  for (const { row, cells } of dataRows) {
    if (repeatsHeader(cells, headers)) continue;
    const result = readRow(row, cells, columns, dnpBelow);
    if ("alternates" in result && previous.length > 0) {
      // A continuation row (BeagleBone Black's BOM): more makers for the part of the row above it.
      for (const line of previous) line.parts.push(...result.alternates.map((part) => ({ ...part })));
      continue;
    }
    if ("alternates" in result) {
      problems.push(problem(row, "no_designators_or_quantity", rowText(cells)));
      continue;
    }
    if ("problem" in result) {
      problems.push(result.problem);
      if (
        result.problem.reason === "no_designators_or_quantity" &&
        DNP_BELOW.test(result.problem.detail ?? "")
      ) {
        dnpBelow = true;
      }
      previous = [];
      continue;
    }
    const otherCells = cells.filter(
      (_, column) => column !== columns.designators && column !== columns.quantity,
    );
    for (const line of result.lines) rowLines.push({ line, sameAs: JSON.stringify([line.dnp, otherCells]) });
    previous = result.lines;
  }
  const lines = groupIdenticalRows(rowLines);
  markDuplicateDesignators(lines);

  return {
    format: table.format,
    encoding: table.encoding,
    sheetName: table.sheetName,
    headerRow: headerRow.row,
    headers,
    mapping: chosenMapping,
    tool,
    lines,
    problems,
  };
}

function locateColumns(headers: string[], mapping: BomColumnMapping): Columns {
  const first = (field: BomField): number | null => {
    const index = mapping.indexOf(field);
    return index < 0 ? null : index;
  };
  const all = (field: BomField): number[] =>
    mapping.flatMap((mapped, index) => (mapped === field ? [index] : []));
  const dnp = first("dnp");
  const supplierPart = first("supplier_part");
  return {
    designators: first("designators"),
    quantity: first("quantity"),
    value: first("value"),
    footprint: first("footprint"),
    description: first("description"),
    supplier: first("supplier"),
    supplierPart,
    dnp,
    comment: first("comment"),
    manufacturers: all("manufacturer"),
    mpns: all("mpn"),
    dnpInverted: dnp !== null && isInvertedDnpHeader(headers[dnp] ?? ""),
    supplierFromHeader: supplierPart === null ? null : supplierNamedByHeader(headers[supplierPart] ?? ""),
  };
}

type RowResult = { lines: BomLine[] } | { problem: BomProblem } | { alternates: BomPart[] };

function readRow(row: number, cells: string[], columns: Columns, dnpBelow: boolean): RowResult {
  const cell = (column: number | null): string => cellAt(cells, column);
  const optional = (column: number | null): string | null => cellAt(cells, column) || null;

  const designatorCell = cell(columns.designators);
  const { designators, badRange } = looksLikeDesignatorList(designatorCell)
    ? expandDesignators(designatorCell)
    : { designators: [], badRange: null };
  if (badRange !== null) return { problem: problem(row, "bad_designator_range", badRange) };

  const quantityCell = cell(columns.quantity);
  let statedQuantity: number | null = null;
  if (quantityCell !== "") {
    statedQuantity = parseQuantity(quantityCell);
    if (statedQuantity === null) return { problem: problem(row, "bad_quantity", quantityCell) };
  }

  const value = optional(columns.value);
  const footprint = optional(columns.footprint);
  const description = optional(columns.description);
  const comment = optional(columns.comment);
  const parts = readParts(cells, columns);
  const describesPart = value !== null || footprint !== null || description !== null || parts.length > 0;
  if (designators.length === 0 && statedQuantity === null) {
    if (
      designatorCell === "" &&
      parts.length > 0 &&
      value === null &&
      footprint === null &&
      description === null
    ) {
      return { alternates: parts };
    }
    return { problem: problem(row, "no_designators_or_quantity", rowText(cells)) };
  }

  const dnp = dnpBelow || readDnp(cell(columns.dnp), columns.dnpInverted, [value, comment]);
  // A part left off the board needs nothing bought, so a bare list of DNP designators is a line.
  if (!describesPart && dnp !== true) {
    return { problem: problem(row, "no_part", designatorCell || quantityCell) };
  }
  const supplierPart = meaningful(cell(columns.supplierPart));
  const supplier = meaningful(cell(columns.supplier)) ?? (supplierPart ? columns.supplierFromHeader : null);

  const mismatch = designators.length > 0 && statedQuantity !== null && statedQuantity !== designators.length;
  const firstWarnings: BomLineWarning[] = [];
  if (mismatch) firstWarnings.push("quantity_mismatch");
  if (designators.length === 0) firstWarnings.push("no_designators");

  const line = (lineDesignators: string[], lineDnp: boolean, warnings: BomLineWarning[]): BomLine => ({
    row,
    designators: lineDesignators,
    quantity: lineDesignators.length > 0 ? lineDesignators.length : (statedQuantity ?? 0),
    value,
    footprint,
    description,
    parts: lineDnp === true && lineDesignators !== designators ? parts.map((part) => ({ ...part })) : parts,
    supplier,
    supplierPart,
    dnp: lineDnp,
    comment,
    warnings,
    statedQuantity: warnings.length > 0 && mismatch ? statedQuantity : null,
  });

  if (dnp === true || dnp === false) return { lines: [line(designators, dnp, firstWarnings)] };
  const unfitted = new Set(dnp.map((designator) => designator.toUpperCase()));
  const fitted = designators.filter((designator) => !unfitted.has(designator.toUpperCase()));
  const notFitted = designators.filter((designator) => unfitted.has(designator.toUpperCase()));
  if (notFitted.length === 0) return { lines: [line(designators, false, firstWarnings)] };
  if (fitted.length === 0) return { lines: [line(designators, true, firstWarnings)] };
  return { lines: [line(fitted, false, firstWarnings), line(notFitted, true, [])] };
}

function looksLikeDesignatorList(cell: string): boolean {
  return cell.split(/[\s,;]+/).every(
    // Lower-case letters without a number are words ("Approved by"); designators are R1, r1, DISPLAY.
    (token) => token === "" || (DESIGNATOR_TOKEN.test(token) && (/\d/.test(token) || !/[a-z]/.test(token))),
  );
}

/** True or false for the whole row, or the designators an "NF(C12 C19)" cell leaves unfitted. */
function readDnp(dnpCell: string, inverted: boolean, markedCells: (string | null)[]): boolean | string[] {
  const dnpText = dnpCell.toLowerCase();
  if (dnpText !== "") {
    if (inverted) {
      if (NO.has(dnpText) || DNP_MARKERS.has(dnpText)) return true;
    } else {
      if (YES.has(dnpText) || DNP_MARKERS.has(dnpText)) return true;
      const partial = PARTIAL_DNP.exec(dnpCell);
      if (partial) return expandDesignators(partial[1] ?? partial[2] ?? "").designators;
    }
  }
  return markedCells.some((text) => text !== null && DNP_MARKERS.has(text.toLowerCase()));
}

function readParts(cells: string[], columns: Columns): BomPart[] {
  const parts: BomPart[] = [];
  columns.mpns.forEach((mpnColumn, pair) => {
    const mpn = meaningful(cellAt(cells, mpnColumn));
    if (mpn === null) return;
    parts.push({ manufacturer: meaningful(cellAt(cells, columns.manufacturers[pair] ?? null)), mpn });
  });
  return parts;
}

function cellAt(cells: string[], column: number | null): string {
  return column === null ? "" : (cells[column] ?? "");
}

function parseQuantity(text: string): number | null {
  if (!/^\d{1,6}(?:[.,]0+)?$/.test(text)) return null;
  const quantity = Number.parseInt(text, 10);
  return quantity <= BOM_MAX_QUANTITY ? quantity : null;
}

function meaningful(text: string): string | null {
  return text === "" || PLACEHOLDERS.has(text.toLowerCase()) ? null : text;
}

/**
 * BOMs written one designator per row (KiCad 2013, hand-kept sheets) become one line per part: rows
 * whose every cell but the designators and the quantity is the same are one line, at the first row.
 * Unmapped columns count too, so two parts that differ only in a column nobody mapped stay apart. A
 * line with a warning keeps its own row so the warning still points at it.
 */
function groupIdenticalRows(rowLines: { line: BomLine; sameAs: string }[]): BomLine[] {
  const grouped: BomLine[] = [];
  const groups = new Map<string, BomLine>();
  for (const { line, sameAs } of rowLines) {
    if (line.designators.length === 0 || line.warnings.length > 0) {
      grouped.push(line);
      continue;
    }
    const group = groups.get(sameAs);
    if (group) {
      group.designators.push(...line.designators);
      group.quantity = group.designators.length;
      continue;
    }
    const copy = { ...line, designators: [...line.designators] };
    groups.set(sameAs, copy);
    grouped.push(copy);
  }
  return grouped;
}

function markDuplicateDesignators(lines: BomLine[]): void {
  const seen = new Set<string>();
  for (const line of lines) {
    for (const designator of line.designators) {
      const key = designator.toUpperCase();
      if (seen.has(key) && !line.warnings.includes("duplicate_designator")) {
        line.warnings.push("duplicate_designator");
      }
      seen.add(key);
    }
  }
}

/**
 * KiCad's BOM Wizard writes one more cell per row than its header names (an empty one after Qty), so
 * everything after it sits one column to the right. When most rows run past the named columns and
 * one named column is empty in all of them, that column is the extra one and is taken out.
 */
function realignShiftedRows(namedColumns: number, rows: BomTable["rows"]): BomTable["rows"] {
  const overflowing = new Set(
    rows.filter(({ cells }) => cells.slice(namedColumns).some((text) => text !== "")),
  );
  if (overflowing.size < 2 || overflowing.size * 2 < rows.length) return rows;
  const overflowRows = [...overflowing];
  let extra = -1;
  for (let column = 0; column < namedColumns && extra < 0; column++) {
    if (overflowRows.every(({ cells }) => (cells[column] ?? "") === "")) extra = column;
  }
  if (extra < 0) return rows;
  return rows.map((row) =>
    overflowing.has(row) ? { row: row.row, cells: row.cells.filter((_, column) => column !== extra) } : row,
  );
}

/** KiCad 2013 puts an optional "DNP" into one of its nameless FieldN columns. */
function withDnpColumnFoundByContent(
  headers: string[],
  mapping: BomColumnMapping,
  rows: BomTable["rows"],
): BomColumnMapping {
  if (mapping.includes("dnp")) return mapping;
  const column = headers.findIndex((header, index) => {
    if (mapping[index] !== null || !GENERIC_HEADER.test(header)) return false;
    const texts = rows.map(({ cells }) => cells[index] ?? "").filter((text) => text !== "");
    return texts.length > 0 && texts.every((text) => DNP_MARKERS.has(text.toLowerCase()));
  });
  if (column < 0) return mapping;
  return mapping.map((field, index) => (index === column ? "dnp" : field));
}

function rowText(cells: string[]): string {
  return cells.filter((text) => text !== "").join(" ");
}

function problem(row: number, reason: BomProblem["reason"], detail: string): BomProblem {
  return { row, reason, detail: detail === "" ? null : detail.slice(0, PROBLEM_DETAIL_CHARS) };
}

function repeatsHeader(cells: string[], headers: string[]): boolean {
  for (let column = 0; column < Math.max(cells.length, headers.length); column++) {
    if ((cells[column] ?? "") !== (headers[column] ?? "")) return false;
  }
  return true;
}

function withoutTrailingEmptyCells(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === "") end--;
  return cells.slice(0, end);
}
