import { z } from "zod";
import { TAX_TREATMENTS } from "./tax.ts";
import { currencySchema, minorSchema } from "./money.ts";
import { multiLine, singleLine } from "./text.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { documentAddressSchema } from "./orders.ts";
import { staffPdfQuerySchema } from "./documents.ts";
import {
  companyMembersWith,
  defineEndpoints,
  PDF_DOWNLOAD,
  STAFF,
  STAFF_ADMIN,
  XML_DOWNLOAD,
} from "./endpoints.ts";

/**
 * Delivery note (getAll, PDF), Sales invoice (getAll, PDF) and Payment (get_client_token,
 * charge_client, enable_integration), with the back office's side: issuing delivery notes and
 * invoices and recording payments that arrived.
 */

/** Text that is printed on documents: one line, no control characters. */
const printable = (max: number) => singleLine().min(1).max(max);

export const MAX_DOCUMENT_LINES = 200;
export const MAX_LINE_QUANTITY = 1_000_000;

const distinctLines = (lines: readonly { order_line_id: string }[]) =>
  new Set(lines.map((line) => line.order_line_id)).size === lines.length;

export const billingIdParamSchema = z.strictObject({ id: z.uuid() });

// Delivery notes

export const deliveryLineSchema = z
  .object({
    /** The order line's position. */
    position: z.number().int(),
    description: z.string(),
    quantity: z.number().int(),
  })
  .meta({ id: "DeliveryNoteLine" });

export const deliveryNoteSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    order_id: z.uuid(),
    order_number: z.string(),
    po_number: z.string(),
    carrier: z.string(),
    tracking_number: z.string().nullable(),
    shipped_at: z.string(),
    shipping_address: documentAddressSchema,
    lines: z.array(deliveryLineSchema),
  })
  .meta({ id: "DeliveryNote" });

export const staffDeliveryNoteSchema = deliveryNoteSchema
  .extend({ company_id: z.uuid(), company_name: z.string() })
  .meta({ id: "StaffDeliveryNote" });

export const DELIVERY_SORTS = ["shipped_at", "number"] as const;

/** The delivery note list (docs/behaviour/orders.md#delivery-notes); `q` matches the note number, the carrier or the tracking number. */
export const deliveryListQuerySchema = listQuerySchema({
  sorts: DELIVERY_SORTS,
  defaultSort: "shipped_at",
  filters: { order_id: z.uuid().optional() },
});

export const staffDeliveryListQuerySchema = deliveryListQuerySchema.extend({
  company_id: z.uuid().optional(),
});

export const deliveryNotePageSchema = pageOf(deliveryNoteSchema).meta({ id: "DeliveryNotePage" });
export const staffDeliveryNotePageSchema = pageOf(staffDeliveryNoteSchema).meta({
  id: "StaffDeliveryNotePage",
});

/**
 * Staff ship (part of) an order. Each quantity may be at most what was ordered minus what earlier
 * delivery notes already shipped; a larger one answers 409.
 */
export const deliveryNoteCreateSchema = z
  .strictObject({
    order_id: z.uuid(),
    carrier: printable(80),
    tracking_number: printable(80).optional(),
    lines: z
      .array(
        z.strictObject({
          order_line_id: z.uuid(),
          quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        }),
      )
      .min(1)
      .max(MAX_DOCUMENT_LINES)
      .refine(distinctLines, "an order line may appear once"),
  })
  .meta({ id: "DeliveryNoteCreate" });

// Invoices

export const INVOICE_STATUSES = ["unpaid", "paid"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the customer sees: an unpaid invoice whose due date (due_on) is before today (UTC) is overdue. */
export const INVOICE_DISPLAY_STATUSES = ["unpaid", "paid", "overdue"] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUSES)[number];

export function invoiceDisplayStatus(
  status: InvoiceStatus,
  dueOn: string,
  today: string,
): InvoiceDisplayStatus {
  if (status === "paid") return "paid";
  return dueOn < today ? "overdue" : "unpaid";
}

