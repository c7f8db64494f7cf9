import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { addWorkingDays, todayIso } from "@ems/contracts/reference";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createCompany } from "@ems/db/factories";
import { createHoliday } from "@ems/db/quote-factories";
import { activityLog, holidays, parcelServices } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { quoteTestKit } from "../quotes/quote-test-helpers.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "10000" });
const kit = quoteTestKit(t);
const db = () => t().db.db;

describe("holidays", () => {
  it("lets staff add and remove holidays, which every company role reads by year", async () => {
    const staff = await kit.staff();
    const created = await staff.call("POST", "/api/staff/holidays", {
      date: "2031-12-25",
      name: "Christmas Day",
    });
    expect(created.statusCode).toBe(201);
    const holiday = created.json().data as { id: string };
    expect(created.json().data).toMatchObject({ date: "2031-12-25", name: "Christmas Day" });
    await staff.call("POST", "/api/staff/holidays", { date: "2032-01-01", name: "New Year" });

    const company = await createCompany(db());
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("GET", "/api/holidays?year=2031");
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data).toEqual([{ id: holiday.id, date: "2031-12-25", name: "Christmas Day" }]);
    }

    expect((await staff.call("DELETE", `/api/staff/holidays/${holiday.id}`)).statusCode).toBe(200);
    expect((await staff.call("DELETE", `/api/staff/holidays/${holiday.id}`)).statusCode).toBe(404);
    expect((await staff.call("GET", "/api/staff/holidays?year=2031")).json().data).toEqual([]);

    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, holiday.id), isNull(activityLog.companyId)));
    expect(log.map((entry) => entry.action).sort()).toEqual([
      "reference.holiday_deleted",
      "reference.holiday_saved",
    ]);
  });

  it("refuses a second holiday on the same day with 409", async () => {
    const staff = await kit.staff();
    await createHoliday(db(), { date: "2033-05-01", name: "Labour Day" });
    const before = await kit.rows(holidays);
    const res = await staff.call("POST", "/api/staff/holidays", { date: "2033-05-01", name: "Again" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "CONFLICT", field: "date" });
    expect(await kit.rows(holidays)).toBe(before);
  });

  it("keeps customers and visitors out of the back office and refuses bad input", async () => {
    const company = await createCompany(db());
    const admin = await kit.customer(company.id, "admin");
    const staff = await kit.staff("staff_admin");
    const before = await kit.rows(holidays);
    const beforeLog = await kit.rows(activityLog);
    expect(
      (await admin.call("POST", "/api/staff/holidays", { date: "2034-01-01", name: "x" })).statusCode,
    ).toBe(403);
    expect((await admin.call("GET", "/api/staff/holidays")).statusCode).toBe(403);
    expect((await t().app.inject({ method: "GET", url: "/api/holidays" })).statusCode).toBe(401);
    expect((await staff.call("GET", "/api/holidays")).statusCode).toBe(403);
    for (const [payload, field] of [
      [{ date: "2034-02-30", name: "Nope" }, "date"],
      [{ date: "01.01.2034", name: "Nope" }, "date"],
      [{ date: "2034-01-01", name: "" }, "name"],
      [{ date: "2034-01-01", name: "x".repeat(101) }, "name"],
      [{ date: "2034-01-01", name: "Ok", company_id: company.id }, "company_id"],
      [{ date: 20340101, name: "Ok" }, "date"],
    ] as const) {
      const res = await staff.call("POST", "/api/staff/holidays", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await staff.call("GET", "/api/staff/holidays?year=abc")).statusCode).toBe(400);
    expect((await admin.call("GET", "/api/holidays?year=1999")).statusCode).toBe(400);
    expect((await staff.call("DELETE", "/api/staff/holidays/not-a-uuid")).statusCode).toBe(400);
    expect(await kit.rows(holidays)).toBe(before);
    expect(await kit.rows(activityLog)).toBe(beforeLog);
  });
});

