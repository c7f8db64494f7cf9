import { formatMoney } from "@ems/i18n/format";
import { describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";

import { DEFAULT_STAGE_SETS } from "@ems/contracts/orders";
import { addCalendarDays, addWorkingDays, todayIso } from "@ems/contracts/reference";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createHoliday, createQuote } from "@ems/db/quote-factories";
import {
  activityLog,
  companyAddresses,
  holidays,
  quoteLines,
  quotes,
  salesOrderLines,
  salesOrders,
  workOrderStages,
} from "@ems/db/schema";
import { TERMS_VERSION, documentTexts } from "../documents/document-texts.ts";
import { quoteTestKit } from "../quotes/quote-test-helpers.ts";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL: "https://portal.example.test" });
const kit = quoteTestKit(t);
const db = () => t().db.db;
const year = new Date().getUTCFullYear();

/** A customer company with an Open quote of three lines and an active parcel service. */
async function setup() {
  const { company, admin, address } = await kit.customerCompany();
  const parcel = await kit.parcelService({ priceMinor: 1_499 });
  const { quote, lines } = await kit.openQuote({
    companyId: company.id,
    taxRateBp: 1900,
    lines: [
      {
        leadTimeDays: 10,
        engineeringCostMinor: 25_000,
        tiers: [
          { quantity: 10, unit_price_minor: 1_255 },
          { quantity: 100, unit_price_minor: 999 },
        ],
      },
      {
        category: "pcb",
        leadTimeDays: 20,
        engineeringCostMinor: 0,
        tiers: [{ quantity: 3, unit_price_minor: 333 }],
      },
      { leadTimeDays: 5, engineeringCostMinor: 1_234, tiers: [{ quantity: 50, unit_price_minor: 77 }] },
    ],
  });
  return { company, admin, address, parcel, quote, lines };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const body = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  quote_id: s.quote.id,
  lines: [
    { line_id: s.lines[0]!.id, quantity: 100 },
    { line_id: s.lines[1]!.id, quantity: 3 },
    { line_id: s.lines[2]!.id, quantity: 50 },
  ],
  po_number: "PO-4711",
  billing_address_id: s.address.id,
  shipping_address_id: s.address.id,
  parcel_service_id: s.parcel.id,
  terms_version: TERMS_VERSION,
  accept_terms: true,
  ...overrides,
});

async function quoteRow(id: string) {
  const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

const written = async () => [
  await kit.rows(salesOrders),
  await kit.rows(salesOrderLines),
  await kit.rows(workOrderStages),
  await kit.rows(activityLog),
];

describe("terms of sale", () => {
  it("answers the current version and texts in the caller's language to every role", async () => {
    const { company } = await kit.customerCompany();
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("GET", "/api/orders/terms");
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data).toEqual({
        version: TERMS_VERSION,
        title: documentTexts("en").t("terms.title"),
        text: documentTexts("en").t("terms.text"),
      });
    }
    const german = await kit.customer(company.id, "viewer", { language: "de" });
    expect((await german.call("GET", "/api/orders/terms")).json().data.title).toBe(
      documentTexts("de").t("terms.title"),
    );
    expect((await german.call("GET", "/api/orders/terms?x=1")).statusCode).toBe(400);
    expect((await t().app.inject({ method: "GET", url: "/api/orders/terms" })).statusCode).toBe(401);
  });
});

