import { z } from "zod";
import { defineEndpoints, STAFF } from "./endpoints.ts";

/**
 * The back-office home (issue 20): what waits for the operator's staff, group by group, each with
 * its count and its oldest items, open engineering queries (issue 21) among them.
 */

/** How many of each group's items the home shows (the oldest). */
export const STAFF_HOME_TOP = 5;
/** Order lines promised within this many days (or overdue) and not fully shipped are due. */
export const DELIVERY_DUE_DAYS = 7;

/** Whole days since `since` (the age of a waiting item), counted in UTC. */
const ageDays = z.number().int().min(0);

export const staffHomeQuoteSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    title: z.string(),
    company_name: z.string(),
    /** When the customer asked for it. */
    requested_at: z.string(),
    age_days: ageDays,
  })
  .meta({ id: "StaffHomeQuote" });

export const staffHomeOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    company_name: z.string(),
    placed_at: z.string(),
    age_days: ageDays,
    /** The promised delivery date of the order. */
    delivery_date: z.string(),
    on_hold: z.boolean(),
  })
  .meta({ id: "StaffHomeOrder" });

export const staffHomeDeliverySchema = z
  .object({
    order_id: z.uuid(),
    order_number: z.string(),
    company_name: z.string(),
    position: z.number().int(),
    description: z.string(),
    /** Ordered less what delivery notes shipped. */
    open_quantity: z.number().int().min(1),
    delivery_date: z.string(),
    /** Days until the promised date; negative when it has passed. */
    due_in_days: z.number().int(),
  })
  .meta({ id: "StaffHomeDelivery" });

export const staffHomeTransferSchema = z
  .object({
    invoice_id: z.uuid(),
    invoice_number: z.string(),
    company_name: z.string(),
    amount_minor: z.number().int(),
    currency: z.string(),
    /** When the customer announced the transfer. */
    announced_at: z.string(),
    age_days: ageDays,
  })
  .meta({ id: "StaffHomeTransfer" });

export const staffHomeMessageSchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    received_at: z.string(),
    age_days: ageDays,
  })
  .meta({ id: "StaffHomeMessage" });

export const staffHomeQuerySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    title: z.string(),
    company_name: z.string(),
    raised_at: z.string(),
    age_days: ageDays,
  })
  .meta({ id: "StaffHomeEngineeringQuery" });

const group = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int().min(0), items: z.array(item) });

export const staffHomeSchema = z
  .object({
    /** Quote requests not yet priced and sent (In Progress). */
    quotes_to_price: group(staffHomeQuoteSchema),
    /** Orders in production, and open orders whose production is held (`on_hold` of them). */
    orders_in_production: group(staffHomeOrderSchema).extend({ on_hold: z.number().int().min(0) }),
    /** Open order lines due within `window_days` or overdue (`overdue` of them). */
    deliveries_due: group(staffHomeDeliverySchema).extend({
      overdue: z.number().int().min(0),
      window_days: z.number().int(),
    }),
    /** Unpaid invoices whose bank transfer the customer announced and staff have not recorded. */
    announced_transfers: group(staffHomeTransferSchema),
    /** Contact-form messages nobody has marked handled. */
    contact_messages: group(staffHomeMessageSchema),
    /** Engineering queries waiting for the customer's answer (open), the oldest first. */
    engineering_queries: group(staffHomeQuerySchema),
  })
  .meta({ id: "StaffHome" });

export type StaffHome = z.infer<typeof staffHomeSchema>;
export type StaffHomeQuote = z.infer<typeof staffHomeQuoteSchema>;
export type StaffHomeOrder = z.infer<typeof staffHomeOrderSchema>;
export type StaffHomeDelivery = z.infer<typeof staffHomeDeliverySchema>;
export type StaffHomeTransfer = z.infer<typeof staffHomeTransferSchema>;
export type StaffHomeMessage = z.infer<typeof staffHomeMessageSchema>;
export type StaffHomeQuery = z.infer<typeof staffHomeQuerySchema>;

export const staffHomeEndpoints = defineEndpoints("staff", {
  get: {
    method: "GET",
    path: "/api/staff/home",
    summary: "What waits for staff: counts and the oldest items of each queue",
    description:
      "Quotes to price, orders in production (and on hold), deliveries due, announced bank transfers, new contact messages and open engineering queries; each group has its count and its oldest items (at most five) with their age.",
    access: STAFF,
    query: z.strictObject({}),
    response: staffHomeSchema,
    caching: "private",
  },
});
