import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEFAULT_STAGE_SETS, type WorkOrderStage } from "@ems/contracts/orders";
import { createSalesOrder } from "@ems/db/order-factories";
import { activityLog, mailOutbox, salesOrders, workOrderStages } from "@ems/db/schema";
import { TERMS_VERSION } from "../documents/document-texts.ts";
import { quoteTestKit } from "../quotes/quote-test-helpers.ts";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "./fulfilment-test-kit.ts";
import { sendDueProductionDigests } from "./production-service.ts";

/**
 * Issue 19 point 5: stage sets by product kind, the staff production form saved in one call, and
 * what the customer is mailed: milestones at once, other changes in at most one digest a day.
 */
const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const quotes = quoteTestKit(t);
const db = () => kit.db();

const HOUR = 60 * 60 * 1000;
/** What the server runs with by default (PRODUCTION_DIGEST_DELAY_S). */
const SETTLE = HOUR;

/** Sends the digests due at `now`, as the server's timer does. */
const digests = (now: Date) =>
  sendDueProductionDigests({
    db: t().app.db,
    mailer: t().app.mailer,
    publicUrl: "https://portal.example.test",
    settleMs: SETTLE,
    now,
  });

/** An order of a customer's administrator: an assembly line and a bare-board line with their sets. */
async function orderOf() {
  const { company, admin } = await kit.customerCompany();
  const created = await createSalesOrder(db(), {
    companyId: company.id,
    placedByUserId: admin.user.id,
    lines: [{ description: "Sensor board" }, { description: "Bare board", category: "pcb" }],
    stages: [],
  });
  const [assembly, pcb] = created.lines;
  const stageRows = [
    ...DEFAULT_STAGE_SETS.assembly.map((stage, i) => ({ orderLineId: assembly!.id, stage, position: i + 1 })),
    ...DEFAULT_STAGE_SETS.pcb.map((stage, i) => ({ orderLineId: pcb!.id, stage, position: i + 1 })),
  ];
  await db().insert(workOrderStages).values(stageRows);
  return { company, admin, order: created.order, assembly: assembly!, pcb: pcb! };
}

async function stageRow(lineId: string, stage: WorkOrderStage) {
  const [row] = await db()
    .select()
    .from(workOrderStages)
    .where(and(eq(workOrderStages.orderLineId, lineId), eq(workOrderStages.stage, stage)));
  return row!;
}

const orderRow = async (id: string) =>
  (await db().select().from(salesOrders).where(eq(salesOrders.id, id)))[0]!;

interface StageInput {
  stage: string;
  percent: number;
  planned_date?: string | null;
}

/** A production form: the stages per line id, and the hold. */
function form(
  version: number,
  lines: Record<string, StageInput[]>,
  hold: { reason: string } | null = null,
): Record<string, unknown> {
  return {
    base_version: version,
    lines: Object.entries(lines).map(([line_id, stages]) => ({
      line_id,
      stages: stages.map((s) => ({ planned_date: null, ...s })),
    })),
    hold,
  };
}

const mailsTo = async (email: string, template: string) =>
  (await kit.outbox(email)).filter((mail) => mail.template === template);

const activityOf = async (orderId: string) =>
  db().select().from(activityLog).where(eq(activityLog.subjectId, orderId));