/**
 * A bank transfer the customer announced and staff have not matched with money yet: how much, and
 * the day the customer says it was sent.
 */
export const announcedTransferSchema = z
  .object({
    payment_id: z.uuid(),
    amount_minor: z.number().int(),
    transferred_on: z.string(),
    announced_at: z.string(),
  })
  .meta({ id: "AnnouncedTransfer" });

/**
 * A billed line. Order lines keep their position; the shipping charge is position 0, so it is
 * billed once. amount_minor includes the line's one-off costs (amount − quantity × unit price).
 */
export const invoiceLineSchema = z
  .object({
    position: z.number().int(),
    description: z.string(),
    quantity: z.number().int(),
    unit_price_minor: z.number().int(),
    amount_minor: z.number().int(),
  })
  .meta({ id: "InvoiceLine" });

/** Position of the shipping charge among an invoice's lines. */
export const SHIPPING_LINE_POSITION = 0;

export const invoiceSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    order_id: z.uuid(),
    order_number: z.string(),
    po_number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    display_status: z.enum(INVOICE_DISPLAY_STATUSES),
    currency: z.string(),
    tax_rate_bp: z.number().int(),
    /** How VAT applies and the customer's VAT ID the document was made for (@ems/contracts/tax). */
    tax_treatment: z.enum(TAX_TREATMENTS),
    customer_vat_id: z.string().nullable(),
    /** The delivery date the invoice states: the order's last shipment before it; null for advance billing. */
    delivered_on: z.string().nullable(),
    subtotal_minor: z.number().int(),
    tax_minor: z.number().int(),
    total_minor: z.number().int(),
    issued_on: z.string(),
    due_on: z.string(),
    paid_at: z.string().nullable(),
    /** What the invoice's succeeded payments brought in. */
    paid_minor: z.number().int(),
    /** What the invoice's credit notes took back (gross). */
    credited_minor: z.number().int(),
    /** The quantity of each position its credit notes took back (positions never credited are left out). */
    credited_lines: z.array(z.object({ position: z.number().int(), quantity: z.number().int() })),
    /**
     * total_minor − paid_minor − credited_minor: what is still to pay. The invoice is paid once it is
     * 0 or less; below 0 the customer paid more than what stands, and the difference is their credit.
     */
    open_minor: z.number().int(),
    /** The customer's announced bank transfer while staff have not recorded its money. */
    transfer_announced: announcedTransferSchema.nullable(),
    lines: z.array(invoiceLineSchema),
  })
  .meta({ id: "Invoice" });

export const staffInvoiceSchema = invoiceSchema
  .extend({ company_id: z.uuid(), company_name: z.string() })
  .meta({ id: "StaffInvoice" });

export const INVOICE_SORTS = ["issued_on", "due_on", "number", "total"] as const;

/**
 * The invoice list (docs/behaviour/billing.md#invoices). `status` filters by display status: `unpaid` lists unpaid invoices
 * that are not yet overdue. `q` matches the invoice or the order number.
 */
export const invoiceListQuerySchema = listQuerySchema({
  sorts: INVOICE_SORTS,
  defaultSort: "issued_on",
  filters: { status: z.enum(INVOICE_DISPLAY_STATUSES).optional(), order_id: z.uuid().optional() },
});

/**
 * The back office's payment filter: invoices with a bank transfer the customer announced and staff
 * have not recorded, or paid in part (something came in, something is still open).
 */
export const INVOICE_PAYMENT_FILTERS = ["transfer_announced", "part_paid"] as const;
export type InvoicePaymentFilter = (typeof INVOICE_PAYMENT_FILTERS)[number];

export const staffInvoiceListQuerySchema = invoiceListQuerySchema.extend({
  company_id: z.uuid().optional(),
  payment: z.enum(INVOICE_PAYMENT_FILTERS).optional(),
});

export const invoicePageSchema = pageOf(invoiceSchema).meta({ id: "InvoicePage" });
export const staffInvoicePageSchema = pageOf(staffInvoiceSchema).meta({ id: "StaffInvoicePage" });

