import { describe, expect, it } from "vitest";
import { siteConfig } from "@ems/config/site";
import {
  createCompany,
  createCompanyAddress,
  createPcbSpec,
  createSession,
  createUser,
  type CompanyRole,
} from "@ems/db/factories";
import { createDeliveryNote, createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { createQuote } from "@ems/db/quote-factories";
import { useTestApp } from "../../test/test-app.ts";
import { monthlySeries, orderProgress } from "./desk-service.ts";

const t = useTestApp();
const db = () => t().db.db;

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
const now = new Date();
/** The 15th of the month `offset` months from now (UTC), well inside that month. */
const inMonth = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 15, 12));
const monthOf = (offset: number) => inMonth(offset).toISOString().slice(0, 7);
const WINDOW = Array.from({ length: 12 }, (_, i) => monthOf(i - 11));

async function signIn(companyId: string, companyRole: CompanyRole) {
  const user = await createUser(db(), { companyId, companyRole });
  const { token } = await createSession(db(), { userId: user.id });
  return (url = "/api/desk") =>
    t().app.inject({ method: "GET", url, headers: { cookie: `session=${token}` } });
}

interface Desk {
  counts: Record<string, number | null>;
  open_quotes: { id: string; status: string; valid_until: string | null }[];
  orders_in_production: { id: string; progress_percent: number; current_stage: string | null }[];
  recent_deliveries: { id: string; order_number: string }[];
  unpaid_invoices: { id: string; overdue: boolean; due_on: string }[] | null;
  unpaid_total: { currency: string; amount_minor: number }[] | null;
  monthly: { month: string; currency: string; ordered_minor: number; invoiced_minor: number | null }[];
  onboarding: Record<string, boolean>;
}

/** Rows of every kind for a company: what its desk must show, and what another company's must not. */
async function business(companyId: string) {
  const { quote: openLater } = await createQuote(db(), { companyId, status: "Open", validUntil: day(10) });
  const { quote: openSoon } = await createQuote(db(), { companyId, status: "Open", validUntil: day(2) });
  const { quote: working } = await createQuote(db(), { companyId, status: "In Progress" });
  for (const status of ["Draft", "Ordered", "Expired", "Declined"] as const)
    await createQuote(db(), { companyId, status });

  const producing = await createSalesOrder(db(), {
    companyId,
    status: "in_production",
    deliveryDate: day(9),
    totalMinor: 100_000,
    createdAt: inMonth(0),
    lines: [{}, {}],
    stages: ["material_procurement", "smt", "tht"],
    stagePercents: { material_procurement: 100, smt: 40 },
  });
  const confirmed = await createSalesOrder(db(), {
    companyId,
    status: "confirmed",
    deliveryDate: day(20),
    totalMinor: 50_000,
    createdAt: inMonth(-2),
    stages: [],
  });
  const packed = await createSalesOrder(db(), {
    companyId,
    status: "in_production",
    deliveryDate: day(3),
    totalMinor: 7_000,
    createdAt: inMonth(-11),
    stages: ["testing", "packing"],
    stagePercents: { testing: 100, packing: 100 },
  });
  const shipped = await createSalesOrder(db(), {
    companyId,
    status: "shipped",
    totalMinor: 30_000,
    createdAt: inMonth(-12),
  });
  await createSalesOrder(db(), {
    companyId,
    status: "cancelled",
    totalMinor: 999_999,
    createdAt: inMonth(0),
  });

  const recent = await createDeliveryNote(db(), {
    orderId: shipped.order.id,
    shippedAt: ago(2),
    trackingNumber: "JD014600006281230000",
  });
  const older = await createDeliveryNote(db(), { orderId: shipped.order.id, shippedAt: ago(10) });
  const old = await createDeliveryNote(db(), { orderId: shipped.order.id, shippedAt: ago(40) });

  const overdue = await createInvoice(db(), {
    orderId: shipped.order.id,
    totalMinor: 11_900,
    issuedOn: inMonth(-3).toISOString().slice(0, 10),
    dueOn: day(-1),
  });
  const dueToday = await createInvoice(db(), {
    orderId: producing.order.id,
    totalMinor: 23_800,
    issuedOn: day(0),
    dueOn: day(0),
  });
  const dollars = await createInvoice(db(), {
    orderId: producing.order.id,
    currency: "USD",
    totalMinor: 5_000,
    issuedOn: day(0),
    dueOn: day(20),
  });
  await createInvoice(db(), {
    orderId: shipped.order.id,
    status: "paid",
    totalMinor: 1_000,
    issuedOn: day(0),
    dueOn: day(-5),
  });
  return {
    openLater,
    openSoon,
    working,
    producing,
    confirmed,
    packed,
    shipped,
    recent,
    older,
    old,
    overdue,
    dueToday,
    dollars,
  };
}

