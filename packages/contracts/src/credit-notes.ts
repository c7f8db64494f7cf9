import { z } from "zod";
import { TAX_TREATMENTS } from "./tax.ts";
import { multiLine } from "./text.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { documentAddressSchema } from "./orders.ts";
import { staffPdfQuerySchema } from "./documents.ts";
import { billingIdParamSchema, invoiceLineSchema, MAX_DOCUMENT_LINES, MAX_LINE_QUANTITY } from "./billing.ts";
import { companyMembersWith, defineEndpoints, PDF_DOWNLOAD, STAFF, XML_DOWNLOAD } from "./endpoints.ts";

/**
 * Credit notes (docs/behaviour/billing.md#credit-notes, ADR 0018): the only correction of an issued
 * invoice. A credit note has its own number series (CN-), names the invoice it corrects, and takes
 * back quantities of the invoice's lines at the invoice's prices and tax.
 */

export const REASON_MIN = 3;
export const REASON_MAX = 500;

/**
 * A credit note with everything it states: both parties (the operator from the site configuration,
 * the customer's billing address and VAT ID), the invoice it corrects (number and issue date), the
 * credited lines and the tax, as a PDF or an e-invoice needs them.
 */
export const creditNoteSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    invoice_id: z.uuid(),
    invoice_number: z.string(),
    invoice_issued_on: z.string(),
    order_number: z.string(),
    reason: z.string(),
    currency: z.string(),
    tax_rate_bp: z.number().int(),
    tax_treatment: z.enum(TAX_TREATMENTS),
    customer_vat_id: z.string().nullable(),
    billing_address: documentAddressSchema,
    /** The credited quantities of the invoice's positions; the shipping charge is position 0. */
    lines: z.array(invoiceLineSchema),
    subtotal_minor: z.number().int(),
    tax_minor: z.number().int(),
    total_minor: z.number().int(),
    issued_on: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "CreditNote" });

export const staffCreditNoteSchema = creditNoteSchema
  .extend({ company_id: z.uuid(), company_name: z.string() })
  .meta({ id: "StaffCreditNote" });

export const CREDIT_NOTE_SORTS = ["issued_on", "number", "total"] as const;

/** The company's credit notes; `q` matches the credit note's or the invoice's number. */
export const creditNoteListQuerySchema = listQuerySchema({
  sorts: CREDIT_NOTE_SORTS,
  defaultSort: "issued_on",
  filters: { invoice_id: z.uuid().optional() },
});

/** Every company's credit notes; `q` also matches the company's name. */
export const staffCreditNoteListQuerySchema = creditNoteListQuerySchema.extend({
  company_id: z.uuid().optional(),
});

export const creditNotePageSchema = pageOf(creditNoteSchema).meta({ id: "CreditNotePage" });
export const staffCreditNotePageSchema = pageOf(staffCreditNoteSchema).meta({ id: "StaffCreditNotePage" });

/**
 * Staff credit (part of) an invoice. Without `lines`, everything of the invoice no credit note took
 * back yet; with them, those quantities of those positions (the shipping charge is position 0,
 * quantity 1). More than invoiced minus already credited answers 409.
 */
export const creditNoteCreateSchema = z
  .strictObject({
    reason: multiLine().min(REASON_MIN).max(REASON_MAX),
    lines: z
      .array(
        z.strictObject({
          position: z.number().int().min(0).max(MAX_LINE_QUANTITY),
          quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        }),
      )
      .min(1)
      .max(MAX_DOCUMENT_LINES)
      .refine(
        (lines) => new Set(lines.map((line) => line.position)).size === lines.length,
        "a position may appear once",
      )
      .optional(),
  })
  .meta({ id: "CreditNoteCreate" });

export type CreditNote = z.infer<typeof creditNoteSchema>;
export type StaffCreditNote = z.infer<typeof staffCreditNoteSchema>;
export type CreditNoteListQuery = z.infer<typeof creditNoteListQuerySchema>;
export type StaffCreditNoteListQuery = z.infer<typeof staffCreditNoteListQuerySchema>;
export type CreditNotePage = z.infer<typeof creditNotePageSchema>;
export type StaffCreditNotePage = z.infer<typeof staffCreditNotePageSchema>;
export type CreditNoteCreate = z.infer<typeof creditNoteCreateSchema>;

/** The company's credit notes (docs/behaviour/billing.md#credit-notes). */
export const creditNoteEndpoints = defineEndpoints("invoices", {
  list: {
    method: "GET",
    path: "/api/credit-notes",
    summary: "One page of the company's credit notes",
    description: "invoice_id lists one invoice's credit notes.",
    access: companyMembersWith("invoices.read"),
    query: creditNoteListQuerySchema,
    response: creditNotePageSchema,
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/credit-notes/:id/pdf",
    summary: "The credit note as a PDF in the caller's language",
    description:
      "A Factur-X (EN 16931 profile) PDF/A-3 with the credit note's CII XML (type 381, referring to the invoice) embedded as factur-x.xml.",
    access: companyMembersWith("invoices.read"),
    params: billingIdParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  xml: {
    method: "GET",
    path: "/api/credit-notes/:id/xml",
    summary: "The credit note as an XRechnung (EN 16931) UBL CreditNote XML",
    description:
      "A download named <number>.xml, referring to the invoice it corrects; its texts in the caller's language.",
    access: companyMembersWith("invoices.read"),
    params: billingIdParamSchema,
    response: XML_DOWNLOAD,
    errors: [404, 409],
    caching: "private",
  },
});

/** The back office's credit notes: every company's, and issuing new ones. */
export const staffCreditNoteEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/credit-notes",
    summary: "Every company's credit notes",
    description: "q matches the credit note's number, the invoice's number or the company's name.",
    access: STAFF,
    query: staffCreditNoteListQuerySchema,
    response: staffCreditNotePageSchema,
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/staff/invoices/:id/credit-notes",
    summary:
      "Issues a credit note (CN-…) for an invoice; the company's finance and admin users are told by e-mail",
    description:
      "Without lines: everything of the invoice not yet credited. With lines: those quantities of those positions (shipping: position 0, quantity 1) at the invoice's prices and tax. More than invoiced minus already credited, or nothing left, answers 409 and writes nothing. The invoice is paid (settled) once payments and credit notes reach its total.",
    access: STAFF,
    params: billingIdParamSchema,
    body: creditNoteCreateSchema,
    response: staffCreditNoteSchema,
    created: true,
    idempotent: true,
    errors: [404, 409],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/staff/credit-notes/:id/pdf",
    summary: "Any company's credit note as a PDF",
    description:
      "A Factur-X (EN 16931) PDF/A-3 with the CII XML embedded, in the staff member's language unless `language` names another of the 12.",
    access: STAFF,
    params: billingIdParamSchema,
    query: staffPdfQuerySchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  xml: {
    method: "GET",
    path: "/api/staff/credit-notes/:id/xml",
    summary: "Any company's credit note as an XRechnung (EN 16931) UBL CreditNote XML",
    description: "Texts in the staff member's language unless `language` names another of the 12.",
    access: STAFF,
    params: billingIdParamSchema,
    query: staffPdfQuerySchema,
    response: XML_DOWNLOAD,
    errors: [404, 409],
    caching: "private",
  },
});