/** Why staff bill goods before they ship (it goes to the activity log). */
export const advanceBillingSchema = z
  .strictObject({ reason: multiLine().min(3).max(500) })
  .meta({ id: "AdvanceBilling" });

/**
 * Staff invoice an order by delivered quantities (docs/behaviour/billing.md#invoices). Without
 * `lines`, every line's shipped quantity that no invoice bills yet; a line without `quantity` bills
 * that too. More than shipped minus invoiced answers 409 unless `advance_billing` gives a reason,
 * which allows up to ordered minus invoiced. `include_shipping` defaults to "if no invoice bills the
 * shipping yet and this one bills goods (or every line is billed already)"; billing it twice answers 409.
 */
export const invoiceCreateSchema = z
  .strictObject({
    order_id: z.uuid(),
    lines: z
      .array(
        z.strictObject({
          order_line_id: z.uuid(),
          quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).optional(),
        }),
      )
      .min(1)
      .max(MAX_DOCUMENT_LINES)
      .refine(distinctLines, "an order line may appear once")
      .optional(),
    include_shipping: z.boolean().optional(),
    advance_billing: advanceBillingSchema.optional(),
  })
  .meta({ id: "InvoiceCreate" });

// Payments

/** What a customer pays with. */
export const PAYMENT_METHODS = ["bank_transfer", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a payment came about: the customer's methods, or `manual` when staff record money that arrived. */
export const PAYMENT_RECORD_METHODS = ["bank_transfer", "card", "manual"] as const;
export type PaymentRecordMethod = (typeof PAYMENT_RECORD_METHODS)[number];

/** How money staff record arrived: a bank transfer, or any other way (`manual`: cash, cheque, set-off). */
export const RECORDED_PAYMENT_METHODS = ["bank_transfer", "manual"] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

/** One payment's amount in minor units: at least 1, at most what the database's integer holds. */
export const paymentAmountSchema = minorSchema.min(1);

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Card gateways the operator can switch on (enable_integration). */
export const PAYMENT_INTEGRATIONS = ["stripe"] as const;
export type PaymentIntegration = (typeof PAYMENT_INTEGRATIONS)[number];

export const paymentSchema = z
  .object({
    id: z.uuid(),
    invoice_id: z.uuid(),
    invoice_number: z.string(),
    method: z.enum(PAYMENT_RECORD_METHODS),
    /** bank_transfer, manual, or the card gateway (stripe). */
    provider: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount_minor: z.number().int(),
    currency: z.string(),
    provider_reference: z.string().nullable(),
    /**
     * The day the money was sent or arrived (YYYY-MM-DD): the transfer date a customer announced,
     * the date staff recorded, the day of a card payment.
     */
    paid_on: z.string(),
    /** Why a payment failed: the gateway's decline code, or `superseded` for an announced transfer the invoice no longer waited for. */
    failure_reason: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Payment" });

/** A credit note as its invoice lists it (the whole note: @ems/contracts/credit-notes). */
export const invoiceCreditNoteSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    issued_on: z.string(),
    total_minor: z.number().int(),
    reason: z.string(),
  })
  .meta({ id: "InvoiceCreditNote" });

/** GET /api/invoices/:id: the invoice with its billing address, every payment attempt and its credit notes. */
export const invoiceDetailsSchema = invoiceSchema
  .extend({
    billing_address: documentAddressSchema,
    payments: z.array(paymentSchema),
    credit_notes: z.array(invoiceCreditNoteSchema),
  })
  .meta({ id: "InvoiceDetails" });

export const bankAccountSchema = z
  .object({ holder: z.string(), iban: z.string(), bic: z.string() })
  .meta({ id: "BankAccount" });

/** The methods a customer may pay with now: bank transfer always, card once a gateway is set up and on. */
export const paymentMethodsSchema = z
  .object({
    methods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), provider: z.string() })),
    bank_account: bankAccountSchema,
  })
  .meta({ id: "PaymentMethods" });

