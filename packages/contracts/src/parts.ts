import { z } from "zod";
import { companyMembersWith, defineEndpoints, STAFF } from "./endpoints.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { currencySchema, minorSchema } from "./money.ts";
import { multiLine, singleLine } from "./text.ts";

/**
 * The customer's parts (issue 18): the company's own item master. A part has the company's internal
 * number (from the company's number series unless given), what it is, and the manufacturer part
 * numbers (MPNs) that are this part; BOM lines match against those first.
 */

export const PART_TYPES = [
  "resistor",
  "capacitor",
  "inductor",
  "diode",
  "led",
  "transistor",
  "ic",
  "crystal",
  "connector",
  "switch",
  "relay",
  "fuse",
  "transformer",
  "sensor",
  "module",
  "mechanical",
  "other",
] as const;
export type PartType = (typeof PART_TYPES)[number];

/** Moisture sensitivity levels of IPC/JEDEC J-STD-020 (2a and 5a are levels of their own). */
export const MSL_LEVELS = ["1", "2", "2a", "3", "4", "5", "5a", "6"] as const;
export type MslLevel = (typeof MSL_LEVELS)[number];

/**
 * Where a part is in its product life, in the words distributors use (Octopart, Digi-Key): not
 * recommended for new designs, a last-time-buy window open, or no longer made. Null is "not known".
 */
export const PART_LIFECYCLES = ["active", "nrnd", "last_time_buy", "obsolete"] as const;
export type PartLifecycle = (typeof PART_LIFECYCLES)[number];

export const PART_LIMITS = {
  partNumber: 40,
  description: 300,
  comment: 2000,
  manufacturer: 100,
  mpn: 60,
  mpnsPerPart: 20,
  seriesPrefix: 12,
} as const;

/** A part number or an MPN: letters, digits and the punctuation real part numbers use. */
const partCode = (max: number) =>
  singleLine()
    .min(1)
    .max(max)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._\-/#+,()&:]*$/u, "must start with a letter or digit");

export const partIdParamSchema = z.strictObject({ id: z.uuid() });
export const partMpnParamSchema = z.strictObject({ id: z.uuid(), mpnId: z.uuid() });

export const PART_SORTS = ["part_number", "description", "updated_at", "created_at"] as const;

const listFilters = {
  type: z.enum(PART_TYPES).optional(),
  msl: z.enum(MSL_LEVELS).optional(),
  lifecycle: z.enum(PART_LIFECYCLES).optional(),
};

/** `q` matches the part number, the description and any MPN (normalised, so "RC0603-FR" finds "RC0603FR"). */
export const partListQuerySchema = listQuerySchema({
  sorts: PART_SORTS,
  defaultSort: "part_number",
  defaultDir: "asc",
  filters: listFilters,
});

export const staffPartListQuerySchema = listQuerySchema({
  sorts: PART_SORTS,
  defaultSort: "updated_at",
  filters: { ...listFilters, company: z.uuid().optional() },
});

export const valuationRateSchema = z.strictObject({ amount_minor: minorSchema, currency: currencySchema });

export const partMpnInputSchema = z.strictObject({
  manufacturer: singleLine().max(PART_LIMITS.manufacturer).nullable().optional(),
  mpn: partCode(PART_LIMITS.mpn),
});

export const partMpnSchema = z
  .object({
    id: z.uuid(),
    /** As entered. */
    manufacturer: z.string().nullable(),
    /** The manufacturer's canonical name when it is one we know (aliases such as "TI" resolved). */
    manufacturer_name: z.string().nullable(),
    mpn: z.string(),
  })
  .meta({ id: "PartMpn" });

