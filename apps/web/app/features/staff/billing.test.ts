import type { StaffInvoice } from "@ems/contracts/billing";
import { describe, expect, it } from "vitest";

import { paymentDefaults, paymentForm } from "./billing";

const invoice: StaffInvoice = {
  id: "7d0b8f0e-3c55-4f86-9a57-1f3b1b7d2a10",
  number: "INV-2026-00042",
  order_id: "2f6a7f0c-9b2e-4c1a-8f0d-5a7d3e9b1c22",
  order_number: "SO-2026-00017",
  po_number: "PO-77",
  company_id: "5c1e9a3b-2d4f-4e6a-8b7c-9d0e1f2a3b4c",
  company_name: "Nordwind Sensorik GmbH",
  status: "unpaid",
  display_status: "unpaid",
  currency: "EUR",
  tax_rate_bp: 1900,
  tax_treatment: "domestic",
  customer_vat_id: null,
  delivered_on: null,
  subtotal_minor: 100_000,
  tax_minor: 19_000,
  total_minor: 119_000,
  issued_on: "2026-11-23",
  due_on: "2026-12-23",
  paid_at: null,
  paid_minor: 19_000,
  credited_minor: 0,
  credited_lines: [],
  open_minor: 100_000,
  transfer_announced: null,
  lines: [],
};

const posted = (fields: Record<string, string>) =>
  paymentForm.safeParse({
    id: invoice.id,
    currency: "EUR",
    paid_on: "2026-11-28",
    method: "bank_transfer",
    ...fields,
  });

describe("the staff payment form", () => {
  it("posts the amount typed in major units as minor units, with the rest of the API's body", () => {
    const result = posted({ amount: "1.234,50", reference: "SEPA 4711" });
    expect(result.success && result.data).toEqual({
      id: invoice.id,
      amount_minor: 123_450,
      currency: "EUR",
      paid_on: "2026-11-28",
      method: "bank_transfer",
      reference: "SEPA 4711",
    });
    expect(posted({ amount: "500", method: "manual" }).data).toMatchObject({
      amount_minor: 50_000,
      method: "manual",
    });
  });

  it("refuses an amount of nothing, below one cent, negative, too large or not a number", () => {
    for (const amount of ["0", "0,00", "-5", "abc", "12.3456", "30000000"]) {
      const result = posted({ amount });
      expect(result.success, amount).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("amount");
    }
  });

  it("refuses a method staff cannot record and a malformed day", () => {
    expect(posted({ amount: "10", method: "card" }).success).toBe(false);
    expect(posted({ amount: "10", paid_on: "28.11.2026" }).success).toBe(false);
  });
});

describe("paymentDefaults", () => {
  it("starts with what is open, arrived today by bank transfer", () => {
    expect(paymentDefaults(invoice, "2026-11-29")).toEqual({
      id: invoice.id,
      amount: "1000.00",
      currency: "EUR",
      paid_on: "2026-11-29",
      method: "bank_transfer",
    });
  });

  it("starts with the customer's announced transfer, and with nothing once nothing is open", () => {
    const announced = {
      ...invoice,
      transfer_announced: {
        payment_id: "0b7c4f2e-6a43-4c1f-9d51-7f3b2a1c9e10",
        amount_minor: 40_000,
        transferred_on: "2026-11-27",
        announced_at: "2026-11-27T09:00:00.000Z",
      },
    };
    expect(paymentDefaults(announced, "2026-11-29").amount).toBe("400.00");
    expect(paymentDefaults({ ...invoice, open_minor: -500 }, "2026-11-29").amount).toBe("0.00");
  });
});
