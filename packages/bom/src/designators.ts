/** A range longer than this is a typo (R1-R10000), not a board. */
export const MAX_RANGE_PARTS = 1_000;

const RANGE_SEPARATOR = String.raw`(?:-|–|—|\.\.)`;
// Only letters before the number: EAGLE and EasyEDA names such as SEN0-S, U$1 or PULL_A1 are single
// designators, and expanding them would invent parts that are not on the board.
const FULL_RANGE = new RegExp(String.raw`^([A-Za-z]+)(\d+)${RANGE_SEPARATOR}([A-Za-z]+)(\d+)$`);
const SHORT_RANGE = new RegExp(String.raw`^([A-Za-z]+)(\d+)${RANGE_SEPARATOR}(\d+)$`);
// "R1 - R4" written with spaces is one range, not three tokens.
const SPACED_RANGE = new RegExp(String.raw`([A-Za-z]+\d+)\s+(${RANGE_SEPARATOR})\s+([A-Za-z]*\d+)`, "g");

export interface ExpandedDesignators {
  designators: string[];
  /** The first token that looked like a range but cannot be one (reversed, mixed prefixes, too long). */
  badRange: string | null;
}

export function expandDesignators(cell: string): ExpandedDesignators {
  const designators: string[] = [];
  let badRange: string | null = null;
  const tokens = cell.replace(SPACED_RANGE, "$1$2$3").split(/[\s,;]+/);
  for (const token of tokens) {
    if (token === "") continue;
    const expanded = expandRangeToken(token);
    if (expanded === "bad") {
      badRange ??= token;
    } else if (expanded === null) {
      designators.push(token);
    } else {
      for (const designator of expanded) designators.push(designator);
    }
  }
  return { designators, badRange };
}

/** The parts of a range token, null when the token is not a range, "bad" when it is a broken one. */
function expandRangeToken(token: string): string[] | null | "bad" {
  const full = FULL_RANGE.exec(token);
  if (full) {
    const [, prefix = "", first = "", endPrefix = "", last = ""] = full;
    if (prefix.toUpperCase() !== endPrefix.toUpperCase()) return "bad";
    return numberedRange(prefix, first, last) ?? "bad";
  }
  const short = SHORT_RANGE.exec(token);
  if (short) {
    const [, prefix = "", first = "", last = ""] = short;
    // "J1-1" or "C10-2" is more often a name (a sub-part, a panel copy) than a reversed range.
    if (Number(last) <= Number(first)) return null;
    return numberedRange(prefix, first, last) ?? "bad";
  }
  return null;
}

function numberedRange(prefix: string, first: string, last: string): string[] | null {
  const start = Number(first);
  const end = Number(last);
  if (end < start || end - start + 1 > MAX_RANGE_PARTS) return null;
  // R01-R03 keeps the zero padding the file used.
  const width = first.startsWith("0") ? first.length : 0;
  const parts: string[] = [];
  for (let n = start; n <= end; n++) parts.push(prefix + String(n).padStart(width, "0"));
  return parts;
}

const naturalCollator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Natural order: R2 before R10, C1 before c2; exact ties fall back to code-unit order. */
export function designatorCompare(a: string, b: string): number {
  const natural = naturalCollator.compare(a, b);
  if (natural !== 0) return natural;
  return a < b ? -1 : a > b ? 1 : 0;
}
