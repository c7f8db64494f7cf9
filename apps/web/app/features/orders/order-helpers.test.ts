import { WORK_ORDER_STAGES, type StageProgress } from "@ems/contracts/orders";
import { describe, expect, it } from "vitest";

import {
  currentSort,
  currentStageOf,
  formatDay,
  linesTotal,
  listHref,
  nextSort,
  orderListParams,
  orderedStages,
  stageState,
} from "./order-helpers";

const stages = (percents: number[]): StageProgress[] =>
  WORK_ORDER_STAGES.map((stage, i) => ({
    stage,
    position: i + 1,
    percent: percents[i] ?? 0,
    planned_date: null,
    started_at: null,
    completed_at: null,
  }));

describe("the order list's URL", () => {
  it("keeps the known, non-empty parameters", () => {
    expect(orderListParams(new URLSearchParams("q=SO-2026&status=&sort=total&x=1"))).toEqual({
      q: "SO-2026",
      sort: "total",
    });
  });

  it("sorts like the API by default and flips the active column", () => {
    expect(currentSort({})).toEqual({ sort: "created_at", dir: "desc" });
    expect(nextSort({}, "created_at")).toEqual({ sort: "created_at", dir: "asc" });
    expect(nextSort({}, "total")).toEqual({ sort: "total", dir: "desc" });
    expect(nextSort({}, "delivery_date")).toEqual({ sort: "delivery_date", dir: "asc" });
  });

  it("builds links with changed parameters", () => {
    expect(listHref("/my/orders", { status: "shipped", page: "2" }, { page: null, q: "PO-7" })).toBe(
      "/my/orders?status=shipped&q=PO-7",
    );
  });
});

describe("production stages", () => {
  it("orders stages as production runs, whatever order they arrive in", () => {
    const shuffled = [...stages([])].reverse();
    expect(orderedStages(shuffled).map((s) => s.stage)).toEqual([...WORK_ORDER_STAGES]);
  });

  it("finds the first stage that is not complete", () => {
    expect(currentStageOf(stages([]))).toBe("material_procurement");
    expect(currentStageOf(stages([100, 60]))).toBe("smt");
    // A later stage may have started while an earlier one is still open.
    expect(currentStageOf(stages([100, 100, 0, 30]))).toBe("tht");
    expect(currentStageOf(stages([100, 100, 100, 100, 100, 100, 100]))).toBeNull();
  });

  it("tells done, current and upcoming stages apart", () => {
    const list = stages([100, 60]);
    const current = currentStageOf(list);
    expect(list.map((s) => stageState(s, current))).toEqual([
      "complete",
      "current",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);
  });
});

describe("figures", () => {
  it("formats timestamps by their UTC day", () => {
    expect(formatDay("2026-11-23T23:30:00.000Z", "en")).toBe("Nov 23, 2026");
  });

  it("takes shipping out of the subtotal for the lines' sum", () => {
    expect(linesTotal({ subtotal_minor: 202_490, shipping_minor: 2_490 })).toBe(200_000);
  });
});
