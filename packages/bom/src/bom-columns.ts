import {
  type BomColumnMapping,
  type BomField,
  BomFileRefused,
  type BomTable,
  type BomTool,
} from "./bom-types.ts";

/** Altium and other templates put a title block above the table; the header is looked for this far down. */
export const HEADER_SEARCH_ROWS = 20;

interface Candidate {
  field: BomField;
  /** 3: the usual name of the field; 2: a name that usually means it; 1: a guess. */
  score: number;
}

type HeaderWords = [field: BomField, score: number, words: string[]];

// Written in normalised form: lower case, umlauts folded (ä → ae), "#" and "P/N" spelled out as
// "number" and "part number", punctuation turned into single spaces, a trailing column number removed.
const HEADER_WORDS: HeaderWords[] = [
  [
    "designators",
    3,
    [
      "designator",
      "designators",
      "reference",
      "references",
      "reference s",
      "ref",
      "refs",
      "refdes",
      "ref des",
      "reference designator",
      "reference designators",
      "ref designator",
      "part reference",
      "part references",
      "parts",
      "bauteil",
      "bauteile",
      "referenz",
      "referenzen",
      "bezeichner",
    ],
  ],
  ["designators", 1, ["customer reference"]],
  [
    "quantity",
    3,
    [
      "qty",
      "quantity",
      "quantities",
      "qnty",
      "menge",
      "anzahl",
      "stueckzahl",
      "stk",
      "count",
      "pcs",
      "order qty",
      "order quantity",
      "qty per board",
      "qty per pcb",
      "quantity per board",
      "quantity per pcb",
    ],
  ],
  ["value", 3, ["value", "val", "wert", "part value"]],
  // Altium and the JLCPCB column set write the value into "Comment"; EasyEDA calls it "Name", OrCAD "Part".
  ["value", 2, ["comment", "name", "part", "part name"]],
  ["value", 1, ["device"]],
  [
    "footprint",
    3,
    [
      "footprint",
      "package",
      "pcb footprint",
      "footprint name",
      "pattern",
      "land pattern",
      "pcb decal",
      "case",
      "case package",
      "package case",
      "gehaeuse",
      "bauform",
    ],
  ],
  ["description", 3, ["description", "desc", "descr", "part description", "beschreibung", "bezeichnung"]],
  [
    "manufacturer",
    3,
    [
      "manufacturer",
      "manufacturer name",
      "manu",
      "mfr",
      "mfr name",
      "mfg",
      "mfg name",
      "hersteller",
      "brand",
    ],
  ],
  ["manufacturer", 2, ["mf"]],
  [
    "mpn",
    3,
    [
      "mpn",
      "manufacturer part number",
      "manufacturers part number",
      "manufacturer part",
      "mfr part number",
      "mfr number",
      "mfr part",
      "mfg part number",
      "herstellerteilenummer",
      "hersteller teilenummer",
      "hersteller artikelnummer",
      "herstellernummer",
    ],
  ],
  ["mpn", 2, ["mp"]],
  // A bare "Part Number" is the MPN in most BOMs, but Digi-Key's own number beside a "Manufacturer Part Number".
  ["mpn", 1, ["part number"]],
  ["supplier_part", 1, ["part number"]],
  ["supplier", 3, ["supplier", "vendor", "distributor", "lieferant", "haendler"]],
  [
    "supplier_part",
    3,
    [
      "supplier part number",
      "supplier part",
      "supplier sku",
      "supplier order code",
      "vendor part number",
      "vendor part",
      "distributor part number",
      "lcsc",
      "lcsc part",
      "lcsc part number",
      "lcsc number",
      "jlcpcb part",
      "jlcpcb part number",
      "digi key part number",
      "digikey part number",
      "digi key number",
      "digikey number",
      "mouser number",
      "mouser part number",
      "farnell",
      "farnell number",
      "order code",
      "bestellnummer",
      "artikelnummer",
      "sku",
    ],
  ],
  [
    "dnp",
    3,
    [
      "dnp",
      "dnf",
      "dns",
      "nf",
      "do not populate",
      "do not place",
      "do not fit",
      "do not mount",
      "not fitted",
      "no pop",
      "nopop",
      "assembly info",
      "populate",
      "populated",
      "fitted",
      "fit",
      "mounted",
      "place",
      "bestueckt",
      "bestueckung",
    ],
  ],
  [
    "comment",
    3,
    [
      "notes",
      "note",
      "remark",
      "remarks",
      "comments",
      "bemerkung",
      "bemerkungen",
      "kommentar",
      "hinweis",
      "customer number",
      "customer part number",
    ],
  ],
  ["comment", 1, ["comment"]],
];