/** What the browser needs to start a payment (get_client_token, docs/behaviour/billing.md#payments). */
export const clientTokenRequestSchema = z
  .strictObject({ invoice_id: z.uuid(), method: z.enum(PAYMENT_METHODS) })
  .meta({ id: "ClientTokenRequest" });

/**
 * What the browser needs to start paying: for cards the gateway's publishable key (its SDK turns the
 * card into a payment_token with it), for bank transfers the payment reference.
 */
export const clientTokenSchema = z
  .object({
    provider: z.string(),
    client_token: z.string(),
    publishable_key: z.string().optional(),
  })
  .meta({ id: "ClientToken" });

/** A card gateway's payment method token (Stripe: pm_…). */
export const paymentTokenSchema = z
  .string()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, "must be a payment method token");

/**
 * charge_client (docs/behaviour/billing.md#payments): a card pays what is open of the invoice and
 * needs the payment_token from the gateway's SDK. A bank transfer announces money the customer sent
 * (or is sending): `amount_minor` (default: what is open) and `transferred_on` (default: today); it
 * stays pending until staff record the money.
 */
export const chargeSchema = z
  .strictObject({
    invoice_id: z.uuid(),
    method: z.enum(PAYMENT_METHODS),
    payment_token: paymentTokenSchema.optional(),
    amount_minor: paymentAmountSchema.optional(),
    transferred_on: z.iso.date().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === "card" && body.payment_token === undefined)
      ctx.addIssue({ code: "custom", path: ["payment_token"], message: "is required for card payments" });
    if (body.method === "bank_transfer" && body.payment_token !== undefined)
      ctx.addIssue({ code: "custom", path: ["payment_token"], message: "is only for card payments" });
    for (const field of ["amount_minor", "transferred_on"] as const)
      if (body.method === "card" && body[field] !== undefined)
        ctx.addIssue({ code: "custom", path: [field], message: "is only for bank transfers" });
  })
  .meta({ id: "Charge" });

/**
 * Staff record money that arrived for an invoice: any amount in the invoice's currency (a part, the
 * rest, or more), the day it arrived, how, and the bank's reference.
 */
export const paymentRecordSchema = z
  .strictObject({
    amount_minor: paymentAmountSchema,
    currency: currencySchema,
    paid_on: z.iso.date(),
    method: z.enum(RECORDED_PAYMENT_METHODS),
    reference: printable(120).optional(),
  })
  .meta({ id: "PaymentRecord" });

/** enable_integration (staff administrators). */
export const integrationToggleSchema = z
  .strictObject({ provider: z.enum(PAYMENT_INTEGRATIONS), enabled: z.boolean() })
  .meta({ id: "PaymentIntegrationToggle" });

export const paymentIntegrationSchema = z
  .object({
    provider: z.enum(PAYMENT_INTEGRATIONS),
    enabled: z.boolean(),
    /** Whether the server has the gateway's keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY). */
    configured: z.boolean(),
  })
  .meta({ id: "PaymentIntegration" });

export type DeliveryLine = z.infer<typeof deliveryLineSchema>;
export type DeliveryNote = z.infer<typeof deliveryNoteSchema>;
export type StaffDeliveryNote = z.infer<typeof staffDeliveryNoteSchema>;
export type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;
export type StaffDeliveryListQuery = z.infer<typeof staffDeliveryListQuerySchema>;
export type DeliveryNotePage = z.infer<typeof deliveryNotePageSchema>;
export type StaffDeliveryNotePage = z.infer<typeof staffDeliveryNotePageSchema>;
export type DeliveryNoteCreate = z.infer<typeof deliveryNoteCreateSchema>;
export type AnnouncedTransfer = z.infer<typeof announcedTransferSchema>;
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;
export type InvoiceCreditNote = z.infer<typeof invoiceCreditNoteSchema>;
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
export type StaffInvoiceListQuery = z.infer<typeof staffInvoiceListQuerySchema>;
export type InvoicePage = z.infer<typeof invoicePageSchema>;
export type StaffInvoicePage = z.infer<typeof staffInvoicePageSchema>;
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type BankAccount = z.infer<typeof bankAccountSchema>;
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
export type ClientTokenRequest = z.infer<typeof clientTokenRequestSchema>;
export type ClientToken = z.infer<typeof clientTokenSchema>;
export type Charge = z.infer<typeof chargeSchema>;
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export type IntegrationToggle = z.infer<typeof integrationToggleSchema>;
export type PaymentIntegrationState = z.infer<typeof paymentIntegrationSchema>;

