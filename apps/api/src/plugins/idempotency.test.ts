import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, count, eq, getTableName, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { PgTable } from "drizzle-orm/pg-core";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import {
  createCompany,
  createCompanyAddress,
  createSession,
  createUser,
  type CompanyRole,
} from "@ems/db/factories";
import { createDeliveryNote, createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { createParcelService, createQuote } from "@ems/db/quote-factories";
import {
  activityLog,
  companyAddresses,
  companyContacts,
  companyMembers,
  contracts,
  deliveryNotes,
  holidays,
  idempotencyKeys,
  invoices,
  mailOutbox,
  materialRequests,
  parcelServices,
  payments,
  quotes,
  salesOrders,
} from "@ems/db/schema";
import { TERMS_VERSION } from "../modules/documents/document-texts.ts";
import { claimKey } from "../modules/idempotency/idempotency-repository.ts";
import {
  IDEMPOTENCY_LEASE_MS,
  parseIdempotencyKey,
  requestFingerprint,
} from "../modules/idempotency/idempotency-service.ts";
import { useTestApp } from "../test/test-app.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "100000", PUBLIC_URL: "https://portal.example.test" });
const db = () => t().db.db;

type Body = Record<string, unknown>;

interface Caller {
  userId: string;
  post(url: string, payload: Body, key?: string): Promise<LightMyRequestResponse>;
}

async function signIn(user: { id: string }): Promise<Caller> {
  const { token } = await createSession(db(), { userId: user.id });
  return {
    userId: user.id,
    post: (url, payload, key) =>
      t().app.inject({
        method: "POST",
        url,
        headers: { cookie: `session=${token}`, ...(key === undefined ? {} : { "idempotency-key": key }) },
        payload,
      }),
  };
}

async function customer(role: CompanyRole = "admin", companyId?: string) {
  const company = companyId ?? (await createCompany(db())).id;
  const user = await createUser(db(), { companyId: company, companyRole: role, password: null });
  return { companyId: company, caller: await signIn(user) };
}

let operatorId: string | undefined;
async function staff(): Promise<Caller> {
  operatorId ??= (await createCompany(db(), { name: "Operator", isOperator: true })).id;
  return signIn(await createUser(db(), { companyId: operatorId, role: "staff", password: null }));
}

const addressOf = (companyId: string) => createCompanyAddress(db(), { companyId });

const rows = async (table: PgTable) => (await db().select({ n: count() }).from(table))[0]!.n;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
let serial = 0;

interface Scenario {
  caller: Caller;
  url: string;
  body: Body;
  /** Another valid request to the same URL (it never runs: the reused key is refused first). */
  other: Body;
}

interface Family {
  name: string;
  /** The table the creation writes one row to. */
  table: PgTable;
  status: 200 | 201;
  /** Whether running the same request again creates again (otherwise it answers 409 CONFLICT). */
  repeatable: boolean;
  /** A fresh caller and a request that succeeds once. */
  scenario(): Promise<Scenario>;
}

const families: Family[] = [
  {
    name: "quote request (POST /api/quotes)",
    table: quotes,
    status: 201,
    repeatable: true,
    async scenario() {
      const { caller } = await customer("engineer");
      const body = (title: string) => ({
        title,
        lines: [{ category: "assemblies", description: "Sensor node assembly", quantities: [50, 250] }],
      });
      return {
        caller,
        url: "/api/quotes",
        body: body("Sensor node rev C"),
        other: body("Sensor node rev D"),
      };
    },
  },
  {
    name: "order (POST /api/orders)",
    table: salesOrders,
    status: 200,
    repeatable: false,
    async scenario() {
      const { companyId, caller } = await customer("buyer");
      const address = await addressOf(companyId);
      const parcel = await createParcelService(db());
      const { quote, lines } = await createQuote(db(), {
        companyId,
        status: "Open",
        lines: [{ leadTimeDays: 10, tiers: [{ quantity: 10, unit_price_minor: 1_255 }] }],
      });
      const body = (po: string) => ({
        quote_id: quote.id,
        lines: [{ line_id: lines[0]!.id, quantity: 10 }],
        po_number: po,
        billing_address_id: address.id,
        shipping_address_id: address.id,
        parcel_service_id: parcel.id,
        terms_version: TERMS_VERSION,
        accept_terms: true,
      });
      return { caller, url: "/api/orders", body: body("PO-4711"), other: body("PO-4712") };
    },
  },
  {
    name: "bank transfer announcement (POST /api/payments/charge)",
    table: payments,
    status: 200,
    repeatable: false,
    async scenario() {
      const { companyId, caller } = await customer("finance");
      const { order } = await createSalesOrder(db(), { companyId });
      const invoice = await createInvoice(db(), { orderId: order.id });
      return {
        caller,
        url: "/api/payments/charge",
        body: { invoice_id: invoice.id, method: "bank_transfer" },
        other: { invoice_id: MISSING_ID, method: "bank_transfer" },
      };
    },
  },
  {
    name: "recorded payment (POST /api/staff/invoices/:id/payments)",
    table: payments,
    status: 200,
    // A part payment: the same money recorded again is a second part.
    repeatable: true,
    async scenario() {
      const company = await createCompany(db());
      const { order } = await createSalesOrder(db(), { companyId: company.id });
      const invoice = await createInvoice(db(), { orderId: order.id });
      const body = (reference: string) => ({
        amount_minor: 1000,
        currency: invoice.currency,
        paid_on: todayIso(),
        method: "manual",
        reference,
      });
      return {
        caller: await staff(),
        url: `/api/staff/invoices/${invoice.id}/payments`,
        body: body("Bank statement 2026-14"),
        other: body("Bank statement 2026-15"),
      };
    },
  },
  {
    name: "material request (POST /api/material-requests)",
    table: materialRequests,
    status: 201,
    repeatable: true,
    async scenario() {
      const { caller } = await customer("engineer");
      const body = (mpn: string) => ({
        expected_on: addCalendarDays(todayIso(), 7),
        lines: [{ mpn, quantity: 2_000, packaging: "reel" }],
      });
      return { caller, url: "/api/material-requests", body: body("STM32F103C8T6"), other: body("LM358DR") };
    },
  },
  {
    name: "contract request (POST /api/contracts)",
    table: contracts,
    status: 201,
    repeatable: true,
    async scenario() {
      const { caller } = await customer("buyer");
      const body = (title: string) => ({
        kind: "nda",
        title,
        starts_on: addCalendarDays(todayIso(), 1),
        currency: "EUR",
        terms: "Both sides keep drawings and prices confidential.",
      });
      return { caller, url: "/api/contracts", body: body("NDA 2027"), other: body("NDA 2028") };
    },
  },
  {
    name: "company address (POST /api/company/addresses)",
    table: companyAddresses,
    status: 201,
    repeatable: true,
    async scenario() {
      const { caller } = await customer("buyer");
      const body = (label: string) => ({
        label,
        street: "Am Wall 3",
        postal_code: "28195",
        city: "Bremen",
        country: "DE",
      });
      return { caller, url: "/api/company/addresses", body: body("Warehouse"), other: body("Lab") };
    },
  },
  {
    name: "company contact (POST /api/company/contacts)",
    table: companyContacts,
    status: 201,
    repeatable: true,
    async scenario() {
      const { caller } = await customer("admin");
      const body = (first_name: string) => ({ first_name, last_name: "Wareneingang", position: "Goods in" });
      return { caller, url: "/api/company/contacts", body: body("Greta"), other: body("Jonas") };
    },
  },
  {
    name: "invitation (POST /api/company/users)",
    table: companyMembers,
    status: 201,
    repeatable: false,
    async scenario() {
      const { caller } = await customer("admin");
      const n = ++serial;
      const body = (email: string) => ({
        email,
        first_name: "Ana",
        last_name: "Pop",
        role: "buyer",
        language: "ro",
      });
      return {
        caller,
        url: "/api/company/users",
        body: body(`invitee-${n}@example.test`),
        other: body(`other-${n}@example.test`),
      };
    },
  },
  {
    name: "staff quote (POST /api/staff/quotes)",
    table: quotes,
    status: 201,
    repeatable: true,
    async scenario() {
      const company = await createCompany(db());
      const body = (title: string) => ({
        company_id: company.id,
        title,
        currency: "EUR",
        valid_until: addCalendarDays(todayIso(), 30),
        lines: [
          {
            category: "assemblies",
            description: "Gateway assembly",
            lead_time_days: 12,
            engineering_cost_minor: 30_000,
            tiers: [{ quantity: 25, unit_price_minor: 8_800 }],
          },
        ],
      });
      return {
        caller: await staff(),
        url: "/api/staff/quotes",
        body: body("Gateway series"),
        other: body("Relay"),
      };
    },
  },
  {
    name: "delivery note (POST /api/staff/deliveries)",
    table: deliveryNotes,
    status: 201,
    repeatable: false,
    async scenario() {
      const company = await createCompany(db());
      const { order, lines } = await createSalesOrder(db(), { companyId: company.id });
      const body = (carrier: string) => ({
        order_id: order.id,
        carrier,
        lines: [{ order_line_id: lines[0]!.id, quantity: lines[0]!.quantity }],
      });
      return { caller: await staff(), url: "/api/staff/deliveries", body: body("DHL"), other: body("UPS") };
    },
  },
  {
    name: "invoice (POST /api/staff/invoices)",
    table: invoices,
    status: 201,
    repeatable: false,
    async scenario() {
      const company = await createCompany(db());
      const { order } = await createSalesOrder(db(), { companyId: company.id });
      await createDeliveryNote(db(), { orderId: order.id });
      return {
        caller: await staff(),
        url: "/api/staff/invoices",
        body: { order_id: order.id },
        other: { order_id: order.id, include_shipping: false },
      };
    },
  },
  {
    name: "holiday (POST /api/staff/holidays)",
    table: holidays,
    status: 201,
    repeatable: false,
    async scenario() {
      const date = addCalendarDays(todayIso(), 60 + ++serial);
      return {
        caller: await staff(),
        url: "/api/staff/holidays",
        body: { date, name: "Company day" },
        other: { date, name: "Inventory day" },
      };
    },
  },
  {
    name: "parcel service (POST /api/staff/parcel-services)",
    table: parcelServices,
    status: 201,
    repeatable: true,
    async scenario() {
      const body = (name: string) => ({
        name,
        carrier: "DHL",
        price_minor: 990,
        currency: "EUR",
        transit_days: 2,
        active: true,
      });
      return {
        caller: await staff(),
        url: "/api/staff/parcel-services",
        body: body("Overnight"),
        other: body("Economy"),
      };
    },
  },
];

/** What a creation leaves behind: its own rows, activity entries and e-mails. */
const written = async (table: PgTable) => ({
  records: await rows(table),
  activity: await rows(activityLog),
  mails: await rows(mailOutbox),
});

const keysOf = (userId: string) =>
  db()
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, `user:${userId}`));

