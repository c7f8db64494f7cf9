import { pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import { and, count, desc, eq } from "drizzle-orm";
import { siteConfig } from "@ems/config/site";
import { createCompany, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import { createContract } from "@ems/db/material-factories";
import { activityLog, contracts, mailOutbox } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const db = () => t().db.db;

type Method = "GET" | "POST" | "PUT";
const MISSING = "00000000-0000-4000-8000-000000000000";

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
  const company = await createCompany(db(), { name, country: "DE", vatId: "DE123456789" });
  return { company, ...(await signIn(company.id, role)) };
}

async function staffUser() {
  const operator = await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true });
  return signIn(operator.id, "admin", { role: "staff_admin" });
}

const TERMS = "1. Prices are fixed for twelve months.\n\n2. Forecasts are binding for eight weeks.";
const body = (overrides: Record<string, unknown> = {}) => ({
  kind: "framework",
  title: "Framework agreement 2027",
  starts_on: "2027-01-01",
  ends_on: "2027-12-31",
  annual_volume_minor: 25_000_000,
  currency: "EUR",
  terms: TERMS,
  ...overrides,
});

const rows = async (table: typeof contracts | typeof activityLog | typeof mailOutbox) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

async function snapshot() {
  return { contracts: await rows(contracts), log: await rows(activityLog), mail: await rows(mailOutbox) };
}

