import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createCompany, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import { createParcelService } from "@ems/db/quote-factories";
import { companies, parcelServices } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";

/**
 * Issue 19 point 6: a company's administrators choose the parcel service its order dialog starts
 * with (PUT /api/company, default_parcel_service_id); without one the dialog starts with the cheapest.
 */
const t = useTestApp({ RATE_LIMIT_MAX: "1000" });
const db = () => t().db.db;

async function signIn(companyId: string, companyRole: CompanyRole = "admin") {
  const user = await createUser(db(), { companyId, companyRole });
  const { token } = await createSession(db(), { userId: user.id });
  return (method: "GET" | "PUT", payload?: Record<string, unknown>) =>
    t().app.inject({
      method,
      url: "/api/company",
      headers: { cookie: `session=${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
}

const details = (overrides: Record<string, unknown> = {}) => ({
  name: "Alpha Sensors GmbH",
  country: "DE",
  ...overrides,
});

const storedDefault = async (companyId: string) =>
  (await db().select().from(companies).where(eq(companies.id, companyId)))[0]!.defaultParcelServiceId;

describe("a company's default parcel service", () => {
  it("is set and cleared by an administrator and read by every member", async () => {
    const company = await createCompany(db(), { name: "Alpha Sensors GmbH", country: "DE" });
    const admin = await signIn(company.id, "admin");
    const viewer = await signIn(company.id, "viewer");
    const service = await createParcelService(db(), { priceMinor: 2_490 });

    expect((await viewer("GET")).json().data.default_parcel_service_id).toBeNull();
    const set = await admin("PUT", details({ default_parcel_service_id: service.id }));
    expect(set.statusCode).toBe(200);
    expect(set.json().data.default_parcel_service_id).toBe(service.id);
    expect((await viewer("GET")).json().data.default_parcel_service_id).toBe(service.id);

    // The details form is a full update: leaving the choice empty (or out) means the cheapest again.
    for (const cleared of [details({ default_parcel_service_id: "" }), details()]) {
      await admin("PUT", details({ default_parcel_service_id: service.id }));
      const res = await admin("PUT", cleared);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.default_parcel_service_id).toBeNull();
    }
  });

  it("refuses what is not an offered parcel service with the field and changes nothing", async () => {
    const company = await createCompany(db(), { name: "Alpha Sensors GmbH", country: "DE" });
    const admin = await signIn(company.id, "admin");
    const kept = await createParcelService(db());
    const retired = await createParcelService(db(), { active: false });
    await admin("PUT", details({ default_parcel_service_id: kept.id }));

    for (const value of ["express", 42, retired.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await admin("PUT", details({ name: "Changed", default_parcel_service_id: value }));
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().field, String(value)).toBe("default_parcel_service_id");
    }
    const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({ name: "Alpha Sensors GmbH", defaultParcelServiceId: kept.id });
  });

  it("is each company's own: another company's administrator changes only their own", async () => {
    const alpha = await createCompany(db(), { name: "Alpha Sensors GmbH", country: "DE" });
    const beta = await createCompany(db(), { name: "Beta Drives SRL", country: "RO" });
    const alphaAdmin = await signIn(alpha.id, "admin");
    const betaAdmin = await signIn(beta.id, "admin");
    const cheap = await createParcelService(db(), { priceMinor: 590, transitDays: 4 });
    const fast = await createParcelService(db(), { priceMinor: 3_990, transitDays: 1 });

    await alphaAdmin("PUT", details({ default_parcel_service_id: fast.id }));
    const res = await betaAdmin(
      "PUT",
      details({ name: "Beta Drives SRL", default_parcel_service_id: cheap.id }),
    );
    expect(res.statusCode).toBe(200);
    expect(await storedDefault(alpha.id)).toBe(fast.id);
    expect(await storedDefault(beta.id)).toBe(cheap.id);
    expect((await alphaAdmin("GET")).json().data.default_parcel_service_id).toBe(fast.id);
  });

  it("may not be changed by members who are not administrators", async () => {
    const company = await createCompany(db(), { name: "Alpha Sensors GmbH", country: "DE" });
    const service = await createParcelService(db());
    for (const role of ["buyer", "engineer", "finance", "viewer"] as const) {
      const member = await signIn(company.id, role);
      const res = await member("PUT", details({ default_parcel_service_id: service.id }));
      expect(res.statusCode, role).toBe(403);
    }
    expect(await storedDefault(company.id)).toBeNull();
  });

  it("falls back to none when the chosen service is deleted", async () => {
    const company = await createCompany(db(), { name: "Alpha Sensors GmbH", country: "DE" });
    const admin = await signIn(company.id, "admin");
    const service = await createParcelService(db());
    await admin("PUT", details({ default_parcel_service_id: service.id }));
    await db().delete(parcelServices).where(eq(parcelServices.id, service.id));
    expect((await admin("GET")).json().data.default_parcel_service_id).toBeNull();
  });
});