describe("placing an order", () => {
  it("writes the order, its lines and stages in exact minor units and confirms it by mail", async () => {
    const s = await setup();
    // A holiday on the first line's planned day moves it by one working day.
    const known = new Set((await db().select().from(holidays)).map((h) => h.date));
    await createHoliday(db(), { date: addWorkingDays(todayIso(), 10, known), name: "Works holiday" });
    known.add(addWorkingDays(todayIso(), 10, known));

    const res = await s.admin.call("POST", "/api/orders", body(s));
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json().data;
    expect(placed).toMatchObject({ quote_status: "Ordered" });
    expect(placed.order_number).toMatch(new RegExp(`^SO-${year}-\\d{5}$`));

    // Lines: 100 × 9.99 + 250.00 = 1,249.00; 3 × 3.33 = 9.99; 50 × 0.77 + 12.34 = 50.84.
    // Subtotal 1,309.83 + 14.99 shipping = 1,324.82; VAT 19 % = 251.7158 → 251.72; total 1,576.54.
    const [order] = await db().select().from(salesOrders).where(eq(salesOrders.id, placed.order_id));
    const dates = [10, 20, 5].map((days) => addWorkingDays(todayIso(), days, known));
    expect(order).toMatchObject({
      companyId: s.company.id,
      quoteId: s.quote.id,
      number: placed.order_number,
      status: "confirmed",
      poNumber: "PO-4711",
      placedByUserId: s.admin.user.id,
      parcelServiceId: s.parcel.id,
      shippingMinor: 1_499,
      currency: "EUR",
      taxRateBp: 1900,
      subtotalMinor: 132_482,
      taxMinor: 25_172,
      totalMinor: 157_654,
      termsVersion: TERMS_VERSION,
      deliveryDate: dates[1],
      billingAddress: {
        recipient: null,
        street: "Hafenstraße 12",
        street2: null,
        postal_code: "28195",
        city: "Bremen",
        region: null,
        country: "DE",
      },
    });
    expect(order!.shippingAddress).toEqual(order!.billingAddress);

    const orderLines = await db()
      .select()
      .from(salesOrderLines)
      .where(eq(salesOrderLines.orderId, placed.order_id))
      .orderBy(asc(salesOrderLines.position));
    expect(
      orderLines.map((l) => [
        l.position,
        l.quoteLineId,
        l.quantity,
        l.unitPriceMinor,
        l.amountMinor,
        l.deliveryDate,
      ]),
    ).toEqual([
      [1, s.lines[0]!.id, 100, 999, 124_900, dates[0]],
      [2, s.lines[1]!.id, 3, 333, 999, dates[1]],
      [3, s.lines[2]!.id, 50, 77, 5_084, dates[2]],
    ]);
    expect(dates[0]).not.toBe(addWorkingDays(todayIso(), 10, new Set()));

    const stages = await db()
      .select()
      .from(workOrderStages)
      .where(
        inArray(
          workOrderStages.orderLineId,
          orderLines.map((l) => l.id),
        ),
      )
      .orderBy(asc(workOrderStages.orderLineId), asc(workOrderStages.position));
    // Assemblies get the assembly stages, the bare board (line 2) only the bare-board ones.
    expect(orderLines.map((l) => l.category)).toEqual(["assemblies", "pcb", "assemblies"]);
    expect(stages).toHaveLength(9 + 5 + 9);
    for (const orderLine of orderLines) {
      const mine = stages.filter((stage) => stage.orderLineId === orderLine.id);
      const kind = orderLine.category === "pcb" ? "pcb" : "assembly";
      expect(mine.map((stage) => [stage.stage, stage.position, stage.percent, stage.plannedDate])).toEqual(
        DEFAULT_STAGE_SETS[kind].map((stage, i) => [
          stage,
          i + 1,
          0,
          stage === "shipped" ? orderLine.deliveryDate : null,
        ]),
      );
    }

    expect(await quoteRow(s.quote.id)).toMatchObject({ status: "Ordered" });
    const ordered = await db()
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, s.quote.id))
      .orderBy(asc(quoteLines.position));
    expect(ordered.map((l) => l.orderedQuantity)).toEqual([100, 3, 50]);
    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, s.company.id));
    expect(log.map((e) => e.action).sort()).toEqual(["order.placed", "quote.ordered"]);

    const [mail] = await kit.outbox(s.admin.user.email);
    expect(mail).toMatchObject({ template: "order_confirmed" });
    expect(mail!.text).toContain(placed.order_number);
    expect(mail!.text).toContain("PO-4711");
    expect(mail!.text).toContain(formatMoney(157_654, "EUR", "en"));
    expect(mail!.text).toContain(`https://portal.example.test/my/orders/${placed.order_id}`);

    const detail = (await s.admin.call("GET", `/api/quotes/${s.quote.id}`)).json().data;
    expect(detail).toMatchObject({ status: "Ordered", can_order: false, can_decline: false });
    expect(detail.lines.map((l: { ordered_quantity: number }) => l.ordered_quantity)).toEqual([100, 3, 50]);
  });

  it("orders some lines as a buyer, leaving the quote Partially Ordered", async () => {
    const s = await setup();
    const buyer = await kit.customer(s.company.id, "buyer");
    const res = await buyer.call(
      "POST",
      "/api/orders",
      body(s, { lines: [{ line_id: s.lines[1]!.id, quantity: 3 }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.quote_status).toBe("Partially Ordered");
    const [order] = await db().select().from(salesOrders).where(eq(salesOrders.id, res.json().data.order_id));
    // 9.99 + 14.99 shipping = 24.98; VAT 4.7462 → 4.75.
    expect(order).toMatchObject({ subtotalMinor: 2_498, taxMinor: 475, totalMinor: 2_973 });
    const lines = await db()
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, s.quote.id))
      .orderBy(asc(quoteLines.position));
    expect(lines.map((l) => l.orderedQuantity)).toEqual([null, 3, null]);
  });

  it("accepts the same quote once when five orders arrive at the same time", async () => {
    const s = await setup();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        s.admin.call("POST", "/api/orders", body(s, { po_number: `PO-${i}` })),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    expect(await db().select().from(salesOrders).where(eq(salesOrders.quoteId, s.quote.id))).toHaveLength(1);
    const entries = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, s.quote.id), eq(activityLog.action, "quote.ordered")));
    expect(entries).toHaveLength(1);
  });

  it("hands out consecutive order numbers within the year", async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await setup();
      numbers.push((await s.admin.call("POST", "/api/orders", body(s))).json().data.order_number);
    }
    const serial = numbers.map((n) => Number(n.split("-")[2]));
    expect(numbers.every((n) => n.startsWith(`SO-${year}-`))).toBe(true);
    expect(serial).toEqual([serial[0], serial[0]! + 1, serial[0]! + 2]);
  });
});

