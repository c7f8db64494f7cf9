import {
  BOM_COLUMN_FIELDS,
  type BomColumnField,
  type BomLineDto,
  type PlacementsDto,
} from "@ems/contracts/assemblies";

/**
 * What the BOM pages compute in the browser: designators in the order a person reads them, the
 * column mapping as the address holds it, the table's filters and grouping, and the board's geometry.
 */

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** R2 before R10, C1 before R1: how designators are read on a board. */
export const naturalCompare = (a: string, b: string) => collator.compare(a, b);

export const sortDesignators = (designators: readonly string[]) => [...designators].sort(naturalCompare);

/**
 * Designators shortened where runs are long: R1, R2, R3, R4 becomes R1–R4; two in a row stay as they
 * are (C7, C8), since a range of two reads worse than the pair.
 */
export function compactDesignators(designators: readonly string[]): string[] {
  const sorted = sortDesignators(designators);
  const out: string[] = [];
  let run: { prefix: string; from: number; to: number; names: string[] } | null = null;
  const flush = () => {
    if (!run) return;
    out.push(...(run.names.length >= 3 ? [`${run.prefix}${run.from}–${run.prefix}${run.to}`] : run.names));
    run = null;
  };
  for (const name of sorted) {
    const match = /^(.*?)(\d+)$/.exec(name);
    const prefix = match?.[1];
    const digits = match?.[2];
    // Leading zeros (R01) are not numbers to count on: such a name stands alone.
    if (prefix === undefined || digits === undefined || (digits.length > 1 && digits.startsWith("0"))) {
      flush();
      out.push(name);
      continue;
    }
    const number = Number(digits);
    if (run && run.prefix === prefix && number === run.to + 1) {
      run.to = number;
      run.names.push(name);
    } else {
      flush();
      run = { prefix, from: number, to: number, names: [name] };
    }
  }
  flush();
  return out;
}

/** Designators as typed in the edit dialog: separated by commas, semicolons or spaces. */
export function parseDesignators(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const name = part.trim();
    if (name) seen.add(name);
  }
  return [...seen];
}

// The mapping in the address: `?col=` once per column, the field's name or "ignore".

export const MAPPING_PARAM = "col";
export const IGNORE = "ignore";

export function mappingToCols(mapping: readonly (BomColumnField | null)[]): string[] {
  return mapping.map((field) => field ?? IGNORE);
}

/** The mapping the address names; null when it names none or a field that does not exist. */
export function mappingFromCols(cols: readonly string[]): (BomColumnField | null)[] | null {
  if (cols.length === 0) return null;
  const fields: (BomColumnField | null)[] = [];
  for (const col of cols) {
    if (col === IGNORE) fields.push(null);
    else if ((BOM_COLUMN_FIELDS as readonly string[]).includes(col)) fields.push(col as BomColumnField);
    else return null;
  }
  return fields;
}

/** Fields one column at most may mean (the API refuses a mapping with two). */
const SINGLE_FIELDS: readonly BomColumnField[] = [
  "designators",
  "quantity",
  "value",
  "footprint",
  "description",
  "dnp",
];

/** Why the API would refuse a mapping, worded by the page: a field twice, or neither designators nor quantity. */
export function mappingProblems(mapping: readonly (BomColumnField | null)[]): {
  twice: BomColumnField[];
  noDesignators: boolean;
} {
  return {
    twice: SINGLE_FIELDS.filter((field) => mapping.filter((f) => f === field).length > 1),
    noDesignators: !mapping.includes("designators") && !mapping.includes("quantity"),
  };
}

// The table.

export const BOM_FILTERS = ["all", "unmatched", "dnp", "warnings"] as const;
export type BomFilter = (typeof BOM_FILTERS)[number];

/** A row of the table: one line, or with grouping every line of the same value and footprint. */
export interface BomRow {
  id: string;
  lines: BomLineDto[];
  /** The first line: what the row shows of value, footprint, parts and match. */
  line: BomLineDto;
  designators: string[];
  quantity: number;
}

const normalised = (text: string | null | undefined) => (text ?? "").toLowerCase().replace(/[\s-]/g, "");

/** Whether a line is shown under a filter and a search in its designators, value and MPNs. */
export function lineMatches(line: BomLineDto, filter: BomFilter, query: string): boolean {
  if (filter === "unmatched" && line.match_status === "matched") return false;
  if (filter === "dnp" && !line.dnp) return false;
  if (filter === "warnings" && line.warnings.length === 0) return false;
  const q = normalised(query);
  if (!q) return true;
  return (
    line.designators.some((d) => normalised(d) === q || normalised(d).startsWith(q)) ||
    normalised(line.value).includes(q) ||
    line.parts.some((part) => normalised(part.mpn).includes(q))
  );
}

/** The lines as rows, grouped by value and footprint when asked, quantities added up. */
export function bomRows(lines: readonly BomLineDto[], grouped: boolean): BomRow[] {
  if (!grouped)
    return lines.map((line) => ({
      id: line.id,
      lines: [line],
      line,
      designators: line.designators,
      quantity: line.quantity,
    }));
  const groups = new Map<string, BomLineDto[]>();
  for (const line of lines) {
    const key = `${normalised(line.value)}\u001f${normalised(line.footprint)}\u001f${line.dnp ? 1 : 0}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()].map((group) => ({
    id: group.map((line) => line.id).join("+"),
    lines: group,
    line: group[0]!,
    designators: sortDesignators(group.flatMap((line) => line.designators)),
    quantity: group.reduce((sum, line) => sum + line.quantity, 0),
  }));
}

/** The side most of a line's designators are placed on, or null when none is placed. */
export function sideOf(
  designators: readonly string[],
  placements: PlacementsDto["placements"],
): "top" | "bottom" | null {
  const wanted = new Set(designators);
  let top = 0;
  let bottom = 0;
  for (const p of placements) {
    if (!wanted.has(p.designator)) continue;
    if (p.side === "top") top++;
    else bottom++;
  }
  if (top === 0 && bottom === 0) return null;
  return bottom > top ? "bottom" : "top";
}
