/**
 * Roles. Company roles decide what a customer's user may do in the portal (later capabilities check
 * them per action); staff roles belong to the operator's back office.
 *
 * - admin: everything, including the company's users, addresses and the activity log
 * - buyer: quotes, orders, deliveries (requests, accepts and orders)
 * - engineer: specifications, Gerber files, BOMs, parts; reads quotes and orders
 * - finance: invoices and payments; reads quotes and orders
 * - viewer: reads everything of the company, changes nothing
 */
export const COMPANY_ROLES = ["admin", "buyer", "engineer", "finance", "viewer"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const STAFF_ROLES = ["staff", "staff_admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
