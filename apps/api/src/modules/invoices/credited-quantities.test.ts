import { describe, expect, it } from "vitest";
import { createDeliveryNote, createSalesOrder } from "@ems/db/order-factories";
import { invoices } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();

/** An order of 20 boards with one-off costs, all shipped, and the shipping. */
async function shippedOrder() {
  const { company, admin } = await kit.customerCompany();
  const created = await createSalesOrder(db(), {
    companyId: company.id,
    status: "shipped",
    shippingMinor: 3900,
    taxRateBp: 1900,
    lines: [{ description: "Sensor board", quantity: 20, unitPriceMinor: 880, engineeringCostMinor: 5000 }],
  });
  await createDeliveryNote(db(), { orderId: created.order.id });
  return { company, admin, ...created };
}

type Line = { position: number; quantity: number; amount_minor: number };

describe("credited quantities are billable again", () => {
  it("bills again what a credit note took back, never more, and the shipping only once", async () => {
    const staff = await kit.staff();
    const { admin, order, lines } = await shippedOrder();
    const first = (await staff.call("POST", "/api/staff/invoices", { order_id: order.id })).json().data;
    expect(first.lines.map((l: Line) => [l.position, l.quantity])).toEqual([
      [1, 20],
      [0, 1],
    ]);
    const credited = await staff.call("POST", `/api/staff/invoices/${first.id}/credit-notes`, {
      reason: "Five boards returned",
      lines: [
        { position: 1, quantity: 5 },
        { position: 0, quantity: 1 },
      ],
    });
    expect(credited.statusCode).toBe(201);

    const detail = (await admin.call("GET", `/api/orders/${order.id}`)).json().data;
    expect(detail.lines[0]).toMatchObject({ delivered_quantity: 20, invoiced_quantity: 15 });

    const tooMany = await staff.call("POST", "/api/staff/invoices", {
      order_id: order.id,
      lines: [{ order_line_id: lines[0]!.id, quantity: 6 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(
      "Line 1: 6 is more than the 5 shipped and not yet invoiced (shipped 20, invoiced 15 of 20 ordered); bill in advance with a reason to invoice more",
    );

    const again = await staff.call("POST", "/api/staff/invoices", { order_id: order.id });
    expect(again.statusCode).toBe(201);
    // The five again at the unit price: the one-off costs stay billed by the first invoice, and the
    // shipping, though credited, is not billed a second time.
    expect(again.json().data.lines).toEqual([
      expect.objectContaining({ position: 1, quantity: 5, amount_minor: 4400 }),
    ]);
    expect((await admin.call("GET", `/api/orders/${order.id}`)).json().data.lines[0].invoiced_quantity).toBe(
      20,
    );

    const before = await kit.rows(invoices);
    const nothing = await staff.call("POST", "/api/staff/invoices", { order_id: order.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("Everything of this order is invoiced already");
    expect(await kit.rows(invoices)).toBe(before);
  });

  it("bills the one-off costs again once a credit note took them back with the whole position", async () => {
    const staff = await kit.staff();
    const { order } = await shippedOrder();
    const first = (await staff.call("POST", "/api/staff/invoices", { order_id: order.id })).json().data;
    expect(first.lines[0]).toMatchObject({ position: 1, amount_minor: 20 * 880 + 5000 });
    await staff.call("POST", `/api/staff/invoices/${first.id}/credit-notes`, {
      reason: "Wrong revision billed",
      lines: [{ position: 1, quantity: 20 }],
    });
    const again = (await staff.call("POST", "/api/staff/invoices", { order_id: order.id })).json().data;
    expect(again.lines).toEqual([
      expect.objectContaining({ position: 1, quantity: 20, amount_minor: 20 * 880 + 5000 }),
    ]);
  });
});
