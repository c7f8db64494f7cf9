import { z } from "zod";
import { assemblySpecFieldsSchema, assemblySpecFieldsShape } from "./assembly-spec.ts";
import { companyMembersWith, defineEndpoints, PDF_DOWNLOAD, STAFF } from "./endpoints.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { PART_LIFECYCLES } from "./parts.ts";
import { pcbSpecReferenceSchema } from "./pcbs.ts";
import { multiLine, singleLine } from "./text.ts";

/**
 * Assembly specifications (issue 18): versioned like PCB specifications (ADR 0014): every change a
 * new version, frozen once quoted or ordered. A specification has bills of materials (each import or
 * edit a new BOM version) and pick-and-place data; a version names the BOM version and placements it
 * was saved with, so what was quoted stays what it was.
 */

export const ASSEMBLY_SORTS = ["created_at", "updated_at", "name", "number"] as const;
export const ASSEMBLY_STATES = ["active", "archived"] as const;
export const ASSEMBLY_FROZEN_REASONS = ["quote", "order"] as const;

/** What a BOM column can mean (the same list as @ems/bom's BOM_FIELDS). */
export const BOM_COLUMN_FIELDS = [
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
export const BOM_MATCH_STATUSES = ["matched", "ambiguous", "unmatched"] as const;
export const BOM_LINE_WARNING_CODES = [
  "quantity_mismatch",
  "no_designators",
  "duplicate_designator",
] as const;
export const BOM_ROW_PROBLEM_CODES = [
  "no_designators_or_quantity",
  "bad_quantity",
  "bad_designator_range",
  "no_part",
] as const;
export const PNP_ROW_PROBLEM_CODES = ["no_designator", "bad_coordinate", "bad_rotation", "bad_side"] as const;
export const CROSS_CHECK_CODES = [
  "missing_placement",
  "missing_in_bom",
  "duplicate_placement",
  "dnp_placed",
  "off_board",
] as const;
export const BOM_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const SUBSTITUTION_STATUSES = ["proposed", "accepted", "rejected"] as const;

export const BOM_LIMITS = { comment: 1000, mappingColumns: 200, lineText: 500 } as const;

export const assemblyIdParamSchema = z.strictObject({ id: z.uuid() });
export const assemblyVersionParamSchema = z.strictObject({
  id: z.uuid(),
  version: z.coerce.number().int().min(1).max(1_000_000),
});
export const bomLineParamSchema = z.strictObject({ id: z.uuid(), lineId: z.uuid() });

const listFilters = { state: z.enum(ASSEMBLY_STATES).default("active") };

export const assemblyListQuerySchema = listQuerySchema({
  sorts: ASSEMBLY_SORTS,
  defaultSort: "updated_at",
  filters: listFilters,
});
export const staffAssemblyListQuerySchema = listQuerySchema({
  sorts: ASSEMBLY_SORTS,
  defaultSort: "updated_at",
  filters: { ...listFilters, company: z.uuid().optional() },
});

/**
 * Where the file's coordinate origin sits on the board: its lower left corner (Altium's and most
 * CAM tools' default), its centre, or somewhere else (KiCad's page origin), in which case the board
 * is laid centred on the placements.
 */
export const PNP_ORIGINS = ["lower_left", "centre", "elsewhere"] as const;
export type PnpOrigin = (typeof PNP_ORIGINS)[number];
export const PNP_UNITS = ["mm", "mil", "inch"] as const;
/** Surface-mount or through-hole, from the file's type column or else the footprint's name. */
export const PNP_MOUNTS = ["smt", "tht"] as const;

/** Placements per side and technology, counted from the pick-and-place data. */
export const placementCountsSchema = z.object({
  top: z.number().int(),
  bottom: z.number().int(),
  total: z.number().int(),
  top_smt: z.number().int(),
  top_tht: z.number().int(),
  bottom_smt: z.number().int(),
  bottom_tht: z.number().int(),
});

export const assemblySummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    company_id: z.uuid(),
    company_name: z.string(),
    name: z.string(),
    customer_part_number: z.string().nullable(),
    revision: z.string().nullable(),
    latest_version: z.number().int(),
    latest_version_id: z.uuid(),
    pcb: pcbSpecReferenceSchema.nullable(),
    bom_lines: z.number().int().nullable(),
    bom_unmatched: z.number().int().nullable(),
    placements: placementCountsSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    archived_at: z.string().nullable(),
  })
  .meta({ id: "AssemblySummary" });

