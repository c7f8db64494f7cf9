import { z } from "zod";
import { PCB_GERBER_FILES_PATH } from "./public-paths.ts";
import {
  companyMembersWith,
  defineEndpoints,
  PDF_DOWNLOAD,
  STAFF,
  ZIP_DOWNLOAD,
  type Download,
} from "./endpoints.ts";
import { companyFileSchema } from "./files.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { multiLine } from "./text.ts";
import { pcbSpecFieldsSchema, pcbSpecFieldsShape, SURFACE_FINISHES } from "./pcb-spec.ts";

/**
 * PCB specifications (issue 17, ADR 0014): a numbered specification whose every change is a new
 * version; versions are frozen once quoted or ordered, and a save based on an older version than the
 * latest is refused (409) so two people editing never overwrite each other.
 */

export const pcbIdParamSchema = z.strictObject({ id: z.uuid() });
export const pcbVersionParamSchema = z.strictObject({
  id: z.uuid(),
  version: z.coerce.number().int().min(1).max(1_000_000),
});

export const PCB_PREVIEW_SIDES = ["top", "bottom"] as const;
export const pcbPreviewParamSchema = pcbVersionParamSchema.extend({ side: z.enum(PCB_PREVIEW_SIDES) });
/** A board image rendered from the version's Gerber zip. */
export const PNG_IMAGE: Download = { download: "image/png" };

export const PCB_SPEC_SORTS = ["created_at", "updated_at", "name", "number"] as const;
export const PCB_SPEC_STATES = ["active", "archived"] as const;
export const PCB_FROZEN_REASONS = ["quote", "order"] as const;
export const PCB_ANALYSIS_STATUSES = ["none", "pending", "done", "failed"] as const;
export const PCB_STAFF_NOTE_MAX = 2000;

export type PcbFrozenReason = (typeof PCB_FROZEN_REASONS)[number];
export type PcbAnalysisStatus = (typeof PCB_ANALYSIS_STATUSES)[number];

const listFilters = {
  layers: z.coerce.number().int().pipe(pcbSpecFieldsShape.layers).optional(),
  finish: z.enum(SURFACE_FINISHES).optional(),
  state: z.enum(PCB_SPEC_STATES).default("active"),
};

/** `q` matches the number, the name and the customer part number of the latest version. */
export const pcbSpecListQuerySchema = listQuerySchema({
  sorts: PCB_SPEC_SORTS,
  defaultSort: "updated_at",
  filters: listFilters,
});

/** Staff see every company's specifications; `company` narrows to one. */
export const staffPcbSpecListQuerySchema = listQuerySchema({
  sorts: PCB_SPEC_SORTS,
  defaultSort: "updated_at",
  filters: { ...listFilters, company: z.uuid().optional() },
});

/** A specification in a list: its latest version's main fields. */
export const pcbSpecSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    company_id: z.uuid(),
    company_name: z.string(),
    name: z.string(),
    customer_part_number: z.string().nullable(),
    revision: z.string().nullable(),
    layers: z.number().int(),
    width_mm: z.number(),
    height_mm: z.number(),
    surface_finish: z.string(),
    latest_version: z.number().int(),
    /** The latest version's id, which a quote request line references. */
    latest_version_id: z.uuid(),
    has_gerber: z.boolean(),
    analysis_status: z.enum(PCB_ANALYSIS_STATUSES),
    created_at: z.string(),
    /** When the latest version was saved. */
    updated_at: z.string(),
    archived_at: z.string().nullable(),
  })
  .meta({ id: "PcbSpecSummary" });

/**
 * A specification version as a quote or order line refers to it: enough to recognise the board
 * (number, name, revision, size), judge it at a glance (DFM counts, top image) and open it.
 */
export const pcbSpecReferenceSchema = z
  .object({
    spec_id: z.uuid(),
    version_id: z.uuid(),
    number: z.string(),
    version: z.number().int(),
    name: z.string(),
    revision: z.string().nullable(),
    layers: z.number().int(),
    width_mm: z.number(),
    height_mm: z.number(),
    has_gerber: z.boolean(),
    analysis_status: z.enum(PCB_ANALYSIS_STATUSES),
    /** Findings of the DFM report by severity; null until an analysis is done. */
    dfm_errors: z.number().int().nullable(),
    dfm_warnings: z.number().int().nullable(),
    preview_top_url: z.string().nullable(),
  })
  .meta({ id: "PcbSpecReference" });

/** One version in the list of a specification's versions. */
export const pcbSpecVersionSummarySchema = z
  .object({
    version: z.number().int(),
    created_at: z.string(),
    created_by_name: z.string().nullable(),
    frozen: z.boolean(),
    frozen_reason: z.enum(PCB_FROZEN_REASONS).nullable(),
    has_gerber: z.boolean(),
  })
  .meta({ id: "PcbSpecVersionSummary" });

