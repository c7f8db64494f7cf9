import { type BomPart } from "./bom-types.ts";
import { canonicalManufacturer, normaliseManufacturerKey } from "./manufacturers.ts";
import { normaliseMpn } from "./mpn.ts";

export interface CompanyPart {
  id: string;
  /** The company's own part number for it. */
  partNumber: string;
  mpns: { manufacturer: string | null; mpn: string }[];
}

interface IndexedMpn {
  partId: string;
  /** The canonical maker's id, or its normalised name when it is not on the list; null when none. */
  maker: string | null;
}

export interface PartIndex {
  byMpn: Map<string, IndexedMpn[]>;
  byPartNumber: Map<string, string[]>;
  /** Manufacturer text → maker key: BOMs repeat a handful of maker names thousands of times. */
  makerKeys: Map<string, string | null>;
}

export type MatchStatus = "matched" | "ambiguous" | "unmatched";
export type MatchedBy = "mpn" | "mpn_manufacturer" | "part_number";

export interface LineMatch {
  status: MatchStatus;
  partId: string | null;
  /** The parts that fit equally well: the one matched, or the several that made it ambiguous. */
  candidates: string[];
  by: MatchedBy | null;
}

export interface MatchableLine {
  parts: BomPart[];
  value: string | null;
  footprint: string | null;
}

/** Hash maps keyed by normalised MPN and part number, so each BOM line costs a few lookups. */
export function buildPartIndex(parts: CompanyPart[]): PartIndex {
  const byMpn = new Map<string, IndexedMpn[]>();
  const byPartNumber = new Map<string, string[]>();
  const makerKeys = new Map<string, string | null>();
  for (const part of parts) {
    for (const { manufacturer, mpn } of part.mpns) {
      const key = normaliseMpn(mpn);
      if (key === "") continue;
      const entries = byMpn.get(key);
      const entry = { partId: part.id, maker: makerKey(makerKeys, manufacturer) };
      if (!entries) byMpn.set(key, [entry]);
      else if (
        !entries.some((existing) => existing.partId === entry.partId && existing.maker === entry.maker)
      ) {
        entries.push(entry);
      }
    }
    const numberKey = normaliseMpn(part.partNumber);
    if (numberKey === "") continue;
    const ids = byPartNumber.get(numberKey);
    if (!ids) byPartNumber.set(numberKey, [part.id]);
    else if (!ids.includes(part.id)) ids.push(part.id);
  }
  return { byMpn, byPartNumber, makerKeys };
}

/**
 * Finds the company part a BOM line means. The line's MPNs are tried in column order (the first is
 * the preferred one). An MPN names a part when one part carries it; when several do, the line's
 * manufacturer narrows them. A maker named on both sides that differs rules the pairing out, since
 * the same code from two makers is two parts. Failing every MPN, an MPN cell holding the customer's
 * own part number for the company's part matches that part. Value and footprint are not used: a
 * "100nF" in 0402 does not name one stocked part, and guessing one is the planner's call.
 */
export function matchLine(index: PartIndex, line: MatchableLine): LineMatch {
  let firstAmbiguity: LineMatch | null = null;
  for (const { manufacturer, mpn } of line.parts) {
    const key = normaliseMpn(mpn);
    if (key === "") continue;
    const entries = index.byMpn.get(key);
    if (!entries) continue;
    const lineMaker = makerKey(index.makerKeys, manufacturer);
    const compatible = entries.filter((entry) => !lineMaker || !entry.maker || entry.maker === lineMaker);
    const partIds = unique(compatible.map((entry) => entry.partId));
    if (partIds.length === 1) return matched(partIds, "mpn");
    if (partIds.length === 0) continue;
    if (lineMaker) {
      const sameMaker = unique(
        compatible.filter((entry) => entry.maker === lineMaker).map((entry) => entry.partId),
      );
      if (sameMaker.length === 1) return matched(sameMaker, "mpn_manufacturer");
    }
    firstAmbiguity ??= { status: "ambiguous", partId: null, candidates: partIds, by: null };
  }
  if (firstAmbiguity) return firstAmbiguity;
  for (const { mpn } of line.parts) {
    const ids = index.byPartNumber.get(normaliseMpn(mpn));
    if (ids?.length === 1) return matched(ids, "part_number");
    if (ids && ids.length > 1) return { status: "ambiguous", partId: null, candidates: [...ids], by: null };
  }
  return { status: "unmatched", partId: null, candidates: [], by: null };
}

function matched(partIds: string[], by: MatchedBy): LineMatch {
  return { status: "matched", partId: partIds[0] ?? null, candidates: partIds, by };
}

function makerKey(cache: Map<string, string | null>, manufacturer: string | null): string | null {
  if (!manufacturer) return null;
  const cached = cache.get(manufacturer);
  if (cached !== undefined) return cached;
  const canonical = canonicalManufacturer(manufacturer);
  const normalised = normaliseManufacturerKey(manufacturer);
  const key = canonical ? canonical.id : normalised === "" ? null : `?${normalised}`;
  cache.set(manufacturer, key);
  return key;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
