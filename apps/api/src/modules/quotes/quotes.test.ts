import { formatMoney } from "@ems/i18n/format";
import { pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { siteConfig } from "@ems/config/site";

import { addCalendarDays, addWorkingDays, todayIso } from "@ems/contracts/reference";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createCompany } from "@ems/db/factories";
import { createQuote } from "@ems/db/quote-factories";
import { activityLog, holidays, quoteLines, quotes } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { quoteTestKit } from "./quote-test-helpers.ts";
import { expireQuotes } from "./quotes-service.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL: "https://portal.example.test" });
const kit = quoteTestKit(t);
const db = () => t().db.db;
const year = new Date().getUTCFullYear();

const request = (overrides: Record<string, unknown> = {}) => ({
  title: "Sensor node rev C",
  customer_reference: "RFQ-2231",
  notes: "Lead-free, ENIG finish",
  lines: [
    { category: "assemblies", description: "Sensor node assembly", quantities: [250, 50, 1000] },
    { category: "pcb", description: "Bare boards, 4 layers", quantities: [100] },
  ],
  ...overrides,
});

async function quoteRow(id: string) {
  const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

describe("requesting a quote", () => {
  it("creates an In Progress quote with sorted quantities and no prices, logs it and mails both sides", async () => {
    const { company } = await kit.customerCompany("Gamma Instruments GmbH");
    const engineer = await kit.customer(company.id, "engineer");
    const res = await engineer.call("POST", "/api/quotes", request());
    expect(res.statusCode).toBe(201);
    const quote = res.json().data;
    expect(quote).toMatchObject({
      status: "In Progress",
      title: "Sensor node rev C",
      customer_reference: "RFQ-2231",
      request_notes: "Lead-free, ENIG finish",
      priced: false,
      lowest_total_minor: null,
      line_count: 2,
      categories: ["assemblies", "pcb"],
      can_order: false,
      can_decline: false,
      can_request: false,
    });
    expect(quote.number).toMatch(new RegExp(`^QTN-${year}-\\d{5}$`));
    expect(quote.lines[0]).toMatchObject({
      position: 1,
      lead_time_days: null,
      delivery_date: null,
      tiers: [
        { quantity: 50, unit_price_minor: null, total_minor: null },
        { quantity: 250, unit_price_minor: null, total_minor: null },
        { quantity: 1000, unit_price_minor: null, total_minor: null },
      ],
    });

    const row = await quoteRow(quote.id);
    expect(row).toMatchObject({
      companyId: company.id,
      requestedByUserId: engineer.user.id,
      preparedByUserId: null,
    });
    const log = await db().select().from(activityLog).where(eq(activityLog.subjectId, quote.id));
    expect(log).toEqual([
      expect.objectContaining({
        action: "quote.requested",
        kind: "user",
        companyId: company.id,
        actorUserId: engineer.user.id,
      }),
    ]);

    const [mine] = await kit.outbox(engineer.user.email);
    expect(mine).toMatchObject({ template: "quote_requested" });
    expect(mine!.text).toContain(quote.number);
    expect(mine!.text).toContain(`https://portal.example.test/my/quotes/${quote.id}`);
    const staffMail = (await kit.outbox(siteConfig.contact.email)).find((m) => m.text.includes(quote.number));
    expect(staffMail).toMatchObject({ template: "staff_request", language: "en" });
    expect(staffMail!.subject).toContain("Gamma Instruments GmbH");
    expect(staffMail!.text).toContain(`/staff/quotes/${quote.id}`);
  });

  it("hands out consecutive quote numbers within the year", async () => {
    const { admin } = await kit.customerCompany();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++)
      numbers.push((await admin.call("POST", "/api/quotes", request())).json().data.number);
    const serial = numbers.map((n) => Number(n.split("-")[2]));
    expect(numbers.every((n) => n.startsWith(`QTN-${year}-`))).toBe(true);
    expect(serial).toEqual([serial[0], serial[0]! + 1, serial[0]! + 2]);
  });

  it("refuses malformed, oversized and unknown input with 400 and writes nothing", async () => {
    const { admin } = await kit.customerCompany();
    const line = { category: "pcb", description: "Bare boards", quantities: [10] };
    const before = [await kit.rows(quotes), await kit.rows(quoteLines), await kit.rows(activityLog)];
    for (const [payload, field] of [
      [request({ status: "Open" }), "status"],
      [request({ title: "ab" }), "title"],
      [request({ title: "x".repeat(201) }), "title"],
      [request({ title: 42 }), "title"],
      [request({ customer_reference: "x".repeat(101) }), "customer_reference"],
      [request({ notes: "x".repeat(4001) }), "notes"],
      [request({ lines: [] }), "lines"],
      [request({ lines: Array(51).fill(line) }), "lines"],
      [request({ lines: [{ ...line, category: "cables" }] }), "lines.0.category"],
      [request({ lines: [{ ...line, quantities: [10, 10] }] }), "lines.0.quantities"],
      [request({ lines: [{ ...line, quantities: [0] }] }), "lines.0.quantities.0"],
      [request({ lines: [{ ...line, quantities: [1_000_001] }] }), "lines.0.quantities.0"],
      [request({ lines: [{ ...line, quantities: ["10"] }] }), "lines.0.quantities.0"],
      [request({ lines: [{ ...line, quantities: [1, 2, 3, 4, 5, 6, 7] }] }), "lines.0.quantities"],
      [request({ lines: [{ ...line, unit_price_minor: 1 }] }), "lines.0.unit_price_minor"],
    ] as const) {
      const res = await admin.call("POST", "/api/quotes", payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const malformed = await t().app.inject({
      method: "POST",
      url: "/api/quotes",
      headers: { cookie: `session=${admin.token}`, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect([await kit.rows(quotes), await kit.rows(quoteLines), await kit.rows(activityLog)]).toEqual(before);
  });

  it("stores markup verbatim and escapes it in the mail's HTML", async () => {
    const { admin } = await kit.customerCompany();
    const hostile = `<script>alert("x")</script> & <img src=x onerror=alert(1)>`;
    const res = await admin.call("POST", "/api/quotes", request({ title: hostile }));
    expect(res.statusCode).toBe(201);
    expect((await quoteRow(res.json().data.id)).title).toBe(hostile);
    const [mail] = await kit.outbox(admin.user.email);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<img src=x");
    expect(mail!.html).toContain("&lt;script&gt;");
  });
});

describe("roles", () => {
  it("lets every role read, admins, buyers and engineers request, admins and buyers decide", async () => {
    const { company } = await kit.customerCompany();
    const { quote } = await kit.openQuote({ companyId: company.id });
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      expect((await member.call("GET", "/api/quotes")).statusCode, role).toBe(200);
      expect((await member.call("GET", `/api/quotes/${quote.id}`)).statusCode, role).toBe(200);
      expect((await member.call("GET", `/api/quotes/${quote.id}/pdf`)).statusCode, role).toBe(200);
      const detail = (await member.call("GET", `/api/quotes/${quote.id}`)).json().data;
      const decides = role === "admin" || role === "buyer";
      expect(detail).toMatchObject({ can_order: decides, can_decline: decides, can_request: false });
    }

    const before = [await kit.rows(quotes), await kit.rows(activityLog)];
    for (const role of ["finance", "viewer"] as const) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("POST", "/api/quotes", request());
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error).toBe("FORBIDDEN");
    }
    for (const role of ["engineer", "finance", "viewer"] as const) {
      const member = await kit.customer(company.id, role);
      expect(
        (await member.call("POST", `/api/quotes/${quote.id}/decline`, { reason: "Too expensive" }))
          .statusCode,
      ).toBe(403);
      expect((await member.call("POST", `/api/quotes/${quote.id}/renew`)).statusCode).toBe(403);
    }
    const staff = await kit.staff();
    expect((await staff.call("GET", "/api/quotes")).statusCode).toBe(403);
    expect((await t().app.inject({ method: "GET", url: "/api/quotes" })).statusCode).toBe(401);
    expect([await kit.rows(quotes), await kit.rows(activityLog)]).toEqual(before);
    expect((await quoteRow(quote.id)).status).toBe("Open");
  });
});

describe("reading quotes", () => {
  it("lists only the company's quotes, paginated, filtered, searched and sorted", async () => {
    const { company, admin } = await kit.customerCompany();
    const other = await kit.customerCompany();
    await kit.openQuote({ companyId: other.company.id, title: "Foreign motor controller" });
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(
        await createQuote(db(), {
          companyId: company.id,
          status: i % 3 === 0 ? "Open" : i % 3 === 1 ? "Declined" : "In Progress",
          title: i === 4 ? "Motor controller" : `Board ${String(i).padStart(2, "0")}`,
          customerReference: i === 7 ? "PO-REF-777" : null,
          lines: i === 5 ? [{ category: "pcb" }] : [{}],
        }),
      );
    }

    const first = (await admin.call("GET", "/api/quotes?page_size=10")).json().data;
    expect(first).toMatchObject({ page: 1, page_size: 10, total: 12 });
    expect(first.items).toHaveLength(10);
    const second = (await admin.call("GET", "/api/quotes?page_size=10&page=2")).json().data;
    expect(second.items).toHaveLength(2);
    const ids = [...first.items, ...second.items].map((q: { id: string }) => q.id);
    expect(new Set(ids).size).toBe(12);
    expect(ids.sort()).toEqual(made.map((m) => m.quote.id).sort());

    const open = (await admin.call("GET", "/api/quotes?status=Open")).json().data;
    expect(open.total).toBe(4);
    expect(open.items.every((q: { status: string }) => q.status === "Open")).toBe(true);
    const pcb = (await admin.call("GET", "/api/quotes?category=pcb")).json().data;
    expect(pcb.items.map((q: { id: string }) => q.id)).toEqual([made[5]!.quote.id]);
    expect((await admin.call("GET", "/api/quotes?q=motor")).json().data.items).toHaveLength(1);
    expect((await admin.call("GET", "/api/quotes?q=%20ref-777%20")).json().data.items[0].id).toBe(
      made[7]!.quote.id,
    );
    const byNumber = await admin.call("GET", `/api/quotes?q=${made[3]!.quote.number}`);
    expect(byNumber.json().data.items.map((q: { id: string }) => q.id)).toEqual([made[3]!.quote.id]);
    expect((await admin.call("GET", "/api/quotes?q=100%25")).json().data.total).toBe(0);

    const byTitle = (await admin.call("GET", "/api/quotes?sort=title&dir=asc&page_size=100")).json().data
      .items;
    const titles = byTitle.map((q: { title: string }) => q.title);
    expect(titles).toEqual([...titles].sort());
    const byNumberDesc = (await admin.call("GET", "/api/quotes?sort=number&dir=desc&page_size=100")).json()
      .data.items;
    const numbers = byNumberDesc.map((q: { number: string }) => q.number);
    expect(numbers).toEqual([...numbers].sort().reverse());

    // Sent quotes show their cheapest total (10 × 42.50 + 150.00 one-off); requests show none.
    const openItem = open.items[0];
    expect(openItem).toMatchObject({ line_count: 1, categories: ["assemblies"], lowest_total_minor: 57_500 });
    const inProgress = (await admin.call("GET", "/api/quotes?status=In%20Progress")).json().data.items[0];
    expect(inProgress.lowest_total_minor).toBeNull();

    for (const query of [
      "page_size=5",
      "page_size=101",
      "page=0",
      "status=open",
      "sort=price",
      "dir=up",
      "company_id=x",
      `q=${"x".repeat(101)}`,
    ]) {
      expect((await admin.call("GET", `/api/quotes?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("shows a sent quote with tier totals and delivery dates from today", async () => {
    const { company, admin } = await kit.customerCompany();
    const { quote, lines } = await kit.openQuote({
      companyId: company.id,
      lines: [
        {
          leadTimeDays: 15,
          engineeringCostMinor: 12_345,
          tiers: [
            { quantity: 5, unit_price_minor: 9_999 },
            { quantity: 50, unit_price_minor: 7_777 },
          ],
        },
      ],
    });
    const res = await admin.call("GET", `/api/quotes/${quote.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const known = new Set((await db().select().from(holidays)).map((h) => h.date));
    expect(res.json().data).toMatchObject({
      id: quote.id,
      status: "Open",
      priced: true,
      lowest_total_minor: 5 * 9_999 + 12_345,
      lines: [
        {
          id: lines[0]!.id,
          lead_time_days: 15,
          engineering_cost_minor: 12_345,
          delivery_date: addWorkingDays(todayIso(), 15, known),
          tiers: [
            { quantity: 5, unit_price_minor: 9_999, total_minor: 62_340 },
            { quantity: 50, unit_price_minor: 7_777, total_minor: 401_195 },
          ],
          ordered_quantity: null,
        },
      ],
    });
  });

  it("answers 404 for another company's quote on every endpoint, changing nothing", async () => {
    const { admin } = await kit.customerCompany();
    const other = await kit.customerCompany();
    const { quote } = await kit.openQuote({ companyId: other.company.id });
    const expired = await createQuote(db(), { companyId: other.company.id, status: "Expired" });
    const missingId = "00000000-0000-4000-8000-000000000000";
    for (const id of [quote.id, missingId]) {
      expect((await admin.call("GET", `/api/quotes/${id}`)).statusCode).toBe(404);
      expect((await admin.call("GET", `/api/quotes/${id}/pdf`)).statusCode).toBe(404);
      expect((await admin.call("POST", `/api/quotes/${id}/decline`, { reason: "Not ours" })).statusCode).toBe(
        404,
      );
    }
    expect((await admin.call("POST", `/api/quotes/${expired.quote.id}/renew`)).statusCode).toBe(404);
    expect((await admin.call("GET", "/api/quotes/not-a-uuid")).statusCode).toBe(400);
    expect((await quoteRow(quote.id)).status).toBe("Open");
    expect((await quoteRow(expired.quote.id)).status).toBe("Expired");
  });
});

describe("declining and asking again", () => {
  it("declines an Open quote with its reason, then asks again, telling the operator", async () => {
    const { company } = await kit.customerCompany("Delta Robotics AB");
    const buyer = await kit.customer(company.id, "buyer");
    const { quote } = await kit.openQuote({ companyId: company.id });
    const declined = await buyer.call("POST", `/api/quotes/${quote.id}/decline`, {
      reason: "  Budget moved to Q3 ",
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({
      status: "Declined",
      decline_reason: "Budget moved to Q3",
      can_decline: false,
      can_request: true,
    });
    const again = await buyer.call("POST", `/api/quotes/${quote.id}/decline`, { reason: "Twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("CONFLICT");

    const renewed = await buyer.call("POST", `/api/quotes/${quote.id}/renew`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data).toMatchObject({ status: "In Progress", decline_reason: null, priced: false });
    expect((await buyer.call("POST", `/api/quotes/${quote.id}/renew`)).statusCode).toBe(409);

    const actions = (await db().select().from(activityLog).where(eq(activityLog.subjectId, quote.id))).map(
      (e) => e.action,
    );
    expect(actions.sort()).toEqual(["quote.declined", "quote.requested"]);
    const staffMail = (await kit.outbox(siteConfig.contact.email)).find((m) => m.text.includes(quote.number));
    expect(staffMail).toMatchObject({ template: "staff_request" });
    expect(staffMail!.subject).toContain("Delta Robotics AB");
  });

  it("refuses a missing, short or oversized reason", async () => {
    const { company, admin } = await kit.customerCompany();
    const { quote } = await kit.openQuote({ companyId: company.id });
    for (const payload of [
      {},
      { reason: "no" },
      { reason: "x".repeat(1001) },
      { reason: "Fine", extra: 1 },
    ]) {
      expect((await admin.call("POST", `/api/quotes/${quote.id}/decline`, payload)).statusCode).toBe(400);
    }
    expect((await admin.call("POST", `/api/quotes/${quote.id}/renew`, { note: "x" })).statusCode).toBe(400);
    expect((await quoteRow(quote.id)).status).toBe("Open");
  });
});

describe("expiry", () => {
  it("turns Open quotes past their validity into Expired once, with one system log entry", async () => {
    const { company, admin } = await kit.customerCompany();
    const stale = await kit.openQuote({ companyId: company.id, validUntil: addCalendarDays(todayIso(), -1) });
    const lastDay = await kit.openQuote({ companyId: company.id, validUntil: todayIso() });

    const res = await admin.call("GET", `/api/quotes/${stale.quote.id}`);
    expect(res.json().data).toMatchObject({ status: "Expired", can_order: false, can_request: true });
    expect((await admin.call("GET", `/api/quotes/${lastDay.quote.id}`)).json().data).toMatchObject({
      status: "Open",
      can_order: true,
    });
    await admin.call("GET", "/api/quotes");
    const staff = await kit.staff();
    expect((await staff.call("GET", `/api/staff/quotes/${stale.quote.id}`)).json().data.status).toBe(
      "Expired",
    );
    await staff.call("GET", "/api/staff/quotes");
    // Reading the quote, its list and the back office's view wrote nothing; the sweep records the
    // expiry once.
    expect((await quoteRow(stale.quote.id)).status).toBe("Open");
    expect(await expireQuotes(db())).toBe(1);
    expect(await expireQuotes(db())).toBe(0);
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, stale.quote.id), eq(activityLog.action, "quote.expired")));
    expect(log).toEqual([
      expect.objectContaining({ kind: "system", companyId: company.id, actorUserId: null }),
    ]);

    // Tomorrow, today's last valid day is over too.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(await expireQuotes(db(), tomorrow, company.id)).toBe(1);
    expect((await quoteRow(lastDay.quote.id)).status).toBe("Expired");
  });

  it("lists and the desk treat an Open quote past its validity as Expired without writing", async () => {
    const { company, admin } = await kit.customerCompany();
    const stale = await kit.openQuote({ companyId: company.id, validUntil: addCalendarDays(todayIso(), -1) });
    const valid = await kit.openQuote({ companyId: company.id, validUntil: addCalendarDays(todayIso(), 3) });
    const ids = (res: { json(): { data: { items: { id: string; status: string }[] } } }) =>
      res.json().data.items.map((item) => item.id);

    const all = await admin.call("GET", "/api/quotes");
    const statuses = Object.fromEntries(
      all.json().data.items.map((item: { id: string; status: string }) => [item.id, item.status]),
    );
    expect(statuses).toEqual({ [stale.quote.id]: "Expired", [valid.quote.id]: "Open" });
    expect(ids(await admin.call("GET", "/api/quotes?status=Open"))).toEqual([valid.quote.id]);
    expect(ids(await admin.call("GET", "/api/quotes?status=Expired"))).toEqual([stale.quote.id]);
    const desk = (await admin.call("GET", "/api/desk")).json().data;
    expect(desk.counts.open_quotes).toBe(1);
    expect(desk.open_quotes.map((q: { id: string }) => q.id)).toEqual([valid.quote.id]);
    // Reading wrote nothing: the sweep records the expiry, with its log entry.
    expect((await quoteRow(stale.quote.id)).status).toBe("Open");
    expect(await expireQuotes(db(), new Date(), company.id)).toBe(1);
    expect((await quoteRow(stale.quote.id)).status).toBe("Expired");
  });

  it("expires each quote once when runs overlap", async () => {
    const { company } = await kit.customerCompany();
    const { quote } = await kit.openQuote({
      companyId: company.id,
      validUntil: addCalendarDays(todayIso(), -3),
    });
    const counts = await Promise.all([expireQuotes(db()), expireQuotes(db()), expireQuotes(db())]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, quote.id), eq(activityLog.action, "quote.expired")));
    expect(log).toHaveLength(1);
  });
});

describe("quote PDF", () => {
  const flat = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, " ");

  it("renders the number, a Romanian company name and prices in the reader's language", async () => {
    const company = await createCompany(db(), { name: "Soluții Țesute Brașov SRL", country: "RO" });
    const reader = await kit.customer(company.id, "viewer", { language: "ro" });
    const { quote } = await kit.openQuote({
      companyId: company.id,
      title: "Senzori pentru sera din Brașov",
      customerReference: "Comanda 12/ș",
      lines: [
        {
          description: "Placă senzor temperatură",
          tiers: [
            { quantity: 10, unit_price_minor: 4_250 },
            { quantity: 100, unit_price_minor: 3_100 },
          ],
          engineeringCostMinor: 15_000,
        },
      ],
    });
    const res = await reader.call("GET", `/api/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${quote.number}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const text = flat(await pdfText(res.rawPayload));
    expect(text).toContain(quote.number);
    expect(text).toContain("Soluții Țesute Brașov SRL");
    expect(text).toContain("Placă senzor temperatură");
    expect(text).toContain(flat(formatMoney(4_250, "EUR", "ro")));
    expect(text).toContain(flat(formatMoney(10 * 4_250 + 15_000, "EUR", "ro")));
    expect(text).toContain(flat(formatMoney(100 * 3_100 + 15_000, "EUR", "ro")));
    expect(text).toContain("Comanda 12/ș");
    // Issue 19: the quote's title on the page (not only in the metadata), the customer's reference
    // with its label, and the narrow position column's header whole on the header row.
    expect(text).toContain("Senzori pentru sera din Brașov");
    expect(text).toMatch(/Referința Comanda 12\/ș/);
    expect(text).toMatch(/Poz\. Descriere Cantitate/);
  });

  it("has no PDF while the quote is being prepared", async () => {
    const { company, admin } = await kit.customerCompany();
    const draft = await createQuote(db(), { companyId: company.id, status: "In Progress" });
    const res = await admin.call("GET", `/api/quotes/${draft.quote.id}/pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("CONFLICT");
  });
});

describe("API reference", () => {
  it("documents the quote, reference and ordering routes from their schemas", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/quotes",
        "/api/quotes/{id}",
        "/api/quotes/{id}/pdf",
        "/api/quotes/{id}/decline",
        "/api/quotes/{id}/renew",
        "/api/staff/quotes/{id}/send",
        "/api/holidays",
        "/api/delivery-date",
        "/api/parcel-services",
        "/api/staff/parcel-services/{id}",
        "/api/orders/terms",
        "/api/orders",
      ]),
    );
  });
});