describe("requesting a contract", () => {
  it("creates a requested contract with a number, logs it and tells the operator", async () => {
    const { company, user, call } = await customer();
    const res = await call("POST", "/api/contracts", body());
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      kind: "framework",
      title: "Framework agreement 2027",
      status: "requested",
      starts_on: "2027-01-01",
      ends_on: "2027-12-31",
      annual_volume_minor: 25_000_000,
      currency: "EUR",
      terms: TERMS,
    });
    expect(created.number).toMatch(new RegExp(`^CTR-${new Date().getUTCFullYear()}-\\d{5}$`));
    const [stored] = await db().select().from(contracts).where(eq(contracts.id, created.id));
    expect(stored).toMatchObject({ companyId: company.id, createdByUserId: user.id });
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, created.id), eq(activityLog.action, "contract.created")));
    expect(entry).toMatchObject({ companyId: company.id, actorUserId: user.id });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, siteConfig.contact.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail).toMatchObject({ template: "staff_request", language: "en" });
    expect(mail!.subject).toContain(created.number);
    expect(mail!.subject).toContain("contract request");
    expect(mail!.textBody).toContain("Framework agreement 2027");
    expect(mail!.textBody).toContain("https://portal.example.test/staff/supply");

    const one = await call("GET", `/api/contracts/${created.id}`);
    expect(one.json().data).toEqual(created);
  });

  it("creates an open-ended NDA without a volume", async () => {
    const { call } = await customer();
    const res = await call(
      "POST",
      "/api/contracts",
      body({ kind: "nda", ends_on: undefined, annual_volume_minor: undefined, title: "NDA" }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: "nda", ends_on: null, annual_volume_minor: null });
  });

  it("refuses malformed, oversized and hostile input and writes nothing", async () => {
    const { call, token } = await customer();
    const before = await snapshot();
    for (const [payload, field] of [
      [body({ kind: "lease" }), "kind"],
      [body({ title: "ab" }), "title"],
      [body({ title: "  ab  " }), "title"],
      [body({ title: "T".repeat(201) }), "title"],
      [body({ starts_on: "2027-13-01" }), "starts_on"],
      [body({ ends_on: "2027-01-01" }), "ends_on"],
      [body({ ends_on: "2026-12-31" }), "ends_on"],
      [body({ kind: "nda" }), "annual_volume_minor"],
      [body({ annual_volume_minor: -1 }), "annual_volume_minor"],
      [body({ annual_volume_minor: 1.5 }), "annual_volume_minor"],
      [body({ annual_volume_minor: 3_000_000_000 }), "annual_volume_minor"],
      [body({ currency: "BTC" }), "currency"],
      [body({ terms: "" }), "terms"],
      [body({ terms: "x".repeat(20_001) }), "terms"],
      [body({ status: "active" }), "status"],
      [body({ company_id: MISSING }), "company_id"],
      [{ kind: "nda", title: "NDA" }, "starts_on"],
    ] as const) {
      const res = await call("POST", "/api/contracts", payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const malformed = await t().app.inject({
      method: "POST",
      url: "/api/contracts",
      headers: { cookie: `session=${token}`, "content-type": "application/json" },
      payload: "[1,2",
    });
    expect(malformed.statusCode).toBe(400);
    for (const [url, field] of [
      ["/api/contracts?page_size=9", "page_size"],
      ["/api/contracts?kind=lease", "kind"],
      ["/api/contracts?status=lost", "status"],
      ["/api/contracts?sort=terms", "sort"],
      ["/api/contracts?dir=up", "dir"],
      ["/api/contracts?extra=1", "extra"],
      ["/api/contracts/123", "id"],
      ["/api/contracts/123/pdf", "id"],
    ] as const) {
      const res = await call("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("listing", () => {
  it("pages, filters by status and kind, searches number and title, sorts", async () => {
    const { company, call } = await customer();
    const other = await customer("Other Company AB");
    for (let i = 0; i < 10; i++)
      await createContract(db(), { companyId: company.id, title: `Quality agreement ${i}`, kind: "quality" });
    const active = await createContract(db(), {
      companyId: company.id,
      title: "Consignment stock Sibiu",
      kind: "consignment",
      status: "active",
      startsOn: "2020-01-01",
    });
    await createContract(db(), { companyId: other.company.id, title: "Consignment stock Sibiu" });

    const first = (await call("GET", "/api/contracts?page_size=10")).json().data;
    expect(first).toMatchObject({ total: 11, page_size: 10 });
    expect(first.items).toHaveLength(10);
    expect((await call("GET", "/api/contracts?page_size=10&page=2")).json().data.items).toHaveLength(1);
    const search = (await call("GET", "/api/contracts?q=sibiu")).json().data;
    expect(search.items.map((c: { id: string }) => c.id)).toEqual([active.id]);
    const byNumber = (await call("GET", `/api/contracts?q=${active.number}`)).json().data;
    expect(byNumber.items.map((c: { id: string }) => c.id)).toEqual([active.id]);
    expect((await call("GET", "/api/contracts?status=active")).json().data.total).toBe(1);
    expect((await call("GET", "/api/contracts?kind=quality")).json().data.total).toBe(10);
    const oldest = (await call("GET", "/api/contracts?sort=starts_on&dir=asc")).json().data;
    expect(oldest.items[0].id).toBe(active.id);
    const titles = (await call("GET", "/api/contracts?sort=title&dir=asc&page_size=100"))
      .json()
      .data.items.map((c: { title: string }) => c.title);
    expect(titles[0]).toBe("Consignment stock Sibiu");
  });
});

describe("PDF", () => {
  it("shows kind, dates, volume and terms with names in any script", async () => {
    const company = await createCompany(db(), { name: "Bjørn Østlie Elektronikk AS", country: "NO" });
    const { call } = await signIn(company.id, "admin", { language: "en" });
    const created = (
      await call(
        "POST",
        "/api/contracts",
        body({
          title: "Rammeavtale Tromsø og Timișoara",
          terms: "1. Delivery to Brașov and Târgu Mureș.\n\n2. Ștefan Țurcanu approves the first article.",
        }),
      )
    ).json().data;
    const res = await call("GET", `/api/contracts/${created.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Contract");
    expect(text).toContain(created.number);
    expect(text).toContain("Framework agreement");
    expect(text).toContain("Jan 1, 2027");
    expect(text).toContain("Dec 31, 2027");
    expect(text).toContain("€250,000.00");
    expect(text).toContain("Bjørn Østlie Elektronikk AS");
    expect(text).toContain("Rammeavtale Tromsø og Timișoara");
    expect(text).toContain("1. Delivery to Brașov and Târgu Mureș.");
    expect(text).toContain("2. Ștefan Țurcanu approves the first article.");
  });

  it("says open-ended in the reader's language", async () => {
    const { company } = await customer();
    const reader = await signIn(company.id, "finance", { language: "de" });
    const contract = await createContract(db(), { companyId: company.id, kind: "nda" });
    const text = await pdfText((await reader.call("GET", `/api/contracts/${contract.id}/pdf`)).rawPayload);
    expect(text).toContain(contract.number);
    expect(text).toContain("unbefristet");
    expect(text).toContain("Geheimhaltungsvereinbarung");
  });
});

describe("roles and tenancy", () => {
  it("lets admins, buyers, finance and viewers read, admins and buyers request; engineers neither", async () => {
    const { company } = await customer();
    const contract = await createContract(db(), { companyId: company.id });
    for (const role of ["admin", "buyer", "engineer", "finance", "viewer"] as const) {
      const { call } = await signIn(company.id, role);
      const reads = role !== "engineer";
      for (const url of [
        "/api/contracts",
        `/api/contracts/${contract.id}`,
        `/api/contracts/${contract.id}/pdf`,
      ]) {
        expect((await call("GET", url)).statusCode, `${role} ${url}`).toBe(reads ? 200 : 403);
      }
      const before = await snapshot();
      const res = await call("POST", "/api/contracts", body());
      const requests = role === "admin" || role === "buyer";
      expect(res.statusCode, role).toBe(requests ? 201 : 403);
      if (!requests) expect(await snapshot()).toEqual(before);
      expect((await call("GET", "/api/staff/contracts")).statusCode).toBe(403);
      expect(
        (await call("PUT", `/api/staff/contracts/${contract.id}/status`, { status: "active" })).statusCode,
      ).toBe(403);
    }
    const [row] = await db().select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row!.status).toBe("requested");
    const staff = await staffUser();
    expect((await staff.call("GET", "/api/contracts")).statusCode).toBe(403);
    expect((await t().app.inject({ method: "GET", url: "/api/contracts" })).statusCode).toBe(401);
    expect(
      (
        await t().app.inject({
          method: "PUT",
          url: `/api/staff/contracts/${contract.id}/status`,
          payload: { status: "active" },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("answers 404 for another company's contracts, like missing ones", async () => {
    const a = await customer();
    const b = await customer("Beta Drives SRL");
    const bContract = await createContract(db(), { companyId: b.company.id });
    for (const id of [bContract.id, MISSING]) {
      for (const url of [`/api/contracts/${id}`, `/api/contracts/${id}/pdf`]) {
        const res = await a.call("GET", url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toBe("NOT_FOUND");
        expect(res.body).not.toContain(b.company.name);
      }
    }
    const list = (await a.call("GET", "/api/contracts?page_size=100")).json().data;
    expect(list.items.map((c: { id: string }) => c.id)).not.toContain(bContract.id);
  });
});

describe("back office", () => {
  it("lists every company's contracts with the company and narrows to one", async () => {
    const a = await customer("Gamma Controls AB");
    const b = await customer("Delta Power ApS");
    const ca = await createContract(db(), { companyId: a.company.id });
    const cb = await createContract(db(), { companyId: b.company.id, kind: "quality" });
    const staff = await staffUser();
    const all = (await staff.call("GET", "/api/staff/contracts?page_size=100")).json().data;
    expect(all.items.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([ca.id, cb.id]));
    const onlyB = (await staff.call("GET", `/api/staff/contracts?company_id=${b.company.id}`)).json().data;
    expect(onlyB).toMatchObject({ total: 1 });
    expect(onlyB.items[0]).toMatchObject({
      id: cb.id,
      company_id: b.company.id,
      company_name: "Delta Power ApS",
    });
  });

  it("activates and ends a contract, logs each step and mails the requester in their language", async () => {
    const company = await createCompany(db(), { name: "Epsilon Mess GmbH" });
    const requester = await signIn(company.id, "buyer", { language: "ro" });
    const created = (await requester.call("POST", "/api/contracts", body())).json().data;
    const staff = await staffUser();

    const active = await staff.call("PUT", `/api/staff/contracts/${created.id}/status`, { status: "active" });
    expect(active.statusCode).toBe(200);
    expect(active.json().data).toMatchObject({ id: created.id, status: "active", company_id: company.id });
    const ended = await staff.call("PUT", `/api/staff/contracts/${created.id}/status`, { status: "ended" });
    expect(ended.json().data.status).toBe("ended");

    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, created.id), eq(activityLog.action, "contract.status_changed")));
    expect(log.map((e) => e.details).sort((x, y) => String(x?.to).localeCompare(String(y?.to)))).toEqual([
      expect.objectContaining({ from: "requested", to: "active" }),
      expect.objectContaining({ from: "active", to: "ended" }),
    ]);
    expect(log.every((e) => e.companyId === company.id && e.actorUserId === staff.user.id)).toBe(true);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, requester.user.email));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.template === "contract_status" && m.language === "ro")).toBe(true);
    expect(mails[0]!.textBody).toContain(`https://portal.example.test/ro/my/contracts?id=${created.id}`);
    expect((await requester.call("GET", `/api/contracts/${created.id}`)).json().data.status).toBe("ended");
  });

  it("ends a requested contract directly and refuses moves out of ended or back to active", async () => {
    const { company } = await customer();
    const requested = await createContract(db(), { companyId: company.id });
    const staff = await staffUser();
    expect(
      (await staff.call("PUT", `/api/staff/contracts/${requested.id}/status`, { status: "ended" }))
        .statusCode,
    ).toBe(200);
    const activeOne = await createContract(db(), { companyId: company.id, status: "active" });
    const before = await snapshot();
    for (const [id, status] of [
      [requested.id, "ended"],
      [requested.id, "active"],
      [activeOne.id, "active"],
    ] as const) {
      const res = await staff.call("PUT", `/api/staff/contracts/${id}/status`, { status });
      expect(res.statusCode, `${id} → ${status}`).toBe(409);
      expect(res.json().error).toBe("CONFLICT");
    }
    for (const [payload, field] of [
      [{ status: "requested" }, "status"],
      [{ status: "active", note: "x" }, "note"],
      [{}, "status"],
    ] as const) {
      const res = await staff.call("PUT", `/api/staff/contracts/${activeOne.id}/status`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(
      (await staff.call("PUT", `/api/staff/contracts/${MISSING}/status`, { status: "ended" })).statusCode,
    ).toBe(404);
    expect((await staff.call("PUT", "/api/staff/contracts/x/status", { status: "ended" })).statusCode).toBe(
      400,
    );
    expect(await snapshot()).toEqual(before);
    const [row] = await db().select().from(contracts).where(eq(contracts.id, activeOne.id));
    expect(row!.status).toBe("active");
  });

  it("activates exactly once when staff activate the same contract at the same time", async () => {
    const { company, user } = await customer();
    const contract = await createContract(db(), { companyId: company.id, createdByUserId: user.id });
    const staff = await staffUser();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        staff.call("PUT", `/api/staff/contracts/${contract.id}/status`, { status: "active" }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, contract.id), eq(activityLog.action, "contract.status_changed")));
    expect(log).toHaveLength(1);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).toHaveLength(1);
  });
});
