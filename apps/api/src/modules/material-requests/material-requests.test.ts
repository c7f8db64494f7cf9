import { formatDate } from "@ems/i18n/format";
import { pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import { and, count, desc, eq } from "drizzle-orm";
import { siteConfig } from "@ems/config/site";
import { createCompany, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import { createMaterialRequest } from "@ems/db/material-factories";
import { createSalesOrder } from "@ems/db/order-factories";
import { activityLog, mailOutbox, materialRequests } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const db = () => t().db.db;

type Method = "GET" | "POST" | "PUT";
const MISSING = "00000000-0000-4000-8000-000000000000";
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

async function signIn(
  companyId: string,
  companyRole: CompanyRole = "admin",
  extra: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(db(), { companyId, companyRole, ...extra });
  const { token } = await createSession(db(), { userId: user.id });
  const call = (method: Method, url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: { cookie: `session=${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { user, token, call };
}

async function customer(name = "Alpha Sensors GmbH", role: CompanyRole = "buyer") {
  const company = await createCompany(db(), { name, country: "DE" });
  return { company, ...(await signIn(company.id, role)) };
}

async function staffUser() {
  const operator = await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true });
  return signIn(operator.id, "admin", { role: "staff" });
}

const body = (overrides: Record<string, unknown> = {}) => ({
  expected_on: day(3),
  carrier: "DHL Express",
  tracking_number: "JD0146000062",
  notes: "Two reels, one tray.",
  lines: [
    { mpn: "STM32F103C8T6", manufacturer: "STMicroelectronics", quantity: 250, packaging: "reel" },
    { mpn: "GRM188R71H104KA93D", description: "100 nF 0603 X7R", quantity: 4000, packaging: "cut_tape" },
  ],
  ...overrides,
});

const rows = async (table: typeof materialRequests | typeof activityLog | typeof mailOutbox) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

async function snapshot() {
  return {
    requests: await rows(materialRequests),
    log: await rows(activityLog),
    mail: await rows(mailOutbox),
  };
}

describe("announcing material", () => {
  it("creates a numbered request for an own order, logs it and tells the operator", async () => {
    const { company, user, call } = await customer();
    const { order } = await createSalesOrder(db(), { companyId: company.id });
    const res = await call("POST", "/api/material-requests", body({ order_id: order.id }));
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      status: "announced",
      order_id: order.id,
      order_number: order.number,
      expected_on: day(3),
      carrier: "DHL Express",
      tracking_number: "JD0146000062",
      notes: "Two reels, one tray.",
      received_at: null,
      lines: [
        {
          mpn: "STM32F103C8T6",
          manufacturer: "STMicroelectronics",
          description: null,
          quantity: 250,
          packaging: "reel",
        },
        {
          mpn: "GRM188R71H104KA93D",
          manufacturer: null,
          description: "100 nF 0603 X7R",
          quantity: 4000,
          packaging: "cut_tape",
        },
      ],
    });
    expect(created.number).toMatch(new RegExp(`^MR-${new Date().getUTCFullYear()}-\\d{5}$`));

    const [stored] = await db().select().from(materialRequests).where(eq(materialRequests.id, created.id));
    expect(stored).toMatchObject({ companyId: company.id, createdByUserId: user.id });
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, created.id), eq(activityLog.action, "material_request.created")));
    expect(entry).toMatchObject({ companyId: company.id, actorUserId: user.id });

    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, siteConfig.contact.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail).toMatchObject({ template: "staff_request", language: "en" });
    expect(mail!.subject).toContain(created.number);
    expect(mail!.subject).toContain("Alpha Sensors GmbH");
    expect(mail!.textBody).toContain("STM32F103C8T6");
    expect(mail!.textBody).toContain("https://portal.example.test/staff/supply");

    const one = await call("GET", `/api/material-requests/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(created);
  });

  it("creates a request without an order and keeps hostile text as text", async () => {
    const { call } = await customer();
    const res = await call(
      "POST",
      "/api/material-requests",
      body({
        notes: "<script>alert(1)</script>",
        carrier: "",
        lines: [{ mpn: "'; drop table x;--", quantity: 1, packaging: "bulk" }],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      order_id: null,
      order_number: null,
      carrier: null,
      notes: "<script>alert(1)</script>",
      lines: [{ mpn: "'; drop table x;--" }],
    });
  });

  it("accepts today and exactly one year ahead as expected dates", async () => {
    const { call } = await customer();
    const inAYear = new Date(`${day(0)}T00:00:00Z`);
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    for (const expected of [day(0), inAYear.toISOString().slice(0, 10)]) {
      const res = await call("POST", "/api/material-requests", body({ expected_on: expected }));
      expect(res.statusCode, expected).toBe(201);
    }
  });

  it("refuses malformed, oversized and hostile input and writes nothing", async () => {
    const { call, token } = await customer();
    const line = { mpn: "LM358DR", quantity: 10, packaging: "tube" };
    const before = await snapshot();
    for (const [payload, field] of [
      [body({ expected_on: day(-1) }), "expected_on"],
      [body({ expected_on: day(367) }), "expected_on"],
      [body({ expected_on: "2026-02-30" }), "expected_on"],
      [body({ expected_on: "tomorrow" }), "expected_on"],
      [body({ lines: [] }), "lines"],
      [body({ lines: Array.from({ length: 201 }, () => line) }), "lines"],
      [body({ lines: [{ ...line, quantity: 0 }] }), "lines.0.quantity"],
      [body({ lines: [{ ...line, quantity: 10_000_001 }] }), "lines.0.quantity"],
      [body({ lines: [{ ...line, quantity: 1.5 }] }), "lines.0.quantity"],
      [body({ lines: [{ ...line, quantity: "10" }] }), "lines.0.quantity"],
      [body({ lines: [{ ...line, packaging: "box" }] }), "lines.0.packaging"],
      [body({ lines: [{ ...line, mpn: "   " }] }), "lines.0.mpn"],
      [body({ lines: [{ ...line, mpn: "X".repeat(81) }] }), "lines.0.mpn"],
      [body({ lines: [{ ...line, manufacturer: "M".repeat(81) }] }), "lines.0.manufacturer"],
      [body({ lines: [{ ...line, description: "D".repeat(301) }] }), "lines.0.description"],
      [body({ lines: [{ ...line, price: 1 }] }), "lines.0.price"],
      [body({ carrier: "C".repeat(81) }), "carrier"],
      [body({ tracking_number: "T".repeat(81) }), "tracking_number"],
      [body({ notes: "N".repeat(2001) }), "notes"],
      [body({ order_id: "not-a-uuid" }), "order_id"],
      [body({ status: "received" }), "status"],
      [body({ company_id: MISSING }), "company_id"],
      [{ lines: [line] }, "expected_on"],
    ] as const) {
      const res = await call("POST", "/api/material-requests", payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const malformed = await t().app.inject({
      method: "POST",
      url: "/api/material-requests",
      headers: { cookie: `session=${token}`, "content-type": "application/json" },
      payload: '{"expected_on":',
    });
    expect(malformed.statusCode).toBe(400);
    const wrongType = await t().app.inject({
      method: "POST",
      url: "/api/material-requests",
      headers: { cookie: `session=${token}`, "content-type": "text/plain" },
      payload: "lines",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses bad list queries and ids", async () => {
    const { call } = await customer();
    for (const [url, field] of [
      ["/api/material-requests?page_size=5", "page_size"],
      ["/api/material-requests?page_size=101", "page_size"],
      ["/api/material-requests?page=0", "page"],
      ["/api/material-requests?sort=mpn", "sort"],
      ["/api/material-requests?status=lost", "status"],
      ["/api/material-requests?company_id=" + MISSING, "company_id"],
      ["/api/material-requests/not-a-uuid", "id"],
      ["/api/material-requests/not-a-uuid/pdf", "id"],
    ] as const) {
      const res = await call("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });
});

describe("listing", () => {
  it("pages, filters, sorts and searches by number and part number", async () => {
    const { company, call } = await customer();
    const other = await customer("Other Company SRL");
    for (let i = 0; i < 11; i++)
      await createMaterialRequest(db(), { companyId: company.id, expectedOn: day(20 - i) });
    const special = await createMaterialRequest(db(), {
      companyId: company.id,
      status: "received",
      expectedOn: day(40),
      lines: [{ mpn: "TPS62130RGTR", manufacturer: "TI", description: null, quantity: 5, packaging: "tray" }],
    });
    await createMaterialRequest(db(), {
      companyId: other.company.id,
      lines: [{ mpn: "TPS62130RGTR", manufacturer: "TI", description: null, quantity: 5, packaging: "tray" }],
    });

    const first = (await call("GET", "/api/material-requests?page_size=10")).json().data;
    expect(first).toMatchObject({ page: 1, page_size: 10, total: 12 });
    expect(first.items).toHaveLength(10);
    const second = (await call("GET", "/api/material-requests?page_size=10&page=2")).json().data;
    expect(second.items).toHaveLength(2);
    const ids = [...first.items, ...second.items].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(12);

    const byMpn = (await call("GET", "/api/material-requests?q=tps6213")).json().data;
    expect(byMpn.items.map((r: { id: string }) => r.id)).toEqual([special.id]);
    const byNumber = (await call("GET", `/api/material-requests?q=${special.number}`)).json().data;
    expect(byNumber.items.map((r: { id: string }) => r.id)).toEqual([special.id]);
    const wildcard = (await call("GET", "/api/material-requests?q=%25")).json().data;
    expect(wildcard.total).toBe(0);
    const received = (await call("GET", "/api/material-requests?status=received")).json().data;
    expect(received.items.map((r: { id: string }) => r.id)).toEqual([special.id]);

    const sorted = (await call("GET", "/api/material-requests?sort=expected_on&dir=asc&page_size=100")).json()
      .data;
    const dates = sorted.items.map((r: { expected_on: string }) => r.expected_on);
    expect(dates).toEqual([...dates].sort());
    expect(dates.at(-1)).toBe(day(40));
  });
});

describe("PDF", () => {
  it("renders the notice with parts, dates, carrier and names in any script", async () => {
    const company = await createCompany(db(), { name: "Ștefan Țurcanu Electronice SRL", country: "RO" });
    const { call } = await signIn(company.id, "engineer", { language: "en" });
    const created = (
      await call(
        "POST",
        "/api/material-requests",
        body({
          lines: [
            {
              mpn: "NRF52840-QIAA-R",
              manufacturer: "Nordic Semiconductor",
              quantity: 1200,
              packaging: "reel",
            },
            { mpn: "BJØRN-ÅS-7", manufacturer: "Jørgen Æbelø Komponenter", quantity: 3, packaging: "tray" },
          ],
        }),
      )
    ).json().data;
    const res = await call("GET", `/api/material-requests/${created.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${created.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Material delivery");
    expect(text).toContain(created.number);
    expect(text).toContain("NRF52840-QIAA-R");
    expect(text).toContain("1,200");
    expect(text).toContain("Ștefan Țurcanu Electronice SRL");
    expect(text).toContain("Jørgen Æbelø");
    expect(text).toContain("BJØRN-ÅS-7");
    expect(text).toContain("DHL Express");
    expect(text).toContain("Reel");
    expect(text).toContain(`Please mark every package with ${created.number}`);
    expect(text).toContain(formatDate(day(3), "en"));
  });

  it("speaks the reader's language", async () => {
    const { company } = await customer();
    const reader = await signIn(company.id, "viewer", { language: "de" });
    const request = await createMaterialRequest(db(), { companyId: company.id });
    const res = await reader.call("GET", `/api/material-requests/${request.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(request.number);
    expect(text).toContain("Lieferavis");
    expect(text).toContain("Rolle");
    expect(text).toContain(`Bitte kennzeichnen Sie jedes Packstück mit ${request.number}`);
    expect(text).not.toContain("Material delivery");
  });
});

describe("roles and tenancy", () => {
  it("lets every member read, only admins, buyers and engineers announce", async () => {
    const { company } = await customer();
    const request = await createMaterialRequest(db(), { companyId: company.id });
    for (const role of ["admin", "buyer", "engineer", "finance", "viewer"] as const) {
      const { call } = await signIn(company.id, role);
      for (const url of [
        "/api/material-requests",
        `/api/material-requests/${request.id}`,
        `/api/material-requests/${request.id}/pdf`,
      ]) {
        expect((await call("GET", url)).statusCode, `${role} ${url}`).toBe(200);
      }
      const before = await snapshot();
      const res = await call("POST", "/api/material-requests", body());
      const allowed = role === "admin" || role === "buyer" || role === "engineer";
      expect(res.statusCode, role).toBe(allowed ? 201 : 403);
      if (!allowed) expect(await snapshot()).toEqual(before);
      for (const [method, url] of [
        ["GET", "/api/staff/material-requests"],
        ["POST", `/api/staff/material-requests/${request.id}/receive`],
      ] as const) {
        expect((await call(method, url)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    const staff = await staffUser();
    expect((await staff.call("GET", "/api/material-requests")).statusCode).toBe(403);
    expect((await staff.call("POST", "/api/material-requests", body())).statusCode).toBe(403);
    expect((await t().app.inject({ method: "GET", url: "/api/material-requests" })).statusCode).toBe(401);
    expect((await t().app.inject({ method: "GET", url: "/api/staff/material-requests" })).statusCode).toBe(
      401,
    );
  });

  it("answers 404 for another company's requests and orders, like missing ones", async () => {
    const a = await customer();
    const b = await customer("Beta Drives SRL");
    const bRequest = await createMaterialRequest(db(), { companyId: b.company.id });
    const { order: bOrder } = await createSalesOrder(db(), { companyId: b.company.id });
    for (const id of [bRequest.id, MISSING]) {
      for (const url of [`/api/material-requests/${id}`, `/api/material-requests/${id}/pdf`]) {
        const res = await a.call("GET", url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toBe("NOT_FOUND");
        expect(res.body).not.toContain(b.company.name);
      }
    }
    const before = await snapshot();
    for (const orderId of [bOrder.id, MISSING]) {
      const res = await a.call("POST", "/api/material-requests", body({ order_id: orderId }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: "NOT_FOUND", field: "order_id" });
    }
    expect(await snapshot()).toEqual(before);
    const list = (await a.call("GET", "/api/material-requests?page_size=100")).json().data;
    expect(list.items.map((r: { id: string }) => r.id)).not.toContain(bRequest.id);
  });
});

describe("back office", () => {
  it("lists every company's requests and narrows to one company", async () => {
    const a = await customer("Gamma Controls AB");
    const b = await customer("Delta Power ApS");
    const ra = await createMaterialRequest(db(), { companyId: a.company.id });
    const rb = await createMaterialRequest(db(), { companyId: b.company.id });
    const staff = await staffUser();
    const all = (await staff.call("GET", "/api/staff/material-requests?page_size=100")).json().data;
    const ids = all.items.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([ra.id, rb.id]));
    const onlyA = (await staff.call("GET", `/api/staff/material-requests?company_id=${a.company.id}`)).json()
      .data;
    expect(onlyA.items).toEqual([
      expect.objectContaining({ id: ra.id, company_id: a.company.id, company_name: "Gamma Controls AB" }),
    ]);
    expect(onlyA.total).toBe(1);
    expect((await staff.call("GET", "/api/staff/material-requests?company_id=nope")).statusCode).toBe(400);
  });

  it("checks a delivery in once, logs it and mails the creator in their language", async () => {
    const company = await createCompany(db(), { name: "Epsilon Mess GmbH" });
    const creator = await signIn(company.id, "engineer", { language: "de" });
    const created = (await creator.call("POST", "/api/material-requests", body())).json().data;
    const staff = await staffUser();

    const res = await staff.call("POST", `/api/staff/material-requests/${created.id}/receive`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, status: "received", company_id: company.id });
    expect(Date.parse(res.json().data.received_at)).toBeGreaterThan(Date.now() - 60_000);
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, created.id), eq(activityLog.action, "material_request.received")));
    expect(entry).toMatchObject({ companyId: company.id, actorUserId: staff.user.id });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, creator.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "material_received", language: "de" });
    expect(mails[0]!.subject).toContain(created.number);

    // A second check-in is a conflict and changes nothing.
    const before = await snapshot();
    const again = await staff.call("POST", `/api/staff/material-requests/${created.id}/receive`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("CONFLICT");
    expect(await snapshot()).toEqual(before);
    const view = (await creator.call("GET", `/api/material-requests/${created.id}`)).json().data;
    expect(view).toMatchObject({ status: "received", received_at: res.json().data.received_at });
  });

  it("refuses to receive a cancelled request and answers 404 for a missing one", async () => {
    const { company } = await customer();
    const cancelled = await createMaterialRequest(db(), { companyId: company.id, status: "cancelled" });
    const staff = await staffUser();
    const before = await snapshot();
    expect(
      (await staff.call("POST", `/api/staff/material-requests/${cancelled.id}/receive`)).statusCode,
    ).toBe(409);
    expect((await staff.call("POST", `/api/staff/material-requests/${MISSING}/receive`)).statusCode).toBe(
      404,
    );
    expect((await staff.call("POST", "/api/staff/material-requests/nope/receive")).statusCode).toBe(400);
    const extra = await staff.call("POST", `/api/staff/material-requests/${cancelled.id}/receive`, {
      status: "x",
    });
    expect(extra.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const [row] = await db().select().from(materialRequests).where(eq(materialRequests.id, cancelled.id));
    expect(row).toMatchObject({ status: "cancelled", receivedAt: null });
  });

  it("receives exactly once when staff check in the same delivery at the same time", async () => {
    const { company, user } = await customer();
    const request = await createMaterialRequest(db(), { companyId: company.id, createdByUserId: user.id });
    const staff = await staffUser();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        staff.call("POST", `/api/staff/material-requests/${request.id}/receive`),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, request.id), eq(activityLog.action, "material_request.received")));
    expect(log).toHaveLength(1);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails).toHaveLength(1);
  });
});
