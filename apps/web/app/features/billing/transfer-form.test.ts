import { describe, expect, it } from "vitest";

import { readTransfer } from "./transfer-form";

const invoice = { currency: "EUR", issued_on: "2026-11-01" };
const today = "2026-11-29";

describe("readTransfer", () => {
  it("reads the amount in minor units and the day", () => {
    expect(readTransfer({ amount: "1234.50", date: "2026-11-28" }, invoice, today)).toEqual({
      ok: true,
      amount_minor: 123_450,
      transferred_on: "2026-11-28",
    });
    expect(
      readTransfer({ amount: "99,9", date: today }, { ...invoice, currency: "SEK" }, today),
    ).toMatchObject({
      ok: true,
      amount_minor: 9_990,
    });
  });

  it("allows tomorrow (time zones ahead of UTC) and days before the invoice, not the future or long before", () => {
    expect(readTransfer({ amount: "10", date: "2026-11-30" }, invoice, today).ok).toBe(true);
    expect(readTransfer({ amount: "10", date: "2026-10-15" }, invoice, today).ok).toBe(true);
    expect(readTransfer({ amount: "10", date: "2026-12-01" }, invoice, today)).toEqual({
      ok: false,
      errors: { date: true },
    });
    expect(readTransfer({ amount: "10", date: "2025-10-01" }, invoice, today)).toEqual({
      ok: false,
      errors: { date: true },
    });
  });

  it("names each field to correct", () => {
    expect(readTransfer({ amount: "", date: "" }, invoice, today)).toEqual({
      ok: false,
      errors: { amount: true, date: true },
    });
    for (const amount of ["0", "0.001", "-5", "abc", "30000000"])
      expect(readTransfer({ amount, date: today }, invoice, today), amount).toEqual({
        ok: false,
        errors: { amount: true },
      });
    for (const date of ["2026-02-30x", "29.11.2026", "2026-13-01"])
      expect(readTransfer({ amount: "5", date }, invoice, today), date).toMatchObject({ ok: false });
  });
});
