import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { createCompany, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import { activityLog, customerPartMpns, customerParts } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp();
const db = () => t().db.db;

type Auth = Record<string, string>;

async function member(role: CompanyRole = "engineer", company?: { id: string; name: string }) {
  const owner = company ?? (await createCompany(db(), { name: `Tenant ${randomBytes(3).toString("hex")}` }));
  const user = await createUser(db(), { companyId: owner.id, companyRole: role });
  const { token } = await createSession(db(), { userId: user.id });
  return { company: owner, auth: { cookie: `session=${token}` } as Auth };
}

async function staffMember() {
  const operator = await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true });
  const user = await createUser(db(), { companyId: operator.id, companyRole: "admin", role: "staff" });
  const { token } = await createSession(db(), { userId: user.id });
  return { cookie: `session=${token}` } as Auth;
}

const get = (auth: Auth, url: string) => t().app.inject({ method: "GET", url, headers: auth });
const send = (auth: Auth, method: "POST" | "PUT" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t().app.inject({
    method,
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface PartBody {
  id: string;
  part_number: string;
  mpns: { id: string; mpn: string; manufacturer: string | null; manufacturer_name: string | null }[];
  history: { action: string; details: Record<string, unknown> }[];
  [key: string]: unknown;
}

async function createPart(auth: Auth, body: object): Promise<PartBody> {
  const response = await send(auth, "POST", "/api/parts", { type: "resistor", ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as PartBody;
}

const partCount = async () => (await db().select({ n: count() }).from(customerParts))[0]!.n;
const mpnCount = async () => (await db().select({ n: count() }).from(customerPartMpns))[0]!.n;

describe("customer parts", () => {
  it("number new parts from the company's series, each company on its own", async () => {
    const a = await member();
    const b = await member();
    expect((await createPart(a.auth, { description: "10k 0603" })).part_number).toBe("P-00001");
    expect((await createPart(a.auth, { description: "1k 0603", part_number: "" })).part_number).toBe(
      "P-00002",
    );
    // A number typed by hand that the series would give next is skipped over, never given twice.
    await createPart(a.auth, { description: "By hand", part_number: "p-00003" });
    expect((await createPart(a.auth, { description: "4k7 0603" })).part_number).toBe("P-00004");
    expect((await createPart(b.auth, { description: "10k 0603" })).part_number).toBe("P-00001");
  });

  it("refuse a part number the company already uses, whatever its case, writing nothing", async () => {
    const { auth } = await member();
    await createPart(auth, { description: "Regulator", part_number: "REG-3V3" });
    const before = await partCount();
    const response = await send(auth, "POST", "/api/parts", {
      type: "ic",
      description: "Other",
      part_number: "reg-3v3",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "CONFLICT", field: "part_number" });
    expect(await partCount()).toBe(before);
  });

  it("keep the MPNs in the order given: the first is the one lists show", async () => {
    const { auth } = await member();
    const mpns = ["Z-LAST-SORTS-FIRST", "A-SECOND", "M-THIRD", "B-FOURTH", "Y-FIFTH"];
    const part = await createPart(auth, {
      description: "Buck converter",
      mpns: mpns.map((mpn) => ({ manufacturer: null, mpn })),
    });
    expect(part.mpns.map((m: { mpn: string }) => m.mpn)).toEqual(mpns);
    const listed = (await get(auth, `/api/parts?q=${encodeURIComponent("Buck converter")}`)).json().data;
    expect(listed.items[0].mpns.map((m: { mpn: string }) => m.mpn)).toEqual(mpns);
  });

  it("keep one MPN on one part, compared as normalised MPNs, and resolve manufacturer aliases", async () => {
    const { auth } = await member();
    const first = await createPart(auth, {
      description: "10k 1 % 0603",
      mpns: [{ manufacturer: "Yageo", mpn: "RC0603FR-0710KL" }],
    });
    const ldo = await createPart(auth, {
      type: "ic",
      description: "LDO 3.3 V",
      mpns: [{ manufacturer: "TI", mpn: "LM1117IMPX-3.3/NOPB" }],
    });
    expect(ldo.mpns[0]).toMatchObject({ manufacturer: "TI", manufacturer_name: "Texas Instruments" });

    const before = await mpnCount();
    const taken = await send(auth, "POST", `/api/parts/${ldo.id}/mpns`, {
      manufacturer: "YAGEO",
      mpn: "rc0603fr 0710kl",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(first.part_number);
    const twice = await send(auth, "POST", "/api/parts", {
      type: "capacitor",
      description: "100n",
      mpns: [{ mpn: "CL10B104KB8NNNC" }, { mpn: "cl10b104kb8nnnc" }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: "mpns.1.mpn" });
    expect(await mpnCount()).toBe(before);

    const added = await send(auth, "POST", `/api/parts/${ldo.id}/mpns`, {
      manufacturer: "Texas Instruments Inc.",
      mpn: "LM1117MPX-3.3/NOPB",
    });
    expect(added.statusCode, added.body).toBe(201);
    const detail = added.json().data as PartBody;
    expect(detail.mpns.map((m) => m.mpn)).toEqual(["LM1117IMPX-3.3/NOPB", "LM1117MPX-3.3/NOPB"]);
    expect(detail.mpns[1]!.manufacturer_name).toBe("Texas Instruments");
    expect(detail.history[0]).toMatchObject({
      action: "part.mpn_added",
      details: { mpn: "LM1117MPX-3.3/NOPB" },
    });

    const removed = await send(auth, "DELETE", `/api/parts/${ldo.id}/mpns/${detail.mpns[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json().data as PartBody).mpns.map((m) => m.mpn)).toEqual(["LM1117MPX-3.3/NOPB"]);
    // The removed MPN is free for another part now.
    expect(
      (await send(auth, "POST", `/api/parts/${first.id}/mpns`, { mpn: "LM1117IMPX-3.3/NOPB" })).statusCode,
    ).toBe(201);
  });

  it("find a part by any of its numbers however they are written (generic link search) and in the list", async () => {
    const { auth } = await member();
    const part = await createPart(auth, {
      part_number: "ACME-4711",
      description: "Buck converter",
      type: "ic",
      mpns: [{ manufacturer: "Texas Instruments", mpn: "TPS62130RGTR" }],
    });
    await createPart(auth, { description: "Unrelated", mpns: [{ mpn: "ERJ-3EKF1002V" }] });
    for (const q of ["TPS62130RGT", "tps62130-rgtr", "acme-4711", "ACME-47"]) {
      const found = await get(auth, `/api/parts/lookup?q=${encodeURIComponent(q)}`);
      expect(found.statusCode).toBe(200);
      expect(
        (found.json().data as PartBody[]).map((p) => p.id),
        q,
      ).toEqual([part.id]);
    }
    const list = await get(auth, "/api/parts?q=tps62130");
    expect((list.json().data.items as PartBody[]).map((p) => p.id)).toEqual([part.id]);
    const byType = await get(auth, "/api/parts?type=resistor");
    expect((byType.json().data.items as PartBody[]).map((p) => p.part_number)).toEqual(["P-00001"]);
  });

  it("change only the fields sent, each change in the history; saving the same values writes nothing", async () => {
    const { auth } = await member();
    const part = await createPart(auth, { description: "MCU", type: "ic" });
    const changed = await send(auth, "PUT", `/api/parts/${part.id}`, {
      msl: "3",
      polarized: true,
      valuation_rate: { amount_minor: 412, currency: "EUR" },
      comment: "Bake before use when the bag was opened.",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const detail = changed.json().data as PartBody;
    expect(detail).toMatchObject({
      description: "MCU",
      msl: "3",
      polarized: true,
      valuation_rate: { amount_minor: 412, currency: "EUR" },
    });
    expect(detail.history.map((h) => h.action)).toEqual(["part.updated", "part.created"]);
    expect(detail.history[0]!.details).toMatchObject({
      msl: "3",
      polarized: true,
      valuation_rate: "4.12 EUR",
    });

    const entries = async () => (await db().select({ n: count() }).from(activityLog))[0]!.n;
    const before = await entries();
    expect((await send(auth, "PUT", `/api/parts/${part.id}`, { msl: "3" })).statusCode).toBe(200);
    expect(await entries()).toBe(before);
  });

  it("keep a part's lifecycle: not known unless given, changed and cleared with the history telling", async () => {
    const { auth } = await member();
    const unknown = await createPart(auth, { description: "10k 0603" });
    expect(unknown.lifecycle).toBeNull();
    const part = await createPart(auth, { type: "ic", description: "MCU", lifecycle: "active" });
    expect(part.lifecycle).toBe("active");
    expect((await get(auth, `/api/parts/${part.id}`)).json().data.lifecycle).toBe("active");

    const changed = await send(auth, "PUT", `/api/parts/${part.id}`, { lifecycle: "last_time_buy" });
    expect(changed.statusCode, changed.body).toBe(200);
    const detail = changed.json().data as PartBody;
    expect(detail.lifecycle).toBe("last_time_buy");
    expect(detail.history[0]).toMatchObject({
      action: "part.updated",
      details: { fields: "lifecycle", lifecycle: "last_time_buy" },
    });
    const cleared = (await send(auth, "PUT", `/api/parts/${part.id}`, { lifecycle: null })).json()
      .data as PartBody;
    expect(cleared.lifecycle).toBeNull();
    expect(cleared.history[0]!.details).toMatchObject({ lifecycle: null });

    await send(auth, "PUT", `/api/parts/${unknown.id}`, { lifecycle: "obsolete" });
    const obsolete = await get(auth, "/api/parts?lifecycle=obsolete");
    expect((obsolete.json().data.items as PartBody[]).map((p) => p.id)).toEqual([unknown.id]);
    expect((await get(auth, "/api/parts?lifecycle=eol")).statusCode).toBe(400);
  });

  it("refuse a lifecycle that is none of the four, on create and update, writing nothing", async () => {
    const { auth } = await member();
    const part = await createPart(auth, { description: "Part", lifecycle: "nrnd" });
    const parts = await partCount();
    const entries = async () => (await db().select({ n: count() }).from(activityLog))[0]!.n;
    const logged = await entries();
    for (const lifecycle of ["eol", "NRND", "", 1]) {
      const created = await send(auth, "POST", "/api/parts", { type: "ic", description: "x", lifecycle });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toMatchObject({ error: "VALIDATION_ERROR", field: "lifecycle" });
      const updated = await send(auth, "PUT", `/api/parts/${part.id}`, { lifecycle });
      expect(updated.statusCode, updated.body).toBe(400);
      expect(updated.json()).toMatchObject({ error: "VALIDATION_ERROR", field: "lifecycle" });
    }
    expect(await partCount()).toBe(parts);
    expect(await entries()).toBe(logged);
    expect((await get(auth, `/api/parts/${part.id}`)).json().data.lifecycle).toBe("nrnd");
  });

  it("refuse bad input with the field named and write nothing", async () => {
    const { auth } = await member();
    const part = await createPart(auth, { description: "Part" });
    const before = await partCount();
    const cases: [string, object][] = [
      ["msl", { type: "ic", description: "x", msl: "7" }],
      ["type", { type: "resistorr", description: "x" }],
      ["description", { type: "ic", description: "" }],
      ["description", { type: "ic", description: "x".repeat(301) }],
      ["description", { type: "ic", description: "bell\u0007" }],
      ["part_number", { type: "ic", description: "x", part_number: "=cmd|' /C calc'!A0" }],
      [
        "valuation_rate.amount_minor",
        { type: "ic", description: "x", valuation_rate: { amount_minor: -1, currency: "EUR" } },
      ],
      [
        "valuation_rate.currency",
        { type: "ic", description: "x", valuation_rate: { amount_minor: 1, currency: "XXX" } },
      ],
      [
        "mpns",
        { type: "ic", description: "x", mpns: Array.from({ length: 21 }, (_, i) => ({ mpn: `M${i}` })) },
      ],
      ["mpns.0.mpn", { type: "ic", description: "x", mpns: [{ mpn: "" }] }],
      ["company_id", { type: "ic", description: "x", company_id: "00000000-0000-4000-8000-000000000000" }],
    ];
    for (const [field, body] of cases) {
      const response = await send(auth, "POST", "/api/parts", body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().field, JSON.stringify(body).slice(0, 80)).toBe(field);
    }
    expect((await send(auth, "PUT", `/api/parts/${part.id}`, {})).statusCode).toBe(400);
    expect((await send(auth, "PUT", `/api/parts/not-a-uuid`, { msl: "1" })).statusCode).toBe(400);
    expect(await partCount()).toBe(before);
  });

  it("keep another company's parts out of reach (404) and let staff read every company's", async () => {
    const a = await member();
    const b = await member();
    const theirs = await createPart(b.auth, { description: "Secret", mpns: [{ mpn: "SECRET-1" }] });
    expect((await get(a.auth, `/api/parts/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(a.auth, "PUT", `/api/parts/${theirs.id}`, { msl: "1" })).statusCode).toBe(404);
    expect((await send(a.auth, "POST", `/api/parts/${theirs.id}/mpns`, { mpn: "X-1" })).statusCode).toBe(404);
    expect(
      (await send(a.auth, "DELETE", `/api/parts/${theirs.id}/mpns/${theirs.mpns[0]!.id}`)).statusCode,
    ).toBe(404);
    expect((await get(a.auth, "/api/parts/lookup?q=SECRET-1")).json().data).toEqual([]);
    // The same MPN in another company is that company's business.
    await createPart(a.auth, { description: "Mine", mpns: [{ mpn: "SECRET-1" }] });

    const staff = await staffMember();
    const list = await get(staff, `/api/staff/parts?company=${b.company.id}`);
    expect((list.json().data.items as PartBody[]).map((p) => p.id)).toEqual([theirs.id]);
    expect((await get(staff, `/api/staff/parts/${theirs.id}`)).json().data.company_name).toBe(b.company.name);
    expect((await get(a.auth, "/api/staff/parts")).statusCode).toBe(403);
  });

  it("let readers read, editors edit and administrators set the series", async () => {
    const admin = await member("admin");
    const viewer = await member("viewer", admin.company);
    const engineer = await member("engineer", admin.company);
    await createPart(engineer.auth, { description: "Made by an engineer" });
    expect((await get(viewer.auth, "/api/parts")).json().data.total).toBe(1);
    expect((await send(viewer.auth, "POST", "/api/parts", { type: "ic", description: "x" })).statusCode).toBe(
      403,
    );
    expect(
      (await send(engineer.auth, "PUT", "/api/parts/series", { prefix: "E-", digits: 4, next_number: 1 }))
        .statusCode,
    ).toBe(403);

    const series = await send(admin.auth, "PUT", "/api/parts/series", {
      prefix: "ACME-",
      digits: 4,
      next_number: 10,
    });
    expect(series.statusCode, series.body).toBe(200);
    expect(series.json().data).toMatchObject({ next_part_number: "ACME-0010" });
    expect((await createPart(engineer.auth, { description: "Next" })).part_number).toBe("ACME-0010");
    expect((await get(viewer.auth, "/api/parts/series")).json().data.next_part_number).toBe("ACME-0011");
    // Going back below a number already given would give it twice.
    const back = await send(admin.auth, "PUT", "/api/parts/series", {
      prefix: "ACME-",
      digits: 4,
      next_number: 5,
    });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ field: "next_number" });
    const badPrefix = await send(admin.auth, "PUT", "/api/parts/series", {
      prefix: "=A",
      digits: 4,
      next_number: 1,
    });
    expect(badPrefix.statusCode).toBe(400);
  });

  it("list the manufacturers with their aliases", async () => {
    const { auth } = await member();
    const response = await get(auth, "/api/parts/manufacturers");
    const list = response.json().data as { id: string; name: string; aliases: string[] }[];
    expect(list.length).toBeGreaterThanOrEqual(60);
    expect(list.find((m) => m.name === "Texas Instruments")?.aliases).toContain("TI");
  });
});