describe("production stage sets", () => {
  it("starts with the defaults, saves a kind's set in production order and logs it", async () => {
    const staff = await kit.staff();
    const res = await staff.call("GET", "/api/staff/production/stage-sets");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { kind: "pcb", stages: [...DEFAULT_STAGE_SETS.pcb], customised: false, updated_at: null },
      { kind: "assembly", stages: [...DEFAULT_STAGE_SETS.assembly], customised: false, updated_at: null },
    ]);

    const saved = await staff.call("PUT", "/api/staff/production/stage-sets/pcb", {
      stages: ["shipped", "electrical_test", "data_check", "pcb_fabrication"],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      kind: "pcb",
      stages: ["data_check", "pcb_fabrication", "electrical_test", "shipped"],
      customised: true,
      updated_at: expect.any(String),
    });
    const log = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "production.stage_set_saved"));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorUserId: staff.user.id, subjectId: "pcb" });

    for (const body of [
      { stages: ["data_check"] },
      { stages: ["data_check", "pcb_fabrication"] },
      { stages: ["data_check", "shipped", "shipped"] },
      { stages: ["soldering", "shipped"] },
      { stages: "data_check,shipped" },
      { stages: ["data_check", "shipped"], kind: "pcb" },
    ])
      expect((await staff.call("PUT", "/api/staff/production/stage-sets/pcb", body)).statusCode).toBe(400);
    expect(
      (await staff.call("PUT", "/api/staff/production/stage-sets/cables", { stages: ["shipped"] }))
        .statusCode,
    ).toBe(400);
    expect((await staff.call("GET", "/api/staff/production/stage-sets")).json().data[0].stages).toEqual([
      "data_check",
      "pcb_fabrication",
      "electrical_test",
      "shipped",
    ]);
    // Back to the default for the other tests of this file.
    await staff.call("PUT", "/api/staff/production/stage-sets/pcb", { stages: DEFAULT_STAGE_SETS.pcb });
  });

  it("gives a placed order's lines their kind's set: no assembly stages on a bare board", async () => {
    const staff = await kit.staff();
    await staff.call("PUT", "/api/staff/production/stage-sets/assembly", {
      stages: ["data_check", "material_procurement", "smt", "aoi", "inspection", "shipped"],
    });
    const { company, admin, address } = await quotes.customerCompany();
    const parcel = await quotes.parcelService({});
    const { quote, lines } = await quotes.openQuote({
      companyId: company.id,
      lines: [
        { tiers: [{ quantity: 10, unit_price_minor: 1_000 }] },
        { category: "pcb", tiers: [{ quantity: 5, unit_price_minor: 200 }] },
      ],
    });
    const placed = await admin.call("POST", "/api/orders", {
      quote_id: quote.id,
      lines: [
        { line_id: lines[0]!.id, quantity: 10 },
        { line_id: lines[1]!.id, quantity: 5 },
      ],
      po_number: "PO-STAGES",
      billing_address_id: address.id,
      shipping_address_id: address.id,
      parcel_service_id: parcel.id,
      terms_version: TERMS_VERSION,
      accept_terms: true,
    });
    expect(placed.statusCode).toBe(200);
    const progress = (await admin.call("GET", `/api/orders/${placed.json().data.order_id}/progress`)).json()
      .data;
    expect(progress.lines.map((l: { kind: string }) => l.kind)).toEqual(["assembly", "pcb"]);
    expect(progress.lines[0].stages.map((s: { stage: string }) => s.stage)).toEqual([
      "data_check",
      "material_procurement",
      "smt",
      "aoi",
      "inspection",
      "shipped",
    ]);
    expect(progress.lines[1].stages.map((s: { stage: string }) => s.stage)).toEqual([
      ...DEFAULT_STAGE_SETS.pcb,
    ]);
    expect(progress).toMatchObject({ version: 0, hold: null, current_stage: "data_check" });
    await staff.call("PUT", "/api/staff/production/stage-sets/assembly", {
      stages: DEFAULT_STAGE_SETS.assembly,
    });
  });
});