describe("delivery date", () => {
  it("counts working days, skipping weekends and holidays, and names the holidays it skipped", async () => {
    const company = await createCompany(db());
    const viewer = await kit.customer(company.id, "viewer");
    // 2035-12-21 is a Friday; 25 and 26 December are Tuesday and Wednesday, 29 December a Saturday.
    await createHoliday(db(), { date: "2035-12-25", name: "Christmas Day" });
    await createHoliday(db(), { date: "2035-12-26", name: "Boxing Day" });
    await createHoliday(db(), { date: "2035-12-29", name: "Saturday holiday" });
    const res = await viewer.call("GET", "/api/delivery-date?lead_time_days=5&from=2035-12-21");
    expect(res.statusCode).toBe(200);
    // 24, 27, 28, 31 December, 1 January.
    expect(res.json().data).toEqual({
      from: "2035-12-21",
      date: "2036-01-01",
      working_days: 5,
      skipped_holidays: [
        { date: "2035-12-25", name: "Christmas Day" },
        { date: "2035-12-26", name: "Boxing Day" },
      ],
    });
  });

  it("counts from today by default", async () => {
    const company = await createCompany(db());
    const buyer = await kit.customer(company.id, "buyer");
    const res = await buyer.call("GET", "/api/delivery-date?lead_time_days=10");
    const rows = await db().select().from(holidays);
    expect(res.json().data).toMatchObject({
      from: todayIso(),
      date: addWorkingDays(todayIso(), 10, new Set(rows.map((row) => row.date))),
    });
  });

  it("refuses lead times outside 1–365 days, bad dates and unknown parameters", async () => {
    const company = await createCompany(db());
    const buyer = await kit.customer(company.id, "buyer");
    for (const query of [
      "lead_time_days=0",
      "lead_time_days=366",
      "lead_time_days=1.5",
      "lead_time_days=ten",
      "",
      "lead_time_days=5&from=2035-13-01",
      "lead_time_days=5&extra=1",
    ]) {
      const res = await buyer.call("GET", `/api/delivery-date?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe("VALIDATION_ERROR");
    }
  });
});

describe("parcel services", () => {
  const service = (overrides: Record<string, unknown> = {}) => ({
    name: "Express Saver",
    carrier: "UPS",
    price_minor: 1_990,
    currency: "EUR",
    transit_days: 1,
    active: true,
    ...overrides,
  });

  it("lets staff add and change services; customers see only the active ones", async () => {
    const staff = await kit.staff();
    const created = await staff.call("POST", "/api/staff/parcel-services", service());
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const inactive = (
      await staff.call("POST", "/api/staff/parcel-services", service({ name: "Old", active: false }))
    ).json().data.id as string;

    const company = await createCompany(db());
    const engineer = await kit.customer(company.id, "engineer");
    const listed = (await engineer.call("GET", "/api/parcel-services")).json().data as { id: string }[];
    expect(listed.map((s) => s.id)).toContain(id);
    expect(listed.map((s) => s.id)).not.toContain(inactive);
    const all = (await staff.call("GET", "/api/staff/parcel-services")).json().data as { id: string }[];
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([id, inactive]));

    const updated = await staff.call(
      "PUT",
      `/api/staff/parcel-services/${id}`,
      service({ price_minor: 2_490, active: false }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toEqual({ id, ...service({ price_minor: 2_490, active: false }) });
    const after = (await engineer.call("GET", "/api/parcel-services")).json().data as { id: string }[];
    expect(after.map((s) => s.id)).not.toContain(id);

    const log = await db().select().from(activityLog).where(eq(activityLog.subjectId, id));
    expect(log.map((entry) => [entry.action, entry.companyId])).toEqual([
      ["reference.parcel_service_saved", null],
      ["reference.parcel_service_saved", null],
    ]);
  });

  it("answers 404 for an unknown service and refuses bad input, writing nothing", async () => {
    const staff = await kit.staff();
    const company = await createCompany(db());
    const buyer = await kit.customer(company.id, "buyer");
    const before = await kit.rows(parcelServices);
    const beforeLog = await kit.rows(activityLog);
    const missing = await staff.call(
      "PUT",
      "/api/staff/parcel-services/00000000-0000-4000-8000-000000000000",
      service(),
    );
    expect(missing.statusCode).toBe(404);
    expect((await buyer.call("POST", "/api/staff/parcel-services", service())).statusCode).toBe(403);
    for (const [payload, field] of [
      [service({ price_minor: -1 }), "price_minor"],
      [service({ price_minor: 12.5 }), "price_minor"],
      [service({ currency: "XXX" }), "currency"],
      [service({ transit_days: 61 }), "transit_days"],
      [service({ name: "x".repeat(101) }), "name"],
      [service({ active: "yes" }), "active"],
      [service({ id: "00000000-0000-4000-8000-000000000000" }), "id"],
      [{ name: "Only a name" }, "carrier"],
    ] as const) {
      const res = await staff.call("POST", "/api/staff/parcel-services", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await kit.rows(parcelServices)).toBe(before);
    expect(await kit.rows(activityLog)).toBe(beforeLog);
  });

  it("stores markup in names verbatim", async () => {
    const staff = await kit.staff();
    const hostile = `<script>alert("x")</script>`;
    const res = await staff.call("POST", "/api/staff/parcel-services", service({ name: hostile }));
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(parcelServices).where(eq(parcelServices.id, res.json().data.id));
    expect(row?.name).toBe(hostile);
  });
});
