import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { invoiceForm } from "./order-actions";

const ORDER = "2f6a7f0c-9b2e-4c1a-8f0d-5a7d3e9b1c22";
const MOTOR = "7d0b8f0e-3c55-4f86-9a57-1f3b1b7d2a10";
const SENSOR = "5c1e9a3b-2d4f-4e6a-8b7c-9d0e1f2a3b4c";

/** The dialog as posted: 50 motor drivers ordered, 20 shipped; 40 sensor boards ordered, none shipped. */
function posted(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries({
    order_id: ORDER,
    "lines[0].order_line_id": MOTOR,
    "lines[0].shipped_left": "20",
    "lines[0].ordered_left": "50",
    "lines[0].quantity": "20",
    "lines[1].order_line_id": SENSOR,
    "lines[1].shipped_left": "0",
    "lines[1].ordered_left": "40",
    "lines[1].quantity": "0",
    ...fields,
  }))
    data.append(name, value);
  return parseWithZod(data, { schema: invoiceForm });
}

/** The errors by field name, as the form shows them. */
const errorsOf = (fields: Record<string, string>) => posted(fields).reply().error ?? {};

describe("the staff invoice form", () => {
  it("posts the shipped quantities, leaving out lines with 0, and the shipping when ticked", () => {
    const result = posted({ include_shipping: "on" });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      order_id: ORDER,
      lines: [{ order_line_id: MOTOR, quantity: 20 }],
      include_shipping: true,
    });
  });

  it("refuses more than shipped and not yet invoiced beside the line, unless billing in advance", () => {
    expect(errorsOf({ "lines[0].quantity": "21" })["lines[0].quantity"]).toEqual(["BEYOND_SHIPPED"]);

    const advance = posted({
      "lines[0].quantity": "50",
      "lines[1].quantity": "40",
      advance: "on",
      reason: "  Prepayment agreed before production  ",
    });
    expect(advance.status === "success" && advance.value).toEqual({
      order_id: ORDER,
      lines: [
        { order_line_id: MOTOR, quantity: 50 },
        { order_line_id: SENSOR, quantity: 40 },
      ],
      include_shipping: false,
      advance_billing: { reason: "Prepayment agreed before production" },
    });

    // In advance, still never more than ordered and not invoiced.
    const beyondOrdered = errorsOf({ "lines[1].quantity": "41", advance: "on", reason: "Prepayment" });
    expect(beyondOrdered["lines[1].quantity"]).toEqual(["TOO_MANY"]);
  });

  it("asks for a reason of at least three characters when billing in advance", () => {
    for (const reason of [undefined, "", "  ab  "]) {
      const errors = errorsOf({ advance: "on", ...(reason === undefined ? {} : { reason }) });
      expect(errors.reason, String(reason)).toEqual(["ADVANCE_REASON_MISSING"]);
    }
  });

  it("refuses a form that bills nothing, and negative or broken quantities", () => {
    expect(errorsOf({ "lines[0].quantity": "0" }).lines).toBeDefined();
    expect(errorsOf({ "lines[0].quantity": "-1" })["lines[0].quantity"]).toBeDefined();
    expect(errorsOf({ "lines[0].quantity": "2.5" })["lines[0].quantity"]).toBeDefined();
  });
});
