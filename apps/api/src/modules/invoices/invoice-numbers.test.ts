import { describe, expect, it } from "vitest";
import { nextDocumentNumber } from "@ems/db/document-numbers";
import { createDeliveryNote, createSalesOrder } from "@ems/db/order-factories";
import { useTestApp } from "../../test/test-app.ts";
import { fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

/**
 * Invoice numbers are sequential without gaps (§ 14 (4) no. 4 UStG, art. 226 (2) of the VAT
 * directive): the number is drawn in the invoice's own transaction, so an invoice that fails gives
 * its number back and two at once never share one.
 */
const t = useTestApp({ RATE_LIMIT_MAX: "10000" });
const kit = fulfilmentKit(t);

describe("invoice numbers under concurrent invoicing", () => {
  it("issues 100 invoices at once, with failures among them, as one unbroken series", async () => {
    const staff = await kit.staff();
    const { company } = await kit.customerCompany();
    const orders = [];
    for (let i = 0; i < 100; i++) {
      const { order } = await createSalesOrder(kit.db(), { companyId: company.id, status: "shipped" });
      await createDeliveryNote(kit.db(), { orderId: order.id });
      orders.push(order);
    }
    const cancelled = [];
    for (let i = 0; i < 10; i++) {
      cancelled.push(
        (await createSalesOrder(kit.db(), { companyId: company.id, status: "cancelled" })).order,
      );
    }
    // Every order twice: the second request of each finds it invoiced (409), the cancelled ones fail too.
    const requests = [...orders, ...orders, ...cancelled].map((order) =>
      staff.call("POST", "/api/staff/invoices", { order_id: order.id }),
    );
    const answers = await Promise.all(requests);
    const issued = answers.filter((answer) => answer.statusCode === 201);
    expect(issued).toHaveLength(100);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(110);

    const serials = issued
      .map((answer) => answer.json().data.number as string)
      .map((number) => {
        expect(number).toMatch(/^INV-\d{4}-\d{5}$/);
        return Number(number.slice(-5));
      })
      .sort((a, b) => a - b);
    expect(new Set(serials).size).toBe(100);
    const first = serials[0]!;
    expect(serials).toEqual(Array.from({ length: 100 }, (_, i) => first + i));
  }, 120_000);

  it("gives the number of an invoice that fails after drawing it back to the next one", async () => {
    const db = kit.db();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        db.transaction(async (tx) => {
          // A year of its own, so the series starts at 1 whatever the test above issued.
          const number = await nextDocumentNumber(tx, "invoice", new Date("2099-06-01T12:00:00Z"));
          // Every third fails after the number was drawn, as a failed insert would.
          if (i % 3 === 0) throw new Error(`rolled back ${number}`);
          return number;
        }),
      ),
    );
    const kept = outcomes.flatMap((o) => (o.status === "fulfilled" ? [Number(o.value.slice(-5))] : []));
    expect(kept).toHaveLength(40);
    expect(kept.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
