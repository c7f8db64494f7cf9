import { pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { OrderStatus } from "@ems/contracts/orders";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createDeliveryNote, createSalesOrder } from "@ems/db/order-factories";
import { activityLog, deliveryNotes, salesOrders, workOrderStages } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

async function twoLineOrder(status: OrderStatus = "in_production") {
  const { company, admin } = await kit.customerCompany("Ștefănescu & Țăranu SRL");
  const created = await createSalesOrder(db(), {
    companyId: company.id,
    placedByUserId: admin.user.id,
    status,
    lines: [
      { description: "Motor driver", quantity: 100 },
      { description: "Sensor board", quantity: 40 },
    ],
  });
  return { company, admin, ...created };
}

const shippedStage = async (lineId: string) =>
  (
    await db()
      .select()
      .from(workOrderStages)
      .where(and(eq(workOrderStages.orderLineId, lineId), eq(workOrderStages.stage, "shipped")))
  )[0]!;

const statusOf = async (id: string) =>
  (await db().select({ status: salesOrders.status }).from(salesOrders).where(eq(salesOrders.id, id)))[0]!
    .status;

describe("POST /api/staff/deliveries", () => {
  it("ships part of an order, then the rest: stages, order status, log and mail follow", async () => {
    const staff = await kit.staff();
    const { company, admin, order, lines } = await twoLineOrder();
    const [motor, sensor] = lines as [(typeof lines)[0], (typeof lines)[0]];
    const buyer = await kit.customer(company.id, "buyer");
    const finance = await kit.customer(company.id, "finance");

    const first = await staff.call("POST", "/api/staff/deliveries", {
      order_id: order.id,
      carrier: "DHL Express",
      tracking_number: "JD014600004512",
      lines: [
        { order_line_id: sensor.id, quantity: 40 },
        { order_line_id: motor.id, quantity: 60 },
      ],
    });
    expect(first.statusCode).toBe(201);
    const note = first.json().data;
    expect(note).toMatchObject({
      number: expect.stringMatching(/^DN-\d{4}-\d{5}$/),
      order_id: order.id,
      order_number: order.number,
      po_number: order.poNumber,
      company_id: company.id,
      company_name: "Ștefănescu & Țăranu SRL",
      carrier: "DHL Express",
      tracking_number: "JD014600004512",
      shipping_address: order.shippingAddress,
      lines: [
        { position: 1, description: "Motor driver", quantity: 60 },
        { position: 2, description: "Sensor board", quantity: 40 },
      ],
    });
    expect(await shippedStage(sensor.id)).toMatchObject({ percent: 100, completedAt: expect.any(Date) });
    expect((await shippedStage(motor.id)).percent).toBe(0);
    expect(await statusOf(order.id)).toBe("in_production");

    const rest = await staff.call("POST", "/api/staff/deliveries", {
      order_id: order.id,
      carrier: "UPS",
      lines: [{ order_line_id: motor.id, quantity: 40 }],
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data.tracking_number).toBeNull();
    expect((await shippedStage(motor.id)).percent).toBe(100);
    expect(await statusOf(order.id)).toBe("shipped");

    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.filter((e) => e.action === "delivery.created").map((e) => e.details?.order)).toEqual([
      order.number,
      order.number,
    ]);
    expect(log.find((e) => e.action === "order.status_changed")?.details).toMatchObject({ to: "shipped" });

    for (const recipient of [admin, buyer]) {
      // The outbox answers newest first.
      const mails = (await kit.outbox(recipient.user.email)).filter((m) =>
        m.template.startsWith("delivery_"),
      );
      expect(mails.map((m) => m.template)).toEqual(["delivery_shipped", "delivery_partly_shipped"]);
      expect(mails[1]!.text).toContain("JD014600004512");
    }
    expect(
      (await kit.outbox(finance.user.email)).filter((m) => m.template.startsWith("delivery_")),
    ).toHaveLength(0);

    const details = (await admin.call("GET", `/api/orders/${order.id}`)).json().data;
    expect(details.lines.map((l: { delivered_quantity: number }) => l.delivered_quantity)).toEqual([100, 40]);
    expect(details.delivery_notes).toHaveLength(2);
  });

  it("a partial delivery's mail says what shipped and what follows; the last one says the order has shipped", async () => {
    const staff = await kit.staff();
    const { admin, order, lines } = await twoLineOrder();
    const ship = (quantities: [string, number][]) =>
      staff.call("POST", "/api/staff/deliveries", {
        order_id: order.id,
        carrier: "DHL Express",
        lines: quantities.map(([order_line_id, quantity]) => ({ order_line_id, quantity })),
      });
    // Oldest first (the outbox answers newest first).
    const mails = async () =>
      (await kit.outbox(admin.user.email)).filter((m) => m.template.startsWith("delivery_")).reverse();

    expect((await ship([[lines[0]!.id, 20]])).statusCode).toBe(201);
    const [partial] = await mails();
    expect(partial).toMatchObject({
      template: "delivery_partly_shipped",
      subject: `Part of your order ${order.number} has shipped`,
    });
    expect(partial!.subject).not.toContain("Your order");
    expect(partial!.text).toContain("This delivery contains:\n– 20 × Motor driver");
    expect(partial!.text).toContain(
      "Still to follow in a later delivery:\n– 80 × Motor driver\n– 40 × Sensor board",
    );

    expect((await ship([[lines[0]!.id, 80]])).statusCode).toBe(201);
    const second = (await mails())[1]!;
    expect(second.template).toBe("delivery_partly_shipped");
    expect(second.text).toContain("Still to follow in a later delivery:\n– 40 × Sensor board");
    expect(second.text).not.toMatch(/× Motor driver\n– 40/);

    expect((await ship([[lines[1]!.id, 40]])).statusCode).toBe(201);
    const last = (await mails())[2]!;
    expect(last).toMatchObject({
      template: "delivery_shipped",
      subject: `Your order ${order.number} has shipped`,
    });
    expect(last.text).not.toContain("follow");
  });

  it("writes the partial delivery's mail in the reader's language with its numbers", async () => {
    const staff = await kit.staff();
    const { company, order, lines } = await twoLineOrder();
    const german = await kit.customer(company.id, "buyer", { language: "de" });
    await staff.call("POST", "/api/staff/deliveries", {
      order_id: order.id,
      carrier: "DHL",
      lines: [{ order_line_id: lines[0]!.id, quantity: 1 }],
    });
    await createDeliveryNote(db(), { orderId: order.id, quantities: { 2: 39 } });
    const mail = (await kit.outbox(german.user.email)).find((m) => m.template === "delivery_partly_shipped")!;
    expect(mail.language).toBe("de");
    expect(mail.subject).toBe(`Ein Teil Ihres Auftrags ${order.number} wurde versandt`);
    expect(mail.text).toContain(
      "Folgt mit einer späteren Lieferung:\n– 99 × Motor driver\n– 40 × Sensor board",
    );
  });

  it("answers 409 for more than is left to deliver and writes nothing", async () => {
    const staff = await kit.staff();
    const { order, lines } = await twoLineOrder();
    await createDeliveryNote(db(), { orderId: order.id, quantities: { 1: 90 } });
    const before = { notes: await kit.rows(deliveryNotes), activity: await kit.rows(activityLog) };
    const res = await staff.call("POST", "/api/staff/deliveries", {
      order_id: order.id,
      carrier: "DHL",
      lines: [
        { order_line_id: lines[1]!.id, quantity: 40 },
        { order_line_id: lines[0]!.id, quantity: 11 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "CONFLICT", message: "Line 1: 10 of 100 are left to deliver" });
    expect(await kit.rows(deliveryNotes)).toBe(before.notes);
    expect(await kit.rows(activityLog)).toBe(before.activity);
    expect((await shippedStage(lines[1]!.id)).percent).toBe(0);
  });

  it("answers 409 for cancelled and completed orders", async () => {
    const staff = await kit.staff();
    for (const status of ["cancelled", "completed"] as const) {
      const { order, lines } = await twoLineOrder(status);
      const before = await kit.rows(deliveryNotes);
      const res = await staff.call("POST", "/api/staff/deliveries", {
        order_id: order.id,
        carrier: "DHL",
        lines: [{ order_line_id: lines[0]!.id, quantity: 1 }],
      });
      expect(res.statusCode, status).toBe(409);
      expect(await kit.rows(deliveryNotes)).toBe(before);
    }
  });

  it("answers 404 for a missing order and for a line of another order", async () => {
    const staff = await kit.staff();
    const { order, lines } = await twoLineOrder();
    const other = await twoLineOrder();
    const before = await kit.rows(deliveryNotes);
    const missing = await staff.call("POST", "/api/staff/deliveries", {
      order_id: MISSING_ID,
      carrier: "DHL",
      lines: [{ order_line_id: lines[0]!.id, quantity: 1 }],
    });
    expect(missing.statusCode).toBe(404);
    const foreign = await staff.call("POST", "/api/staff/deliveries", {
      order_id: order.id,
      carrier: "DHL",
      lines: [{ order_line_id: other.lines[0]!.id, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await kit.rows(deliveryNotes)).toBe(before);
  });

  it("refuses bad bodies with the field and writes nothing", async () => {
    const staff = await kit.staff();
    const { order, lines } = await twoLineOrder();
    const line = { order_line_id: lines[0]!.id, quantity: 1 };
    const base = { order_id: order.id, carrier: "DHL", lines: [line] };
    const before = { notes: await kit.rows(deliveryNotes), activity: await kit.rows(activityLog) };
    for (const [body, field] of [
      [{ ...base, carrier: "" }, "carrier"],
      [{ ...base, carrier: "x".repeat(81) }, "carrier"],
      [{ ...base, carrier: "DHL\r\nBcc: someone@example.test" }, "carrier"],
      [{ ...base, tracking_number: "y".repeat(81) }, "tracking_number"],
      [{ ...base, lines: [] }, "lines"],
      [{ ...base, lines: [line, line] }, "lines"],
      [{ ...base, lines: [{ ...line, quantity: 0 }] }, "lines.0.quantity"],
      [{ ...base, lines: [{ ...line, quantity: 2.5 }] }, "lines.0.quantity"],
      [{ ...base, lines: [{ ...line, price: 1 }] }, "lines.0.price"],
      [{ ...base, lines: Array.from({ length: 201 }, () => line) }, "lines"],
      [{ ...base, order_id: "DN-1" }, "order_id"],
      [{ ...base, shipped_at: "2020-01-01" }, "shipped_at"],
      [{ carrier: "DHL", lines: [line] }, "order_id"],
    ] as const) {
      const res = await staff.call("POST", "/api/staff/deliveries", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field });
    }
    expect(await kit.rows(deliveryNotes)).toBe(before.notes);
    expect(await kit.rows(activityLog)).toBe(before.activity);
  });

  it("lets only one of concurrent notes for the whole quantity through", async () => {
    const staff = await kit.staff();
    const { order, lines } = await twoLineOrder();
    const body = {
      order_id: order.id,
      carrier: "DHL",
      lines: lines.map((line) => ({ order_line_id: line.id, quantity: line.quantity })),
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => staff.call("POST", "/api/staff/deliveries", body)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const notes = await db().select().from(deliveryNotes).where(eq(deliveryNotes.orderId, order.id));
    expect(notes).toHaveLength(1);
  });

  it("is for staff only", async () => {
    const { company, order, lines } = await twoLineOrder();
    const before = await kit.rows(deliveryNotes);
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("POST", "/api/staff/deliveries", {
        order_id: order.id,
        carrier: "DHL",
        lines: [{ order_line_id: lines[0]!.id, quantity: 1 }],
      });
      expect(res.statusCode, role).toBe(403);
      expect((await member.call("GET", "/api/staff/deliveries")).statusCode).toBe(403);
    }
    expect(await kit.rows(deliveryNotes)).toBe(before);
  });
});

describe("GET /api/deliveries (Delivery note: getAll)", () => {
  it("lists the company's notes only, for every role; searches, filters by order and pages", async () => {
    const { company, order } = await twoLineOrder();
    const second = await createSalesOrder(db(), { companyId: company.id });
    const other = await twoLineOrder();
    const a = await createDeliveryNote(db(), {
      orderId: order.id,
      carrier: "DHL",
      trackingNumber: "TRK-AAA",
    });
    const b = await createDeliveryNote(db(), {
      orderId: second.order.id,
      carrier: "Raben",
      trackingNumber: null,
    });
    await createDeliveryNote(db(), { orderId: other.order.id });

    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      const res = await member.call("GET", "/api/deliveries");
      expect(res.statusCode, role).toBe(200);
      expect(
        res
          .json()
          .data.items.map((n: { id: string }) => n.id)
          .sort(),
      ).toEqual([a.id, b.id].sort());
    }
    const admin = await kit.customer(company.id, "admin");
    const byTracking = (await admin.call("GET", "/api/deliveries?q=trk-aaa")).json().data;
    expect(byTracking.items.map((n: { id: string }) => n.id)).toEqual([a.id]);
    const byCarrier = (await admin.call("GET", "/api/deliveries?q=raben")).json().data;
    expect(byCarrier.items[0]).toMatchObject({
      id: b.id,
      order_number: second.order.number,
      tracking_number: null,
    });
    const byOrder = (await admin.call("GET", `/api/deliveries?order_id=${order.id}`)).json().data;
    expect(byOrder).toMatchObject({
      total: 1,
      items: [{ id: a.id, lines: [{ position: 1 }, { position: 2 }] }],
    });
    // Another company's order id filters to nothing rather than revealing its notes.
    const foreign = (await admin.call("GET", `/api/deliveries?order_id=${other.order.id}`)).json().data;
    expect(foreign.total).toBe(0);

    for (const query of ["page_size=5", "sort=carrier", "order_id=1", "foo=bar"]) {
      expect((await admin.call("GET", `/api/deliveries?${query}`)).statusCode, query).toBe(400);
    }
    const staff = await kit.staff();
    expect((await staff.call("GET", "/api/deliveries")).statusCode).toBe(403);
  });

  it("lists every company's notes with the company name for staff", async () => {
    const staff = await kit.staff();
    const { company, order } = await twoLineOrder();
    const note = await createDeliveryNote(db(), { orderId: order.id });
    const res = await staff.call("GET", `/api/staff/deliveries?company_id=${company.id}`);
    expect(res.json().data.items).toEqual([
      expect.objectContaining({
        id: note.id,
        company_id: company.id,
        company_name: "Ștefănescu & Țăranu SRL",
      }),
    ]);
  });
});

describe("GET /api/deliveries/:id/pdf (Delivery note: PDF)", () => {
  it("renders the note in the caller's language with carrier, tracking and the Romanian address", async () => {
    const { company, order } = await twoLineOrder();
    const romanian = await kit.customer(company.id, "engineer", { language: "ro" });
    const note = await createDeliveryNote(db(), {
      orderId: order.id,
      trackingNumber: "1Z999AA10123456784",
      shippingAddress: {
        recipient: "Ștefan Țurcanu",
        street: "Strada Mureșului 5",
        street2: null,
        postal_code: "550000",
        city: "Sibiu",
        region: null,
        country: "RO",
      },
    });
    const res = await romanian.call("GET", `/api/deliveries/${note.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(note.number);
    expect(text).toContain("1Z999AA10123456784");
    expect(text).toContain("Ștefan Țurcanu");
    expect(text).toContain("Strada Mureșului 5");
    expect(text).toContain("Motor driver");
    expect(text).toContain(order.number);
  });

  it("lists what is still to follow after a partial delivery, as of that note, and nothing once complete", async () => {
    const { admin, order } = await twoLineOrder();
    const first = await createDeliveryNote(db(), {
      orderId: order.id,
      quantities: { 1: 20 },
      shippedAt: new Date("2026-03-02T08:00:00Z"),
    });
    const second = await createDeliveryNote(db(), {
      orderId: order.id,
      quantities: { 1: 30, 2: 40 },
      shippedAt: new Date("2026-03-09T08:00:00Z"),
    });
    const last = await createDeliveryNote(db(), {
      orderId: order.id,
      quantities: { 1: 50 },
      shippedAt: new Date("2026-03-16T08:00:00Z"),
    });
    const textOf = async (id: string) =>
      pdfText((await admin.call("GET", `/api/deliveries/${id}/pdf`)).rawPayload);

    // Printed after the later notes went, the first one still says what followed it then.
    const firstText = await textOf(first.id);
    expect(firstText).toContain("To follow");
    expect(firstText).toMatch(/Pos\. 1 · Motor driver: 80/);
    expect(firstText).toMatch(/Pos\. 2 · Sensor board: 40/);
    const secondText = await textOf(second.id);
    expect(secondText).toMatch(/Pos\. 1 · Motor driver: 50/);
    expect(secondText).not.toContain("Sensor board: ");
    const lastText = await textOf(last.id);
    expect(lastText).not.toContain("To follow");
    expect(lastText).toContain("Motor driver");

    const german = await kit.customer(order.companyId, "buyer", { language: "de" });
    const germanText = await pdfText(
      (await german.call("GET", `/api/deliveries/${first.id}/pdf`)).rawPayload,
    );
    expect(germanText).toContain("Folgt noch");
  });

  it("answers 404 for another company's note and a missing one", async () => {
    const { admin } = await kit.customerCompany();
    const other = await twoLineOrder();
    const note = await createDeliveryNote(db(), { orderId: other.order.id });
    for (const id of [note.id, MISSING_ID]) {
      const res = await admin.call("GET", `/api/deliveries/${id}/pdf`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("NOT_FOUND");
    }
    expect((await admin.call("GET", "/api/deliveries/x/pdf")).statusCode).toBe(400);
  });
});
