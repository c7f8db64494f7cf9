import { z } from "zod";

import { multiLine, singleLine } from "./text.ts";
import { MAX_MINOR, currencySchema, minorSchema } from "./money.ts";
import { isoDateSchema, MAX_LEAD_TIME_DAYS, todayIso } from "./reference.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { companyMembersWith, defineEndpoints, PDF_DOWNLOAD, STAFF } from "./endpoints.ts";
import { emptyBodySchema } from "./auth.ts";
import { staffPdfQuerySchema } from "./documents.ts";
import { assemblySpecReferenceSchema } from "./assemblies.ts";
import { pcbSpecReferenceSchema } from "./pcbs.ts";
import { TAX_TREATMENTS, taxOverrideSchema } from "./tax.ts";

/**
 * Quotation (getAll, getQuotation, PDF) and the back office's side of quotes. Statuses and
 * badge colours are docs/behaviour/quotes.md#quote-states; the transitions between them are this product's rules, kept
 * here as data so the API enforces and the web app shows the same state machine.
 */

export const QUOTE_STATUSES = [
  "Draft",
  "Open",
  "In Progress",
  "Ordered",
  "Partially Ordered",
  "Declined",
  "Lost",
  "Expired",
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export type BadgeColor = "success" | "error" | "neutral" | "warning" | "info";

/** Quote status badge colours (docs/behaviour/quotes.md#status-colours). */
export const QUOTE_STATUS_COLORS: Record<QuoteStatus, BadgeColor> = {
  Ordered: "success",
  Declined: "error",
  Lost: "neutral",
  Open: "warning",
  Expired: "neutral",
  Draft: "info",
  "In Progress": "info",
  "Partially Ordered": "success",
};

/** Product categories (docs/behaviour/quotes.md#product-categories): Assemblies (Baugruppen) and PCB (Leiterplatten). */
export const PRODUCT_CATEGORIES = ["assemblies", "pcb"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The status a new quote starts in: a customer's request, or a quote staff prepare unasked. */
export const QUOTE_INITIAL_STATUS = { request: "In Progress", staff: "Draft" } as const satisfies Record<
  string,
  QuoteStatus
>;

/**
 * Allowed transitions. Staff send (→ Open) and mark lost; customers order, decline and ask again
 * (→ In Progress); an Open quote past valid_until expires by itself. Ordered, Partially Ordered and
 * Lost are final.
 */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  Draft: ["Open", "Lost"],
  "In Progress": ["Open", "Lost"],
  Open: ["Ordered", "Partially Ordered", "Declined", "Lost", "Expired"],
  Expired: ["In Progress", "Open"],
  Declined: ["In Progress"],
  Ordered: [],
  "Partially Ordered": [],
  Lost: [],
};

export function canTransition(from: QuoteStatus, to: QuoteStatus): boolean {
  return QUOTE_TRANSITIONS[from].includes(to);
}

/** The statuses a transition to `to` may start from. */
export function statusesLeadingTo(to: QuoteStatus): QuoteStatus[] {
  return QUOTE_STATUSES.filter((from) => canTransition(from, to));
}

/** Staff may change the lines only before the quote is sent. */
export const EDITABLE_QUOTE_STATUSES = ["Draft", "In Progress"] as const satisfies readonly QuoteStatus[];

/**
 * Staff may change a quote's VAT treatment while nobody has ordered it and it still counts: once
 * ordered the order carries the treatment, and a closed quote is only sent again after rework.
 */
export const TAX_CHANGEABLE_QUOTE_STATUSES = [
  "Draft",
  "In Progress",
  "Open",
] as const satisfies readonly QuoteStatus[];

export const MAX_QUOTE_LINES = 50;
export const MAX_QUOTE_TIERS = 6;
export const MAX_QUOTE_QUANTITY = 1_000_000;

/** What one line costs at one tier: quantity × unit price plus the one-off engineering costs. */
export function quoteLineAmountMinor(quantity: number, unitPriceMinor: number, engineeringMinor: number) {
  return quantity * unitPriceMinor + engineeringMinor;
}

const quantitySchema = z.number().int().min(1).max(MAX_QUOTE_QUANTITY);
const optionalText = (max: number) => singleLine().max(max).optional();

/** A calendar day after today (UTC). */
export const futureDateSchema = isoDateSchema.refine((day) => day > todayIso(), "must be a future date");

export const quoteIdParamSchema = z.strictObject({ id: z.uuid() });

// Lists

export const QUOTE_SORTS = ["created_at", "number", "valid_until", "status", "title"] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];

