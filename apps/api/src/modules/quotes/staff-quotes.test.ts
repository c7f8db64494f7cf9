import { formatDate } from "@ems/i18n/format";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  EDITABLE_QUOTE_STATUSES,
  QUOTE_STATUSES,
  QUOTE_TRANSITIONS,
  type QuoteStatus,
} from "@ems/contracts/quotes";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import { createCompany } from "@ems/db/factories";
import { createQuote, type QuoteLineRow, type QuoteRow } from "@ems/db/quote-factories";
import { activityLog, quoteLines, quotes, salesOrders } from "@ems/db/schema";
import { TERMS_VERSION } from "../documents/document-texts.ts";
import { useTestApp } from "../../test/test-app.ts";
import { quoteTestKit } from "./quote-test-helpers.ts";
import { expireQuotes } from "./quotes-service.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL: "https://portal.example.test" });
const kit = quoteTestKit(t);
const db = () => t().db.db;
const inDays = (days: number) => addCalendarDays(todayIso(), days);

const line = (overrides: Record<string, unknown> = {}) => ({
  category: "assemblies",
  description: "Gateway assembly",
  lead_time_days: 12,
  engineering_cost_minor: 30_000,
  tiers: [
    { quantity: 25, unit_price_minor: 8_800 },
    { quantity: 250, unit_price_minor: 6_150 },
  ],
  ...overrides,
});

const draft = (companyId: string, overrides: Record<string, unknown> = {}) => ({
  company_id: companyId,
  title: "Gateway series",
  customer_reference: "RFQ-88",
  currency: "EUR",
  valid_until: inDays(30),
  lines: [
    line(),
    line({ category: "pcb", description: "Gateway PCB", tiers: [{ quantity: 100, unit_price_minor: 420 }] }),
  ],
  ...overrides,
});