export const partSchema = z
  .object({
    id: z.uuid(),
    company_id: z.uuid(),
    company_name: z.string(),
    part_number: z.string(),
    description: z.string(),
    type: z.enum(PART_TYPES),
    msl: z.enum(MSL_LEVELS).nullable(),
    polarized: z.boolean(),
    /** Null: not known. */
    lifecycle: z.enum(PART_LIFECYCLES).nullable(),
    valuation_rate: valuationRateSchema.nullable(),
    comment: z.string().nullable(),
    mpns: z.array(partMpnSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Part" });

export const partPageSchema = pageOf(partSchema).meta({ id: "PartPage" });

/** One change in a part's history, newest first. */
export const partHistoryEntrySchema = z
  .object({
    at: z.string(),
    actor_name: z.string().nullable(),
    action: z.enum(["part.created", "part.updated", "part.mpn_added", "part.mpn_removed"]),
    /** The fields changed, or the MPN added or removed. */
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .meta({ id: "PartHistoryEntry" });

export const partDetailSchema = partSchema
  .extend({ history: z.array(partHistoryEntrySchema) })
  .meta({ id: "PartDetail" });

export const partCreateSchema = z.strictObject({
  /** Blank or missing: the next number of the company's series. */
  part_number: z.union([z.literal(""), partCode(PART_LIMITS.partNumber)]).optional(),
  description: singleLine().min(1).max(PART_LIMITS.description),
  type: z.enum(PART_TYPES),
  msl: z.enum(MSL_LEVELS).nullable().optional(),
  polarized: z.boolean().optional(),
  /** Missing or null: not known. */
  lifecycle: z.enum(PART_LIFECYCLES).nullable().optional(),
  valuation_rate: valuationRateSchema.nullable().optional(),
  comment: multiLine().max(PART_LIMITS.comment).nullable().optional(),
  mpns: z.array(partMpnInputSchema).max(PART_LIMITS.mpnsPerPart).optional(),
});

/** Only the fields sent change; each change is one entry of the part's history. */
export const partUpdateSchema = z
  .strictObject({
    description: singleLine().min(1).max(PART_LIMITS.description),
    type: z.enum(PART_TYPES),
    msl: z.enum(MSL_LEVELS).nullable(),
    polarized: z.boolean(),
    lifecycle: z.enum(PART_LIFECYCLES).nullable(),
    valuation_rate: valuationRateSchema.nullable(),
    comment: multiLine().max(PART_LIMITS.comment).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: "names no field to change" });

/** The company's item code series: numbers are prefix + a zero-padded serial. */
export const partSeriesSchema = z
  .object({
    prefix: z.string(),
    digits: z.number().int(),
    next_number: z.number().int(),
    /** The number the next new part gets. */
    next_part_number: z.string(),
  })
  .meta({ id: "PartSeries" });

export const partSeriesUpdateSchema = z.strictObject({
  prefix: z.union([
    z.literal(""),
    singleLine()
      .max(PART_LIMITS.seriesPrefix)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/, "letters, digits and . _ - / only"),
  ]),
  digits: z.number().int().min(3).max(8),
  next_number: z.number().int().min(1).max(99_999_999),
});

export const manufacturerSchema = z
  .object({ id: z.string(), name: z.string(), aliases: z.array(z.string()) })
  .meta({ id: "Manufacturer" });

export const partLookupQuerySchema = z.strictObject({ q: singleLine().min(1).max(100) });

export type Part = z.infer<typeof partSchema>;
export type PartMpn = z.infer<typeof partMpnSchema>;
export type PartDetail = z.infer<typeof partDetailSchema>;
export type PartPage = z.infer<typeof partPageSchema>;
export type PartHistoryEntry = z.infer<typeof partHistoryEntrySchema>;
export type PartCreate = z.infer<typeof partCreateSchema>;
export type PartUpdate = z.infer<typeof partUpdateSchema>;
export type PartMpnInput = z.infer<typeof partMpnInputSchema>;
export type PartListQuery = z.infer<typeof partListQuerySchema>;
export type StaffPartListQuery = z.infer<typeof staffPartListQuerySchema>;
export type PartSeries = z.infer<typeof partSeriesSchema>;
export type PartSeriesUpdate = z.infer<typeof partSeriesUpdateSchema>;
export type Manufacturer = z.infer<typeof manufacturerSchema>;

const read = companyMembersWith("company.read");
const write = companyMembersWith("parts.manage");
const manage = companyMembersWith("company.manage");

export const partEndpoints = defineEndpoints("parts", {
  list: {
    method: "GET",
    path: "/api/parts",
    summary: "The company's parts (getAll)",
    access: read,
    query: partListQuerySchema,
    response: partPageSchema,
    caching: "private",
  },
  lookup: {
    method: "GET",
    path: "/api/parts/lookup",
    summary: "Finds parts by any of their numbers (generic link search)",
    description:
      "Matches the part number exactly or by prefix and every MPN by its normalised form (case, spaces, dashes and packaging suffixes ignored); at most 10 parts, exact matches first.",
    access: read,
    query: partLookupQuerySchema,
    response: z.array(partSchema),
    caching: "private",
  },
  manufacturers: {
    method: "GET",
    path: "/api/parts/manufacturers",
    summary: "The manufacturers we know, each with the aliases that mean it",
    access: read,
    response: z.array(manufacturerSchema),
    caching: "private",
  },
  series: {
    method: "GET",
    path: "/api/parts/series",
    summary: "The company's item code series",
    access: read,
    response: partSeriesSchema,
    caching: "private",
  },
  setSeries: {
    method: "PUT",
    path: "/api/parts/series",
    summary: "Sets the company's item code series (administrators)",
    description: "`next_number` may not go below a number the series already gave (409 CONFLICT).",
    access: manage,
    body: partSeriesUpdateSchema,
    response: partSeriesSchema,
    errors: [409],
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/parts/:id",
    summary: "A part with its MPNs and history",
    access: read,
    params: partIdParamSchema,
    response: partDetailSchema,
    errors: [404],
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/parts",
    summary: "Creates a part (create item; administrators, buyers, engineers)",
    description:
      "A part number already used in the company, or an MPN another of its parts has, answers 409 CONFLICT with the field named.",
    access: write,
    body: partCreateSchema,
    response: partDetailSchema,
    created: true,
    errors: [409],
    caching: "private",
  },
  update: {
    method: "PUT",
    path: "/api/parts/:id",
    summary: "Changes a part's description, type, MSL, polarity, lifecycle, valuation rate or comment",
    access: write,
    params: partIdParamSchema,
    body: partUpdateSchema,
    response: partDetailSchema,
    errors: [404],
    caching: "private",
  },
  addMpn: {
    method: "POST",
    path: "/api/parts/:id/mpns",
    summary: "Adds a manufacturer part number to a part (add_mpn)",
    description: "An MPN this part or another of the company's parts already has answers 409 CONFLICT.",
    access: write,
    params: partIdParamSchema,
    body: partMpnInputSchema,
    response: partDetailSchema,
    created: true,
    errors: [404, 409],
    caching: "private",
  },
  removeMpn: {
    method: "DELETE",
    path: "/api/parts/:id/mpns/:mpnId",
    summary: "Removes a manufacturer part number from a part",
    access: write,
    params: partMpnParamSchema,
    response: partDetailSchema,
    errors: [404],
    caching: "private",
  },
});

export const staffPartEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/parts",
    summary: "Every company's parts",
    access: STAFF,
    query: staffPartListQuerySchema,
    response: partPageSchema,
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/staff/parts/:id",
    summary: "Any company's part with its MPNs and history",
    access: STAFF,
    params: partIdParamSchema,
    response: partDetailSchema,
    errors: [404],
    caching: "private",
  },
});
