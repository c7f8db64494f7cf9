import { describe, expect, it } from "vitest";

import { productionForm } from "./order-progress";

const LINE_A = "0b7c1c1e-7f5a-4b8e-9d62-0c8f2a3b4c5d";
const LINE_B = "5f0e8d2a-1c3b-4d6e-8f7a-9b0c1d2e3f4a";

/** What the form posts once Conform has read it: numbers as numbers, empty fields left out. */
const posted = (extra: Record<string, unknown> = {}) => ({
  base_version: 3,
  lines: [
    {
      line_id: LINE_A,
      stages: [
        { stage: "data_check", percent: 100, planned_date: "2030-02-14" },
        { stage: "smt", percent: 40 },
      ],
    },
    { line_id: LINE_B, stages: [{ stage: "electrical_test", percent: 0 }] },
  ],
  ...extra,
});

describe("the production form", () => {
  it("becomes the API's body: every stage of every line, empty dates cleared, no hold", () => {
    expect(productionForm.parse(posted())).toEqual({
      base_version: 3,
      lines: [
        {
          line_id: LINE_A,
          stages: [
            { stage: "data_check", percent: 100, planned_date: "2030-02-14" },
            { stage: "smt", percent: 40, planned_date: null },
          ],
        },
        { line_id: LINE_B, stages: [{ stage: "electrical_test", percent: 0, planned_date: null }] },
      ],
      hold: null,
    });
  });

  it("holds production only with a reason, and ignores a reason without the tick", () => {
    expect(
      productionForm.parse(posted({ on_hold: true, hold_reason: "  Waiting for parts \n" })).hold,
    ).toEqual({
      reason: "Waiting for parts",
    });
    expect(productionForm.parse(posted({ hold_reason: "Old reason" })).hold).toBeNull();
    const missing = productionForm.safeParse(posted({ on_hold: true, hold_reason: "   " }));
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]).toMatchObject({ path: ["hold_reason"], message: "HOLD_REASON_MISSING" });
  });

  it("refuses percents outside 0–100 and stages that do not exist", () => {
    for (const stages of [
      [{ stage: "smt", percent: 101 }],
      [{ stage: "smt", percent: -1 }],
      [{ stage: "smt", percent: 2.5 }],
      [{ stage: "smt" }],
      [{ stage: "soldering", percent: 10 }],
      [
        { stage: "smt", percent: 10 },
        { stage: "smt", percent: 20 },
      ],
    ])
      expect(
        productionForm.safeParse({ base_version: 0, lines: [{ line_id: LINE_A, stages }] }).success,
      ).toBe(false);
  });
});
