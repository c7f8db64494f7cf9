import { z } from "zod";
import { TAX_TREATMENTS, taxOverrideSchema } from "./tax.ts";
import { listQuerySchema, pageOf } from "./lists.ts";
import { multiLine, singleLine } from "./text.ts";
import { taxOf } from "./money.ts";
import { MAX_QUOTE_LINES, MAX_QUOTE_QUANTITY, QUOTE_STATUSES, quoteLineAmountMinor } from "./quotes.ts";
import { staffPdfQuerySchema } from "./documents.ts";
import { assemblySpecReferenceSchema } from "./assemblies.ts";
import { pcbSpecReferenceSchema } from "./pcbs.ts";
import { queryHoldSchema } from "./engineering-queries.ts";
import { companyMembersWith, defineEndpoints, PDF_DOWNLOAD, STAFF } from "./endpoints.ts";

/**
 * Sales orders after they were placed (docs/behaviour/orders.md): getAllRaw (the list), fetch_row_details (one order with
 * its lines, addresses, totals and documents), get_wo_progress_data (production progress per line)
 * and the order confirmation PDF; plus the back office's progress and status changes. Orders are
 * created by placeOrder (packages/contracts/src/ordering.ts).
 */

export const ORDER_STATUSES = ["confirmed", "in_production", "shipped", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Every production stage a line can go through, in production order. Which of them a line gets is
 * its product kind's stage set, chosen when the order is placed (docs/behaviour/orders.md#production-progress);
 * lines ordered before stage sets keep the seven stages they got (material procurement … shipped).
 * `material_procurement` is component sourcing; `shipped` is packing and shipping, completed by the
 * delivery note that ships the line in full.
 */
export const WORK_ORDER_STAGES = [
  "data_check",
  "material_procurement",
  "pcb_fabrication",
  "smt",
  "tht",
  "aoi",
  "electrical_test",
  "testing",
  "inspection",
  "packing",
  "shipped",
] as const;
export type WorkOrderStage = (typeof WORK_ORDER_STAGES)[number];

/** What a line is made as: a bare board, or an assembly (a line with an assembly specification). */
export const PRODUCTION_KINDS = ["pcb", "assembly"] as const;
export type ProductionKind = (typeof PRODUCTION_KINDS)[number];

/** The stages a line of each kind gets while staff have not configured its set. */
export const DEFAULT_STAGE_SETS: Readonly<Record<ProductionKind, readonly WorkOrderStage[]>> = {
  pcb: ["data_check", "pcb_fabrication", "electrical_test", "inspection", "shipped"],
  assembly: [
    "data_check",
    "material_procurement",
    "pcb_fabrication",
    "smt",
    "tht",
    "aoi",
    "testing",
    "inspection",
    "shipped",
  ],
};

/** A line with an assembly specification, or in the assemblies category, is an assembly. */
export function productionKindOf(line: {
  category: string;
  assembly_spec_version_id: string | null;
}): ProductionKind {
  return line.assembly_spec_version_id !== null || line.category === "assemblies" ? "assembly" : "pcb";
}

/** Stages in production order (WORK_ORDER_STAGES), each once. */
export function inProductionOrder(stages: readonly WorkOrderStage[]): WorkOrderStage[] {
  return WORK_ORDER_STAGES.filter((stage) => stages.includes(stage));
}

/**
 * A production digest goes out at most once in this long per order (and only once the changes have
 * rested for the API's PRODUCTION_DIGEST_DELAY_S); milestones are mailed at once.
 */
export const PRODUCTION_DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const HOLD_REASON_MAX = 300;

/**
 * Status changes staff may make; anything else answers 409. A confirmed order also moves to
 * in_production by itself with the first progress, and to shipped once everything is delivered.
 */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  confirmed: ["in_production", "cancelled"],
  in_production: ["shipped", "cancelled"],
  shipped: ["completed"],
  completed: [],
  cancelled: [],
};