describe("refusing orders", () => {
  it("refuses malformed input with 400 and the field, writing nothing", async () => {
    const s = await setup();
    const other = await createQuote(db(), { companyId: s.company.id, status: "Open" });
    const line = { line_id: s.lines[0]!.id, quantity: 10 };
    const before = await written();
    for (const [payload, field] of [
      [body(s, { discount: 10 }), "discount"],
      [body(s, { accept_terms: false }), "accept_terms"],
      [body(s, { accept_terms: "true" }), "accept_terms"],
      [{ ...body(s), accept_terms: undefined }, "accept_terms"],
      [body(s, { terms_version: "2019-1" }), "terms_version"],
      [body(s, { lines: [{ line_id: s.lines[0]!.id, quantity: 11 }] }), "lines.0.quantity"],
      [body(s, { lines: [{ line_id: s.lines[0]!.id, quantity: "10" }] }), "lines.0.quantity"],
      [body(s, { lines: [line, { line_id: other.lines[0]!.id, quantity: 10 }] }), "lines.1.line_id"],
      [body(s, { lines: [line, line] }), "lines"],
      [body(s, { lines: [] }), "lines"],
      [body(s, { lines: Array.from({ length: 51 }, () => line) }), "lines"],
      [body(s, { po_number: "" }), "po_number"],
      [body(s, { po_number: "x".repeat(51) }), "po_number"],
      [body(s, { quote_id: "not-a-uuid" }), "quote_id"],
      [body(s, { billing_address_id: 7 }), "billing_address_id"],
    ] as const) {
      const res = await s.admin.call("POST", "/api/orders", payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await written()).toEqual(before);
    expect(await quoteRow(s.quote.id)).toMatchObject({ status: "Open" });
  });

  it("refuses a parcel service in another currency and an order too large to store", async () => {
    const s = await setup();
    const francs = await kit.parcelService({ currency: "CHF" });
    const before = await written();
    const res = await s.admin.call("POST", "/api/orders", body(s, { parcel_service_id: francs.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("parcel_service_id");

    const huge = await kit.openQuote({
      companyId: s.company.id,
      lines: [
        { engineeringCostMinor: 0, tiers: [{ quantity: 1_000_000, unit_price_minor: 1_999 }] },
        { engineeringCostMinor: 0, tiers: [{ quantity: 1_000_000, unit_price_minor: 1_999 }] },
      ],
    });
    const tooLarge = await s.admin.call(
      "POST",
      "/api/orders",
      body(s, {
        quote_id: huge.quote.id,
        lines: huge.lines.map((l) => ({ line_id: l.id, quantity: 1_000_000 })),
      }),
    );
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().field).toBe("lines");
    expect(await written()).toEqual(before);
  });

  it("answers 404 for another company's quote and addresses and for unknown or inactive parcel services", async () => {
    const s = await setup();
    const other = await setup();
    const inactive = await kit.parcelService({ active: false });
    const [foreignAddress] = await db()
      .select()
      .from(companyAddresses)
      .where(eq(companyAddresses.companyId, other.company.id));
    const before = await written();
    for (const overrides of [
      { quote_id: other.quote.id, lines: [{ line_id: other.lines[0]!.id, quantity: 10 }] },
      { billing_address_id: foreignAddress!.id },
      { shipping_address_id: foreignAddress!.id },
      { parcel_service_id: inactive.id },
      { parcel_service_id: "00000000-0000-4000-8000-000000000000" },
      { quote_id: "00000000-0000-4000-8000-000000000000" },
    ]) {
      const res = await s.admin.call("POST", "/api/orders", body(s, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(404);
      expect(res.json().error).toBe("NOT_FOUND");
    }
    expect(await written()).toEqual(before);
    expect((await quoteRow(other.quote.id)).status).toBe("Open");
  });

  it("lets only administrators and buyers order", async () => {
    const s = await setup();
    const before = await written();
    for (const role of ["engineer", "finance", "viewer"] as const) {
      const member = await kit.customer(s.company.id, role);
      const res = await member.call("POST", "/api/orders", body(s));
      expect(res.statusCode, role).toBe(403);
    }
    const staff = await kit.staff();
    expect((await staff.call("POST", "/api/orders", body(s))).statusCode).toBe(403);
    expect((await t().app.inject({ method: "POST", url: "/api/orders", payload: body(s) })).statusCode).toBe(
      401,
    );
    expect(await written()).toEqual(before);
  });

  it("refuses a quote past its validity, which expires, and quotes that are not Open", async () => {
    const s = await setup();
    const stale = await kit.openQuote({
      companyId: s.company.id,
      validUntil: addCalendarDays(todayIso(), -1),
    });
    const draft = await createQuote(db(), { companyId: s.company.id, status: "Draft" });
    const ordersBefore = await kit.rows(salesOrders);
    for (const q of [stale, draft]) {
      const res = await s.admin.call(
        "POST",
        "/api/orders",
        body(s, { quote_id: q.quote.id, lines: [{ line_id: q.lines[0]!.id, quantity: 10 }] }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe("CONFLICT");
    }
    expect(await kit.rows(salesOrders)).toBe(ordersBefore);
    expect((await quoteRow(stale.quote.id)).status).toBe("Expired");
    expect((await quoteRow(draft.quote.id)).status).toBe("Draft");
  });
});
