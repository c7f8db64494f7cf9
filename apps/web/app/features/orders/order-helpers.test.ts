import { formatDate } from "@ems/i18n/format";
import { WORK_ORDER_STAGES, type StageProgress } from "@ems/contracts/orders";
import { describe, expect, it } from "vitest";

import { listHref, readListQuery, sortChange } from "~/lib/list-query";

import { currentStageOf, linesTotal, ORDER_LIST, orderedStages, stageState } from "./order-helpers";

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
  const read = (query: string) => readListQuery(new URLSearchParams(query), ORDER_LIST);

  it("keeps the known, non-empty parameters", () => {
    expect(read("q=SO-2026&status=&sort=total&x=1")).toEqual({
      q: "SO-2026",
      sort: "total",
      dir: "desc",
      page: 1,
      filters: {},
    });
  });

  it("sorts like the API by default and flips the active column", () => {
    expect(read("")).toMatchObject({ sort: "created_at", dir: "desc" });
    expect(sortChange(read(""), ORDER_LIST, "created_at")).toEqual({ sort: "created_at", dir: "asc" });
    expect(sortChange(read(""), ORDER_LIST, "total")).toEqual({ sort: "total", dir: "desc" });
    expect(sortChange(read(""), ORDER_LIST, "delivery_date")).toEqual({ sort: "delivery_date", dir: "asc" });
  });

  it("builds links with changed parameters", () => {
    expect(listHref("/my/orders", read("status=shipped&page=2"), ORDER_LIST, { q: "PO-7" })).toBe(
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
    expect(formatDate("2026-11-23T23:30:00.000Z", "en")).toBe("Nov 23, 2026");
  });

  it("takes shipping out of the subtotal for the lines' sum", () => {
    expect(linesTotal({ subtotal_minor: 202_490, shipping_minor: 2_490 })).toBe(200_000);
  });
});