async function quoteRow(id: string): Promise<QuoteRow> {
  const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

const snapshot = async (id: string) => ({
  quote: await quoteRow(id),
  lines: await db().select().from(quoteLines).where(eq(quoteLines.quoteId, id)),
  log: await kit.rows(activityLog),
  orders: await kit.rows(salesOrders),
});

describe("the quote state machine through the API", () => {
  type Action = "send" | "lost" | "decline" | "renew" | "order_all" | "order_some" | "edit_lines";
  // Expiry is no request: the server's sweep records it (reads never write).
  type Transition = Action | "expire";

  async function world() {
    const { company, admin, address } = await kit.customerCompany();
    const staff = await kit.staff();
    const parcel = await kit.parcelService();
    return { company, admin, address, staff, parcel };
  }
  type World = Awaited<ReturnType<typeof world>>;

  async function quoteIn(w: World, status: QuoteStatus, validUntil?: string) {
    return createQuote(db(), {
      companyId: w.company.id,
      status,
      // Staff priced it, so sending is possible wherever the state machine allows it.
      preparedByUserId: w.staff.user.id,
      ...(validUntil ? { validUntil } : {}),
      lines: [{}, { category: "pcb" }],
    });
  }

  function perform(w: World, action: Action, quote: QuoteRow, lines: QuoteLineRow[]) {
    const order = (chosen: QuoteLineRow[]) =>
      w.admin.call("POST", "/api/orders", {
        quote_id: quote.id,
        lines: chosen.map((l) => ({ line_id: l.id, quantity: l.tiers[0]!.quantity })),
        po_number: "PO-1",
        billing_address_id: w.address.id,
        shipping_address_id: w.address.id,
        parcel_service_id: w.parcel.id,
        terms_version: TERMS_VERSION,
        accept_terms: true,
      });
    switch (action) {
      case "send":
        return w.staff.call("POST", `/api/staff/quotes/${quote.id}/send`, { valid_until: inDays(14) });
      case "lost":
        return w.staff.call("POST", `/api/staff/quotes/${quote.id}/lost`, { reason: "Went elsewhere" });
      case "decline":
        return w.admin.call("POST", `/api/quotes/${quote.id}/decline`, { reason: "Too expensive" });
      case "renew":
        return w.admin.call("POST", `/api/quotes/${quote.id}/renew`);
      case "order_all":
        return order(lines);
      case "order_some":
        return order(lines.slice(0, 1));
      case "edit_lines":
        return w.staff.call("PUT", `/api/staff/quotes/${quote.id}/lines`, { lines: [line()] });
    }
  }

  const allowed: [QuoteStatus, QuoteStatus, Transition][] = [
    ["Draft", "Open", "send"],
    ["Draft", "Lost", "lost"],
    ["In Progress", "Open", "send"],
    ["In Progress", "Lost", "lost"],
    ["Open", "Ordered", "order_all"],
    ["Open", "Partially Ordered", "order_some"],
    ["Open", "Declined", "decline"],
    ["Open", "Lost", "lost"],
    ["Open", "Expired", "expire"],
    ["Expired", "In Progress", "renew"],
    ["Expired", "Open", "send"],
    ["Declined", "In Progress", "renew"],
  ];

  it("covers every allowed transition of the contract", () => {
    const table = allowed.map(([from, to]) => `${from} → ${to}`).sort();
    const contract = QUOTE_STATUSES.flatMap((from) =>
      QUOTE_TRANSITIONS[from].map((to) => `${from} → ${to}`),
    ).sort();
    expect(table).toEqual(contract);
  });

  it.each(allowed)("moves %s to %s by %s", async (from, to, action) => {
    const w = await world();
    const { quote, lines } = await quoteIn(w, from, action === "expire" ? inDays(-1) : undefined);
    const before = await kit.rows(activityLog);
    if (action === "expire") {
      expect(await expireQuotes(db())).toBeGreaterThanOrEqual(1);
    } else {
      const res = await perform(w, action, quote, lines);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await quoteRow(quote.id)).status).toBe(to);
    expect(await kit.rows(activityLog)).toBeGreaterThan(before);
  });

  const targets: Record<Exclude<Action, "order_some">, (from: QuoteStatus) => boolean> = {
    send: (from) => QUOTE_TRANSITIONS[from].includes("Open"),
    lost: (from) => QUOTE_TRANSITIONS[from].includes("Lost"),
    decline: (from) => QUOTE_TRANSITIONS[from].includes("Declined"),
    renew: (from) => QUOTE_TRANSITIONS[from].includes("In Progress"),
    order_all: (from) => QUOTE_TRANSITIONS[from].includes("Ordered"),
    edit_lines: (from) => (EDITABLE_QUOTE_STATUSES as readonly string[]).includes(from),
  };

  it.each(QUOTE_STATUSES)(
    "refuses every action %s does not allow with 409, changing nothing",
    async (from) => {
      const w = await world();
      const { quote, lines } = await quoteIn(w, from);
      for (const [action, allows] of Object.entries(targets) as [Action, (from: QuoteStatus) => boolean][]) {
        if (allows(from)) continue;
        const before = await snapshot(quote.id);
        const res = await perform(w, action, quote, lines);
        expect(res.statusCode, `${from} ${action}: ${res.body}`).toBe(409);
        expect(res.json().error).toBe("CONFLICT");
        expect(await snapshot(quote.id)).toEqual(before);
      }
    },
  );
});

