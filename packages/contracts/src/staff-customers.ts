import { z } from "zod";
import { addressSchema, MEMBER_STATUSES, idParamSchema } from "./companies.ts";
import { COMPANY_ROLES } from "./roles.ts";
import { listQuerySchema } from "./lists.ts";
import { defineEndpoints, STAFF } from "./endpoints.ts";

/**
 * The operator's back office: the directory of customer companies (never the operator's own
 * company) with what is going on at each of them.
 */

export const STAFF_CUSTOMER_SORTS = ["name", "created_at"] as const;

/** `q` is part of the company name. */
export const staffCustomerListQuerySchema = listQuerySchema({
  sorts: STAFF_CUSTOMER_SORTS,
  defaultSort: "name",
  defaultDir: "asc",
});

export const staffCustomerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    country: z.string(),
    vat_id: z.string().nullable(),
    users_count: z.number().int(),
    /** Quotes in status Open. */
    open_quotes_count: z.number().int(),
    orders_count: z.number().int(),
    unpaid_invoices_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: "StaffCustomer" });

export const staffCustomerPageSchema = z
  .object({
    items: z.array(staffCustomerSchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "StaffCustomerPage" });

export const staffCustomerUserSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: z.enum(COMPANY_ROLES),
    status: z.enum(MEMBER_STATUSES),
    language: z.string(),
  })
  .meta({ id: "StaffCustomerUser" });

export const staffCustomerDetailSchema = z
  .object({
    company: staffCustomerSchema.extend({ phone: z.string().nullable(), website: z.string().nullable() }),
    users: z.array(staffCustomerUserSchema),
    addresses: z.array(addressSchema),
  })
  .meta({ id: "StaffCustomerDetail" });

export type StaffCustomerListQuery = z.infer<typeof staffCustomerListQuerySchema>;
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;
export type StaffCustomerPage = z.infer<typeof staffCustomerPageSchema>;
export type StaffCustomerUser = z.infer<typeof staffCustomerUserSchema>;
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetailSchema>;

export const staffCustomerEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/customers",
    summary: "Customer companies with users, open quotes, orders and unpaid invoices counted",
    access: STAFF,
    query: staffCustomerListQuerySchema,
    response: staffCustomerPageSchema,
    errors: [404],
    caching: "private",
  },
  detail: {
    method: "GET",
    path: "/api/staff/customers/:id",
    summary: "One customer company with its users and addresses",
    description: "The operator's own company answers 404 like a missing one.",
    access: STAFF,
    params: idParamSchema,
    query: z.strictObject({}),
    response: staffCustomerDetailSchema,
    errors: [404],
    caching: "private",
  },
});