/** DNP columns that say the opposite: a "no" in "Populate" or "Fitted" means do not place. */
const INVERTED_DNP_HEADERS = new Set([
  "populate",
  "populated",
  "fitted",
  "fit",
  "mounted",
  "place",
  "bestueckt",
  "bestueckung",
]);

/** Distributor columns that name the supplier in the header rather than in a column of their own. */
const SUPPLIER_NAMED_BY_HEADER: [prefix: string, supplier: string][] = [
  ["lcsc", "LCSC"],
  ["jlcpcb", "LCSC"],
  ["digi key", "Digi-Key"],
  ["digikey", "Digi-Key"],
  ["mouser", "Mouser"],
  ["farnell", "Farnell"],
];

// Used when no exact name matches, for headers such as "Manufacturer Part Number or Seeed SKU".
const HEADER_PHRASES: [phrase: string, field: BomField][] = [
  ["manufacturer part number", "mpn"],
  ["manufacturer part", "mpn"],
  ["mfr part", "mpn"],
  ["mpn", "mpn"],
  ["supplier part", "supplier_part"],
  ["vendor part", "supplier_part"],
  ["order number", "supplier_part"],
  ["designator", "designators"],
  ["designators", "designators"],
  ["reference", "designators"],
  ["quantity", "quantity"],
  ["qty", "quantity"],
  ["footprint", "footprint"],
  ["package", "footprint"],
  ["description", "description"],
  ["manufacturer", "manufacturer"],
  ["supplier", "supplier"],
  ["distributor", "supplier"],
  ["value", "value"],
];
const PHRASE_MAX_WORDS = 7;
// Headers that would otherwise match a phrase but mean something else: a distributor's order quantity
// is not the number of parts on the board, an item number is not a designator.
const IGNORED_HEADERS = new Set([
  "digikey quantity",
  "digi key quantity",
  "mouser quantity",
  "lcsc quantity",
  "item",
  "item number",
  "id",
  "index",
  "price",
  "unit price",
  "extended price",
  "link",
  "datasheet",
  "libpart",
  "total parts",
]);

const CANDIDATES_BY_WORDS = new Map<string, Candidate[]>();
for (const [field, score, words] of HEADER_WORDS) {
  for (const word of words) {
    const list = CANDIDATES_BY_WORDS.get(word) ?? [];
    list.push({ field, score });
    CANDIDATES_BY_WORDS.set(word, list);
  }
}

/** Manufacturer/MPN columns may repeat as numbered alternates; every other field takes one column. */
const MULTI_COLUMN_FIELDS: ReadonlySet<BomField> = new Set(["manufacturer", "mpn"]);

interface NormalisedHeader {
  words: string;
  /** The column number of "Manufacturer 2", "Supplier Part Number 1"; 1 when there is none. */
  slot: number;
}

export function normaliseHeader(header: string): NormalisedHeader {
  const words = header
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\bp\s*\/\s*n\b/g, " part number ")
    .replace(/#/g, " number ")
    .replace(/\bpn\b/g, " part number ")
    .replace(
      /\b(part|item|article|artikel|order|teile|mfr|mfg|manufacturer|supplier)\s*(?:no|nr)\b\.?/g,
      "$1 number",
    )
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  const numbered = /^(.*[a-z])\s*(\d{1,2})$/.exec(words);
  if (numbered?.[1] && numbered[2]) return { words: numbered[1].trim(), slot: Number(numbered[2]) };
  return { words, slot: 1 };
}

function candidatesFor(words: string): Candidate[] {
  const exact = CANDIDATES_BY_WORDS.get(words);
  if (exact) return exact;
  if (words === "" || IGNORED_HEADERS.has(words) || words.split(" ").length > PHRASE_MAX_WORDS) return [];
  const padded = ` ${words} `;
  for (const [phrase, field] of HEADER_PHRASES) {
    if (padded.includes(` ${phrase} `)) return [{ field, score: 1 }];
  }
  return [];
}

export function isInvertedDnpHeader(header: string): boolean {
  return INVERTED_DNP_HEADERS.has(normaliseHeader(header).words);
}