/** The company's invoices (docs/behaviour/billing.md#invoices). */
export const invoiceEndpoints = defineEndpoints("invoices", {
  list: {
    method: "GET",
    path: "/api/invoices",
    summary: "One page of the company's invoices",
    description: "status filters by display status: overdue is unpaid with due_on before today (UTC).",
    access: companyMembersWith("invoices.read"),
    query: invoiceListQuerySchema,
    response: invoicePageSchema,
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/invoices/:id",
    summary: "One invoice with its billing address and payments",
    access: companyMembersWith("invoices.read"),
    params: billingIdParamSchema,
    response: invoiceDetailsSchema,
    errors: [404],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/invoices/:id/pdf",
    summary: "The invoice as a PDF in the caller's language",
    description: "A Factur-X (EN 16931 profile) PDF/A-3 with the invoice's CII XML embedded as factur-x.xml.",
    access: companyMembersWith("invoices.read"),
    params: billingIdParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
  xml: {
    method: "GET",
    path: "/api/invoices/:id/xml",
    summary: "The invoice as an XRechnung (EN 16931) UBL XML e-invoice",
    description:
      "A download named <number>.xml; its texts (payment terms, tax wording) in the caller's language.",
    access: companyMembersWith("invoices.read"),
    params: billingIdParamSchema,
    response: XML_DOWNLOAD,
    errors: [404, 409],
    caching: "private",
  },
});

/** The back office's invoices: every company's, and issuing new ones. */
export const staffInvoiceEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/invoices",
    summary: "Every company's invoices",
    description:
      "payment=transfer_announced lists invoices with a bank transfer the customer announced and staff have not recorded; payment=part_paid unpaid invoices that got part of their total.",
    access: STAFF,
    query: staffInvoiceListQuerySchema,
    response: staffInvoicePageSchema,
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/staff/invoices",
    summary:
      "Issues an invoice (INV-…) for an order; the company's finance and admin users are told by e-mail",
    description:
      "Bills delivered quantities; invoiced counts net of credit notes, so a credited quantity is billable again. Without lines: every line's shipped quantity not yet invoiced, plus the shipping once. More than shipped minus invoiced (without advance_billing), more than ordered minus invoiced, a cancelled order or nothing left answers 409.",
    access: STAFF,
    body: invoiceCreateSchema,
    response: staffInvoiceSchema,
    created: true,
    idempotent: true,
    errors: [404, 409],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/staff/invoices/:id/pdf",
    summary: "Any company's invoice as a PDF",
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
    path: "/api/staff/invoices/:id/xml",
    summary: "Any company's invoice as an XRechnung (EN 16931) UBL XML e-invoice",
    description: "Texts in the staff member's language unless `language` names another of the 12.",
    access: STAFF,
    params: billingIdParamSchema,
    query: staffPdfQuerySchema,
    response: XML_DOWNLOAD,
    errors: [404, 409],
    caching: "private",
  },
});