describe("PUT /api/staff/orders/:id/progress: the production form", () => {
  it("saves stages of both lines and the plan in one change, starts production and logs it", async () => {
    const staff = await kit.staff();
    const { admin, order, assembly, pcb } = await orderOf();
    const res = await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(0, {
        [assembly.id]: [
          { stage: "data_check", percent: 100 },
          { stage: "material_procurement", percent: 40, planned_date: "2030-02-14" },
        ],
        [pcb.id]: [{ stage: "data_check", percent: 100 }],
      }),
    );
    expect(res.statusCode).toBe(200);
    const progress = res.json().data;
    expect(progress).toMatchObject({
      status: "in_production",
      version: 1,
      current_stage: "material_procurement",
    });
    expect(progress.lines[0].stages.slice(0, 2)).toMatchObject([
      { stage: "data_check", percent: 100, completed_at: expect.any(String) },
      {
        stage: "material_procurement",
        percent: 40,
        planned_date: "2030-02-14",
        started_at: expect.any(String),
      },
    ]);
    expect(progress.lines[1].stages[0]).toMatchObject({ stage: "data_check", percent: 100 });

    const log = await activityOf(order.id);
    expect(log.filter((e) => e.action === "order.progress_updated")).toHaveLength(1);
    expect(log.find((e) => e.action === "order.progress_updated")!.details).toMatchObject({
      number: order.number,
      version: 1,
      stages: 3,
    });
    expect(log.find((e) => e.action === "order.status_changed")).toMatchObject({
      actorUserId: staff.user.id,
      details: { from: "confirmed", to: "in_production" },
    });
    // Production starting is a milestone: mailed at once, in the placer's language.
    const started = await mailsTo(admin.user.email, "production_started");
    expect(started).toHaveLength(1);
    expect(started[0]!.subject).toBe(`Production of your order ${order.number} has started`);
    expect(await mailsTo(admin.user.email, "production_digest")).toHaveLength(0);

    // The same form again changes nothing: no version, no log entry.
    const again = await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(1, { [pcb.id]: [{ stage: "data_check", percent: 100 }] }),
    );
    expect(again.json().data.version).toBe(1);
    expect(await activityOf(order.id)).toHaveLength(log.length);
  });

  it("refuses bad bodies with the field and writes nothing", async () => {
    const staff = await kit.staff();
    const { order, assembly, pcb } = await orderOf();
    const activity = await kit.rows(activityLog);
    const mails = await kit.rows(mailOutbox);
    const cases: [Record<string, unknown>, string][] = [
      [form(0, { [assembly.id]: [{ stage: "smt", percent: 101 }] }), "lines.0.stages.0.percent"],
      [form(0, { [assembly.id]: [{ stage: "smt", percent: 12.5 }] }), "lines.0.stages.0.percent"],
      [form(0, { [assembly.id]: [{ stage: "smt", percent: "50" as never }] }), "lines.0.stages.0.percent"],
      [form(0, { [assembly.id]: [{ stage: "soldering", percent: 50 }] }), "lines.0.stages.0.stage"],
      [
        form(0, { [assembly.id]: [{ stage: "smt", percent: 50, planned_date: "14.02.2030" }] }),
        "lines.0.stages.0.planned_date",
      ],
      [
        form(0, {
          [assembly.id]: [
            { stage: "smt", percent: 50 },
            { stage: "smt", percent: 60 },
          ],
        }),
        "lines.0.stages",
      ],
      [{ ...form(0, { [assembly.id]: [{ stage: "smt", percent: 50 }] }), base_version: -1 }, "base_version"],
      [{ base_version: 0, lines: [], hold: null }, "lines"],
      [{ base_version: 0, lines: [{ line_id: assembly.id, stages: [] }], hold: null }, "lines.0.stages"],
      [
        { ...form(0, { [assembly.id]: [{ stage: "smt", percent: 50 }] }), hold: { reason: "" } },
        "hold.reason",
      ],
      [{ ...form(0, { [assembly.id]: [{ stage: "smt", percent: 50 }] }), hold: undefined }, "hold"],
      [{ ...form(0, { [assembly.id]: [{ stage: "smt", percent: 50 }] }), note: "x" }, "note"],
      [{ base_version: 0, lines: [{ line_id: "1; drop table", stages: [] }], hold: null }, "lines.0.line_id"],
      // A stage the line does not have: the bare board has no SMT assembly. The valid stage of the
      // other line in the same form is not written either.
      [
        form(0, {
          [assembly.id]: [{ stage: "smt", percent: 50 }],
          [pcb.id]: [
            { stage: "data_check", percent: 100 },
            { stage: "smt", percent: 50 },
          ],
        }),
        "lines.1.stages.1.stage",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await staff.call("PUT", `/api/staff/orders/${order.id}/progress`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: "VALIDATION_ERROR", field });
    }
    const broken = await t().app.inject({
      method: "PUT",
      url: `/api/staff/orders/${order.id}/progress`,
      headers: { cookie: staff.cookie, "content-type": "application/json" },
      payload: '{"base_version": 0, "lines": [',
    });
    expect(broken.statusCode).toBe(400);
    expect((await stageRow(assembly.id, "smt")).percent).toBe(0);
    expect((await stageRow(pcb.id, "data_check")).percent).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ productionVersion: 0, status: "confirmed" });
    expect(await kit.rows(activityLog)).toBe(activity);
    expect(await kit.rows(mailOutbox)).toBe(mails);
  });

  it("answers 404 for a missing order and a line of another order, writing nothing", async () => {
    const staff = await kit.staff();
    const { order, assembly } = await orderOf();
    const other = await orderOf();
    const missing = await staff.call(
      "PUT",
      `/api/staff/orders/${MISSING_ID}/progress`,
      form(0, { [assembly.id]: [{ stage: "smt", percent: 10 }] }),
    );
    expect(missing.statusCode).toBe(404);
    const foreign = await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(0, {
        [assembly.id]: [{ stage: "smt", percent: 10 }],
        [other.assembly.id]: [{ stage: "smt", percent: 10 }],
      }),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await stageRow(assembly.id, "smt")).percent).toBe(0);
    expect((await stageRow(other.assembly.id, "smt")).percent).toBe(0);
    expect((await orderRow(order.id)).productionVersion).toBe(0);
  });

  it("refuses a form based on an older version (409) and writes nothing", async () => {
    const staff = await kit.staff();
    const { admin, order, assembly } = await orderOf();
    const first = await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(0, { [assembly.id]: [{ stage: "data_check", percent: 50 }] }),
    );
    expect(first.statusCode).toBe(200);
    const activity = await kit.rows(activityLog);
    const mails = await kit.rows(mailOutbox);
    // A second form loaded at version 0 would undo the first one's change.
    const stale = await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(0, { [assembly.id]: [{ stage: "data_check", percent: 0 }] }, { reason: "Stale" }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: "CONFLICT", otherData: { latest_version: 1 } });
    expect((await stageRow(assembly.id, "data_check")).percent).toBe(50);
    expect(await orderRow(order.id)).toMatchObject({ productionVersion: 1, productionHeldAt: null });
    expect(await kit.rows(activityLog)).toBe(activity);
    expect(await kit.rows(mailOutbox)).toBe(mails);
    expect(await mailsTo(admin.user.email, "production_on_hold")).toHaveLength(0);
  });

  it("lets exactly one of two forms loaded at the same version through", async () => {
    const staff = await kit.staff();
    const { order, assembly } = await orderOf();
    const results = await Promise.all(
      [30, 60].map((percent) =>
        staff.call(
          "PUT",
          `/api/staff/orders/${order.id}/progress`,
          form(0, { [assembly.id]: [{ stage: "data_check", percent }] }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await orderRow(order.id)).productionVersion).toBe(1);
  });

  it("answers 409 for cancelled and completed orders and writes nothing", async () => {
    const staff = await kit.staff();
    for (const status of ["cancelled", "completed"] as const) {
      const { company } = await kit.customerCompany();
      const { order, lines } = await createSalesOrder(db(), { companyId: company.id, status });
      const activity = await kit.rows(activityLog);
      const res = await staff.call(
        "PUT",
        `/api/staff/orders/${order.id}/progress`,
        form(0, { [lines[0]!.id]: [{ stage: "testing", percent: 50 }] }),
      );
      expect(res.statusCode).toBe(409);
      expect((await stageRow(lines[0]!.id, "testing")).percent).toBe(0);
      expect(await kit.rows(activityLog)).toBe(activity);
    }
  });

  it("keeps the customer's progress of another company's order hidden (404)", async () => {
    const { order } = await orderOf();
    const { admin: stranger } = await kit.customerCompany();
    expect((await stranger.call("GET", `/api/orders/${order.id}/progress`)).statusCode).toBe(404);
    const staff = await kit.staff();
    expect((await staff.call("GET", `/api/staff/orders/${order.id}/progress`)).statusCode).toBe(200);
  });
});