/** getAll: one page of the company's quotes. An empty `q` means no search. */
/** `q` is part of the number, the title or the customer's reference. */
export const quoteListQuerySchema = listQuerySchema({
  sorts: QUOTE_SORTS,
  defaultSort: "created_at",
  filters: {
    status: z.enum(QUOTE_STATUSES).optional(),
    category: z.enum(PRODUCT_CATEGORIES).optional(),
  },
});

export const staffQuoteListQuerySchema = quoteListQuerySchema.extend({ company_id: z.uuid().optional() });

export const quoteSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    title: z.string(),
    status: z.enum(QUOTE_STATUSES),
    customer_reference: z.string().nullable(),
    currency: z.string(),
    /** YYYY-MM-DD */
    valid_until: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    line_count: z.number().int(),
    categories: z.array(z.enum(PRODUCT_CATEGORIES)),
    /** Every line at its cheapest tier, one-off costs included; null until staff price the quote. */
    lowest_total_minor: z.number().int().nullable(),
  })
  .meta({ id: "QuoteSummary" });

export const staffQuoteSummarySchema = quoteSummarySchema
  .extend({ company_id: z.uuid(), company_name: z.string() })
  .meta({ id: "StaffQuoteSummary" });

export const quotePageSchema = pageOf(quoteSummarySchema).meta({ id: "QuotePage" });
export const staffQuotePageSchema = pageOf(staffQuoteSummarySchema).meta({ id: "StaffQuotePage" });

// Detail

/** Prices are null while the quote is an unpriced request (only the asked quantities are known). */
export const quoteTierSchema = z.object({
  quantity: z.number().int(),
  unit_price_minor: z.number().int().nullable(),
  /** quantity × unit price plus the line's one-off costs. */
  total_minor: z.number().int().nullable(),
});

export const quoteLineSchema = z
  .object({
    id: z.uuid(),
    position: z.number().int(),
    category: z.enum(PRODUCT_CATEGORIES),
    description: z.string(),
    lead_time_days: z.number().int().nullable(),
    engineering_cost_minor: z.number().int().nullable(),
    /** The shipping date if ordered today (working days, holidays skipped). */
    delivery_date: z.string().nullable(),
    tiers: z.array(quoteTierSchema),
    ordered_quantity: z.number().int().nullable(),
    /** The PCB specification version the line is priced on, if it names one. */
    pcb_spec: pcbSpecReferenceSchema.nullable(),
    /** The assembly specification version the line is priced on, if it names one. */
    assembly_spec: assemblySpecReferenceSchema.nullable(),
  })
  .meta({ id: "QuoteLine" });

export const quoteDetailSchema = quoteSummarySchema
  .extend({
    /** false while the quote is a request staff have not priced yet. */
    priced: z.boolean(),
    request_notes: z.string().nullable(),
    decline_reason: z.string().nullable(),
    tax_rate_bp: z.number().int(),
    /** How VAT applies and the customer's VAT ID the document was made for (@ems/contracts/tax). */
    tax_treatment: z.enum(TAX_TREATMENTS),
    customer_vat_id: z.string().nullable(),
    lines: z.array(quoteLineSchema),
    /** What the caller may do now, by status, validity and role. */
    can_order: z.boolean(),
    can_decline: z.boolean(),
    can_request: z.boolean(),
  })
  .meta({ id: "QuoteDetail" });

export const staffQuoteDetailSchema = quoteDetailSchema
  .extend({
    company_id: z.uuid(),
    company_name: z.string(),
    requested_by_name: z.string().nullable(),
    prepared_by_name: z.string().nullable(),
    can_edit_lines: z.boolean(),
    can_send: z.boolean(),
    can_mark_lost: z.boolean(),
    /** Whether PUT /api/staff/quotes/:id/tax may change the VAT treatment now. */
    can_change_tax: z.boolean(),
  })
  .meta({ id: "StaffQuoteDetail" });

// Customer bodies

/**
 * A version of one of the company's PCB specifications (from GET /api/pcbs: latest_version_id);
 * another company's answers 404. Referencing a version freezes it.
 */
const pcbSpecVersionIdSchema = z.uuid();

export const quoteRequestLineSchema = z.strictObject({
  category: z.enum(PRODUCT_CATEGORIES),
  description: singleLine().min(3).max(500),
  pcb_spec_version_id: pcbSpecVersionIdSchema.optional(),
  /** A version of one of the company's assembly specifications (GET /api/pcbas: latest_version_id). */
  assembly_spec_version_id: z.uuid().optional(),
  quantities: z
    .array(quantitySchema)
    .min(1)
    .max(MAX_QUOTE_TIERS)
    .refine((list) => new Set(list).size === list.length, "quantities must be distinct"),
});

