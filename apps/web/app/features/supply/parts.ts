import {
  MATERIAL_LINES_MAX,
  MATERIAL_QUANTITY_MAX,
  type MaterialRequestCreate,
  type Packaging,
} from "@ems/contracts/material-requests";

/** One row of the parts table as typed (strings, so a half-typed quantity stays visible). */
export interface PartRow {
  key: number;
  mpn: string;
  manufacturer: string;
  description: string;
  quantity: string;
  packaging: Packaging;
}

let nextKey = 1;

export function emptyPart(): PartRow {
  return { key: nextKey++, mpn: "", manufacturer: "", description: "", quantity: "", packaging: "reel" };
}

export const canAddPart = (rows: readonly PartRow[]) => rows.length < MATERIAL_LINES_MAX;
export const canRemovePart = (rows: readonly PartRow[]) => rows.length > 1;

/** A quantity field's value as a number, or NaN so the schema rejects it. */
export function parseQuantity(value: string): number {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return Number.NaN;
  const n = Number(text);
  return n >= 1 && n <= MATERIAL_QUANTITY_MAX ? n : Number.NaN;
}

/** The rows as the API's lines: empty optional texts are left out. */
export function partsToLines(rows: readonly PartRow[]): MaterialRequestCreate["lines"] {
  return rows.map((row) => ({
    mpn: row.mpn.trim(),
    ...(row.manufacturer.trim() ? { manufacturer: row.manufacturer.trim() } : {}),
    ...(row.description.trim() ? { description: row.description.trim() } : {}),
    quantity: parseQuantity(row.quantity),
    packaging: row.packaging,
  }));
}

/** Field errors by row key and field from issue paths such as ["lines", 1, "mpn"]. */
export function lineIssues(
  rows: readonly PartRow[],
  paths: readonly (readonly PropertyKey[])[],
): Record<number, Partial<Record<keyof PartRow, true>>> {
  const out: Record<number, Partial<Record<keyof PartRow, true>>> = {};
  for (const path of paths) {
    if (path[0] !== "lines" || typeof path[1] !== "number") continue;
    const row = rows[path[1]];
    const field = path[2];
    if (!row || typeof field !== "string" || !(field in row)) continue;
    (out[row.key] ??= {})[field as keyof PartRow] = true;
  }
  return out;
}