export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** Production progress is no longer recorded for these. */
export const CLOSED_ORDER_STATUSES = ["completed", "cancelled"] as const satisfies readonly OrderStatus[];

/**
 * Why staff may not change an order's VAT treatment now, or null when they may: an issued invoice
 * never changes (a credit note corrects it), and a cancelled order bills nothing.
 */
export function orderTaxLock(order: {
  status: OrderStatus;
  invoiceCount: number;
}): "invoiced" | "cancelled" | null {
  if (order.invoiceCount > 0) return "invoiced";
  return order.status === "cancelled" ? "cancelled" : null;
}

export const orderIdParamSchema = z.strictObject({ id: z.uuid() });

// Lists (shared by the billing lists in ./billing.ts)

export const ORDER_SORTS = ["created_at", "number", "delivery_date", "total"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** getAllRaw: one page of the company's orders; `q` matches the order or purchase order number. */
export const orderListQuerySchema = listQuerySchema({
  sorts: ORDER_SORTS,
  defaultSort: "created_at",
  filters: { status: z.enum(ORDER_STATUSES).optional() },
});

/** The back office lists every company's orders; company_id narrows it to one customer. */
export const staffOrderListQuerySchema = orderListQuerySchema.extend({ company_id: z.uuid().optional() });

/** An address as printed on a document: later edits of the company's addresses do not change it. */
export const documentAddressSchema = z
  .object({
    recipient: z.string().nullable(),
    street: z.string(),
    street2: z.string().nullable(),
    postal_code: z.string(),
    city: z.string(),
    region: z.string().nullable(),
    country: z.string(),
  })
  .meta({ id: "DocumentAddress" });

export const orderRowSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    quote_id: z.uuid(),
    quote_number: z.string(),
    status: z.enum(ORDER_STATUSES),
    po_number: z.string(),
    currency: z.string(),
    total_minor: z.number().int(),
    /** Planned shipping date of the whole order (YYYY-MM-DD). */
    delivery_date: z.string(),
    created_at: z.string(),
    /** The average of every stage of every line, 0–100. */
    progress_percent: z.number().int().min(0).max(100),
    /** The first stage not yet complete on every line; `shipped` once all are complete. */
    current_stage: z.enum(WORK_ORDER_STAGES),
  })
  .meta({ id: "SalesOrderRow" });

export const staffOrderRowSchema = orderRowSchema
  .extend({ company_id: z.uuid(), company_name: z.string() })
  .meta({ id: "StaffSalesOrderRow" });

export const orderPageSchema = pageOf(orderRowSchema).meta({ id: "SalesOrderPage" });
export const staffOrderPageSchema = pageOf(staffOrderRowSchema).meta({ id: "StaffSalesOrderPage" });

// Details (fetch_row_details)

export const orderLineSchema = z
  .object({
    id: z.uuid(),
    position: z.number().int(),
    category: z.enum(["assemblies", "pcb"]),
    description: z.string(),
    quantity: z.number().int(),
    unit_price_minor: z.number().int(),
    /** One-off engineering costs of the line. */
    engineering_cost_minor: z.number().int(),
    /** quantity × unit price plus the one-off costs. */
    amount_minor: z.number().int(),
    lead_time_days: z.number().int(),
    delivery_date: z.string(),
    /** Quantity on delivery notes so far. */
    delivered_quantity: z.number().int(),
    /** Quantity the order's invoices bill so far (several invoices may bill a line in parts). */
    invoiced_quantity: z.number().int(),
    /** The PCB specification version the line is built to (frozen when ordered). */
    pcb_spec: pcbSpecReferenceSchema.nullable(),
    /** The assembly specification version the line is built to (frozen when ordered). */
    assembly_spec: assemblySpecReferenceSchema.nullable(),
  })
  .meta({ id: "SalesOrderLine" });