describe("production mails", () => {
  it("sends six saves within ten seconds as one digest the next day, besides the start milestone", async () => {
    const staff = await kit.staff();
    const { admin, order, assembly, pcb } = await orderOf();
    const steps: [string, StageInput[]][] = [
      [assembly.id, [{ stage: "data_check", percent: 50 }]],
      [assembly.id, [{ stage: "data_check", percent: 100 }]],
      [pcb.id, [{ stage: "data_check", percent: 100 }]],
      [assembly.id, [{ stage: "material_procurement", percent: 30, planned_date: "2030-03-02" }]],
      [pcb.id, [{ stage: "pcb_fabrication", percent: 20 }]],
      // Undone before the digest: the customer never hears of it.
      [pcb.id, [{ stage: "pcb_fabrication", percent: 0 }]],
    ];
    const started = Date.now();
    for (const [i, [lineId, stages]] of steps.entries()) {
      const res = await staff.call(
        "PUT",
        `/api/staff/orders/${order.id}/progress`,
        form(i, { [lineId]: stages }),
      );
      expect(res.statusCode, String(i)).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(10_000);

    expect(await mailsTo(admin.user.email, "production_started")).toHaveLength(1);
    expect(await mailsTo(admin.user.email, "production_digest")).toHaveLength(0);
    // The changes have not rested yet: nothing goes out.
    expect(await digests(new Date())).toBe(0);
    expect(await mailsTo(admin.user.email, "production_digest")).toHaveLength(0);

    // Orders of the other tests are due as well; this order gets exactly one digest.
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    expect(await digests(tomorrow)).toBeGreaterThanOrEqual(1);
    const sent = await mailsTo(admin.user.email, "production_digest");
    expect(sent).toHaveLength(1);
    const [digest] = sent;
    expect(digest!.subject).toBe(`Production update for order ${order.number}`);
    expect(digest!.text).toContain("• Line 1 (Sensor board), Data check: complete");
    expect(digest!.text).toContain(
      "• Line 1 (Sensor board), Component sourcing: 30 % done, planned for Mar 2, 2030",
    );
    expect(digest!.text).toContain("• Line 2 (Bare board), Data check: complete");
    expect(digest!.text).not.toContain("PCB fabrication");
    expect(digest!.text).toContain(`https://portal.example.test/my/orders/${order.id}`);
    expect(await orderRow(order.id)).toMatchObject({ productionDigest: null, productionDigestSince: null });

    // Another run, or another instance, finds nothing left to send.
    expect(await digests(tomorrow)).toBe(0);

    // More changes the same day wait a day after the digest, however long they rest.
    await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(6, { [assembly.id]: [{ stage: "material_procurement", percent: 100 }] }),
    );
    expect(await digests(new Date(tomorrow.getTime() + 6 * HOUR))).toBe(0);
    expect(await digests(new Date(tomorrow.getTime() + 25 * HOUR))).toBe(1);
    const latest = await mailsTo(admin.user.email, "production_digest");
    expect(latest).toHaveLength(2);
    expect(latest[0]!.text).toContain("Component sourcing: complete");
    expect(latest[0]!.text).not.toContain("Data check");
  });

  it("mails a hold at once, and the release with the next digest", async () => {
    const staff = await kit.staff();
    const { admin, order, assembly } = await orderOf();
    const held = await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(
        0,
        { [assembly.id]: [{ stage: "data_check", percent: 60 }] },
        { reason: "Waiting for your BOM answer" },
      ),
    );
    expect(held.json().data.hold).toEqual({
      reason: "Waiting for your BOM answer",
      since: expect.any(String),
    });
    const onHold = await mailsTo(admin.user.email, "production_on_hold");
    expect(onHold).toHaveLength(1);
    expect(onHold[0]!.text).toContain("Waiting for your BOM answer");
    const customer = (await admin.call("GET", `/api/orders/${order.id}/progress`)).json().data;
    expect(customer.hold).toMatchObject({ reason: "Waiting for your BOM answer" });
    expect((await activityOf(order.id)).map((e) => e.action)).toContain("order.production_held");

    const released = await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(1, { [assembly.id]: [{ stage: "data_check", percent: 60 }] }),
    );
    expect(released.json().data).toMatchObject({ hold: null, version: 2 });
    expect((await activityOf(order.id)).map((e) => e.action)).toContain("order.production_resumed");
    expect(await mailsTo(admin.user.email, "production_on_hold")).toHaveLength(1);
    expect(await digests(new Date(Date.now() + 2 * HOUR))).toBe(1);
    const [digest] = await mailsTo(admin.user.email, "production_digest");
    expect(digest!.text).toContain("• Production has resumed.");
    expect(digest!.text).toContain("Data check: 60 % done");
  });

  it("writes the digest in the placer's language and leaves cancelled orders out", async () => {
    const staff = await kit.staff();
    const { company } = await kit.customerCompany();
    const german = await kit.customer(company.id, "buyer", { language: "de" });
    const { order, lines } = await createSalesOrder(db(), {
      companyId: company.id,
      placedByUserId: german.user.id,
      status: "in_production",
    });
    await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      form(0, { [lines[0]!.id]: [{ stage: "smt", percent: 100 }] }),
    );
    const cancelled = await orderOf();
    await staff.call(
      "PUT",
      `/api/staff/orders/${cancelled.order.id}/progress`,
      form(0, { [cancelled.assembly.id]: [{ stage: "data_check", percent: 100 }] }),
    );
    await staff.call("PUT", `/api/staff/orders/${cancelled.order.id}/status`, { status: "cancelled" });

    await digests(new Date(Date.now() + 2 * HOUR));
    const [digest] = await mailsTo(german.user.email, "production_digest");
    expect(digest!.subject).toBe(`Fertigungsstand zu Auftrag ${order.number}`);
    expect(digest!.text).toContain("SMT-Bestückung: abgeschlossen");
    expect(await mailsTo(cancelled.admin.user.email, "production_digest")).toHaveLength(0);
    expect((await orderRow(cancelled.order.id)).productionDigest).toBeNull();
  });

  it("mails the start and a shipment without delivery note when staff change the status", async () => {
    const staff = await kit.staff();
    const { admin, order } = await orderOf();
    await staff.call("PUT", `/api/staff/orders/${order.id}/status`, { status: "in_production" });
    await staff.call("PUT", `/api/staff/orders/${order.id}/status`, { status: "shipped" });
    expect(await mailsTo(admin.user.email, "production_started")).toHaveLength(1);
    const shipped = await mailsTo(admin.user.email, "production_shipped");
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.subject).toBe(`Your order ${order.number} has shipped`);
  });
});
