import { describe, expect, it } from "vitest";
import { can, COMPANY_PERMISSIONS, rolesWith } from "./permissions.ts";
import { COMPANY_ROLES } from "./roles.ts";

describe("company permissions", () => {
  it("answers by the table, and never for a user without a company role or with a staff role", () => {
    expect(can("buyer", "quotes.decide")).toBe(true);
    expect(can("engineer", "quotes.decide")).toBe(false);
    expect(can("engineer", "quotes.request")).toBe(true);
    expect(can("finance", "invoices.pay")).toBe(true);
    expect(can("viewer", "invoices.pay")).toBe(false);
    expect(can(null, "company.read")).toBe(false);
    expect(can(undefined, "company.read")).toBe(false);
    expect(can("staff_admin", "company.manage")).toBe(false);
    expect(rolesWith("company.read")).toEqual(COMPANY_ROLES);
  });

  it("lets administrators do everything and viewers change nothing", () => {
    for (const permission of Object.keys(COMPANY_PERMISSIONS) as (keyof typeof COMPANY_PERMISSIONS)[]) {
      expect(can("admin", permission), permission).toBe(true);
      const reads = permission === "company.read" || permission.endsWith(".read");
      expect(can("viewer", permission), permission).toBe(reads);
    }
  });
});