/** An assembly specification version as a quote or order line refers to it. */
export const assemblySpecReferenceSchema = z
  .object({
    spec_id: z.uuid(),
    version_id: z.uuid(),
    number: z.string(),
    version: z.number().int(),
    name: z.string(),
    revision: z.string().nullable(),
    /** The BOM version the specification version names, and its line count. */
    bom_version: z.number().int().nullable(),
    bom_lines: z.number().int().nullable(),
    /** The PCB specification number it builds on. */
    pcb_number: z.string().nullable(),
  })
  .meta({ id: "AssemblySpecReference" });

export type AssemblySpecReference = z.infer<typeof assemblySpecReferenceSchema>;

export const assemblyVersionSummarySchema = z
  .object({
    version: z.number().int(),
    created_at: z.string(),
    created_by_name: z.string().nullable(),
    frozen: z.boolean(),
    frozen_reason: z.enum(ASSEMBLY_FROZEN_REASONS).nullable(),
    bom_version: z.number().int().nullable(),
  })
  .meta({ id: "AssemblyVersionSummary" });

export const assemblyVersionSchema = z
  .object({
    id: z.uuid(),
    spec_id: z.uuid(),
    version: z.number().int(),
    fields: z.strictObject(assemblySpecFieldsShape),
    pcb: pcbSpecReferenceSchema.nullable(),
    /** The BOM version and placements this version was saved with. */
    bom_version: z.number().int().nullable(),
    placements_id: z.uuid().nullable(),
    placements: placementCountsSchema.nullable(),
    created_at: z.string(),
    created_by_name: z.string().nullable(),
    frozen_at: z.string().nullable(),
    frozen_reason: z.enum(ASSEMBLY_FROZEN_REASONS).nullable(),
  })
  .meta({ id: "AssemblyVersion" });

export const assemblyDetailSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    company_id: z.uuid(),
    company_name: z.string(),
    created_at: z.string(),
    archived_at: z.string().nullable(),
    latest_version: z.number().int(),
    versions: z.array(assemblyVersionSummarySchema),
    latest: assemblyVersionSchema,
  })
  .meta({ id: "AssemblyDetail" });

export const assemblyPageSchema = pageOf(assemblySummarySchema).meta({ id: "AssemblyPage" });

export const assemblyCreateSchema = z.strictObject({
  fields: assemblySpecFieldsSchema,
  pcb_spec_version_id: z.uuid().nullable().optional(),
});

export const assemblySaveSchema = z.strictObject({
  base_version: z.number().int().min(1),
  fields: assemblySpecFieldsSchema,
  pcb_spec_version_id: z.uuid().nullable().optional(),
});

// Bills of materials.

export const bomPartSchema = z.object({ manufacturer: z.string().nullable(), mpn: z.string() });

export const bomSubstitutionSchema = z
  .object({
    manufacturer: z.string().nullable(),
    mpn: z.string(),
    reason: z.string(),
    status: z.enum(SUBSTITUTION_STATUSES),
    proposed_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: "BomSubstitution" });

export const bomLineSchema = z
  .object({
    id: z.uuid(),
    position: z.number().int(),
    /** The row of the imported file; null for a line added by an edit. */
    source_row: z.number().int().nullable(),
    designators: z.array(z.string()),
    quantity: z.number().int(),
    value: z.string().nullable(),
    footprint: z.string().nullable(),
    description: z.string().nullable(),
    parts: z.array(bomPartSchema),
    supplier: z.string().nullable(),
    supplier_part: z.string().nullable(),
    dnp: z.boolean(),
    /** The comment column of the file. */
    file_comment: z.string().nullable(),
    /** The customer's own comment, written in the portal. */
    comment: z.string().nullable(),
    warnings: z.array(z.enum(BOM_LINE_WARNING_CODES)),
    stated_quantity: z.number().int().nullable(),
    match_status: z.enum(BOM_MATCH_STATUSES),
    part: z
      .object({
        id: z.uuid(),
        part_number: z.string(),
        description: z.string(),
        msl: z.string().nullable(),
        polarized: z.boolean(),
        lifecycle: z.enum(PART_LIFECYCLES).nullable(),
      })
      .nullable(),
    reviewed: z.boolean(),
    /** The customer supplies this line's parts (partly consigned assemblies). */
    consigned: z.boolean(),
    substitution: bomSubstitutionSchema.nullable(),
  })
  .meta({ id: "BomLine" });

