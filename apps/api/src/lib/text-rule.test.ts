import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ERROR_CODES } from "@ems/contracts/errors";
import { createCompany, createSession, createUser } from "@ems/db/factories";
import { createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { createQuote } from "@ems/db/quote-factories";
import { companies, quotes } from "@ems/db/schema";
import { solvedCaptcha } from "../test/captcha.ts";
import { fingerprint } from "../test/fingerprint.ts";
import { useTestApp } from "../test/test-app.ts";

/**
 * Issue 15 point 5 end to end: a body that the endpoint accepts becomes a 400 naming the field once
 * one of its texts holds a control character, and nothing is written anywhere. Before the text rule
 * a NUL reached PostgreSQL (500, with the SQL and the value in the log) and a BEL or ESC was stored.
 */

const t = useTestApp({ RATE_LIMIT_MAX: "1000000", CONTACT_TO: "sales@operator.example" });
const db = () => t().db.db;

const HOSTILE = ["\u0000", "\u0007", "\u001b"];
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

type Who = "customer" | "staff" | "visitor";
type Body = Record<string, unknown>;

interface Case {
  name: string;
  who: Who;
  method: "POST" | "PUT";
  url: () => string;
  /** A body the endpoint accepts (built fresh: unique e-mails, a new captcha). */
  body: () => Promise<Body> | Body;
  /** The text to spoil, as the API names it. */
  field: string;
}

let tokens: Record<Exclude<Who, "visitor">, string>;
let fixtures: {
  companyId: string;
  orderId: string;
  orderLineId: string;
  invoiceId: string;
  quoteIds: string[];
};
let n = 0;

beforeAll(async () => {
  const company = await createCompany(db(), { name: "Alpha Sensors GmbH", country: "DE" });
  const admin = await createUser(db(), { companyId: company.id, companyRole: "admin" });
  const operator = await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true });
  const staff = await createUser(db(), { companyId: operator.id, role: "staff_admin" });
  tokens = {
    customer: (await createSession(db(), { userId: admin.id })).token,
    staff: (await createSession(db(), { userId: staff.id })).token,
  };
  const { order, lines } = await createSalesOrder(db(), { companyId: company.id });
  const invoice = await createInvoice(db(), { orderId: order.id });
  const open = [
    await createQuote(db(), { companyId: company.id }),
    await createQuote(db(), { companyId: company.id }),
  ];
  fixtures = {
    companyId: company.id,
    orderId: order.id,
    orderLineId: lines[0]!.id,
    invoiceId: invoice.id,
    quoteIds: open.map((q) => q.quote.id),
  };
});

function call(who: Who, method: "GET" | "POST" | "PUT", url: string, body?: unknown) {
  return t().app.inject({
    method,
    url,
    headers: who === "visitor" ? {} : { cookie: `session=${tokens[who]}` },
    ...(body === undefined ? {} : { payload: body as Body }),
  });
}

/** The body with `insert` put into the middle of the text at `field` (`lines.0.description`). */
function spoil(body: Body, field: string, insert: string): Body {
  const copy = structuredClone(body);
  const keys = field.split(".");
  let holder = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  const text = holder[last];
  if (typeof text !== "string" || text.length < 2) throw new Error(`no text at ${field}`);
  holder[last] = text.slice(0, 2) + insert + text.slice(2);
  return copy;
}

const quoteRequest = (): Body => ({
  title: "Motor controller MC-4",
  customer_reference: "PO-2027-118",
  notes: "Lead-free, IPC class 2.\nPanels of four.",
  lines: [{ category: "assemblies", description: "Motor controller, 4 layers", quantities: [100, 500] }],
});

