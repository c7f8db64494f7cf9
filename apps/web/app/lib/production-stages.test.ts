import { DEFAULT_STAGE_SETS, type StageProgress, type WorkOrderStage } from "@ems/contracts/orders";
import { describe, expect, it } from "vitest";

import { currentStageOf, lineStep, orderedStages, stageState } from "./production-stages";

/** A line's stages with these percents, in the set's order (positions 1, 2, …). */
const stages = (set: readonly WorkOrderStage[], percents: number[]): StageProgress[] =>
  set.map((stage, i) => ({
    stage,
    position: i + 1,
    percent: percents[i] ?? 0,
    planned_date: null,
    started_at: null,
    completed_at: null,
  }));

const assembly = (percents: number[]) => stages(DEFAULT_STAGE_SETS.assembly, percents);
const bareBoard = (percents: number[]) => stages(DEFAULT_STAGE_SETS.pcb, percents);
/** Lines ordered before stage sets: inspection came before testing. */
const classic: WorkOrderStage[] = [
  "material_procurement",
  "smt",
  "tht",
  "inspection",
  "testing",
  "packing",
  "shipped",
];

describe("production stages", () => {
  it("orders stages by their position, whatever order they arrive in", () => {
    expect(orderedStages([...assembly([])].reverse()).map((s) => s.stage)).toEqual([
      ...DEFAULT_STAGE_SETS.assembly,
    ]);
    // The line's own order wins over the catalogue's (testing comes before inspection there).
    expect(orderedStages([...stages(classic, [])].reverse()).map((s) => s.stage)).toEqual(classic);
  });

  it("finds the first stage that is not complete", () => {
    expect(currentStageOf(assembly([]))).toBe("data_check");
    expect(currentStageOf(assembly([100, 60]))).toBe("material_procurement");
    // A later stage may have started while an earlier one is still open.
    expect(currentStageOf(assembly([100, 100, 0, 30]))).toBe("pcb_fabrication");
    expect(currentStageOf(bareBoard([100, 100, 100, 100, 100]))).toBeNull();
  });

  it("tells done, current and upcoming stages apart", () => {
    const list = bareBoard([100, 60]);
    const current = currentStageOf(list);
    expect(list.map((s) => stageState(s, current))).toEqual([
      "complete",
      "current",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);
  });

  it("numbers the step being worked on out of the line's own stages", () => {
    expect(lineStep(assembly([]))).toEqual({ step: 1, total: 9, stage: "data_check", done: 0 });
    expect(lineStep(assembly([100, 100, 100, 40]))).toEqual({ step: 4, total: 9, stage: "smt", done: 3 });
    // A bare board has no assembly stages: five steps.
    expect(lineStep(bareBoard([100, 100, 20]))).toEqual({
      step: 3,
      total: 5,
      stage: "electrical_test",
      done: 2,
    });
    // A later stage done early counts as done, the step stays at the first open one.
    expect(lineStep(bareBoard([100, 0, 100]))).toMatchObject({ step: 2, stage: "pcb_fabrication", done: 2 });
    expect(lineStep(bareBoard([100, 100, 100, 100, 100]))).toEqual({
      step: 5,
      total: 5,
      stage: null,
      done: 5,
    });
    expect(lineStep([])).toEqual({ step: 0, total: 0, stage: null, done: 0 });
  });
});
