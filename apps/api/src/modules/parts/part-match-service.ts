import type { BomPart } from "@ems/bom/bom-types";
import { normaliseMpn } from "@ems/bom/mpn";
import { buildPartIndex, matchLine } from "@ems/bom/part-match";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { Executor } from "@ems/db/factories";
import { AppError } from "../../lib/app-error.ts";
import { findMatchCandidates, findPart } from "./parts-repository.ts";

/**
 * What other modules (assemblies) and the BOM benchmark need of the parts: matching BOM lines and
 * checking a part id. Kept apart from parts-service so it needs no request context.
 */

/** The key a part number is unique by: case does not make two numbers different. */
const numberKeyOf = (partNumber: string) => partNumber.trim().toUpperCase();

/** How one BOM line matched the company's parts. */
export interface LineMatch {
  status: "matched" | "ambiguous" | "unmatched";
  partId: string | null;
}

/**
 * Matches BOM lines against the company's parts (issue 18): by normalised MPN first (the
 * manufacturer narrowing when two parts share one), else by the company's own part number written
 * in an MPN cell. Only the parts a line could match are read from the database.
 */
export async function matchBomLines(
  db: Executor,
  companyId: string,
  lines: readonly { parts: readonly BomPart[]; value: string | null; footprint: string | null }[],
): Promise<LineMatch[]> {
  const mpnKeys = new Set<string>();
  const numberKeys = new Set<string>();
  for (const line of lines)
    for (const part of line.parts) {
      const key = normaliseMpn(part.mpn);
      if (key) mpnKeys.add(key);
      numberKeys.add(numberKeyOf(part.mpn));
    }
  const rows = await findMatchCandidates(db, companyId, [...mpnKeys], [...numberKeys]);
  const parts = new Map<string, { id: string; partNumber: string; mpns: BomPart[] }>();
  for (const row of rows) {
    const part = parts.get(row.partId) ?? { id: row.partId, partNumber: row.partNumber, mpns: [] };
    if (row.mpn !== null) part.mpns.push({ manufacturer: row.manufacturer, mpn: row.mpn });
    parts.set(row.partId, part);
  }
  const index = buildPartIndex([...parts.values()]);
  return lines.map((line) => {
    const match = matchLine(index, { parts: [...line.parts], value: line.value, footprint: line.footprint });
    return { status: match.status, partId: match.partId };
  });
}

/** The parts a BOM line names by id, checked to be the company's (404 naming `field` otherwise). */
export async function companyPartFor(db: Executor, companyId: string, id: string, field: string) {
  const record = await findPart(db, companyId, id);
  if (!record) throw new AppError(404, ERROR_CODES.notFound, "No such part", { field });
  return record.part;
}
