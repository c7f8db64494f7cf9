import { describe, expect, it } from "vitest";

import { openAfterPayment, openState } from "./open-amount";

describe("openState", () => {
  it("is open while part of the total is unpaid, with what came in so far", () => {
    expect(openState({ open_minor: 12_000, paid_minor: 0 })).toEqual({
      kind: "open",
      openMinor: 12_000,
      paidMinor: 0,
    });
    expect(openState({ open_minor: 2_000, paid_minor: 10_000 })).toEqual({
      kind: "open",
      openMinor: 2_000,
      paidMinor: 10_000,
    });
  });

  it("is settled at exactly zero and a credit below", () => {
    expect(openState({ open_minor: 0, paid_minor: 12_000 })).toEqual({ kind: "settled" });
    expect(openState({ open_minor: -1_000, paid_minor: 13_000 })).toEqual({
      kind: "credit",
      creditMinor: 1_000,
    });
  });
});

describe("openAfterPayment", () => {
  it("subtracts the payment, going below zero for an overpayment", () => {
    expect(openAfterPayment({ open_minor: 12_000 }, 2_000)).toBe(10_000);
    expect(openAfterPayment({ open_minor: 12_000 }, 12_000)).toBe(0);
    expect(openAfterPayment({ open_minor: 12_000 }, 12_500)).toBe(-500);
  });
});
