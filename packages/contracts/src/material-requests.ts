import { z } from "zod";
import { multiLine, singleLine } from "./text.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { companyMembersWith, defineEndpoints, PDF_DOWNLOAD, STAFF } from "./endpoints.ts";
import { idParamSchema } from "./companies.ts";
import { emptyBodySchema } from "./auth.ts";

/**
 * Material requests (docs/behaviour/billing.md#material-requests): parts a customer supplies for production, announced to the
 * operator's goods receiving. Customers announce them; staff check them in (announced → received).
 */

export const PACKAGING = ["reel", "cut_tape", "tray", "tube", "bulk"] as const;
export type Packaging = (typeof PACKAGING)[number];

export const MATERIAL_REQUEST_STATUSES = ["announced", "received", "cancelled"] as const;
export type MaterialRequestStatus = (typeof MATERIAL_REQUEST_STATUSES)[number];

export const MATERIAL_REQUEST_SORTS = ["created_at", "number", "expected_on"] as const;

export const MATERIAL_LINES_MAX = 200;
export const MATERIAL_QUANTITY_MAX = 10_000_000;
/** How far ahead a delivery may be announced. */
export const MATERIAL_EXPECTED_MAX_YEARS = 1;

const text = (max: number) => singleLine().min(1).max(max);
/** Optional text: omitted or an empty string both mean "none". */
const optionalText = (max: number) => singleLine().max(max).optional();

/** Today as a calendar day in UTC (YYYY-MM-DD); client and server compare against the same day. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The last day a delivery may be announced for: the same day one year ahead. */
export function latestExpectedOn(now = new Date()): string {
  const limit = new Date(`${utcToday(now)}T00:00:00Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + MATERIAL_EXPECTED_MAX_YEARS);
  return utcToday(limit);
}

/** `q` matches the request number or a part number (MPN) of its lines. */
export const materialRequestListQuerySchema = listQuerySchema({
  sorts: MATERIAL_REQUEST_SORTS,
  defaultSort: "created_at",
  filters: { status: z.enum(MATERIAL_REQUEST_STATUSES).optional() },
});

/** The back office lists every company's requests; company_id narrows it to one customer. */
export const staffMaterialRequestListQuerySchema = materialRequestListQuerySchema.extend({
  company_id: z.uuid().optional(),
});

export const materialLineSchema = z
  .object({
    mpn: z.string(),
    manufacturer: z.string().nullable(),
    description: z.string().nullable(),
    quantity: z.number().int(),
    packaging: z.enum(PACKAGING),
  })
  .meta({ id: "MaterialLine" });

export const materialRequestSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(MATERIAL_REQUEST_STATUSES),
    order_id: z.uuid().nullable(),
    order_number: z.string().nullable(),
    expected_on: z.string(),
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    notes: z.string().nullable(),
    lines: z.array(materialLineSchema),
    created_at: z.string(),
    received_at: z.string().nullable(),
  })
  .meta({ id: "MaterialRequest" });

/** A request as the back office sees it: with the customer company it came from. */
export const staffMaterialRequestSchema = materialRequestSchema
  .extend({ company_id: z.uuid(), company_name: z.string() })
  .meta({ id: "StaffMaterialRequest" });

export const materialRequestPageSchema = pageOf(materialRequestSchema).meta({ id: "MaterialRequestPage" });
export const staffMaterialRequestPageSchema = pageOf(staffMaterialRequestSchema).meta({
  id: "StaffMaterialRequestPage",
});

export const materialLineCreateSchema = z
  .strictObject({
    mpn: text(80),
    manufacturer: optionalText(80),
    description: optionalText(300),
    quantity: z.number().int().min(1).max(MATERIAL_QUANTITY_MAX),
    packaging: z.enum(PACKAGING),
  })
  .meta({ id: "MaterialLineCreate" });

/**
 * Announces a delivery of parts. order_id, when given, must be an order of the caller's company
 * (another company's order answers 404). expected_on is today (UTC) or later, at most a year ahead.
 */
export const materialRequestCreateSchema = z
  .strictObject({
    order_id: z.uuid().optional(),
    expected_on: z.iso.date(),
    carrier: optionalText(80),
    tracking_number: optionalText(80),
    notes: multiLine().max(2000).optional(),
    lines: z.array(materialLineCreateSchema).min(1).max(MATERIAL_LINES_MAX),
  })
  .refine((body) => body.expected_on >= utcToday(), {
    path: ["expected_on"],
    message: "must be today or later",
  })
  .refine((body) => body.expected_on <= latestExpectedOn(), {
    path: ["expected_on"],
    message: `must be within ${MATERIAL_EXPECTED_MAX_YEARS} year`,
  })
  .meta({ id: "MaterialRequestCreate" });

export type MaterialRequestListQuery = z.infer<typeof materialRequestListQuerySchema>;
export type StaffMaterialRequestListQuery = z.infer<typeof staffMaterialRequestListQuerySchema>;
export type MaterialLine = z.infer<typeof materialLineSchema>;
export type MaterialRequest = z.infer<typeof materialRequestSchema>;
export type StaffMaterialRequest = z.infer<typeof staffMaterialRequestSchema>;
export type MaterialRequestPage = z.infer<typeof materialRequestPageSchema>;
export type StaffMaterialRequestPage = z.infer<typeof staffMaterialRequestPageSchema>;
export type MaterialRequestCreate = z.infer<typeof materialRequestCreateSchema>;

export const materialRequestEndpoints = defineEndpoints("material-requests", {
  list: {
    method: "GET",
    path: "/api/material-requests",
    summary: "The company's material requests",
    access: companyMembersWith("company.read"),
    query: materialRequestListQuerySchema,
    response: materialRequestPageSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/material-requests",
    summary: "Announces parts the customer supplies (administrators, buyers, engineers)",
    description: "An order_id of another company answers 404 like a missing one.",
    access: companyMembersWith("material.announce"),
    body: materialRequestCreateSchema,
    response: materialRequestSchema,
    created: true,
    errors: [404, 429],
    caching: "private",
    idempotent: true,
  },
  detail: {
    method: "GET",
    path: "/api/material-requests/:id",
    summary: "One material request",
    access: companyMembersWith("company.read"),
    params: idParamSchema,
    response: materialRequestSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/material-requests/:id/pdf",
    summary: "The delivery notice as a PDF in the caller's language",
    access: companyMembersWith("company.read"),
    params: idParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404, 409, 429],
    caching: "private",
  },
});

export const staffMaterialRequestEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/material-requests",
    summary: "Every company's material requests",
    access: STAFF,
    query: staffMaterialRequestListQuerySchema,
    response: staffMaterialRequestPageSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  receive: {
    method: "POST",
    path: "/api/staff/material-requests/:id/receive",
    summary: "Checks an announced delivery in (announced → received); the creator is told by e-mail",
    description: "A request that is not announced answers 409 CONFLICT.",
    access: STAFF,
    params: idParamSchema,
    body: emptyBodySchema.optional(),
    response: staffMaterialRequestSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
});
