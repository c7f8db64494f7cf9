import { COMPANY_ROLES, type CompanyRole } from "./roles.ts";

/**
 * Who in a customer company may do what: the one table the API's role checks, the mail recipient
 * lists and the portal's menus and buttons all read, so a rule exists once. Staff reach the back
 * office by their staff role instead (`isStaffRole`).
 */
export const COMPANY_PERMISSIONS = {
  /** Read the company's quotes, orders, deliveries, material requests, reference data, the desk. */
  "company.read": COMPANY_ROLES,
  /** Manage the company's users, invitations and the activity log. */
  "company.manage": ["admin"],
  /** Change the company's addresses and contacts. */
  "company.addresses": ["admin", "buyer"],
  /** Keep the company's parts (item master), assembly specifications and bills of materials. */
  "parts.manage": ["admin", "buyer", "engineer"],
  /** Ask for a quote. */
  "quotes.request": ["admin", "buyer", "engineer"],
  /** Order, decline or ask again for a quote; receive order and shipping mail. */
  "quotes.decide": ["admin", "buyer"],
  /** Announce material the company sends for its orders. */
  "material.announce": ["admin", "buyer", "engineer"],
  /** Read invoices and payments. */
  "invoices.read": ["admin", "finance", "buyer", "viewer"],
  /** Pay invoices, announce transfers; receive invoice and payment mail. */
  "invoices.pay": ["admin", "finance"],
  /** Read framework contracts. */
  "contracts.read": ["admin", "buyer", "finance", "viewer"],
  /** Ask for a framework contract. */
  "contracts.request": ["admin", "buyer"],
} as const satisfies Record<string, readonly CompanyRole[]>;

export type CompanyPermission = keyof typeof COMPANY_PERMISSIONS;

/** The company roles that hold a permission. */
export function rolesWith(permission: CompanyPermission): readonly CompanyRole[] {
  return COMPANY_PERMISSIONS[permission];
}

/** Whether a user with this company role (none: no company) may do this. */
export function can(role: string | null | undefined, permission: CompanyPermission): boolean {
  return (
    role !== null &&
    role !== undefined &&
    (COMPANY_PERMISSIONS[permission] as readonly string[]).includes(role)
  );
}