describe("desk", () => {
  it("shows an empty desk with a year of zeros", async () => {
    const company = await createCompany(db());
    const desk = (await (await signIn(company.id, "viewer"))()).json().data as Desk;
    expect(desk).toMatchObject({
      counts: {
        open_quotes: 0,
        quotes_in_progress: 0,
        orders_in_production: 0,
        deliveries_last_30_days: 0,
        unpaid_invoices: 0,
        overdue_invoices: 0,
      },
      open_quotes: [],
      orders_in_production: [],
      recent_deliveries: [],
      unpaid_invoices: [],
      unpaid_total: [],
    });
    expect(desk.monthly).toEqual(
      WINDOW.map((month) => ({
        month,
        currency: siteConfig.legal.defaultCurrency,
        ordered_minor: 0,
        invoiced_minor: 0,
      })),
    );
  });

  it("answers a new customer's first steps from the company's data, not another company's", async () => {
    const company = await createCompany(db());
    const other = await createCompany(db());
    const admin = await createUser(db(), { companyId: company.id });
    const first = await createSession(db(), { userId: admin.id, createdAt: new Date(Date.now() - 60_000) });
    const get = async (token: string) =>
      (
        await t().app.inject({ method: "GET", url: "/api/desk", headers: { cookie: `session=${token}` } })
      ).json().data.onboarding as Record<string, boolean>;
    // Another company's rows tick nothing here.
    await createCompanyAddress(db(), { companyId: other.id });
    await createUser(db(), { companyId: other.id });
    await createPcbSpec(db(), { companyId: other.id });
    await createQuote(db(), { companyId: other.id, status: "In Progress" });
    expect(await get(first.token)).toEqual({
      first_visit: true,
      address: false,
      colleagues: false,
      first_request: false,
    });

    await createCompanyAddress(db(), { companyId: company.id });
    await createUser(db(), { companyId: company.id, companyRole: "buyer", membershipStatus: "invited" });
    await createPcbSpec(db(), { companyId: company.id, spec: { archivedAt: new Date() } });
    expect(await get(first.token)).toEqual({
      first_visit: true,
      address: true,
      colleagues: true,
      first_request: true,
    });

    // A later session of the same user is a return visit; the first stays the first.
    const second = await createSession(db(), { userId: admin.id });
    expect((await get(second.token)).first_visit).toBe(false);
    expect((await get(first.token)).first_visit).toBe(true);
  });

  it("ticks the first step for a quote request alone", async () => {
    const company = await createCompany(db());
    await createQuote(db(), { companyId: company.id, status: "In Progress" });
    const desk = (await (await signIn(company.id, "buyer"))()).json().data as Desk;
    expect(desk.onboarding).toMatchObject({ first_request: true, colleagues: false });
  });

  it("counts and lists the caller's company only", async () => {
    const company = await createCompany(db(), { name: "Alpha Sensors GmbH" });
    const other = await createCompany(db(), { name: "Beta Drives SRL" });
    const mine = await business(company.id);
    const theirs = await business(other.id);
    const res = await (await signIn(company.id, "admin"))();
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const desk = res.json().data as Desk;

    expect(desk.counts).toEqual({
      open_quotes: 2,
      quotes_in_progress: 1,
      orders_in_production: 3,
      deliveries_last_30_days: 2,
      unpaid_invoices: 3,
      overdue_invoices: 1,
      open_queries: 0,
    });
    expect(desk.open_quotes.map((q) => q.id)).toEqual([mine.openSoon.id, mine.openLater.id, mine.working.id]);
    expect(desk.open_quotes[0]).toMatchObject({ status: "Open", valid_until: day(2) });
    expect(desk.open_quotes[2]).toMatchObject({ status: "In Progress", valid_until: null });

    expect(desk.orders_in_production).toEqual([
      expect.objectContaining({ id: mine.packed.order.id, progress_percent: 100, current_stage: "packing" }),
      {
        id: mine.producing.order.id,
        number: mine.producing.order.number,
        po_number: mine.producing.order.poNumber,
        progress_percent: 47,
        current_stage: "smt",
        delivery_date: day(9),
      },
      expect.objectContaining({ id: mine.confirmed.order.id, progress_percent: 0, current_stage: null }),
    ]);

    expect(desk.recent_deliveries.map((d) => d.id)).toEqual([mine.recent.id, mine.older.id, mine.old.id]);
    expect(desk.recent_deliveries[0]).toMatchObject({
      order_number: mine.shipped.order.number,
      carrier: "DHL Express",
      tracking_number: "JD014600006281230000",
    });

    expect(desk.unpaid_invoices).toEqual([
      expect.objectContaining({ id: mine.overdue.id, overdue: true, total_minor: 11_900, currency: "EUR" }),
      expect.objectContaining({ id: mine.dueToday.id, overdue: false, due_on: day(0) }),
      expect.objectContaining({ id: mine.dollars.id, overdue: false, currency: "USD" }),
    ]);
    expect(desk.unpaid_total).toEqual([
      { currency: "EUR", amount_minor: 35_700 },
      { currency: "USD", amount_minor: 5_000 },
    ]);

    const ids = JSON.stringify(desk);
    for (const row of [
      theirs.openSoon,
      theirs.working,
      theirs.producing.order,
      theirs.recent,
      theirs.overdue,
      theirs.dollars,
    ])
      expect(ids).not.toContain(row.id);
  });

  it("sums a year of orders and invoices per month and currency, oldest month first", async () => {
    const company = await createCompany(db());
    await business(company.id);
    await business((await createCompany(db())).id);
    const desk = (await (await signIn(company.id, "finance"))()).json().data as Desk;
    const eur = desk.monthly.filter((m) => m.currency === "EUR");
    const usd = desk.monthly.filter((m) => m.currency === "USD");
    expect(desk.monthly).toHaveLength(24);
    expect(desk.monthly.slice(0, 12)).toEqual(eur);
    expect(eur.map((m) => m.month)).toEqual(WINDOW);
    expect(usd.map((m) => m.month)).toEqual(WINDOW);
    // Orders by month placed: this month 100,000 (the cancelled one does not count), two months ago
    // 50,000, eleven months ago 7,000; the order of twelve months ago is outside the window.
    expect(eur.map((m) => m.ordered_minor)).toEqual([7_000, 0, 0, 0, 0, 0, 0, 0, 0, 50_000, 0, 100_000]);
    // Invoices by month issued: 11,900 three months ago; 23,800 + 1,000 (paid counts too) this month.
    expect(eur.map((m) => m.invoiced_minor)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 11_900, 0, 0, 24_800]);
    expect(usd.map((m) => m.ordered_minor)).toEqual(Array(12).fill(0));
    expect(usd.at(-1)!.invoiced_minor).toBe(5_000);
  });

  it("gives engineers no invoice figures at all", async () => {
    const company = await createCompany(db());
    const mine = await business(company.id);
    const desk = (await (await signIn(company.id, "engineer"))()).json().data as Desk;
    expect(desk.counts).toMatchObject({ open_quotes: 2, unpaid_invoices: null, overdue_invoices: null });
    expect(desk.unpaid_invoices).toBeNull();
    expect(desk.unpaid_total).toBeNull();
    // Only order currencies: the USD series existed only through an invoice.
    expect(desk.monthly).toHaveLength(12);
    expect(desk.monthly.every((m) => m.invoiced_minor === null && m.currency === "EUR")).toBe(true);
    expect(desk.monthly.at(-1)!.ordered_minor).toBe(100_000);
    expect(JSON.stringify(desk)).not.toContain(mine.overdue.id);
  });

  it("shows at most five rows per section while counting all", async () => {
    const company = await createCompany(db());
    const { order } = await createSalesOrder(db(), { companyId: company.id, status: "shipped" });
    for (let i = 0; i < 7; i++) {
      await createQuote(db(), { companyId: company.id, status: "Open", validUntil: day(i + 1) });
      await createDeliveryNote(db(), { orderId: order.id, shippedAt: ago(i) });
      await createInvoice(db(), { orderId: order.id, dueOn: day(i - 3) });
      await createSalesOrder(db(), { companyId: company.id, status: "confirmed", deliveryDate: day(i + 5) });
    }
    const desk = (await (await signIn(company.id, "buyer"))()).json().data as Desk;
    expect(desk.counts).toMatchObject({
      open_quotes: 7,
      orders_in_production: 7,
      deliveries_last_30_days: 7,
      unpaid_invoices: 7,
      overdue_invoices: 3,
    });
    for (const section of [
      desk.open_quotes,
      desk.orders_in_production,
      desk.recent_deliveries,
      desk.unpaid_invoices,
    ])
      expect(section).toHaveLength(5);
    expect(desk.open_quotes.map((q) => q.valid_until)).toEqual([1, 2, 3, 4, 5].map(day));
    expect(desk.unpaid_invoices!.map((i) => i.overdue)).toEqual([true, true, true, false, false]);
  });

  it("is open to every company role, not to staff or visitors, and takes no query", async () => {
    const company = await createCompany(db());
    for (const role of ["admin", "buyer", "engineer", "finance", "viewer"] as const) {
      expect((await (await signIn(company.id, role))()).statusCode, role).toBe(200);
    }
    const bad = await (await signIn(company.id, "admin"))("/api/desk?company_id=x");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("company_id");
    const operator = await createCompany(db(), { isOperator: true });
    const staff = await createUser(db(), { companyId: operator.id, role: "staff" });
    const { token } = await createSession(db(), { userId: staff.id });
    const res = await t().app.inject({
      method: "GET",
      url: "/api/desk",
      headers: { cookie: `session=${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect((await t().app.inject({ method: "GET", url: "/api/desk" })).statusCode).toBe(401);
  });
});

describe("desk figures", () => {
  it("summarises production: mean percent, first unfinished stage, last stage when all are done", () => {
    expect(orderProgress([])).toEqual({ percent: 0, current: null });
    expect(
      orderProgress([
        { stage: "smt", percent: 100 },
        { stage: "material_procurement", percent: 100 },
        { stage: "inspection", percent: 10 },
        { stage: "tht", percent: 60 },
      ]),
    ).toEqual({ percent: 68, current: "tht" });
    expect(
      orderProgress([
        { stage: "shipped", percent: 100 },
        { stage: "packing", percent: 100 },
      ]),
    ).toEqual({ percent: 100, current: "shipped" });
  });

  it("fills the months of every currency and falls back to the default currency", () => {
    const months = ["2026-01", "2026-02"];
    expect(monthlySeries(months, [], null)).toEqual([
      { month: "2026-01", currency: "EUR", ordered_minor: 0, invoiced_minor: null },
      { month: "2026-02", currency: "EUR", ordered_minor: 0, invoiced_minor: null },
    ]);
    expect(
      monthlySeries(
        months,
        [{ month: "2026-02", currency: "SEK", amountMinor: 5 }],
        [{ month: "2026-01", currency: "DKK", amountMinor: 7 }],
      ),
    ).toEqual([
      { month: "2026-01", currency: "DKK", ordered_minor: 0, invoiced_minor: 7 },
      { month: "2026-02", currency: "DKK", ordered_minor: 0, invoiced_minor: 0 },
      { month: "2026-01", currency: "SEK", ordered_minor: 0, invoiced_minor: 0 },
      { month: "2026-02", currency: "SEK", ordered_minor: 5, invoiced_minor: 0 },
    ]);
  });
});