/** A customer asks for a quote (docs/behaviour/quotes.md#requesting-a-quote) (it starts In Progress). */
export const quoteRequestSchema = z
  .strictObject({
    title: singleLine().min(3).max(200),
    customer_reference: optionalText(100),
    notes: multiLine().max(4000).optional(),
    lines: z.array(quoteRequestLineSchema).min(1).max(MAX_QUOTE_LINES),
  })
  .meta({ id: "QuoteRequest" });

export const quoteDeclineSchema = z
  .strictObject({ reason: multiLine().min(3).max(1000) })
  .meta({ id: "QuoteDecline" });

// Staff bodies

export const staffQuoteTierSchema = z.strictObject({
  quantity: quantitySchema,
  unit_price_minor: minorSchema,
});

export const staffQuoteLineSchema = z
  .strictObject({
    category: z.enum(PRODUCT_CATEGORIES),
    description: singleLine().min(3).max(500),
    /** Kept from the request when staff price it; a version of the quote's company only. */
    pcb_spec_version_id: pcbSpecVersionIdSchema.optional(),
    assembly_spec_version_id: z.uuid().optional(),
    lead_time_days: z.number().int().min(1).max(MAX_LEAD_TIME_DAYS),
    engineering_cost_minor: minorSchema,
    tiers: z
      .array(staffQuoteTierSchema)
      .min(1)
      .max(MAX_QUOTE_TIERS)
      .refine(
        (tiers) => tiers.every((tier, i) => i === 0 || tier.quantity > tiers[i - 1]!.quantity),
        "tier quantities must increase strictly",
      ),
  })
  // Amounts are stored in integer columns: a line at any tier must stay within MAX_MINOR.
  .refine(
    (line) =>
      line.tiers.every(
        (tier) =>
          quoteLineAmountMinor(tier.quantity, tier.unit_price_minor, line.engineering_cost_minor) <=
          MAX_MINOR,
      ),
    { path: ["tiers"], message: `a tier's amount must not exceed ${MAX_MINOR} minor units` },
  );

const staffLinesSchema = z.array(staffQuoteLineSchema).min(1).max(MAX_QUOTE_LINES);

/** A quote staff prepare for a customer company; it starts as a Draft. */
export const staffQuoteCreateSchema = z
  .strictObject({
    company_id: z.uuid(),
    title: singleLine().min(3).max(200),
    customer_reference: optionalText(100),
    currency: currencySchema,
    /**
     * VAT follows the company's country and VAT ID (@ems/contracts/tax); staff may choose another
     * treatment with a reason, which goes to the activity log.
     */
    tax_override: taxOverrideSchema.optional(),
    valid_until: futureDateSchema,
    lines: staffLinesSchema,
  })
  .meta({ id: "StaffQuoteCreate" });

/** Replaces every line (Draft and In Progress quotes only); this prices a customer's request. */
export const staffQuoteLinesSchema = z
  .strictObject({ lines: staffLinesSchema })
  .meta({ id: "StaffQuoteLines" });

export const staffQuoteSendSchema = z
  .strictObject({ valid_until: futureDateSchema })
  .meta({ id: "StaffQuoteSend" });

export const staffQuoteLostSchema = z
  .strictObject({ reason: multiLine().min(3).max(1000).optional() })
  .meta({ id: "StaffQuoteLost" });

export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;
export type StaffQuoteListQuery = z.infer<typeof staffQuoteListQuerySchema>;
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;
export type StaffQuoteSummary = z.infer<typeof staffQuoteSummarySchema>;
export type QuotePage = z.infer<typeof quotePageSchema>;
export type StaffQuotePage = z.infer<typeof staffQuotePageSchema>;
export type QuoteTier = z.infer<typeof quoteTierSchema>;
export type QuoteLine = z.infer<typeof quoteLineSchema>;
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;
export type StaffQuoteDetail = z.infer<typeof staffQuoteDetailSchema>;
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteDecline = z.infer<typeof quoteDeclineSchema>;
export type StaffQuoteLine = z.infer<typeof staffQuoteLineSchema>;
export type StaffQuoteCreate = z.infer<typeof staffQuoteCreateSchema>;
export type StaffQuoteLines = z.infer<typeof staffQuoteLinesSchema>;
export type StaffQuoteSend = z.infer<typeof staffQuoteSendSchema>;
export type StaffQuoteLost = z.infer<typeof staffQuoteLostSchema>;