/** A document of the order (delivery note or invoice): its number and its date (YYYY-MM-DD). */
export const orderDocumentRefSchema = z
  .object({ id: z.uuid(), number: z.string(), date: z.string() })
  .meta({ id: "SalesOrderDocumentRef" });

export const orderDetailsSchema = orderRowSchema
  .extend({
    placed_by_name: z.string().nullable(),
    billing_address: documentAddressSchema,
    shipping_address: documentAddressSchema,
    parcel_service: z.object({ id: z.uuid().nullable(), name: z.string() }),
    tax_rate_bp: z.number().int(),
    /** How VAT applies and the customer's VAT ID the document was made for (@ems/contracts/tax). */
    tax_treatment: z.enum(TAX_TREATMENTS),
    customer_vat_id: z.string().nullable(),
    /** The lines plus shipping: the amount tax is charged on. */
    subtotal_minor: z.number().int(),
    shipping_minor: z.number().int(),
    tax_minor: z.number().int(),
    terms_version: z.string(),
    terms_accepted_at: z.string(),
    lines: z.array(orderLineSchema),
    delivery_notes: z.array(orderDocumentRefSchema),
    invoices: z.array(orderDocumentRefSchema),
  })
  .meta({ id: "SalesOrderDetails" });

export const staffOrderDetailsSchema = orderDetailsSchema
  .extend({
    company_id: z.uuid(),
    company_name: z.string(),
    /** The statuses staff may change the order to now. */
    next_statuses: z.array(z.enum(ORDER_STATUSES)),
    /** Whether PUT /api/staff/orders/:id/tax may change the VAT treatment now (orderTaxLock). */
    can_change_tax: z.boolean(),
  })
  .meta({ id: "StaffSalesOrderDetails" });

// Production progress (get_wo_progress_data)

