import { describe, expect, it } from "vitest";
import { createCompany, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import { createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { createQuote } from "@ems/db/quote-factories";
import { companyAddresses } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp();
const db = () => t().db.db;
const MISSING = "00000000-0000-4000-8000-000000000000";

async function session(userId: string) {
  const { token } = await createSession(db(), { userId });
  return (url: string) => t().app.inject({ method: "GET", url, headers: { cookie: `session=${token}` } });
}

async function operator() {
  const company = await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true });
  const staff = await createUser(db(), { companyId: company.id, role: "staff" });
  return { company, get: await session(staff.id) };
}

async function customer(name: string, role: CompanyRole = "admin") {
  const company = await createCompany(db(), { name, country: "RO", vatId: "RO12345678" });
  const user = await createUser(db(), { companyId: company.id, companyRole: role, language: "ro" });
  return { company, user, get: await session(user.id) };
}

describe("customer directory", () => {
  it("lists customer companies with their counts, never the operator", async () => {
    const { company: own, get } = await operator();
    const alpha = await customer("Alpha Sensors Timișoara SRL");
    await createUser(db(), {
      companyId: alpha.company.id,
      companyRole: "buyer",
      membershipStatus: "invited",
    });
    await createQuote(db(), { companyId: alpha.company.id, status: "Open" });
    await createQuote(db(), { companyId: alpha.company.id, status: "In Progress" });
    const { order } = await createSalesOrder(db(), { companyId: alpha.company.id, status: "in_production" });
    await createSalesOrder(db(), { companyId: alpha.company.id, status: "completed" });
    await createInvoice(db(), { orderId: order.id });
    await createInvoice(db(), { orderId: order.id, status: "paid" });
    const beta = await customer("Beta Drives ApS");

    const res = await get("/api/staff/customers?page_size=100");
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    const ids = page.items.map((c: { id: string }) => c.id);
    expect(ids).not.toContain(own.id);
    expect(ids).toEqual(expect.arrayContaining([alpha.company.id, beta.company.id]));
    expect(page.items.find((c: { id: string }) => c.id === alpha.company.id)).toEqual({
      id: alpha.company.id,
      name: "Alpha Sensors Timișoara SRL",
      country: "RO",
      vat_id: "RO12345678",
      users_count: 2,
      open_quotes_count: 1,
      // Two orders, each with a quote of its own in status Ordered.
      orders_count: 2,
      unpaid_invoices_count: 1,
      created_at: alpha.company.createdAt.toISOString(),
    });
    expect(page.items.find((c: { id: string }) => c.id === beta.company.id)).toMatchObject({
      users_count: 1,
      open_quotes_count: 0,
      orders_count: 0,
      unpaid_invoices_count: 0,
    });
  });

  it("searches names, sorts and pages", async () => {
    const { get } = await operator();
    for (const name of ["Zeta Sound Oy", "Eta Medical BV", "Theta Marine AS", "Iota Lighting SAS"])
      await customer(name);
    const search = (await get("/api/staff/customers?q=marine")).json().data;
    expect(search.items.map((c: { name: string }) => c.name)).toEqual(["Theta Marine AS"]);
    expect(search.total).toBe(1);
    expect((await get("/api/staff/customers?q=%25")).json().data.total).toBe(0);

    const byName = (await get("/api/staff/customers?sort=name&dir=desc&page_size=100")).json().data;
    const names = byName.items.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a, "en")));
    const newest = (await get("/api/staff/customers?sort=created_at&dir=desc")).json().data;
    expect(newest.items[0].name).toBe("Iota Lighting SAS");

    const total = byName.total as number;
    const first = (await get("/api/staff/customers?page_size=10")).json().data;
    expect(first).toMatchObject({ page: 1, page_size: 10, total });
    expect(first.items).toHaveLength(Math.min(10, total));
  });

  it("shows one customer with users and addresses; the operator and missing ids answer 404", async () => {
    const { company: own, get } = await operator();
    const alpha = await customer("Alpha Sensors SRL", "buyer");
    await db().insert(companyAddresses).values({
      companyId: alpha.company.id,
      label: "Sibiu plant",
      street: "Strada Ștefan cel Mare 5",
      postalCode: "550000",
      city: "Sibiu",
      country: "RO",
      isShipping: true,
    });
    const res = await get(`/api/staff/customers/${alpha.company.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail.company).toMatchObject({
      id: alpha.company.id,
      name: "Alpha Sensors SRL",
      phone: null,
      users_count: 1,
    });
    expect(detail.users).toEqual([
      {
        id: alpha.user.id,
        name: `${alpha.user.firstName} ${alpha.user.lastName}`,
        email: alpha.user.email,
        role: "buyer",
        status: "accepted",
        language: "ro",
      },
    ]);
    expect(detail.addresses).toEqual([
      expect.objectContaining({
        label: "Sibiu plant",
        street: "Strada Ștefan cel Mare 5",
        is_shipping: true,
      }),
    ]);

    for (const id of [own.id, MISSING]) {
      const missing = await get(`/api/staff/customers/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe("NOT_FOUND");
    }
    expect((await get("/api/staff/customers/not-a-uuid")).statusCode).toBe(400);
  });

  it("refuses bad queries", async () => {
    const { get } = await operator();
    for (const [url, field] of [
      ["/api/staff/customers?page_size=101", "page_size"],
      ["/api/staff/customers?page_size=9", "page_size"],
      ["/api/staff/customers?sort=vat_id", "sort"],
      ["/api/staff/customers?q=" + "x".repeat(101), "q"],
      ["/api/staff/customers?is_operator=true", "is_operator"],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it("is for staff only", async () => {
    const alpha = await customer("Kappa Audio GmbH");
    for (const role of ["admin", "buyer", "engineer", "finance", "viewer"] as const) {
      const user = await createUser(db(), { companyId: alpha.company.id, companyRole: role });
      const get = await session(user.id);
      expect((await get("/api/staff/customers")).statusCode, role).toBe(403);
      expect((await get(`/api/staff/customers/${alpha.company.id}`)).statusCode, role).toBe(403);
    }
    expect((await t().app.inject({ method: "GET", url: "/api/staff/customers" })).statusCode).toBe(401);
    const operatorCompany = await createCompany(db(), { isOperator: true });
    const admin = await createUser(db(), { companyId: operatorCompany.id, role: "staff_admin" });
    expect((await (await session(admin.id))("/api/staff/customers")).statusCode).toBe(200);
  });
});