export const quoteEndpoints = defineEndpoints("quotes", {
  list: {
    method: "GET",
    path: "/api/quotes",
    summary: "The company's quotes",
    access: companyMembersWith("company.read"),
    query: quoteListQuerySchema,
    response: quotePageSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/quotes/:id",
    summary: "One quote with lines, tiers, delivery dates and what the caller may do",
    access: companyMembersWith("company.read"),
    params: quoteIdParamSchema,
    response: quoteDetailSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/quotes/:id/pdf",
    summary: "The quote as a PDF in the caller's language",
    description: "A quote that has not been priced and sent yet answers 409 CONFLICT.",
    access: companyMembersWith("company.read"),
    params: quoteIdParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404, 409, 429],
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/quotes",
    summary: "Asks for a quote; it starts In Progress (administrators, buyers, engineers)",
    access: companyMembersWith("quotes.request"),
    body: quoteRequestSchema,
    response: quoteDetailSchema,
    created: true,
    errors: [404, 429],
    caching: "private",
    idempotent: true,
  },
  decline: {
    method: "POST",
    path: "/api/quotes/:id/decline",
    summary: "Declines an Open quote with a reason (administrators, buyers)",
    description: "A quote that is not Open answers 409 CONFLICT.",
    access: companyMembersWith("quotes.decide"),
    params: quoteIdParamSchema,
    body: quoteDeclineSchema,
    response: quoteDetailSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  renew: {
    method: "POST",
    path: "/api/quotes/:id/renew",
    summary: "Asks again for an Expired or Declined quote; it goes back In Progress (administrators, buyers)",
    description: "Any other status answers 409 CONFLICT.",
    access: companyMembersWith("quotes.decide"),
    params: quoteIdParamSchema,
    body: emptyBodySchema.optional(),
    response: quoteDetailSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
});

export const staffQuoteEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/quotes",
    summary: "Quotes of every customer company, filtered, searched, sorted and paginated",
    access: STAFF,
    query: staffQuoteListQuerySchema,
    response: staffQuotePageSchema,
    errors: [404, 409],
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/staff/quotes/:id",
    summary: "One quote with its company and people",
    access: STAFF,
    params: quoteIdParamSchema,
    response: staffQuoteDetailSchema,
    errors: [404, 409],
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/staff/quotes",
    summary: "Prepares a Draft quote for a customer company",
    description: "An unknown company or the operator's own answers 404.",
    access: STAFF,
    body: staffQuoteCreateSchema,
    response: staffQuoteDetailSchema,
    created: true,
    errors: [404],
    caching: "private",
    idempotent: true,
  },
  updateLines: {
    method: "PUT",
    path: "/api/staff/quotes/:id/lines",
    summary: "Replaces the lines (prices) of a Draft or In Progress quote",
    description: "Other statuses answer 409 CONFLICT.",
    access: STAFF,
    params: quoteIdParamSchema,
    body: staffQuoteLinesSchema,
    response: staffQuoteDetailSchema,
    errors: [404, 409],
    caching: "private",
  },
  send: {
    method: "POST",
    path: "/api/staff/quotes/:id/send",
    summary: "Sends a priced Draft, In Progress or Expired quote to the customer (→ Open)",
    description: "An unpriced quote or another status answers 409 CONFLICT.",
    access: STAFF,
    params: quoteIdParamSchema,
    body: staffQuoteSendSchema,
    response: staffQuoteDetailSchema,
    errors: [404, 409],
    caching: "private",
  },
  lost: {
    method: "POST",
    path: "/api/staff/quotes/:id/lost",
    summary: "Marks a Draft, In Progress or Open quote as Lost",
    description: "Other statuses answer 409 CONFLICT.",
    access: STAFF,
    params: quoteIdParamSchema,
    body: staffQuoteLostSchema.nullish(),
    response: staffQuoteDetailSchema,
    errors: [404, 409],
    caching: "private",
  },
  changeTax: {
    method: "PUT",
    path: "/api/staff/quotes/:id/tax",
    summary: "Changes the VAT treatment of a Draft, In Progress or Open quote, with a reason",
    description:
      "The rate follows the treatment on the quote's date; the reason goes to the activity log " +
      "(`quote.tax_overridden`). The customer is mailed when they have the quote's prices. The " +
      "current treatment, and any other status, answer 409 CONFLICT.",
    access: STAFF,
    params: quoteIdParamSchema,
    body: taxOverrideSchema,
    response: staffQuoteDetailSchema,
    errors: [404, 409],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/staff/quotes/:id/pdf",
    summary: "Any company's quote as the customer's PDF; 409 until its lines are priced",
    description: "In the staff member's language unless `language` names another of the 12.",
    access: STAFF,
    params: quoteIdParamSchema,
    query: staffPdfQuerySchema,
    response: PDF_DOWNLOAD,
    errors: [404, 409],
    caching: "private",
  },
});
