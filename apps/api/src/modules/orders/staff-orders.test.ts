import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { WorkOrderStage } from "@ems/contracts/orders";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createSalesOrder } from "@ems/db/order-factories";
import { activityLog, salesOrders, workOrderStages } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "./fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

async function orderOf(companyName?: string) {
  const { company, admin } = await kit.customerCompany(companyName);
  const created = await createSalesOrder(db(), { companyId: company.id, placedByUserId: admin.user.id });
  return { company, admin, ...created };
}

async function stageRow(lineId: string, stage: WorkOrderStage) {
  const [row] = await db()
    .select()
    .from(workOrderStages)
    .where(and(eq(workOrderStages.orderLineId, lineId), eq(workOrderStages.stage, stage)));
  return row!;
}

const statusOf = async (id: string) =>
  (await db().select({ status: salesOrders.status }).from(salesOrders).where(eq(salesOrders.id, id)))[0]!
    .status;

describe("staff order routes: access", () => {
  it("are for staff only", async () => {
    const { company, order, lines } = await orderOf();
    const calls = [
      ["GET", "/api/staff/orders", undefined],
      ["GET", `/api/staff/orders/${order.id}`, undefined],
      ["GET", `/api/staff/orders/${order.id}/progress`, undefined],
      ["PUT", `/api/staff/orders/${order.id}/progress`, { line_id: lines[0]!.id, stage: "smt", percent: 10 }],
      ["PUT", `/api/staff/orders/${order.id}/status`, { status: "cancelled" }],
    ] as const;
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      for (const [method, url, body] of calls)
        expect((await member.call(method, url, body)).statusCode, `${role} ${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of calls)
      expect((await t().app.inject({ method, url, payload: body })).statusCode).toBe(401);
    expect(await statusOf(order.id)).toBe("confirmed");
    expect((await stageRow(lines[0]!.id, "smt")).percent).toBe(0);
  });
});

describe("GET /api/staff/orders", () => {
  it("lists every company's orders with the company name; filters by company and searches its name", async () => {
    const staff = await kit.staff();
    const a = await orderOf("Quokka Robotics Ltd");
    const b = await orderOf("Wombat Audio GmbH");
    const all = (await staff.call("GET", "/api/staff/orders?page_size=100")).json().data;
    expect(all.items.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([a.order.id, b.order.id]),
    );
    expect(all.items.find((o: { id: string }) => o.id === a.order.id)).toMatchObject({
      company_id: a.company.id,
      company_name: "Quokka Robotics Ltd",
      progress_percent: 0,
    });

    const one = (await staff.call("GET", `/api/staff/orders?company_id=${b.company.id}`)).json().data;
    expect(one.items.map((o: { id: string }) => o.id)).toEqual([b.order.id]);
    const byName = (await staff.call("GET", "/api/staff/orders?q=quokka")).json().data;
    expect(byName.items.map((o: { id: string }) => o.id)).toEqual([a.order.id]);
    expect((await staff.call("GET", "/api/staff/orders?company_id=acme")).statusCode).toBe(400);
    expect((await staff.call("GET", "/api/staff/orders?page_size=500")).statusCode).toBe(400);
  });

  it("answers one order with its company and next statuses, 404 for a missing one", async () => {
    const staff = await kit.staff();
    const { company, order } = await orderOf("Numbat Instruments");
    const res = await staff.call("GET", `/api/staff/orders/${order.id}`);
    expect(res.json().data).toMatchObject({
      id: order.id,
      company_id: company.id,
      company_name: "Numbat Instruments",
      next_statuses: ["in_production", "cancelled"],
    });
    expect((await staff.call("GET", `/api/staff/orders/${MISSING_ID}`)).statusCode).toBe(404);
  });
});

describe("GET /api/staff/orders/:id/progress", () => {
  it("answers the stages of any company's order as recorded, 404 for a missing one, 400 for junk", async () => {
    const staff = await kit.staff();
    const { order, lines } = await orderOf("Bilby Controls Pty");
    await staff.call("PUT", `/api/staff/orders/${order.id}/progress`, {
      line_id: lines[0]!.id,
      stage: "material_procurement",
      percent: 100,
      planned_date: "2030-03-01",
    });
    const res = await staff.call("GET", `/api/staff/orders/${order.id}/progress`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const progress = res.json().data;
    expect(progress).toMatchObject({ order_id: order.id, number: order.number, status: "in_production" });
    expect(progress.lines).toHaveLength(lines.length);
    expect(progress.lines[0].stages).toHaveLength(7);
    expect(progress.lines[0].stages[0]).toMatchObject({
      stage: "material_procurement",
      percent: 100,
      planned_date: "2030-03-01",
    });
    expect((await staff.call("GET", `/api/staff/orders/${MISSING_ID}/progress`)).statusCode).toBe(404);
    expect((await staff.call("GET", "/api/staff/orders/not-a-uuid/progress")).statusCode).toBe(400);
    expect((await staff.call("GET", `/api/staff/orders/${order.id}/progress?x=1`)).statusCode).toBe(400);
  });
});

describe("PUT /api/staff/orders/:id/progress", () => {
  it("records a stage, starts production, logs it and mails the placer", async () => {
    const staff = await kit.staff();
    const { company, admin, order, lines } = await orderOf();
    const line = lines[0]!;

    const res = await staff.call("PUT", `/api/staff/orders/${order.id}/progress`, {
      line_id: line.id,
      stage: "smt",
      percent: 40,
      planned_date: "2030-02-14",
    });
    expect(res.statusCode).toBe(200);
    const progress = res.json().data;
    expect(progress).toMatchObject({ status: "in_production", current_stage: "material_procurement" });
    expect(progress.lines[0].stages[1]).toMatchObject({
      stage: "smt",
      percent: 40,
      planned_date: "2030-02-14",
      started_at: expect.any(String),
      completed_at: null,
    });
    const startedAt = (await stageRow(line.id, "smt")).startedAt;
    expect(startedAt).not.toBeNull();

    const done = await staff.call("PUT", `/api/staff/orders/${order.id}/progress`, {
      line_id: line.id,
      stage: "smt",
      percent: 100,
    });
    const smt = done.json().data.lines[0].stages[1];
    expect(smt).toMatchObject({ percent: 100, planned_date: "2030-02-14", completed_at: expect.any(String) });
    // The first start stays; lowering the percent again clears the completion.
    expect((await stageRow(line.id, "smt")).startedAt).toEqual(startedAt);
    await staff.call("PUT", `/api/staff/orders/${order.id}/progress`, {
      line_id: line.id,
      stage: "smt",
      percent: 90,
      planned_date: null,
    });
    expect(await stageRow(line.id, "smt")).toMatchObject({
      percent: 90,
      completedAt: null,
      plannedDate: null,
    });

    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.filter((e) => e.action === "order.progress_updated")).toHaveLength(3);
    expect(log.find((e) => e.action === "order.status_changed")).toMatchObject({
      actorUserId: staff.user.id,
      details: { from: "confirmed", to: "in_production" },
    });
    const mails = (await kit.outbox(admin.user.email)).filter((m) => m.template === "production_updated");
    expect(mails).toHaveLength(3);
    expect(mails.at(-1)!.subject).toContain(order.number);
    expect(mails.map((m) => m.text).join()).toContain("SMT assembly is now at 40 %");
  });

  it("refuses bad bodies with the field and changes nothing", async () => {
    const staff = await kit.staff();
    const { order, lines } = await orderOf();
    const line = lines[0]!.id;
    const activity = await kit.rows(activityLog);
    for (const [body, field] of [
      [{ line_id: line, stage: "smt", percent: 101 }, "percent"],
      [{ line_id: line, stage: "smt", percent: -1 }, "percent"],
      [{ line_id: line, stage: "smt", percent: 12.5 }, "percent"],
      [{ line_id: line, stage: "smt", percent: "50" }, "percent"],
      [{ line_id: line, stage: "soldering", percent: 50 }, "stage"],
      [{ line_id: line, percent: 50 }, "stage"],
      [{ line_id: "1; drop table", stage: "smt", percent: 50 }, "line_id"],
      [{ line_id: line, stage: "smt", percent: 50, planned_date: "14.02.2030" }, "planned_date"],
      [{ line_id: line, stage: "smt", percent: 50, started_at: "2020-01-01" }, "started_at"],
    ] as const) {
      const res = await staff.call("PUT", `/api/staff/orders/${order.id}/progress`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field });
    }
    expect((await stageRow(line, "smt")).percent).toBe(0);
    expect(await kit.rows(activityLog)).toBe(activity);
  });

  it("answers 404 for a missing order and for a line of another order", async () => {
    const staff = await kit.staff();
    const { order, lines } = await orderOf();
    const other = await orderOf();
    const body = (lineId: string) => ({ line_id: lineId, stage: "smt", percent: 10 });
    expect(
      (await staff.call("PUT", `/api/staff/orders/${MISSING_ID}/progress`, body(lines[0]!.id))).statusCode,
    ).toBe(404);
    const foreign = await staff.call(
      "PUT",
      `/api/staff/orders/${order.id}/progress`,
      body(other.lines[0]!.id),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await stageRow(other.lines[0]!.id, "smt")).percent).toBe(0);
  });

  it("answers 409 for cancelled and completed orders and writes nothing", async () => {
    const staff = await kit.staff();
    for (const status of ["cancelled", "completed"] as const) {
      const { company } = await kit.customerCompany();
      const { order, lines } = await createSalesOrder(db(), { companyId: company.id, status });
      const activity = await kit.rows(activityLog);
      const res = await staff.call("PUT", `/api/staff/orders/${order.id}/progress`, {
        line_id: lines[0]!.id,
        stage: "testing",
        percent: 50,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe("CONFLICT");
      expect((await stageRow(lines[0]!.id, "testing")).percent).toBe(0);
      expect(await kit.rows(activityLog)).toBe(activity);
    }
  });
});

describe("PUT /api/staff/orders/:id/status", () => {
  it("walks the allowed transitions and logs each", async () => {
    const staff = await kit.staff();
    const { company, order } = await orderOf();
    for (const status of ["in_production", "shipped", "completed"]) {
      const res = await staff.call("PUT", `/api/staff/orders/${order.id}/status`, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    expect((await staff.call("GET", `/api/staff/orders/${order.id}`)).json().data.next_statuses).toEqual([]);
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, company.id), eq(activityLog.action, "order.status_changed")));
    expect(log.map((e) => e.details?.to)).toEqual(["in_production", "shipped", "completed"]);
  });

  it("answers 409 for a transition that is not allowed and changes nothing", async () => {
    const staff = await kit.staff();
    for (const [from, to] of [
      ["confirmed", "shipped"],
      ["confirmed", "confirmed"],
      ["in_production", "completed"],
      ["shipped", "cancelled"],
      ["completed", "in_production"],
      ["cancelled", "confirmed"],
    ] as const) {
      const { company } = await kit.customerCompany();
      const { order } = await createSalesOrder(db(), { companyId: company.id, status: from });
      const activity = await kit.rows(activityLog);
      const res = await staff.call("PUT", `/api/staff/orders/${order.id}/status`, { status: to });
      expect(res.statusCode, `${from} → ${to}`).toBe(409);
      expect(await statusOf(order.id)).toBe(from);
      expect(await kit.rows(activityLog)).toBe(activity);
    }
  });

  it("refuses unknown statuses and properties, and answers 404 for a missing order", async () => {
    const staff = await kit.staff();
    const { order } = await orderOf();
    for (const body of [
      { status: "done" },
      {},
      { status: "cancelled", reason: "x" },
      { status: ["cancelled"] },
    ]) {
      expect((await staff.call("PUT", `/api/staff/orders/${order.id}/status`, body)).statusCode).toBe(400);
    }
    expect(
      (await staff.call("PUT", `/api/staff/orders/${MISSING_ID}/status`, { status: "cancelled" })).statusCode,
    ).toBe(404);
    expect(await statusOf(order.id)).toBe("confirmed");
  });

  it("lets exactly one of concurrent identical changes through", async () => {
    const staff = await kit.staff();
    const { company, order } = await orderOf();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        staff.call("PUT", `/api/staff/orders/${order.id}/status`, { status: "cancelled" }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, company.id), eq(activityLog.action, "order.status_changed")));
    expect(log).toHaveLength(1);
    expect(await statusOf(order.id)).toBe("cancelled");
  });
});