/** One version in full: what the board is built to, its Gerber zip and what the analysis found. */
export const pcbSpecVersionSchema = z
  .object({
    id: z.uuid(),
    spec_id: z.uuid(),
    version: z.number().int(),
    name: z.string(),
    /** As saved; without the rules between fields, so a version saved before the operator's capabilities changed still reads. */
    fields: z.strictObject(pcbSpecFieldsShape),
    gerber_file: companyFileSchema.nullable(),
    created_at: z.string(),
    created_by_name: z.string().nullable(),
    frozen_at: z.string().nullable(),
    frozen_reason: z.enum(PCB_FROZEN_REASONS).nullable(),
    analysis_status: z.enum(PCB_ANALYSIS_STATUSES),
    /** The reason code of a failed analysis. */
    analysis_error: z.string().nullable(),
    /** Board data and DFM report of a done analysis (shapes of @ems/gerber). */
    analysis: z
      .object({ board: z.record(z.string(), z.unknown()), dfm: z.record(z.string(), z.unknown()) })
      .nullable(),
    preview_top_url: z.string().nullable(),
    preview_bottom_url: z.string().nullable(),
  })
  .meta({ id: "PcbSpecVersion" });

/** A quote or an order with a line built to a version of the specification. */
export const pcbSpecUseSchema = z
  .object({
    kind: z.enum(["quote", "order"]),
    id: z.uuid(),
    number: z.string(),
    version: z.number().int(),
  })
  .meta({ id: "PcbSpecUse" });

export const pcbSpecDetailSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    company_id: z.uuid(),
    company_name: z.string(),
    created_at: z.string(),
    archived_at: z.string().nullable(),
    staff_note: z.string().nullable(),
    staff_note_at: z.string().nullable(),
    latest_version: z.number().int(),
    versions: z.array(pcbSpecVersionSummarySchema),
    latest: pcbSpecVersionSchema,
    /** The quotes and orders whose lines refer to a version of it, newest first. */
    used_in: z.array(pcbSpecUseSchema),
  })
  .meta({ id: "PcbSpecDetail" });

export const pcbSpecPageSchema = pageOf(pcbSpecSummarySchema).meta({ id: "PcbSpecPage" });

export const pcbSpecCreateSchema = z.strictObject({
  fields: pcbSpecFieldsSchema,
  gerber_file_id: z.uuid().nullable().optional(),
});

export const pcbSpecSaveSchema = z.strictObject({
  /** The version the edit started from; when it is no longer the latest the save answers 409. */
  base_version: z.number().int().min(1),
  fields: pcbSpecFieldsSchema,
  gerber_file_id: z.uuid().nullable().optional(),
});

export const pcbSpecDuplicateSchema = z.strictObject({ version: z.number().int().min(1).optional() });

export const pcbStaffNoteSchema = z.strictObject({ note: multiLine().max(PCB_STAFF_NOTE_MAX) });

export type PcbSpecListQuery = z.infer<typeof pcbSpecListQuerySchema>;
export type StaffPcbSpecListQuery = z.infer<typeof staffPcbSpecListQuerySchema>;
export type PcbSpecSummary = z.infer<typeof pcbSpecSummarySchema>;
export type PcbSpecVersionSummary = z.infer<typeof pcbSpecVersionSummarySchema>;
export type PcbSpecVersion = z.infer<typeof pcbSpecVersionSchema>;
export type PcbSpecReference = z.infer<typeof pcbSpecReferenceSchema>;
export type PcbSpecUse = z.infer<typeof pcbSpecUseSchema>;
export type PcbSpecDetail = z.infer<typeof pcbSpecDetailSchema>;
export type PcbSpecPage = z.infer<typeof pcbSpecPageSchema>;
export type PcbSpecCreate = z.infer<typeof pcbSpecCreateSchema>;
export type PcbSpecSave = z.infer<typeof pcbSpecSaveSchema>;

const read = companyMembersWith("company.read");
const write = companyMembersWith("quotes.request");

