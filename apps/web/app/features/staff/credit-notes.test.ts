import type { StaffInvoice } from "@ems/contracts/billing";
import { describe, expect, it } from "vitest";

import { canCredit, creditableLines, creditNoteForm } from "./credit-notes";

const invoice: Pick<StaffInvoice, "id" | "lines" | "credited_lines"> = {
  id: "7d0b8f0e-3c55-4f86-9a57-1f3b1b7d2a10",
  lines: [
    { position: 0, description: "DHL Express", quantity: 1, unit_price_minor: 3900, amount_minor: 3900 },
    { position: 2, description: "Sensor board", quantity: 40, unit_price_minor: 880, amount_minor: 35_200 },
    {
      position: 1,
      description: "Motor driver",
      quantity: 100,
      unit_price_minor: 1250,
      amount_minor: 140_000,
    },
  ],
  credited_lines: [{ position: 1, quantity: 30 }],
};

describe("the credit note dialog", () => {
  it("lists the lines by position, shipping last, with what is left to credit", () => {
    expect(creditableLines(invoice)).toEqual([
      { position: 1, description: "Motor driver", invoiced: 100, credited: 30, remaining: 70 },
      { position: 2, description: "Sensor board", invoiced: 40, credited: 0, remaining: 40 },
      { position: 0, description: "DHL Express", invoiced: 1, credited: 0, remaining: 1 },
    ]);
    expect(canCredit(invoice)).toBe(true);
    const all = [
      { position: 0, quantity: 1 },
      { position: 1, quantity: 100 },
      { position: 2, quantity: 40 },
    ];
    expect(canCredit({ ...invoice, credited_lines: all })).toBe(false);
  });

  it("posts the API's body: the reason and the lines with a quantity, leaving out 0", () => {
    const result = creditNoteForm.safeParse({
      id: invoice.id,
      reason: "  Boards returned  ",
      lines: [
        { position: 1, remaining: 70, quantity: 10 },
        { position: 2, remaining: 40, quantity: 0 },
        { position: 0, remaining: 1 },
      ],
    });
    expect(result.success && result.data).toEqual({
      id: invoice.id,
      reason: "Boards returned",
      lines: [{ position: 1, quantity: 10 }],
    });
  });

  it("refuses more than is left, nothing at all, and a missing or too short reason", () => {
    const lines = [{ position: 1, remaining: 70, quantity: 71 }];
    const tooMany = creditNoteForm.safeParse({ id: invoice.id, reason: "Returned", lines });
    expect(tooMany.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["lines.0.quantity", "TOO_MANY"],
    ]);
    const nothing = creditNoteForm.safeParse({
      id: invoice.id,
      reason: "Returned",
      lines: [{ position: 1, remaining: 70, quantity: 0 }],
    });
    expect(nothing.error?.issues.map((i) => i.message)).toEqual(["NOTHING"]);
    const short = creditNoteForm.safeParse({
      id: invoice.id,
      reason: " x ",
      lines: [{ position: 1, remaining: 70, quantity: 1 }],
    });
    expect(short.error?.issues.map((i) => i.path.join("."))).toEqual(["reason"]);
  });
});