describe("preparing quotes", () => {
  it("creates a Draft for a customer company, priced and logged, visible to staff with its company", async () => {
    const { company } = await kit.customerCompany("Epsilon Drives GmbH");
    const staff = await kit.staff("staff_admin");
    const res = await staff.call("POST", "/api/staff/quotes", draft(company.id));
    expect(res.statusCode).toBe(201);
    const quote = res.json().data;
    expect(quote).toMatchObject({
      status: "Draft",
      company_id: company.id,
      company_name: "Epsilon Drives GmbH",
      prepared_by_name: `${staff.user.firstName} ${staff.user.lastName}`,
      requested_by_name: null,
      priced: true,
      valid_until: inDays(30),
      lowest_total_minor: 25 * 8_800 + 30_000 + 100 * 420 + 30_000,
      can_edit_lines: true,
      can_send: true,
      can_mark_lost: true,
      can_order: false,
    });
    expect(quote.lines.map((l: { position: number }) => l.position)).toEqual([1, 2]);
    const log = await db().select().from(activityLog).where(eq(activityLog.subjectId, quote.id));
    expect(log).toEqual([expect.objectContaining({ companyId: company.id, actorUserId: staff.user.id })]);
  });

  it("refuses the operator's own company and unknown companies with 404", async () => {
    const staff = await kit.staff();
    const operator = await createCompany(db(), { name: "Another operator", isOperator: true });
    const before = await kit.rows(quotes);
    for (const id of [operator.id, "00000000-0000-4000-8000-000000000000"]) {
      expect((await staff.call("POST", "/api/staff/quotes", draft(id))).statusCode).toBe(404);
    }
    expect(await kit.rows(quotes)).toBe(before);
  });

  it("refuses bad input with 400 and the field, writing nothing", async () => {
    const { company } = await kit.customerCompany();
    const staff = await kit.staff();
    const before = [await kit.rows(quotes), await kit.rows(quoteLines), await kit.rows(activityLog)];
    for (const [payload, field] of [
      [draft(company.id, { status: "Open" }), "status"],
      [draft(company.id, { company_id: "nope" }), "company_id"],
      [draft(company.id, { title: "x".repeat(201) }), "title"],
      [draft(company.id, { currency: "eur" }), "currency"],
      // VAT follows the rule; a rate of its own is no longer a field.
      [draft(company.id, { tax_rate_bp: 1900 }), "tax_rate_bp"],
      [
        draft(company.id, { tax_override: { tax_treatment: "zero", reason: "Export" } }),
        "tax_override.tax_treatment",
      ],
      [draft(company.id, { tax_override: { tax_treatment: "export" } }), "tax_override.reason"],
      [draft(company.id, { tax_override: { tax_treatment: "export", reason: "x" } }), "tax_override.reason"],
      [draft(company.id, { valid_until: todayIso() }), "valid_until"],
      [draft(company.id, { valid_until: "2030-02-31" }), "valid_until"],
      [draft(company.id, { lines: Array(51).fill(line()) }), "lines"],
      [draft(company.id, { lines: [line({ lead_time_days: 0 })] }), "lines.0.lead_time_days"],
      [draft(company.id, { lines: [line({ lead_time_days: 366 })] }), "lines.0.lead_time_days"],
      [
        draft(company.id, { lines: [line({ engineering_cost_minor: -1 })] }),
        "lines.0.engineering_cost_minor",
      ],
      [draft(company.id, { lines: [line({ tiers: [] })] }), "lines.0.tiers"],
      [
        draft(company.id, {
          lines: [
            line({
              tiers: [
                { quantity: 100, unit_price_minor: 1 },
                { quantity: 100, unit_price_minor: 1 },
              ],
            }),
          ],
        }),
        "lines.0.tiers",
      ],
      [
        draft(company.id, {
          lines: [
            line({
              tiers: [
                { quantity: 100, unit_price_minor: 1 },
                { quantity: 10, unit_price_minor: 1 },
              ],
            }),
          ],
        }),
        "lines.0.tiers",
      ],
      [
        draft(company.id, { lines: [line({ tiers: [{ quantity: 1, unit_price_minor: -5 }] })] }),
        "lines.0.tiers.0.unit_price_minor",
      ],
      [
        draft(company.id, { lines: [line({ tiers: [{ quantity: 1, unit_price_minor: 1.5 }] })] }),
        "lines.0.tiers.0.unit_price_minor",
      ],
      [
        draft(company.id, {
          lines: [
            line({ tiers: Array.from({ length: 7 }, (_, i) => ({ quantity: i + 1, unit_price_minor: 1 })) }),
          ],
        }),
        "lines.0.tiers",
      ],
    ] as const) {
      const res = await staff.call("POST", "/api/staff/quotes", payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect([await kit.rows(quotes), await kit.rows(quoteLines), await kit.rows(activityLog)]).toEqual(before);
  });

  it("keeps customers and visitors out of every staff quote endpoint", async () => {
    const { company, admin } = await kit.customerCompany();
    const { quote } = await kit.openQuote({ companyId: company.id });
    const before = await snapshot(quote.id);
    for (const [method, url, payload] of [
      ["GET", "/api/staff/quotes", undefined],
      ["GET", `/api/staff/quotes/${quote.id}`, undefined],
      ["POST", "/api/staff/quotes", draft(company.id)],
      ["PUT", `/api/staff/quotes/${quote.id}/lines`, { lines: [line()] }],
      ["POST", `/api/staff/quotes/${quote.id}/send`, { valid_until: inDays(5) }],
      ["POST", `/api/staff/quotes/${quote.id}/lost`, {}],
    ] as const) {
      expect((await admin.call(method, url, payload)).statusCode, url).toBe(403);
      const anonymous = await t().app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, url).toBe(401);
    }
    expect(await snapshot(quote.id)).toEqual(before);
  });

  it("answers 404 for unknown quotes on every staff endpoint", async () => {
    const staff = await kit.staff();
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await staff.call("GET", `/api/staff/quotes/${id}`)).statusCode).toBe(404);
    expect((await staff.call("PUT", `/api/staff/quotes/${id}/lines`, { lines: [line()] })).statusCode).toBe(
      404,
    );
    expect(
      (await staff.call("POST", `/api/staff/quotes/${id}/send`, { valid_until: inDays(3) })).statusCode,
    ).toBe(404);
    expect((await staff.call("POST", `/api/staff/quotes/${id}/lost`)).statusCode).toBe(404);
  });
});