/** The next retry with the key gets exactly this answer again, marked as a replay. */
async function expectReplayOf(s: Scenario, key: string, answer: LightMyRequestResponse) {
  const retry = await s.caller.post(s.url, s.body, key);
  expect(retry.headers["idempotent-replayed"]).toBe("true");
  expect(retry.statusCode).toBe(answer.statusCode);
  expect(retry.json()).toEqual(answer.json());
}

/** Makes every new row of a table fail, as a database fault in the middle of the creation would. */
async function breakInserts<T>(table: PgTable, run: () => Promise<T>): Promise<T> {
  const name = sql.identifier(getTableName(table));
  await db().execute(sql`alter table ${name} add constraint idempotency_test_fault check (false) not valid`);
  try {
    return await run();
  } finally {
    await db().execute(sql`alter table ${name} drop constraint idempotency_test_fault`);
  }
}

describe.each(families)("Idempotency-Key on $name", (family) => {
  it("replays the first answer to a retry with the same key and creates nothing more", async () => {
    const s = await family.scenario();
    const key = randomUUID();
    const before = await written(family.table);
    const first = await s.caller.post(s.url, s.body, key);
    expect(first.statusCode, first.body).toBe(family.status);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const after = await written(family.table);
    expect(after.records).toBe(before.records + 1);

    for (let i = 0; i < 2; i++) {
      const retry = await s.caller.post(s.url, s.body, key);
      expect(retry.statusCode).toBe(family.status);
      expect(retry.headers["idempotent-replayed"]).toBe("true");
      expect(retry.headers["content-type"]).toMatch(/^application\/json/);
      expect(retry.json()).toEqual(first.json());
    }
    expect(await written(family.table)).toEqual(after);
  });

  it("refuses the same key with another request (422) and writes nothing", async () => {
    const s = await family.scenario();
    const key = randomUUID();
    expect((await s.caller.post(s.url, s.body, key)).statusCode).toBe(family.status);
    const after = await written(family.table);
    const reused = await s.caller.post(s.url, s.other, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      data: null,
      status: 422,
      error: "IDEMPOTENCY_KEY_REUSED",
      field: "Idempotency-Key",
    });
    expect(await written(family.table)).toEqual(after);
  });

  it("refuses a malformed key with 400 before anything is written", async () => {
    const s = await family.scenario();
    const before = await written(family.table);
    for (const key of ["", "   ", "x".repeat(256), "clé-1", "tab\there"]) {
      const res = await s.caller.post(s.url, s.body, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field: "Idempotency-Key" });
    }
    expect(await written(family.table)).toEqual(before);
    expect(await keysOf(s.caller.userId)).toEqual([]);
  });

  it("keeps keys per user: another user's request with the same key runs on its own", async () => {
    const [a, b] = [await family.scenario(), await family.scenario()];
    const key = "shared-key-0001";
    const before = await written(family.table);
    const first = await a.caller.post(a.url, a.body, key);
    const second = await b.caller.post(b.url, b.body, key);
    expect([first.statusCode, second.statusCode]).toEqual([family.status, family.status]);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(second.json().data).not.toEqual(first.json().data);
    expect((await written(family.table)).records).toBe(before.records + 2);
    // Each user's retry gets that user's own answer back.
    await expectReplayOf(a, key, first);
    await expectReplayOf(b, key, second);
  });

  it("creates once when the same request arrives twice at the same time", async () => {
    const s = await family.scenario();
    const key = randomUUID();
    const before = await rows(family.table);
    const answers = await Promise.all([s.caller.post(s.url, s.body, key), s.caller.post(s.url, s.body, key)]);
    const ran = answers.filter(
      (res) => res.headers["idempotent-replayed"] === undefined && res.statusCode !== 409,
    );
    expect(ran.map((res) => res.statusCode)).toEqual([family.status]);
    const [other] = answers.filter((res) => res !== ran[0]);
    if (other!.statusCode === 409) {
      expect(other!.json()).toMatchObject({ error: "IDEMPOTENCY_KEY_IN_USE", field: "Idempotency-Key" });
      expect(other!.headers["retry-after"]).toBe("1");
    } else {
      expect(other!.headers["idempotent-replayed"]).toBe("true");
      expect(other!.json()).toEqual(ran[0]!.json());
    }
    expect(await rows(family.table)).toBe(before + 1);
  });

  it("runs the request anew once its key has expired", async () => {
    const s = await family.scenario();
    const key = randomUUID();
    const first = await s.caller.post(s.url, s.body, key);
    expect(first.statusCode).toBe(family.status);
    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(idempotencyKeys.scope, `user:${s.caller.userId}`), eq(idempotencyKeys.key, key)));
    const before = await rows(family.table);
    const again = await s.caller.post(s.url, s.body, key);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    if (family.repeatable) {
      expect(again.statusCode).toBe(family.status);
      expect(again.json().data.id).not.toBe(first.json().data.id);
      expect(await rows(family.table)).toBe(before + 1);
    } else {
      // It ran: the business rule that forbids doing it twice answers, not the stored 2xx.
      expect(again.statusCode).toBe(409);
      expect(again.json().error).not.toMatch(/^IDEMPOTENCY_/);
      expect(await rows(family.table)).toBe(before);
    }
    // The new answer is the one kept from now on.
    await expectReplayOf(s, key, again);
  });

  it("lets the key go after a server error, so the retry runs and creates once", async () => {
    const s = await family.scenario();
    const key = randomUUID();
    const before = await written(family.table);
    const failed = await breakInserts(family.table, () => s.caller.post(s.url, s.body, key));
    expect(failed.statusCode).toBe(500);
    expect(await keysOf(s.caller.userId)).toEqual([]);
    expect((await written(family.table)).records).toBe(before.records);
    const retry = await s.caller.post(s.url, s.body, key);
    expect(retry.statusCode).toBe(family.status);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await rows(family.table)).toBe(before.records + 1);
    await expectReplayOf(s, key, retry);
    expect(await rows(family.table)).toBe(before.records + 1);
  });

  it("stores nothing for a request that fails validation, so it can be corrected under the same key", async () => {
    const s = await family.scenario();
    const key = randomUUID();
    const invalid = await s.caller.post(s.url, { ...s.body, unexpected: true }, key);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: "VALIDATION_ERROR", field: "unexpected" });
    expect(await keysOf(s.caller.userId)).toEqual([]);
    const corrected = await s.caller.post(s.url, s.body, key);
    expect(corrected.statusCode).toBe(family.status);
    expect(corrected.headers["idempotent-replayed"]).toBeUndefined();
    await expectReplayOf(s, key, corrected);
  });
});

