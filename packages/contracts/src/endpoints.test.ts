import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  companyMembersWith,
  defineEndpoints,
  mayCall,
  pathOf,
  PUBLIC,
  SIGNED_IN,
  STAFF,
  STAFF_ADMIN,
} from "./endpoints.ts";

const group = defineEndpoints("things", {
  one: {
    method: "GET",
    path: "/api/things/:id/parts/:part",
    summary: "One part of a thing",
    access: companyMembersWith("invoices.pay"),
    params: z.strictObject({ id: z.uuid(), part: z.string() }),
    response: z.object({ name: z.string() }),
    caching: "private",
  },
});

describe("endpoint definitions", () => {
  it("carry their domain's tag", () => {
    expect(group.one.tag).toBe("things");
    expect(group.one.path).toBe("/api/things/:id/parts/:part");
  });

  it("build the path from the parameters, encoded, and refuse a missing one", () => {
    expect(pathOf(group.one, { id: "a b", part: "x/y" })).toBe("/api/things/a%20b/parts/x%2Fy");
    expect(() => pathOf(group.one, { id: "1" })).toThrow(/needs the parameter part/);
    expect(pathOf({ path: "/api/plain" })).toBe("/api/plain");
  });
});

describe("mayCall: one answer for the API's guard and the web's menus", () => {
  const finance = { role: "customer", company_role: "finance" };
  const viewer = { role: "customer", company_role: "viewer" };
  const staff = { role: "staff", company_role: null };
  const staffAdmin = { role: "staff_admin", company_role: null };

  it("lets visitors call public endpoints only", () => {
    expect(mayCall(null, { access: PUBLIC })).toBe(true);
    expect(mayCall(null, { access: SIGNED_IN })).toBe(false);
    expect(mayCall(undefined, group.one)).toBe(false);
  });

  it("answers company endpoints by the permission table, never for staff", () => {
    expect(mayCall(finance, group.one)).toBe(true);
    expect(mayCall(viewer, group.one)).toBe(false);
    expect(mayCall(staffAdmin, group.one)).toBe(false);
  });

  it("keeps the back office to staff, and its switches to staff administrators", () => {
    expect(mayCall(staff, { access: STAFF })).toBe(true);
    expect(mayCall(finance, { access: STAFF })).toBe(false);
    expect(mayCall(staff, { access: STAFF_ADMIN })).toBe(false);
    expect(mayCall(staffAdmin, { access: STAFF_ADMIN })).toBe(true);
    expect(mayCall(viewer, { access: SIGNED_IN })).toBe(true);
  });
});