export const bomProblemSchema = z.object({
  row: z.number().int(),
  reason: z.enum(BOM_ROW_PROBLEM_CODES),
  detail: z.string().nullable(),
});

export const bomVersionSummarySchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  source_name: z.string().nullable(),
  /** What this version changed: an import, or the lines an edit changed. */
  change: z.string().nullable(),
  lines: z.number().int(),
});

export const bomSchema = z
  .object({
    assembly_id: z.uuid(),
    version: z.number().int(),
    source_name: z.string().nullable(),
    format: z.string().nullable(),
    encoding: z.string().nullable(),
    tool: z.string().nullable(),
    header_row: z.number().int().nullable(),
    headers: z.array(z.string()),
    mapping: z.array(z.enum(BOM_COLUMN_FIELDS).nullable()),
    created_at: z.string(),
    lines: z.array(bomLineSchema),
    problems: z.array(bomProblemSchema),
    counts: z.object({
      lines: z.number().int(),
      placed_parts: z.number().int(),
      dnp_lines: z.number().int(),
      matched: z.number().int(),
      ambiguous: z.number().int(),
      unmatched: z.number().int(),
    }),
    versions: z.array(bomVersionSummarySchema),
    /** When staff released this version as the production BOM. */
    released_at: z.string().nullable(),
  })
  .meta({ id: "Bom" });

export const bomMappingSchema = z
  .array(z.enum(BOM_COLUMN_FIELDS).nullable())
  .max(BOM_LIMITS.mappingColumns)
  .superRefine((mapping, ctx) => {
    for (const single of ["designators", "quantity", "value", "footprint", "description", "dnp"] as const) {
      if (mapping.filter((field) => field === single).length > 1)
        ctx.addIssue({ code: "custom", message: `maps two columns to ${single}` });
    }
    if (!mapping.includes("designators") && !mapping.includes("quantity"))
      ctx.addIssue({ code: "custom", message: "needs a designators or a quantity column" });
  });

export const bomImportSchema = z.strictObject({
  /** One of the company's live uploads with purpose bom. */
  file_id: z.uuid(),
  /** The confirmed mapping; without it the automatic (or the company's saved) mapping is used. */
  mapping: bomMappingSchema.optional(),
});

/** What the import would read: nothing is written. */
export const bomPreviewSchema = z
  .object({
    source_name: z.string(),
    format: z.string(),
    encoding: z.string().nullable(),
    sheet_name: z.string().nullable(),
    tool: z.string(),
    header_row: z.number().int(),
    headers: z.array(z.string()),
    mapping: z.array(z.enum(BOM_COLUMN_FIELDS).nullable()),
    /** Where the mapping came from: the company's saved mapping for these headers, or automatic. */
    mapping_source: z.enum(["saved", "automatic", "given"]),
    /** The first rows below the header, as cells, to show the mapping against. */
    sample_rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
    lines: z.number().int(),
    placed_parts: z.number().int(),
    dnp_lines: z.number().int(),
    warnings: z.number().int(),
    problems: z.array(bomProblemSchema),
    matched: z.number().int(),
  })
  .meta({ id: "BomPreview" });

export const bomLineUpdateSchema = z
  .strictObject({
    designators: z.array(singleLine().min(1).max(40)).max(5000),
    quantity: z.number().int().min(0).max(100_000),
    value: singleLine().max(BOM_LIMITS.lineText).nullable(),
    footprint: singleLine().max(BOM_LIMITS.lineText).nullable(),
    description: singleLine().max(BOM_LIMITS.lineText).nullable(),
    parts: z
      .array(
        z.strictObject({
          manufacturer: singleLine().max(100).nullable(),
          mpn: singleLine().min(1).max(60),
        }),
      )
      .max(10),
    dnp: z.boolean(),
    /** The customer sends this line's parts (a partly consigned assembly). */
    consigned: z.boolean(),
    comment: multiLine().max(BOM_LIMITS.comment).nullable(),
    /** A part of the company's item master to build this line with; null clears the link. */
    part_id: z.uuid().nullable(),
  })
  .partial()
  .extend({ base_version: z.number().int().min(1) })
  .refine((body) => Object.keys(body).length > 1, { message: "names no field to change" });