describe("pricing and sending a customer's request", () => {
  it("prices the request, sends it to the requester and shows the prices to the customer", async () => {
    const { company } = await kit.customerCompany();
    const engineer = await kit.customer(company.id, "engineer");
    const staff = await kit.staff();
    const requested = (
      await engineer.call("POST", "/api/quotes", {
        title: "Motor controller",
        lines: [{ category: "assemblies", description: "Motor controller", quantities: [25, 250] }],
      })
    ).json().data;

    const unpriced = (await staff.call("GET", `/api/staff/quotes/${requested.id}`)).json().data;
    expect(unpriced).toMatchObject({
      priced: false,
      can_send: false,
      can_edit_lines: true,
      requested_by_name: `${engineer.user.firstName} ${engineer.user.lastName}`,
    });
    expect(unpriced.lines[0].tiers.map((tier: { quantity: number }) => tier.quantity)).toEqual([25, 250]);
    const early = await staff.call("POST", `/api/staff/quotes/${requested.id}/send`, {
      valid_until: inDays(14),
    });
    expect(early.statusCode).toBe(409);

    const priced = await staff.call("PUT", `/api/staff/quotes/${requested.id}/lines`, { lines: [line()] });
    expect(priced.statusCode).toBe(200);
    expect(priced.json().data).toMatchObject({ status: "In Progress", priced: true, can_send: true });
    // The customer sees no prices until the quote is sent.
    expect((await engineer.call("GET", `/api/quotes/${requested.id}`)).json().data.priced).toBe(false);

    const sent = await staff.call("POST", `/api/staff/quotes/${requested.id}/send`, {
      valid_until: inDays(14),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ status: "Open", valid_until: inDays(14) });
    expect(sent.json().data.sent_at).not.toBeNull();
    const seen = (await engineer.call("GET", `/api/quotes/${requested.id}`)).json().data;
    expect(seen).toMatchObject({ priced: true, lowest_total_minor: 25 * 8_800 + 30_000, can_order: false });

    const mail = (await kit.outbox(engineer.user.email)).find((m) => m.template === "quote_sent");
    expect(mail!.text).toContain(requested.number);
    expect(mail!.text).toContain(formatDate(inDays(14), "en"));
    expect(mail!.text).toContain(`https://portal.example.test/my/quotes/${requested.id}`);
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, requested.id), eq(activityLog.action, "quote.sent")));
    expect(log).toHaveLength(1);
  });

  it("mails a quote nobody asked for to the company's administrators and buyers only", async () => {
    const { company, admin } = await kit.customerCompany();
    const members = {
      buyer: await kit.customer(company.id, "buyer"),
      engineer: await kit.customer(company.id, "engineer"),
      finance: await kit.customer(company.id, "finance"),
      viewer: await kit.customer(company.id, "viewer"),
    };
    const staff = await kit.staff();
    const hostile = `<b>Gateway</b> "quoted" & <script>x()</script>`;
    const created = (
      await staff.call("POST", "/api/staff/quotes", draft(company.id, { title: hostile }))
    ).json().data;
    expect((await quoteRow(created.id)).title).toBe(hostile);
    expect(
      (await staff.call("POST", `/api/staff/quotes/${created.id}/send`, { valid_until: inDays(20) }))
        .statusCode,
    ).toBe(200);
    for (const caller of [admin, members.buyer]) {
      const mail = (await kit.outbox(caller.user.email)).find((m) => m.template === "quote_sent");
      expect(mail, caller.user.email).toBeDefined();
      expect(mail!.html).toContain("&lt;script&gt;");
      expect(mail!.html).not.toContain("<script>");
    }
    for (const caller of [members.engineer, members.finance, members.viewer]) {
      expect(await kit.outbox(caller.user.email)).toEqual([]);
    }
  });

  it("replaces lines only while Draft or In Progress and refuses bad lines, changing nothing", async () => {
    const { company } = await kit.customerCompany();
    const staff = await kit.staff();
    const { quote } = await createQuote(db(), {
      companyId: company.id,
      status: "Draft",
      preparedByUserId: staff.user.id,
    });
    const before = await snapshot(quote.id);
    for (const payload of [
      { lines: [] },
      { lines: Array(51).fill(line()) },
      {
        lines: [
          line({
            tiers: [
              { quantity: 5, unit_price_minor: 1 },
              { quantity: 4, unit_price_minor: 1 },
            ],
          }),
        ],
      },
      { lines: [line()], title: "x" },
      { lines: [line({ description: "x".repeat(501) })] },
    ]) {
      expect((await staff.call("PUT", `/api/staff/quotes/${quote.id}/lines`, payload)).statusCode).toBe(400);
    }
    expect(await snapshot(quote.id)).toEqual(before);
    const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/lines`, {
      lines: [line({ description: "Replaced line" })],
    });
    expect(res.json().data.lines).toEqual([
      expect.objectContaining({ position: 1, description: "Replaced line" }),
    ]);
  });
});

describe("losing quotes", () => {
  it("marks an Open quote lost with its reason and tells the customer", async () => {
    const { company, admin } = await kit.customerCompany();
    const staff = await kit.staff();
    const { quote } = await kit.openQuote({ companyId: company.id });
    const res = await staff.call("POST", `/api/staff/quotes/${quote.id}/lost`, {
      reason: "No answer in 60 days",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "Lost", can_mark_lost: false, can_send: false });
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, quote.id), eq(activityLog.action, "quote.lost")));
    expect(entry?.details).toMatchObject({ reason: "No answer in 60 days" });
    const mail = (await kit.outbox(admin.user.email)).find((m) => m.template === "quote_lost");
    expect(mail!.text).toContain(quote.number);
  });

  it("does not mail about a draft the customer never saw, and refuses a bad reason", async () => {
    const { company, admin } = await kit.customerCompany();
    const staff = await kit.staff();
    const { quote } = await createQuote(db(), { companyId: company.id, status: "Draft" });
    expect((await staff.call("POST", `/api/staff/quotes/${quote.id}/lost`, { reason: "x" })).statusCode).toBe(
      400,
    );
    expect((await staff.call("POST", `/api/staff/quotes/${quote.id}/lost`, { why: "gone" })).statusCode).toBe(
      400,
    );
    expect((await quoteRow(quote.id)).status).toBe("Draft");
    expect((await staff.call("POST", `/api/staff/quotes/${quote.id}/lost`)).statusCode).toBe(200);
    expect(await kit.outbox(admin.user.email)).toEqual([]);
  });
});

describe("the staff quote list", () => {
  it("lists every company's quotes with the company name, filtered by company, status and search", async () => {
    const staff = await kit.staff();
    const a = await kit.customerCompany("Zeta Medical Oy");
    const b = await kit.customerCompany("Eta Avionics SAS");
    const qa = await kit.openQuote({ companyId: a.company.id, title: "Infusion pump controller" });
    const qb = await createQuote(db(), {
      companyId: b.company.id,
      status: "In Progress",
      title: "Flight recorder",
    });

    const all = (await staff.call("GET", "/api/staff/quotes?page_size=100")).json().data;
    const ids = all.items.map((q: { id: string }) => q.id);
    expect(ids).toEqual(expect.arrayContaining([qa.quote.id, qb.quote.id]));
    expect(all.items.find((q: { id: string }) => q.id === qa.quote.id)).toMatchObject({
      company_id: a.company.id,
      company_name: "Zeta Medical Oy",
      lowest_total_minor: 57_500,
    });

    const onlyB = (await staff.call("GET", `/api/staff/quotes?company_id=${b.company.id}`)).json().data;
    expect(onlyB).toMatchObject({ total: 1, items: [{ id: qb.quote.id, company_name: "Eta Avionics SAS" }] });
    const search = (await staff.call("GET", "/api/staff/quotes?q=infusion&status=Open")).json().data;
    expect(search.items.map((q: { id: string }) => q.id)).toEqual([qa.quote.id]);
    const none = await staff.call("GET", "/api/staff/quotes?company_id=00000000-0000-4000-8000-000000000000");
    expect(none.json().data).toMatchObject({ total: 0, items: [] });
    for (const query of ["company_id=acme", "page_size=1000", "sort=company", "foo=bar"]) {
      expect((await staff.call("GET", `/api/staff/quotes?${query}`)).statusCode, query).toBe(400);
    }
  });
});