export const deliveryEndpoints = defineEndpoints("deliveries", {
  list: {
    method: "GET",
    path: "/api/deliveries",
    summary: "One page of the company's delivery notes",
    access: companyMembersWith("company.read"),
    query: deliveryListQuerySchema,
    response: deliveryNotePageSchema,
    errors: [404],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/deliveries/:id/pdf",
    summary: "The delivery note as a PDF in the caller's language",
    access: companyMembersWith("company.read"),
    params: billingIdParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
});

export const staffDeliveryEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/deliveries",
    summary: "Every company's delivery notes",
    access: STAFF,
    query: staffDeliveryListQuerySchema,
    response: staffDeliveryNotePageSchema,
    errors: [404, 409],
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/staff/deliveries",
    summary: "Issues a delivery note (DN-…) for (part of) an order; the customer is told by e-mail",
    description:
      "Quantities above what is left to deliver, and cancelled or completed orders, answer 409. Fully delivered lines get their shipped stage at 100 %; the order becomes shipped once everything is delivered.",
    access: STAFF,
    body: deliveryNoteCreateSchema,
    response: staffDeliveryNoteSchema,
    created: true,
    errors: [404],
    caching: "private",
    idempotent: true,
  },
  pdf: {
    method: "GET",
    path: "/api/staff/deliveries/:id/pdf",
    summary: "Any company's delivery note as a PDF, to pack with the goods",
    description: "In the staff member's language unless `language` names another of the 12.",
    access: STAFF,
    params: billingIdParamSchema,
    query: staffPdfQuerySchema,
    response: PDF_DOWNLOAD,
    errors: [404, 409],
    caching: "private",
  },
});

export const paymentEndpoints = defineEndpoints("payments", {
  methods: {
    method: "GET",
    path: "/api/payments/methods",
    summary: "The methods invoices can be paid with now, and the bank account for transfers",
    access: companyMembersWith("invoices.read"),
    query: z.strictObject({}),
    response: paymentMethodsSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  clientToken: {
    method: "POST",
    path: "/api/payments/client-token",
    summary: "What the browser needs to start paying an invoice",
    description: "A paid invoice, or card while card payments are off, answers 409.",
    access: companyMembersWith("invoices.pay"),
    body: clientTokenRequestSchema,
    response: clientTokenSchema,
    errors: [404, 409, 429],
    caching: "private",
  },
  charge: {
    method: "POST",
    path: "/api/payments/charge",
    summary: "Pays what is open of an invoice by card, or announces a bank transfer",
    description:
      "Answers the payment: succeeded (invoice paid), failed (declined; failure_reason says why, try again) or pending (bank transfer: amount_minor and transferred_on as announced, instructions are e-mailed). An invoice that is paid, belongs to a cancelled order or has a payment under way answers 409; a transfer date in the future or long before the invoice 400; an unreachable card gateway 502.",
    access: companyMembersWith("invoices.pay"),
    body: chargeSchema,
    response: paymentSchema,
    errors: [404, 429, 502],
    caching: "private",
    idempotent: true,
  },
});

/** The back office's payments: recording money that arrived, and the card gateway switch. */
export const staffPaymentEndpoints = defineEndpoints("staff", {
  recordPayment: {
    method: "POST",
    path: "/api/staff/invoices/:id/payments",
    summary: "Records money received for an invoice: a part, the rest or more",
    description:
      "A bank transfer completes the customer's announced transfer, if any, with the amount and date recorded. The invoice is paid once its payments reach its total; more is the customer's credit. A paid invoice or one of a cancelled order answers 409; a currency other than the invoice's, or a date in the future or long before the invoice, 400.",
    access: STAFF,
    params: billingIdParamSchema,
    body: paymentRecordSchema,
    response: paymentSchema,
    errors: [404, 409],
    idempotent: true,
    caching: "private",
  },
  integrations: {
    method: "GET",
    path: "/api/staff/payment-integrations",
    summary: "The card gateways: switched on, and whether the server has their keys",
    access: STAFF,
    response: z.array(paymentIntegrationSchema),
    caching: "private",
  },
  updateIntegrations: {
    method: "PUT",
    path: "/api/staff/payment-integrations",
    summary: "Switches a card gateway on or off (staff administrators)",
    description: "Switching on a gateway the server has no keys for answers 409.",
    access: STAFF_ADMIN,
    body: integrationToggleSchema,
    response: z.array(paymentIntegrationSchema),
    errors: [409],
    caching: "private",
  },
});