export const bomQuerySchema = z.strictObject({
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export const bomDiffQuerySchema = z.strictObject({
  from: z.coerce.number().int().min(1).max(1_000_000),
  to: z.coerce.number().int().min(1).max(1_000_000),
});

export const bomDiffSchema = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    added: z.array(bomLineSchema),
    removed: z.array(bomLineSchema),
    changed: z.array(z.object({ before: bomLineSchema, after: bomLineSchema, fields: z.array(z.string()) })),
  })
  .meta({ id: "BomDiff" });

export const bomExportQuerySchema = z.strictObject({
  format: z.enum(BOM_EXPORT_FORMATS).default("csv"),
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

// Pick-and-place.

export const placementSchema = z.object({
  designator: z.string(),
  x: z.number(),
  y: z.number(),
  rotation: z.number(),
  side: z.enum(["top", "bottom"]),
  mount: z.enum(PNP_MOUNTS),
  value: z.string().nullable(),
  footprint: z.string().nullable(),
});

export const crossCheckFindingSchema = z.object({
  finding: z.enum(CROSS_CHECK_CODES),
  designator: z.string(),
});

const placementsReadShape = {
  source_name: z.string(),
  tool: z.string(),
  unit: z.enum(PNP_UNITS),
  /** Where the coordinates start on the board; the outline below is laid accordingly. */
  origin: z.enum(PNP_ORIGINS),
  panel_copies: z.number().int(),
  counts: placementCountsSchema,
  placements: z.array(placementSchema),
  problems: z.array(
    z.object({
      row: z.number().int(),
      reason: z.enum(PNP_ROW_PROBLEM_CODES),
      detail: z.string().nullable(),
    }),
  ),
  /** Against the latest BOM and the board outline of the PCB specification version. */
  findings: z.array(crossCheckFindingSchema),
  /** The board outline the placements were checked against, in the placements' coordinates. */
  outline: z
    .object({ min_x: z.number(), min_y: z.number(), max_x: z.number(), max_y: z.number() })
    .nullable(),
};

export const placementsSchema = z
  .object({ id: z.uuid(), ...placementsReadShape, created_at: z.string() })
  .meta({ id: "Placements" });

/** What an import would make of a file, for the customer to confirm; nothing is written. */
export const placementsPreviewSchema = z
  .object({
    ...placementsReadShape,
    /** False when nothing in the file names the unit and it was inferred from the coordinates' spread. */
    unit_stated: z.boolean(),
    /** False when the file has no side column: every part is on the side given or read from the file name. */
    side_stated: z.boolean(),
    /** The origin the coordinates suggest; null without a board size (no analysed PCB version). */
    origin_detected: z.enum(PNP_ORIGINS).nullable(),
    /** The board's size from the PCB specification version's Gerber analysis. */
    board: z.object({ width_mm: z.number(), height_mm: z.number() }).nullable(),
  })
  .meta({ id: "PlacementsPreview" });

/** The file, and what the customer confirmed in the preview where the file is silent or misread. */
export const placementsImportSchema = z.strictObject({
  file_id: z.uuid(),
  unit: z.enum(PNP_UNITS).optional(),
  side: z.enum(["top", "bottom"]).optional(),
  origin: z.enum(PNP_ORIGINS).optional(),
});

// Engineering review and the production BOM (the back office), and the customer's decisions.

/** A part the operator proposes instead of a line's. */
export const bomSubstitutionInputSchema = z.strictObject({
  manufacturer: singleLine().max(100).nullable(),
  mpn: singleLine().min(1).max(60),
  reason: multiLine().min(1).max(BOM_LIMITS.comment),
});

export const bomLineReviewSchema = z
  .strictObject({
    reviewed: z.boolean(),
    consigned: z.boolean(),
    /** A part the factory builds this line with instead; null withdraws a proposal. */
    substitution: bomSubstitutionInputSchema.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: "names no field to change" });

export const substitutionDecisionSchema = z.strictObject({ decision: z.enum(["accepted", "rejected"]) });

export const productionReleaseSchema = z.strictObject({ base_version: z.number().int().min(1) });

/** One line as the factory builds it: the part to place, substituted or not, and who supplies it. */
export const productionBomLineSchema = z
  .object({
    position: z.number().int(),
    designators: z.array(z.string()),
    quantity: z.number().int(),
    value: z.string().nullable(),
    footprint: z.string().nullable(),
    manufacturer: z.string().nullable(),
    mpn: z.string().nullable(),
    part_number: z.string().nullable(),
    /** The customer's MPN this line replaces when a substitution was accepted. */
    substituted_for: z.string().nullable(),
    substitution_reason: z.string().nullable(),
    consigned: z.boolean(),
  })
  .meta({ id: "ProductionBomLine" });

export const productionBomSchema = z
  .object({
    assembly_id: z.uuid(),
    number: z.string(),
    name: z.string(),
    bom_version: z.number().int(),
    released_at: z.string(),
    released_by_name: z.string().nullable(),
    parts_sourcing: z.enum(["turnkey", "consigned", "partial"]),
    lines: z.array(productionBomLineSchema),
    /** Not fitted: listed so nobody places them. */
    dnp: z.array(z.string()),
  })
  .meta({ id: "ProductionBom" });

export type ProductionBom = z.infer<typeof productionBomSchema>;
export type BomLineReview = z.infer<typeof bomLineReviewSchema>;

export type AssemblySummary = z.infer<typeof assemblySummarySchema>;
export type AssemblyVersion = z.infer<typeof assemblyVersionSchema>;
export type AssemblyVersionSummary = z.infer<typeof assemblyVersionSummarySchema>;
export type AssemblyDetail = z.infer<typeof assemblyDetailSchema>;
export type AssemblyPage = z.infer<typeof assemblyPageSchema>;
export type AssemblyCreate = z.infer<typeof assemblyCreateSchema>;
export type AssemblySave = z.infer<typeof assemblySaveSchema>;
export type AssemblyListQuery = z.infer<typeof assemblyListQuerySchema>;
export type StaffAssemblyListQuery = z.infer<typeof staffAssemblyListQuerySchema>;
export type BomLineDto = z.infer<typeof bomLineSchema>;
export type BomDto = z.infer<typeof bomSchema>;
export type BomPreview = z.infer<typeof bomPreviewSchema>;
export type BomImportBody = z.infer<typeof bomImportSchema>;
export type BomLineUpdate = z.infer<typeof bomLineUpdateSchema>;
export type BomDiff = z.infer<typeof bomDiffSchema>;
export type PlacementsDto = z.infer<typeof placementsSchema>;
export type PlacementsPreview = z.infer<typeof placementsPreviewSchema>;
export type PlacementsImport = z.infer<typeof placementsImportSchema>;
export type BomColumnField = (typeof BOM_COLUMN_FIELDS)[number];

const read = companyMembersWith("company.read");
const write = companyMembersWith("parts.manage");

export const assemblyEndpoints = defineEndpoints("assemblies", {
  list: {
    method: "GET",
    path: "/api/pcbas",
    summary: "The company's assembly specifications, each by its latest version (getAll)",
    access: read,
    query: assemblyListQuerySchema,
    response: assemblyPageSchema,
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/pcbas/:id",
    summary: "An assembly specification with its versions and the latest version (getLatestVersion)",
    access: read,
    params: assemblyIdParamSchema,
    response: assemblyDetailSchema,
    errors: [404],
    caching: "private",
  },
  version: {
    method: "GET",
    path: "/api/pcbas/:id/versions/:version",
    summary: "One version of an assembly specification",
    access: read,
    params: assemblyVersionParamSchema,
    response: assemblyVersionSchema,
    errors: [404],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/pcbas/:id/versions/:version/pdf",
    summary: "One version as a PDF in the caller's language",
    access: read,
    params: assemblyVersionParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/pcbas",
    summary: "Creates an assembly specification; its fields become version 1",
    description:
      "`pcb_spec_version_id` must be a version of one of the company's PCB specifications (404 naming the field otherwise).",
    access: write,
    body: assemblyCreateSchema,
    response: assemblyDetailSchema,
    created: true,
    errors: [404],
    caching: "private",
  },
  saveVersion: {
    method: "POST",
    path: "/api/pcbas/:id/versions",
    summary: "Saves a change as a new version",
    description: "When `base_version` is not the latest, answers 409 CONFLICT and writes nothing.",
    access: write,
    params: assemblyIdParamSchema,
    body: assemblySaveSchema,
    response: assemblyDetailSchema,
    created: true,
    errors: [404, 409],
    caching: "private",
  },
  bom: {
    method: "GET",
    path: "/api/pcbas/:id/bom",
    summary: "The bill of materials: the latest BOM version, or `version`, with every line and its match",
    access: read,
    params: assemblyIdParamSchema,
    query: bomQuerySchema,
    response: bomSchema,
    errors: [404],
    caching: "private",
  },
  bomPreview: {
    method: "POST",
    path: "/api/pcbas/:id/bom/preview",
    summary: "Reads an uploaded BOM file and answers what an import would make of it; writes nothing",
    description:
      "The header row found, the column mapping (the company's saved one for these headers, else automatic, or the one given), sample rows, counts and every row that cannot be read with its reason. A file that cannot be read at all answers 422 with the reason code in `field` file_id.",
    access: write,
    params: assemblyIdParamSchema,
    body: bomImportSchema,
    response: bomPreviewSchema,
    errors: [404, 422],
    caching: "private",
  },
  bomImport: {
    method: "POST",
    path: "/api/pcbas/:id/bom",
    summary: "Imports an uploaded BOM file as the next BOM version, matched against the company's parts",
    description:
      "Saves the mapping for files with the same headers. All or nothing: a file that cannot be read writes no BOM version (422).",
    access: write,
    params: assemblyIdParamSchema,
    body: bomImportSchema,
    response: bomSchema,
    created: true,
    errors: [404, 409, 422],
    caching: "private",
  },
  bomLine: {
    method: "PUT",
    path: "/api/pcbas/:id/bom/lines/:lineId",
    summary: "Changes one BOM line; the change is saved as the next BOM version",
    description: "When `base_version` is not the latest BOM version, answers 409 and writes nothing.",
    access: write,
    params: bomLineParamSchema,
    body: bomLineUpdateSchema,
    response: bomSchema,
    errors: [404, 409],
    caching: "private",
  },
  bomRematch: {
    method: "POST",
    path: "/api/pcbas/:id/bom/rematch",
    summary: "Matches the latest BOM version's unmatched lines against the company's parts again",
    description:
      "After parts were created or given MPNs: when a line now matches, the next BOM version is saved with the new matches; when nothing changed, the latest version is answered as it is. `base_version` must be the latest (409).",
    access: write,
    params: assemblyIdParamSchema,
    body: productionReleaseSchema,
    response: bomSchema,
    errors: [404, 409],
    caching: "private",
  },
  bomDiff: {
    method: "GET",
    path: "/api/pcbas/:id/bom/diff",
    summary: "What changed between two BOM versions, line by line",
    access: read,
    params: assemblyIdParamSchema,
    query: bomDiffQuerySchema,
    response: bomDiffSchema,
    errors: [404],
    caching: "private",
  },
  bomExport: {
    method: "GET",
    path: "/api/pcbas/:id/bom/export",
    summary: "The BOM as CSV or XLSX",
    description:
      "Cells that start with =, +, -, @, tab or carriage return are prefixed with an apostrophe, so no spreadsheet runs them as formulas.",
    access: read,
    params: assemblyIdParamSchema,
    query: bomExportQuerySchema,
    response: { download: "text/csv" },
    errors: [404],
    caching: "private",
  },
  placements: {
    method: "GET",
    path: "/api/pcbas/:id/placements",
    summary: "The pick-and-place data with its cross-check against the BOM and the board outline",
    access: read,
    params: assemblyIdParamSchema,
    response: placementsSchema,
    errors: [404],
    caching: "private",
  },
  decideSubstitution: {
    method: "PUT",
    path: "/api/pcbas/:id/bom/lines/:lineId/substitution",
    summary: "Accepts or rejects the part the operator proposes instead of a line's",
    description: "409 when the line has no proposed substitution (none, or already decided).",
    access: write,
    params: bomLineParamSchema,
    body: substitutionDecisionSchema,
    response: bomSchema,
    errors: [404, 409],
    caching: "private",
  },
  productionBom: {
    method: "GET",
    path: "/api/pcbas/:id/production-bom",
    summary:
      "The production BOM: the lines the factory builds with, after engineering review (get_production_bom)",
    description: "404 until the operator has released one.",
    access: read,
    params: assemblyIdParamSchema,
    response: productionBomSchema,
    errors: [404],
    caching: "private",
  },
  productionBomPdf: {
    method: "GET",
    path: "/api/pcbas/:id/production-bom/pdf",
    summary: "The production BOM as a PDF in the caller's language",
    access: read,
    params: assemblyIdParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  placementsPreview: {
    method: "POST",
    path: "/api/pcbas/:id/placements/preview",
    summary:
      "Reads an uploaded pick-and-place file and answers what an import would make of it; writes nothing",
    description:
      "The unit, side and origin found (and whether the file states them), the placements in millimetres, counts per side and technology, unreadable rows and the cross-check against the latest BOM and the board. The body's unit, side and origin replace what was found, so the customer can correct them before importing with the same body. A file that cannot be read answers 422 with the reason code in `field` file_id.",
    access: write,
    params: assemblyIdParamSchema,
    body: placementsImportSchema,
    response: placementsPreviewSchema,
    errors: [404, 422],
    caching: "private",
  },
  placementsImport: {
    method: "POST",
    path: "/api/pcbas/:id/placements",
    summary: "Imports an uploaded pick-and-place file; it replaces the earlier one for new versions",
    access: write,
    params: assemblyIdParamSchema,
    body: placementsImportSchema,
    response: placementsSchema,
    created: true,
    errors: [404, 409, 422],
    caching: "private",
  },
});

export const staffAssemblyEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/pcbas",
    summary: "Every company's assembly specifications",
    access: STAFF,
    query: staffAssemblyListQuerySchema,
    response: assemblyPageSchema,
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/staff/pcbas/:id",
    summary: "Any company's assembly specification",
    access: STAFF,
    params: assemblyIdParamSchema,
    response: assemblyDetailSchema,
    errors: [404],
    caching: "private",
  },
  version: {
    method: "GET",
    path: "/api/staff/pcbas/:id/versions/:version",
    summary: "One version of any company's assembly specification",
    access: STAFF,
    params: assemblyVersionParamSchema,
    response: assemblyVersionSchema,
    errors: [404],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/staff/pcbas/:id/versions/:version/pdf",
    summary: "One version of any company's assembly specification as a PDF in the caller's language",
    access: STAFF,
    params: assemblyVersionParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  bom: {
    method: "GET",
    path: "/api/staff/pcbas/:id/bom",
    summary: "Any company's bill of materials",
    access: STAFF,
    params: assemblyIdParamSchema,
    query: bomQuerySchema,
    response: bomSchema,
    errors: [404],
    caching: "private",
  },
  placements: {
    method: "GET",
    path: "/api/staff/pcbas/:id/placements",
    summary: "Any company's pick-and-place data with its cross-check",
    access: STAFF,
    params: assemblyIdParamSchema,
    response: placementsSchema,
    errors: [404],
    caching: "private",
  },
  reviewLine: {
    method: "PUT",
    path: "/api/staff/pcbas/:id/bom/lines/:lineId/review",
    summary: "Marks a line of the latest BOM version reviewed or consigned, or proposes a substitute part",
    description:
      "A proposal waits for the customer's decision; a new proposal replaces an undecided one. Changing a released BOM version answers 409: the customer's next edit or import is reviewed anew.",
    access: STAFF,
    params: bomLineParamSchema,
    body: bomLineReviewSchema,
    response: bomSchema,
    errors: [404, 409],
    caching: "private",
  },
  releaseProductionBom: {
    method: "POST",
    path: "/api/staff/pcbas/:id/production-bom",
    summary: "Releases the latest BOM version as the production BOM",
    description:
      "Every fitted line must be reviewed and no substitution may wait for the customer (409 naming what is open). `base_version` must be the latest BOM version.",
    access: STAFF,
    params: assemblyIdParamSchema,
    body: productionReleaseSchema,
    response: productionBomSchema,
    created: true,
    errors: [404, 409],
    caching: "private",
  },
  productionBom: {
    method: "GET",
    path: "/api/staff/pcbas/:id/production-bom",
    summary: "Any company's production BOM",
    access: STAFF,
    params: assemblyIdParamSchema,
    response: productionBomSchema,
    errors: [404],
    caching: "private",
  },
  productionBomPdf: {
    method: "GET",
    path: "/api/staff/pcbas/:id/production-bom/pdf",
    summary: "Any company's production BOM as a PDF in the caller's language",
    access: STAFF,
    params: assemblyIdParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
});

/** Re-exported so a form can type its fields without importing two modules. */
export { assemblySpecFieldsSchema };
export const bomCommentSchema = multiLine().max(BOM_LIMITS.comment);