export const pcbEndpoints = defineEndpoints("pcbs", {
  gerberFiles: {
    method: "GET",
    path: PCB_GERBER_FILES_PATH,
    summary: "The Gerber files stored with a PCB specification, as a zip",
    description:
      "The zip of the latest version, or of `version`; 404 when that version has no Gerber files. Sent as stored, with Content-Disposition, nosniff and byte ranges, as a file download.",
    access: read,
    params: pcbIdParamSchema,
    query: z.strictObject({ version: z.coerce.number().int().min(1).max(1_000_000).optional() }),
    response: ZIP_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  list: {
    method: "GET",
    path: "/api/pcbs",
    summary: "The company's PCB specifications, each by its latest version",
    access: read,
    query: pcbSpecListQuerySchema,
    response: pcbSpecPageSchema,
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/pcbs/:id",
    summary: "A PCB specification with its versions and the latest version in full",
    access: read,
    params: pcbIdParamSchema,
    response: pcbSpecDetailSchema,
    errors: [404],
    caching: "private",
  },
  version: {
    method: "GET",
    path: "/api/pcbs/:id/versions/:version",
    summary: "One version of a PCB specification in full",
    access: read,
    params: pcbVersionParamSchema,
    response: pcbSpecVersionSchema,
    errors: [404],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/pcbs/:id/versions/:version/pdf",
    summary: "One version as a PDF in the caller's language",
    description:
      "Every field with its label and value; what the analysis of the Gerber files read and found once it is done.",
    access: read,
    params: pcbVersionParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  preview: {
    method: "GET",
    path: "/api/pcbs/:id/versions/:version/preview/:side",
    summary: "The top or bottom board image of a version",
    description:
      "image/png with X-Content-Type-Options: nosniff; 404 while the version has no analysed Gerber zip.",
    access: read,
    params: pcbPreviewParamSchema,
    response: PNG_IMAGE,
    errors: [404],
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/pcbs",
    summary: "Creates a PCB specification; its fields become version 1 (administrators, buyers, engineers)",
    description:
      "Fields the operator cannot build, alone or together, answer 400 VALIDATION_ERROR with the field named. A Gerber file must be one of the company's live uploads with purpose gerber.",
    access: write,
    body: pcbSpecCreateSchema,
    response: pcbSpecDetailSchema,
    created: true,
    errors: [404],
    caching: "private",
  },
  saveVersion: {
    method: "POST",
    path: "/api/pcbs/:id/versions",
    summary: "Saves a change as a new version (administrators, buyers, engineers)",
    description:
      "When `base_version` is not the latest, answers 409 CONFLICT with `latest_version` in the envelope's data and writes nothing. An archived specification answers 409.",
    access: write,
    params: pcbIdParamSchema,
    body: pcbSpecSaveSchema,
    response: pcbSpecDetailSchema,
    created: true,
    errors: [404, 409],
    caching: "private",
  },
  duplicate: {
    method: "POST",
    path: "/api/pcbs/:id/duplicate",
    summary: "Copies a version (the latest by default) into a new specification with its own number",
    access: write,
    params: pcbIdParamSchema,
    body: pcbSpecDuplicateSchema,
    response: pcbSpecDetailSchema,
    created: true,
    errors: [404],
    caching: "private",
  },
  archive: {
    method: "POST",
    path: "/api/pcbs/:id/archive",
    summary: "Archives a PCB specification: it leaves the default list",
    access: write,
    params: pcbIdParamSchema,
    response: pcbSpecDetailSchema,
    errors: [404],
    caching: "private",
  },
  restore: {
    method: "POST",
    path: "/api/pcbs/:id/restore",
    summary: "Brings an archived PCB specification back to the list",
    access: write,
    params: pcbIdParamSchema,
    response: pcbSpecDetailSchema,
    errors: [404],
    caching: "private",
  },
});

export const staffPcbEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/pcbs",
    summary: "Every company's PCB specifications, each by its latest version",
    access: STAFF,
    query: staffPcbSpecListQuerySchema,
    response: pcbSpecPageSchema,
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/staff/pcbs/:id",
    summary: "Any company's PCB specification with its versions",
    access: STAFF,
    params: pcbIdParamSchema,
    response: pcbSpecDetailSchema,
    errors: [404],
    caching: "private",
  },
  version: {
    method: "GET",
    path: "/api/staff/pcbs/:id/versions/:version",
    summary: "One version of any company's PCB specification",
    access: STAFF,
    params: pcbVersionParamSchema,
    response: pcbSpecVersionSchema,
    errors: [404],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/staff/pcbs/:id/versions/:version/pdf",
    summary: "One version of any company as a PDF in the caller's language",
    description:
      "Every field with its label and value; what the analysis of the Gerber files read and found once it is done.",
    access: STAFF,
    params: pcbVersionParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  preview: {
    method: "GET",
    path: "/api/staff/pcbs/:id/versions/:version/preview/:side",
    summary: "The top or bottom board image of a version of any company",
    description:
      "image/png with X-Content-Type-Options: nosniff; 404 while the version has no analysed Gerber zip.",
    access: STAFF,
    params: pcbPreviewParamSchema,
    response: PNG_IMAGE,
    errors: [404],
    caching: "private",
  },
  note: {
    method: "PUT",
    path: "/api/staff/pcbs/:id/note",
    summary: "Sets the note the customer sees on the specification; an empty note clears it",
    access: STAFF,
    params: pcbIdParamSchema,
    body: pcbStaffNoteSchema,
    response: pcbSpecDetailSchema,
    errors: [404],
    caching: "private",
  },
});