/** "LCSC", "Digi-Key Part #", "Mouser #": the distributor the column's part numbers belong to. */
export function supplierNamedByHeader(header: string): string | null {
  const { words } = normaliseHeader(header);
  for (const [prefix, supplier] of SUPPLIER_NAMED_BY_HEADER) {
    if (words === prefix || words.startsWith(`${prefix} `)) return supplier;
  }
  return null;
}

/**
 * Gives each column a meaning from its header. Where several columns could mean the same field
 * (EAGLE's MANUFACTURER_PART_NUMBER, MP and MPN), the best name wins and the others are ignored;
 * numbered manufacturer/MPN columns are kept as alternates. `filledCells` (non-empty cells per
 * column, when the data is at hand) lets a column with data beat an empty one of a better name.
 */
export function mapColumns(
  headers: string[],
  filledCells?: number[],
): { mapping: BomColumnMapping; tool: BomTool } {
  const normalised = headers.map(normaliseHeader);
  const options: {
    column: number;
    field: BomField;
    score: number;
    preference: number;
    slot: number;
    hasData: boolean;
  }[] = [];
  normalised.forEach(({ words, slot }, column) => {
    candidatesFor(words).forEach(({ field, score }, preference) => {
      const hasData = filledCells === undefined || (filledCells[column] ?? 0) > 0;
      options.push({ column, field, score, preference, slot, hasData });
    });
  });
  options.sort(
    (a, b) =>
      Number(b.hasData) - Number(a.hasData) ||
      b.score - a.score ||
      a.preference - b.preference ||
      a.slot - b.slot ||
      a.column - b.column,
  );
  const mapping: BomColumnMapping = headers.map(() => null);
  const taken = new Set<string>();
  for (const option of options) {
    if (mapping[option.column] !== null) continue;
    const key = MULTI_COLUMN_FIELDS.has(option.field) ? `${option.field}#${option.slot}` : option.field;
    if (taken.has(key)) continue;
    taken.add(key);
    mapping[option.column] = option.field;
  }
  return { mapping, tool: detectTool(normalised.map((header) => header.words)) };
}

function detectTool(words: string[]): BomTool {
  const has = (...names: string[]) => names.every((name) => words.includes(name));
  const hasAny = (...names: string[]) => names.some((name) => words.includes(name));
  if (has("mouser number")) return "mouser";
  if (has("manufacturer part", "supplier part") || has("id", "name", "designator")) return "easyeda";
  if (has("parts") && hasAny("device", "package")) return "eagle";
  if (has("mf", "mp")) return "eagle";
  if (has("refdes") && hasAny("pattern", "name")) return "diptrace";
  if (has("reference", "part") && hasAny("pcb footprint", "item")) return "orcad";
  if (has("comment", "designator") && hasAny("lcsc", "lcsc part", "lcsc part number", "jlcpcb part number")) {
    return "kicad";
  }
  if (has("designator", "comment")) return "altium";
  const kicadReference = hasAny("reference", "references", "reference s", "ref", "refs");
  if (kicadReference && hasAny("value", "footprint", "datasheet")) return "kicad";
  if (hasAny("digi key part number", "digikey part number", "customer reference")) return "digikey";
  return "generic";
}

/**
 * The index (into table.rows) of the header: among the first rows, the one in which most cells name
 * a field, provided it names designators or a quantity and something to buy or place.
 */
export function findHeaderRow(table: BomTable): number {
  let best = -1;
  let bestMapped = 0;
  const searched = Math.min(HEADER_SEARCH_ROWS, table.rows.length);
  for (let index = 0; index < searched; index++) {
    const { mapping } = mapColumns(table.rows[index]?.cells ?? []);
    const has = (field: BomField) => mapping.includes(field);
    const locates = has("designators") || has("quantity");
    const identifies = has("value") || has("mpn") || has("description") || has("footprint");
    if (!locates || !identifies) continue;
    const mapped = mapping.filter((field) => field !== null).length;
    if (mapped > bestMapped) {
      best = index;
      bestMapped = mapped;
    }
  }
  if (best < 0) {
    throw new BomFileRefused(
      "no_header",
      `no header with designators or quantity and a value, MPN, description or footprint in the first ${HEADER_SEARCH_ROWS} rows`,
    );
  }
  return best;
}