export const stageProgressSchema = z
  .object({
    stage: z.enum(WORK_ORDER_STAGES),
    position: z.number().int(),
    percent: z.number().int().min(0).max(100),
    planned_date: z.string().nullable(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: "WorkOrderStageProgress" });

export const lineProgressSchema = z
  .object({
    line_id: z.uuid(),
    position: z.number().int(),
    description: z.string(),
    quantity: z.number().int(),
    /** Bare board or assembly: which stage set the line got when ordered. */
    kind: z.enum(PRODUCTION_KINDS),
    progress_percent: z.number().int().min(0).max(100),
    /** The line's stages in production order. */
    stages: z.array(stageProgressSchema),
  })
  .meta({ id: "WorkOrderLineProgress" });

/** Production paused by staff, with the reason the customer is told. */
export const productionHoldSchema = z
  .object({ reason: z.string(), since: z.string() })
  .meta({ id: "ProductionHold" });

export const orderProgressSchema = z
  .object({
    order_id: z.uuid(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    progress_percent: z.number().int().min(0).max(100),
    current_stage: z.enum(WORK_ORDER_STAGES),
    /** Goes up with every saved change of the progress: a save must name the version it was based on. */
    version: z.number().int().min(0),
    hold: productionHoldSchema.nullable(),
    /**
     * Open engineering queries on the versions the order's lines are built to: those lines wait at
     * their data check until the customer answers ("waiting for your answer").
     */
    waiting_for_answer: z.array(queryHoldSchema),
    lines: z.array(lineProgressSchema),
  })
  .meta({ id: "WorkOrderProgress" });

// Staff bodies

/**
 * One stage of one line as the production form saves it. started_at is set the first time the
 * percent rises above 0, completed_at when it reaches 100 (and cleared if it falls again);
 * planned_date null clears the plan.
 */
export const stageSaveSchema = z.strictObject({
  stage: z.enum(WORK_ORDER_STAGES),
  percent: z.number().int().min(0).max(100),
  planned_date: z.iso.date().nullable(),
});

export const lineStagesSaveSchema = z.strictObject({
  line_id: z.uuid(),
  stages: z
    .array(stageSaveSchema)
    .min(1)
    .max(WORK_ORDER_STAGES.length)
    .refine(
      (stages) => new Set(stages.map((s) => s.stage)).size === stages.length,
      "a stage may appear once",
    ),
});

/**
 * The staff production form: the stages of the order's lines (any of them; stages left out stay as
 * they are) and whether production is on hold, saved together. `base_version` is the progress
 * version the form was loaded with (a newer one answers 409 and writes nothing).
 */
export const productionSaveSchema = z
  .strictObject({
    base_version: z.number().int().min(0),
    lines: z
      .array(lineStagesSaveSchema)
      .min(1)
      .max(MAX_QUOTE_LINES)
      .refine(
        (lines) => new Set(lines.map((l) => l.line_id)).size === lines.length,
        "a line may appear once",
      ),
    /** null: production runs; otherwise it is paused for this reason (the customer is mailed at once). */
    hold: z.strictObject({ reason: multiLine().min(1).max(HOLD_REASON_MAX) }).nullable(),
  })
  .meta({ id: "ProductionSave" });

/** The stages new lines of one kind get, and whether staff have changed the default. */
export const stageSetSchema = z
  .object({
    kind: z.enum(PRODUCTION_KINDS),
    stages: z.array(z.enum(WORK_ORDER_STAGES)),
    customised: z.boolean(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "ProductionStageSet" });

export const stageSetKindParamSchema = z.strictObject({ kind: z.enum(PRODUCTION_KINDS) });

/** A kind's stages in any order (stored in production order); every line ends by being shipped. */
export const stageSetSaveSchema = z
  .strictObject({
    stages: z
      .array(z.enum(WORK_ORDER_STAGES))
      .min(2)
      .max(WORK_ORDER_STAGES.length)
      .refine((stages) => new Set(stages).size === stages.length, "a stage may appear once")
      .refine((stages) => stages.includes("shipped"), "every set ends with packing and shipping (shipped)"),
  })
  .meta({ id: "ProductionStageSetSave" });

export const orderStatusChangeSchema = z
  .strictObject({ status: z.enum(ORDER_STATUSES) })
  .meta({ id: "SalesOrderStatusChange" });

export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuerySchema>;
export type DocumentAddress = z.infer<typeof documentAddressSchema>;
export type OrderRow = z.infer<typeof orderRowSchema>;
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>;
export type OrderPage = z.infer<typeof orderPageSchema>;
export type StaffOrderPage = z.infer<typeof staffOrderPageSchema>;
export type OrderLine = z.infer<typeof orderLineSchema>;
export type OrderDocumentRef = z.infer<typeof orderDocumentRefSchema>;
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
export type StaffOrderDetails = z.infer<typeof staffOrderDetailsSchema>;
export type StageProgress = z.infer<typeof stageProgressSchema>;
export type LineProgress = z.infer<typeof lineProgressSchema>;
export type OrderProgress = z.infer<typeof orderProgressSchema>;
export type ProductionHold = z.infer<typeof productionHoldSchema>;
export type StageSave = z.infer<typeof stageSaveSchema>;
export type ProductionSave = z.infer<typeof productionSaveSchema>;
export type StageSet = z.infer<typeof stageSetSchema>;
export type StageSetSave = z.infer<typeof stageSetSaveSchema>;
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/**
 * Sales order: getSalesOrderTerms and placeOrder (docs/behaviour/orders.md#placing-an-order). An Open, still valid quote becomes a sales
 * order: the customer picks one tier quantity per line they order, a purchase order number, billing
 * and shipping addresses of their company, a parcel service, and accepts the current terms of sale.
 */

/** The terms of sale in the caller's language; `version` is what placeOrder must repeat. */
export const termsSchema = z
  .object({ version: z.string(), title: z.string(), text: z.string() })
  .meta({ id: "SalesOrderTerms" });

export const placeOrderLineSchema = z.strictObject({
  line_id: z.uuid(),
  /** One of the line's tier quantities. */
  quantity: z.number().int().min(1).max(MAX_QUOTE_QUANTITY),
});

export const placeOrderSchema = z
  .strictObject({
    quote_id: z.uuid(),
    lines: z
      .array(placeOrderLineSchema)
      .min(1)
      .max(MAX_QUOTE_LINES)
      .refine(
        (lines) => new Set(lines.map((l) => l.line_id)).size === lines.length,
        "a line may appear once",
      ),
    po_number: singleLine().min(1).max(50),
    billing_address_id: z.uuid(),
    shipping_address_id: z.uuid(),
    parcel_service_id: z.uuid(),
    /** The version of the terms shown to the customer (GET /api/orders/terms). */
    terms_version: z.string().min(1).max(20),
    accept_terms: z.literal(true),
  })
  .meta({ id: "PlaceOrder" });

export const orderPlacedSchema = z
  .object({
    order_id: z.uuid(),
    order_number: z.string(),
    quote_status: z.enum(QUOTE_STATUSES),
  })
  .meta({ id: "OrderPlaced" });

export interface OrderTotals {
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
}

/**
 * What an order costs: every line at its chosen quantity with its one-off costs, plus shipping,
 * plus tax of that subtotal. The web app shows the same figures the API stores.
 */
export function orderTotals(
  lines: readonly { quantity: number; unit_price_minor: number; engineering_cost_minor: number }[],
  shippingMinor: number,
  taxRateBp: number,
): OrderTotals {
  const linesMinor = lines.reduce(
    (sum, line) =>
      sum + quoteLineAmountMinor(line.quantity, line.unit_price_minor, line.engineering_cost_minor),
    0,
  );
  const subtotal = linesMinor + shippingMinor;
  const tax = taxOf(subtotal, taxRateBp);
  return { subtotal_minor: subtotal, tax_minor: tax, total_minor: subtotal + tax };
}

export type Terms = z.infer<typeof termsSchema>;
export type PlaceOrder = z.infer<typeof placeOrderSchema>;
export type OrderPlaced = z.infer<typeof orderPlacedSchema>;

export const orderEndpoints = defineEndpoints("orders", {
  terms: {
    method: "GET",
    path: "/api/orders/terms",
    summary: "The terms of sale in the caller's language and their version",
    access: companyMembersWith("company.read"),
    response: termsSchema,
    errors: [404, 409],
    caching: "private",
  },
  place: {
    method: "POST",
    path: "/api/orders",
    summary: "Orders an Open quote, all of it or some lines (administrators, buyers)",
    description:
      "Each line's quantity must be one of its tiers; terms_version must be the current one. A quote " +
      "that is not Open (or was ordered meanwhile) answers 409 CONFLICT; another company's quote, " +
      "address or an inactive parcel service answers 404.",
    access: companyMembersWith("quotes.decide"),
    body: placeOrderSchema,
    response: orderPlacedSchema,
    errors: [404],
    caching: "private",
    idempotent: true,
  },
  list: {
    method: "GET",
    path: "/api/orders",
    summary: "One page of the company's orders with production progress",
    access: companyMembersWith("company.read"),
    query: orderListQuerySchema,
    response: orderPageSchema,
    errors: [404],
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/orders/:id",
    summary: "One order: lines, addresses, totals, delivery notes and invoices",
    description: "Engineers, who may not see invoices, get an empty invoice list.",
    access: companyMembersWith("company.read"),
    params: orderIdParamSchema,
    response: orderDetailsSchema,
    errors: [404],
    caching: "private",
  },
  progress: {
    method: "GET",
    path: "/api/orders/:id/progress",
    summary: "Production progress of every line, stage by stage",
    access: companyMembersWith("company.read"),
    params: orderIdParamSchema,
    response: orderProgressSchema,
    errors: [404],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/orders/:id/pdf",
    summary: "The order confirmation as a PDF in the caller's language",
    access: companyMembersWith("company.read"),
    params: orderIdParamSchema,
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
});

export const staffOrderEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/orders",
    summary: "Every company's orders; q also matches the company name",
    access: STAFF,
    query: staffOrderListQuerySchema,
    response: staffOrderPageSchema,
    errors: [404, 409],
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/staff/orders/:id",
    summary: "One order with its company and the statuses it may change to",
    access: STAFF,
    params: orderIdParamSchema,
    response: staffOrderDetailsSchema,
    errors: [404, 409],
    caching: "private",
  },
  progress: {
    method: "GET",
    path: "/api/staff/orders/:id/progress",
    summary: "The production stages of every line of any company's order",
    access: STAFF,
    params: orderIdParamSchema,
    response: orderProgressSchema,
    errors: [404, 409],
    caching: "private",
  },
  saveProgress: {
    method: "PUT",
    path: "/api/staff/orders/:id/progress",
    summary: "Saves the production form: stages of every line and the hold, in one change",
    description:
      "Atomic: everything or nothing is written. `base_version` must be the progress's current `version` " +
      "(else 409 CONFLICT with `latest_version`); a line of another order answers 404, a stage the " +
      "line does not have 400. The first progress moves a confirmed order into production. The " +
      "placer is mailed at once when production starts or is put on hold; other changes wait for " +
      "the order's daily production digest. Completed and cancelled orders answer 409.",
    access: STAFF,
    params: orderIdParamSchema,
    body: productionSaveSchema,
    response: orderProgressSchema,
    errors: [404, 409],
    caching: "private",
  },
  stageSets: {
    method: "GET",
    path: "/api/staff/production/stage-sets",
    summary: "The production stages new order lines get, per kind (bare board, assembly)",
    access: STAFF,
    query: z.strictObject({}),
    response: z.array(stageSetSchema),
    errors: [404, 409],
    caching: "private",
  },
  saveStageSet: {
    method: "PUT",
    path: "/api/staff/production/stage-sets/:kind",
    summary: "Sets the production stages new lines of a kind get",
    description:
      "Orders placed afterwards get these stages; lines already ordered keep theirs. The stages are " +
      "stored in production order and must include `shipped`.",
    access: STAFF,
    params: stageSetKindParamSchema,
    body: stageSetSaveSchema,
    response: stageSetSchema,
    errors: [404, 409],
    caching: "private",
  },
  changeStatus: {
    method: "PUT",
    path: "/api/staff/orders/:id/status",
    summary: "Changes the order's status",
    description:
      "Allowed: confirmed → in_production | cancelled, in_production → shipped | cancelled, shipped → completed; anything else answers 409.",
    access: STAFF,
    params: orderIdParamSchema,
    body: orderStatusChangeSchema,
    response: staffOrderDetailsSchema,
    errors: [404, 409],
    caching: "private",
  },
  changeTax: {
    method: "PUT",
    path: "/api/staff/orders/:id/tax",
    summary: "Changes the VAT treatment of an order without invoices, with a reason",
    description:
      "The rate follows the treatment on the order's date and the tax and total are computed again; " +
      "the reason goes to the activity log (`order.tax_overridden`) and the customer is mailed. An " +
      "order with an invoice, a cancelled order and the current treatment answer 409 CONFLICT.",
    access: STAFF,
    params: orderIdParamSchema,
    body: taxOverrideSchema,
    response: staffOrderDetailsSchema,
    errors: [404, 409],
    caching: "private",
  },
  pdf: {
    method: "GET",
    path: "/api/staff/orders/:id/pdf",
    summary: "Any company's order confirmation as a PDF",
    description: "In the staff member's language unless `language` names another of the 12.",
    access: STAFF,
    params: orderIdParamSchema,
    query: staffPdfQuerySchema,
    response: PDF_DOWNLOAD,
    errors: [404, 409],
    caching: "private",
  },
});
