/**
 * The shapes the BOM and pick-and-place readers hand to the API. Plain data: the API stores it and
 * the web app shows it, so every problem is a code (translated there) plus the row it came from.
 */

/** What a BOM column can mean. `manufacturer` and `mpn` may each map several columns (alternates). */
export const BOM_FIELDS = [
  "designators",
  "quantity",
  "value",
  "footprint",
  "description",
  "manufacturer",
  "mpn",
  "supplier",
  "supplier_part",
  "dnp",
  "comment",
] as const;
export type BomField = (typeof BOM_FIELDS)[number];

/** One entry per column of the header row: what the column means, or null when it is ignored. */
export type BomColumnMapping = (BomField | null)[];

/** `spaces`: text columns aligned with runs of spaces and no delimiter (gEDA partslist through `column -t`). */
export const BOM_FORMATS = ["csv", "tsv", "semicolon", "spaces", "xlsx", "xls", "ods"] as const;
export type BomFormat = (typeof BOM_FORMATS)[number];

/** The CAD or distributor export a header looks like, when one is recognised. */
export const BOM_TOOLS = [
  "kicad",
  "altium",
  "eagle",
  "orcad",
  "easyeda",
  "digikey",
  "mouser",
  "diptrace",
  "generic",
] as const;
export type BomTool = (typeof BOM_TOOLS)[number];

/** The cells of a file, before any meaning is given to them. Row numbers are 1-based as in the file. */
export interface BomTable {
  format: BomFormat;
  /** "utf-8", "utf-16le", "utf-16be", "windows-1252"; null for workbooks. */
  encoding: string | null;
  sheetName: string | null;
  rows: { row: number; cells: string[] }[];
}

/** A manufacturer part: one per manufacturer/MPN column pair, in column order (the first is preferred). */
export interface BomPart {
  manufacturer: string | null;
  mpn: string;
}

export const BOM_LINE_WARNINGS = [
  /** The quantity column says one number, the designators count another; the designators win. */
  "quantity_mismatch",
  /** No designators: the quantity column alone says how many. */
  "no_designators",
  /** A designator that appears on an earlier line as well. */
  "duplicate_designator",
] as const;
export type BomLineWarning = (typeof BOM_LINE_WARNINGS)[number];

export interface BomLine {
  /** The row of the file this line was read from (1-based, header rows counted). */
  row: number;
  designators: string[];
  quantity: number;
  value: string | null;
  footprint: string | null;
  description: string | null;
  parts: BomPart[];
  supplier: string | null;
  supplierPart: string | null;
  /** Do not place / do not fit. */
  dnp: boolean;
  comment: string | null;
  warnings: BomLineWarning[];
  /** For quantity_mismatch: the number the file's quantity column gave. */
  statedQuantity: number | null;
}

export const BOM_ROW_PROBLEMS = [
  /** A row with text in it but neither designators nor a quantity. */
  "no_designators_or_quantity",
  /** A quantity that is not a whole number from 0 to 100,000. */
  "bad_quantity",
  /** A designator range such as R9-R1, R1-C4 or one spanning more than 1,000 parts. */
  "bad_designator_range",
  /** Neither a value, an MPN, a footprint nor a description: nothing to buy or place. */
  "no_part",
] as const;
export type BomRowProblem = (typeof BOM_ROW_PROBLEMS)[number];

export interface BomProblem {
  row: number;
  reason: BomRowProblem;
  /** The cell text that caused it, cut to 200 characters. */
  detail: string | null;
}

/** Why a whole file is refused. */
export const BOM_FILE_ERRORS = [
  "empty_file",
  "binary_file",
  "file_too_large",
  "too_many_rows",
  "no_header",
  "unreadable_workbook",
] as const;
export type BomFileError = (typeof BOM_FILE_ERRORS)[number];

export class BomFileRefused extends Error {
  constructor(
    readonly reason: BomFileError,
    message: string,
  ) {
    super(message);
    this.name = "BomFileRefused";
  }
}

export interface BomImport {
  format: BomFormat;
  encoding: string | null;
  sheetName: string | null;
  /** The 1-based row the header was found on. */
  headerRow: number;
  headers: string[];
  mapping: BomColumnMapping;
  tool: BomTool;
  lines: BomLine[];
  problems: BomProblem[];
}

/** Pick-and-place. */
export type PnpSide = "top" | "bottom";
export type PnpUnit = "mm" | "mil" | "inch";
export type PnpMount = "smt" | "tht";

export interface PnpPlacement {
  row: number;
  designator: string;
  /** Millimetres, in the file's own origin. */
  x: number;
  y: number;
  /** Degrees, 0 ≤ r < 360, counter-clockwise seen from the top, normalised per tool. */
  rotation: number;
  side: PnpSide;
  /** From the file's type column when it has one, else from the footprint's name. */
  mount: PnpMount;
  value: string | null;
  footprint: string | null;
}

export const PNP_ROW_PROBLEMS = ["no_designator", "bad_coordinate", "bad_rotation", "bad_side"] as const;
export type PnpRowProblem = (typeof PNP_ROW_PROBLEMS)[number];

export interface PnpProblem {
  row: number;
  reason: PnpRowProblem;
  detail: string | null;
}

export interface PnpImport {
  tool: BomTool;
  /** The unit the file was written in; placements are always in mm. */
  unit: PnpUnit;
  /**
   * False when nothing in the file names the unit (no header, preamble or value suffix says it) and
   * `unit` was inferred from the size of the placement cloud: the user should confirm it.
   */
  unitStated: boolean;
  /** False when no column names the side: every part is on the side the file name or the user gives. */
  sideStated: boolean;
  encoding: string | null;
  /**
   * A panel file repeats every designator once per board (the LimeSDR and sportiduino files do). When
   * every designator appears the same number of times, this is that number and `placements` keeps
   * the first board's copy of each; otherwise 1 and repeats are left for the cross-check.
   */
  panelCopies: number;
  placements: PnpPlacement[];
  problems: PnpProblem[];
}

/** Cross-check findings between a BOM, its placements and the board outline. */
export const CROSS_CHECK_FINDINGS = [
  "missing_placement",
  "missing_in_bom",
  "duplicate_placement",
  "dnp_placed",
  "off_board",
] as const;
export type CrossCheckFinding = (typeof CROSS_CHECK_FINDINGS)[number];
