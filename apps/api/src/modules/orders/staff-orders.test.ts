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
      [
        "PUT",
        `/api/staff/orders/${order.id}/progress`,
        {
          base_version: 0,
          lines: [{ line_id: lines[0]!.id, stages: [{ stage: "smt", percent: 10, planned_date: null }] }],
          hold: null,
        },
      ],
      ["GET", "/api/staff/production/stage-sets", undefined],
      ["PUT", "/api/staff/production/stage-sets/pcb", { stages: ["data_check", "shipped"] }],
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
      base_version: 0,
      lines: [
        {
          line_id: lines[0]!.id,
          stages: [{ stage: "material_procurement", percent: 100, planned_date: "2030-03-01" }],
        },
      ],
      hold: null,
    });
    const res = await staff.call("GET", `/api/staff/orders/${order.id}/progress`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const progress = res.json().data;
    expect(progress).toMatchObject({
      order_id: order.id,
      number: order.number,
      status: "in_production",
      version: 1,
      hold: null,
    });
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