const CASES: Case[] = [
  {
    name: "company details",
    who: "customer",
    method: "PUT",
    url: () => "/api/company",
    body: () => ({ name: "Alpha Sensors GmbH", country: "DE", website: "https://alpha.example" }),
    field: "name",
  },
  {
    name: "company address",
    who: "customer",
    method: "POST",
    url: () => "/api/company/addresses",
    body: () => ({
      label: "Plant 2",
      street: "Hauptstraße 1",
      postal_code: "80331",
      city: "München",
      country: "DE",
    }),
    field: "city",
  },
  {
    name: "company contact",
    who: "customer",
    method: "POST",
    url: () => "/api/company/contacts",
    body: () => ({ first_name: "Jonas", last_name: "Weber", position: "Purchasing" }),
    field: "position",
  },
  {
    name: "user invitation",
    who: "customer",
    method: "POST",
    url: () => "/api/company/users",
    body: () => ({
      email: `lena.${++n}@alpha.example`,
      first_name: "Lena",
      last_name: "Kraus",
      role: "buyer",
      language: "de",
    }),
    field: "last_name",
  },
  {
    name: "profile",
    who: "customer",
    method: "POST",
    url: () => "/api/profile/update",
    body: () => ({ first_name: "Annika" }),
    field: "first_name",
  },
  {
    name: "quote request line",
    who: "customer",
    method: "POST",
    url: () => "/api/quotes",
    body: quoteRequest,
    field: "lines.0.description",
  },
  {
    name: "quote request notes (multi-line)",
    who: "customer",
    method: "POST",
    url: () => "/api/quotes",
    body: quoteRequest,
    field: "notes",
  },
  {
    name: "quote decline",
    who: "customer",
    method: "POST",
    url: () => `/api/quotes/${fixtures.quoteIds.pop()}/decline`,
    body: () => ({ reason: "The lead time is too long for our launch." }),
    field: "reason",
  },
  {
    name: "contract request",
    who: "customer",
    method: "POST",
    url: () => "/api/contracts",
    body: () => ({
      kind: "nda",
      title: "Mutual NDA 2027",
      starts_on: day(10),
      currency: "EUR",
      terms: "1. Both parties keep drawings confidential.\n2. Five years.",
    }),
    field: "terms",
  },
  {
    name: "material request",
    who: "customer",
    method: "POST",
    url: () => "/api/material-requests",
    body: () => ({
      order_id: fixtures.orderId,
      expected_on: day(3),
      carrier: "DHL Express",
      notes: "Two reels.",
      lines: [{ mpn: "STM32F103C8T6", quantity: 250, packaging: "reel" }],
    }),
    field: "lines.0.mpn",
  },
  {
    name: "staff quote",
    who: "staff",
    method: "POST",
    url: () => "/api/staff/quotes",
    body: () => ({
      company_id: fixtures.companyId,
      title: "Sensor board SB-2",
      currency: "EUR",
      valid_until: day(30),
      lines: [
        {
          category: "assemblies",
          description: "Sensor board, 2 layers",
          lead_time_days: 15,
          engineering_cost_minor: 0,
          tiers: [{ quantity: 100, unit_price_minor: 1250 }],
        },
      ],
    }),
    field: "lines.0.description",
  },
  {
    name: "holiday",
    who: "staff",
    method: "POST",
    url: () => "/api/staff/holidays",
    body: () => ({ date: `20${40 + ++n}-12-25`, name: "Christmas Day" }),
    field: "name",
  },
  {
    name: "parcel service",
    who: "staff",
    method: "POST",
    url: () => "/api/staff/parcel-services",
    body: () => ({
      name: "Paket",
      carrier: "DHL",
      price_minor: 590,
      currency: "EUR",
      transit_days: 2,
      active: true,
    }),
    field: "carrier",
  },
  {
    name: "delivery note",
    who: "staff",
    method: "POST",
    url: () => "/api/staff/deliveries",
    body: () => ({
      order_id: fixtures.orderId,
      carrier: "DHL Express",
      lines: [{ order_line_id: fixtures.orderLineId, quantity: 1 }],
    }),
    field: "carrier",
  },
  {
    name: "payment record",
    who: "staff",
    method: "POST",
    url: () => `/api/staff/invoices/${fixtures.invoiceId}/payments`,
    body: () => ({
      amount_minor: 1000,
      currency: "EUR",
      paid_on: new Date().toISOString().slice(0, 10),
      method: "bank_transfer",
      reference: "BANK-2027-0042",
    }),
    field: "reference",
  },
  {
    name: "registration",
    who: "visitor",
    method: "POST",
    url: () => "/api/register",
    body: async () => ({
      company: { name: "Nordlicht Sensorik GmbH", country: "DE", website: "https://nordlicht.example" },
      contact: { first_name: "Ana", last_name: "Ionescu", email: `ana.${++n}@nordlicht.example` },
      password: "a long and unusual passphrase 42",
      language: "ro",
      captcha: await solvedCaptcha(t().app),
      accept_terms: true,
    }),
    field: "company.name",
  },
  {
    name: "contact form",
    who: "visitor",
    method: "POST",
    url: () => "/api/contact",
    body: async () => ({
      name: "Ana Popescu",
      email: "ana@carpathian.example",
      message: "We need 500 assembled boards of a motor controller by March.\nCan you quote?",
      language: "ro",
      captcha: await solvedCaptcha(t().app),
    }),
    field: "message",
  },
];

