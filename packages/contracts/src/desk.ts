import { z } from "zod";
import { companyMembersWith, defineEndpoints } from "./endpoints.ts";
import { WORK_ORDER_STAGES } from "./orders.ts";

/**
 * The customer desk (getDeskData, docs/behaviour/billing.md#customer-desk): the customer desk's overview of the caller's company. Invoice figures
 * are null for the engineer role, which may not see invoices or payments.
 */

/** How many rows each section of the desk shows. */
export const DESK_SECTION_SIZE = 5;
/** Months of the chart series, the current month last. */
export const DESK_MONTHS = 12;
/** The window of counts.deliveries_last_30_days. */
export const DESK_DELIVERY_DAYS = 30;

/** Production stages of a work order, in production order (every stage a stage set may hold). */
export const DESK_STAGES = WORK_ORDER_STAGES;

export const deskQuerySchema = z.strictObject({});

export const deskDataSchema = z
  .object({
    counts: z.object({
      /** Quotes in status Open (waiting for the customer's decision). */
      open_quotes: z.number().int(),
      /** Quotes in status In Progress (being priced by the operator). */
      quotes_in_progress: z.number().int(),
      /** Orders confirmed or in production (not yet shipped, completed or cancelled). */
      orders_in_production: z.number().int(),
      deliveries_last_30_days: z.number().int(),
      unpaid_invoices: z.number().int().nullable(),
      /** Unpaid invoices whose due date (due_on) is before today (UTC). */
      overdue_invoices: z.number().int().nullable(),
      /** Engineering queries waiting for the company's answer (status open). */
      open_queries: z.number().int(),
    }),
    /** Engineering queries waiting for the company's answer, the oldest first. */
    open_queries: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        title: z.string(),
        created_at: z.string(),
      }),
    ),
    /** Open quotes first (the soonest valid_until first), then those In Progress, newest first. */
    open_quotes: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        title: z.string(),
        status: z.enum(["Open", "In Progress"]),
        valid_until: z.string().nullable(),
      }),
    ),
    /** The soonest delivery date first. */
    orders_in_production: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        po_number: z.string(),
        /** The mean percent of all production stages of all lines (0 without stages). */
        progress_percent: z.number().int(),
        /** The first stage not yet at 100 %; the last stage once all are done; null without stages. */
        current_stage: z.enum(DESK_STAGES).nullable(),
        delivery_date: z.string(),
      }),
    ),
    /** Newest shipments first. */
    recent_deliveries: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        order_number: z.string(),
        carrier: z.string(),
        tracking_number: z.string().nullable(),
        shipped_at: z.string(),
      }),
    ),
    /** The soonest due date first. */
    unpaid_invoices: z
      .array(
        z.object({
          id: z.uuid(),
          number: z.string(),
          total_minor: z.number().int(),
          currency: z.string(),
          due_on: z.string(),
          overdue: z.boolean(),
        }),
      )
      .nullable(),
    /** What is open of unpaid invoices per currency: their totals less what was paid of them in parts. */
    unpaid_total: z.array(z.object({ currency: z.string(), amount_minor: z.number().int() })).nullable(),
    /**
     * One complete series of DESK_MONTHS months per currency, grouped by currency (alphabetically),
     * each oldest month first, months without business as zeros: ordered = sales order totals by the month they were placed (cancelled
     * orders excluded), invoiced = invoice totals by the month they were issued. Without any business
     * in the window, one series in the operator's default currency.
     */
    monthly: z.array(
      z.object({
        month: z.string().regex(/^\d{4}-\d{2}$/),
        ordered_minor: z.number().int(),
        invoiced_minor: z.number().int().nullable(),
        currency: z.string(),
      }),
    ),
    /**
     * A new customer's first steps, each from the company's data: an address, a colleague (invited
     * or member), a PCB specification or a quote request. `first_visit` is true while the caller
     * has no session older than the current one (the desk then says "Welcome", not "Welcome back").
     */
    onboarding: z.object({
      first_visit: z.boolean(),
      address: z.boolean(),
      colleagues: z.boolean(),
      first_request: z.boolean(),
    }),
  })
  .meta({ id: "DeskData" });

export type DeskData = z.infer<typeof deskDataSchema>;
export type DeskStage = (typeof DESK_STAGES)[number];

export const deskEndpoints = defineEndpoints("desk", {
  get: {
    method: "GET",
    path: "/api/desk",
    summary: "The customer desk: counts, latest documents and a monthly series",
    description: "Invoice fields (unpaid_invoices, unpaid_total, invoiced_minor, …) are null for engineers.",
    access: companyMembersWith("company.read"),
    query: deskQuerySchema,
    response: deskDataSchema,
    caching: "private",
  },
});