describe("Idempotency-Key: the rules around the families", () => {
  it("still creates on every call without the header", async () => {
    const { caller } = await customer("admin");
    const body = { first_name: "Greta", last_name: "Wareneingang" };
    const before = await rows(companyContacts);
    for (let i = 0; i < 2; i++)
      expect((await caller.post("/api/company/contacts", body)).statusCode).toBe(201);
    expect(await rows(companyContacts)).toBe(before + 2);
  });

  it("refuses a key used on another route with 422, even with the same body", async () => {
    const { caller } = await customer("admin");
    const key = randomUUID();
    const body = { first_name: "Greta", last_name: "Wareneingang" };
    expect((await caller.post("/api/company/contacts", body, key)).statusCode).toBe(201);
    const before = await written(companyAddresses);
    const elsewhere = await caller.post(
      "/api/company/addresses",
      { label: "Lab", street: "Am Wall 3", postal_code: "28195", city: "Bremen", country: "DE" },
      key,
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await written(companyAddresses)).toEqual(before);
  });

  it("replays a final client error too, as the answer the request got", async () => {
    const { caller } = await customer("finance");
    const key = randomUUID();
    const body = { invoice_id: MISSING_ID, method: "bank_transfer" };
    const first = await caller.post("/api/payments/charge", body, key);
    expect(first.statusCode).toBe(404);
    const retry = await caller.post("/api/payments/charge", body, key);
    expect(retry.statusCode).toBe(404);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
  });

  it("accepts the IETF draft's quoted form as the same key as the bare one", async () => {
    expect(parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe(
      "8e03978e-40d5-43e8-bc93-6894a57f9324",
    );
    const { caller } = await customer("admin");
    const body = { first_name: "Greta", last_name: "Wareneingang" };
    const first = await caller.post("/api/company/contacts", body, '"order-form-7"');
    const retry = await caller.post("/api/company/contacts", body, "order-form-7");
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
  });

  it("answers 409 with Retry-After while the first request still runs, and takes over a dead one", async () => {
    const { caller } = await customer("admin");
    const key = randomUUID();
    const body = { first_name: "Greta", last_name: "Wareneingang" };
    const ref = {
      scope: `user:${caller.userId}`,
      key,
      route: "POST /api/company/contacts",
      requestHash: requestFingerprint({ params: {}, query: {}, body }),
    };
    // The first request holds the key and has not answered yet.
    expect(await claimKey(db(), { ...ref, ttlMs: 60_000, leaseMs: IDEMPOTENCY_LEASE_MS })).toBe(true);
    const before = await rows(companyContacts);
    const busy = await caller.post("/api/company/contacts", body, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers["retry-after"]).toBe("1");
    expect(busy.json()).toMatchObject({ error: "IDEMPOTENCY_KEY_IN_USE", field: "Idempotency-Key" });
    expect(await rows(companyContacts)).toBe(before);

    // Past its lease the first request is taken for dead (its instance crashed): the retry runs.
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const retry = await caller.post("/api/company/contacts", body, key);
    expect(retry.statusCode).toBe(201);
    expect(await rows(companyContacts)).toBe(before + 1);
  });

  it("removes expired keys as new ones are claimed, a bounded batch at a time", async () => {
    const { caller } = await customer("admin");
    const stale = Array.from({ length: 150 }, (_, i) => ({
      scope: "user:gone",
      key: `stale-${i}`,
      route: "POST /api/company/contacts",
      requestHash: "x",
      statusCode: 201,
      responseBody: {},
      expiresAt: new Date(Date.now() - 60_000),
    }));
    await db().insert(idempotencyKeys).values(stale);
    const body = { first_name: "Greta", last_name: "Wareneingang" };
    expect((await caller.post("/api/company/contacts", body, randomUUID())).statusCode).toBe(201);
    const left = async () =>
      (
        await db().select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.scope, "user:gone"))
      )[0]!.n;
    expect(await left()).toBe(50);
    expect((await caller.post("/api/company/contacts", body, randomUUID())).statusCode).toBe(201);
    expect(await left()).toBe(0);
  });

  it("declares the optional header and the 409/422 answers in OpenAPI on opted-in routes only", async () => {
    const doc = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const quoteRequest = doc.paths["/api/quotes"].post;
    const header = quoteRequest.parameters.find((p: { name: string }) => p.name === "idempotency-key");
    expect(header).toMatchObject({ in: "header", required: false });
    expect(Object.keys(quoteRequest.responses)).toEqual(expect.arrayContaining(["201", "409", "422"]));
    const decline = doc.paths["/api/quotes/{id}/decline"].post;
    expect(JSON.stringify(decline.parameters ?? [])).not.toContain("idempotency-key");
  });
});