describe("control characters in the texts of every kind of form", () => {
  for (const c of CASES) {
    it(`${c.name}: 400 naming ${c.field}, nothing written; the clean body is accepted`, async () => {
      const url = c.url();
      for (const bad of HOSTILE) {
        const body = spoil(await c.body(), c.field, bad);
        const before = await fingerprint(db());
        const res = await call(c.who, c.method, url, body);
        const label = `U+${bad.charCodeAt(0).toString(16).padStart(4, "0")}`;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json(), label).toMatchObject({
          data: null,
          error: ERROR_CODES.validation,
          field: c.field,
        });
        expect(await fingerprint(db()), label).toEqual(before);
      }
      const clean = await call(c.who, c.method, url, await c.body());
      expect(clean.statusCode, clean.body).toBeGreaterThanOrEqual(200);
      expect(clean.statusCode, clean.body).toBeLessThan(300);
    });
  }

  it("refuses line breaks and tabs in one-line texts and keeps them in multi-line ones", async () => {
    for (const breakChar of ["\n", "\r", "\t"]) {
      const before = await fingerprint(db());
      const res = await call("customer", "PUT", "/api/company", {
        name: `Alpha${breakChar}Sensors`,
        country: "DE",
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: ERROR_CODES.validation, field: "name" });
      expect(await fingerprint(db())).toEqual(before);
    }
    const notes = "Lead-free.\r\n\tPanels of four.\nX-outs allowed.";
    const res = await call("customer", "POST", "/api/quotes", { ...quoteRequest(), notes });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await db()
      .select({ notes: quotes.requestNotes })
      .from(quotes)
      .where(eq(quotes.id, res.json().data.id as string));
    expect(stored?.notes).toBe(notes);
  });

  it("refuses a lone surrogate instead of letting the driver store U+FFFD", async () => {
    const before = await fingerprint(db());
    const res = await t().app.inject({
      method: "PUT",
      url: "/api/company",
      headers: { cookie: `session=${tokens.customer}`, "content-type": "application/json" },
      payload: '{"name":"Alpha \\ud800 Sensors","country":"DE"}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: ERROR_CODES.validation, field: "name" });
    expect(await fingerprint(db())).toEqual(before);
  });
});

describe("web addresses (issue 15 point 6)", () => {
  const HOSTILE_URLS = [
    "javascript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://files.alpha.example",
    "//alpha.example",
    "http:/alpha.example",
    "http:\\\\alpha.example",
    "https://",
    "alpha",
    "https://bank.example@evil.example",
  ];

  it("the company's website takes only http(s) addresses and writes nothing otherwise", async () => {
    const details = { name: "Alpha Sensors GmbH", country: "DE" };
    for (const website of HOSTILE_URLS) {
      const before = await fingerprint(db());
      const res = await call("customer", "PUT", "/api/company", { ...details, website });
      expect(res.statusCode, `${website}: ${res.body}`).toBe(400);
      expect(res.json(), website).toMatchObject({ error: ERROR_CODES.validation, field: "website" });
      expect(await fingerprint(db()), website).toEqual(before);
    }
    for (const website of ["http://alpha.example", "https://www.alpha.example/de/?ref=portal"]) {
      const res = await call("customer", "PUT", "/api/company", { ...details, website });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await db()
        .select({ website: companies.website })
        .from(companies)
        .where(eq(companies.id, fixtures.companyId));
      expect(row?.website).toBe(website);
    }
    // A bare domain is what people type; it is stored as the https address (issue 20 point 5).
    const bare = await call("customer", "PUT", "/api/company", { ...details, website: "alpha.example" });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data.website).toBe("https://alpha.example");
    const cleared = await call("customer", "PUT", "/api/company", { ...details, website: "" });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await call("customer", "GET", "/api/company")).json().data.website).toBeNull();
  });

  it("registration takes only http(s) addresses for the company's website", async () => {
    const registration = async (website: string) => ({
      company: { name: "Nordlicht Sensorik GmbH", country: "DE", website },
      contact: { first_name: "Ana", last_name: "Ionescu", email: `ana.${++n}@nordlicht.example` },
      password: "a long and unusual passphrase 42",
      language: "ro",
      captcha: await solvedCaptcha(t().app),
      accept_terms: true,
    });
    for (const website of HOSTILE_URLS) {
      const body = await registration(website);
      const before = await fingerprint(db());
      const res = await call("visitor", "POST", "/api/register", body);
      expect(res.statusCode, `${website}: ${res.body}`).toBe(400);
      expect(res.json(), website).toMatchObject({ error: ERROR_CODES.validation, field: "company.website" });
      expect(await fingerprint(db()), website).toEqual(before);
    }
    const res = await call(
      "visitor",
      "POST",
      "/api/register",
      await registration("https://nordlicht.example"),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});
