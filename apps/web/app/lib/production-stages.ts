import { WORK_ORDER_STAGES, type StageProgress, type WorkOrderStage } from "@ems/contracts/orders";

/**
 * Production stages as the customer's stepper and the staff production form show them
 * (docs/behaviour/orders.md#production-progress): pure, shared by both.
 */

export type StageState = "complete" | "current" | "upcoming";

/**
 * The stages of one line in the order it goes through them (their position; lines have the stage
 * set of their kind), whatever order the API listed them in.
 */
export function orderedStages(stages: readonly StageProgress[]): StageProgress[] {
  return [...stages].sort(
    (a, b) =>
      a.position - b.position || WORK_ORDER_STAGES.indexOf(a.stage) - WORK_ORDER_STAGES.indexOf(b.stage),
  );
}

/** The first stage not yet complete; null once every stage is (the line has shipped). */
export function currentStageOf(stages: readonly StageProgress[]): WorkOrderStage | null {
  return orderedStages(stages).find((stage) => stage.percent < 100)?.stage ?? null;
}

/** Where each stage stands: done, the one being worked on, or still ahead. */
export function stageState(stage: StageProgress, current: WorkOrderStage | null): StageState {
  if (stage.percent >= 100) return "complete";
  return stage.stage === current ? "current" : "upcoming";
}

/** Where a line stands as the customer reads it: "Step 3 of 9: SMT assembly". */
export interface LineStep {
  /** 1-based number of the stage being worked on; `total` once every stage is complete. */
  step: number;
  total: number;
  /** The stage being worked on; null once every stage is complete (or the line has none). */
  stage: WorkOrderStage | null;
  /** Stages complete so far. */
  done: number;
}

export function lineStep(stages: readonly StageProgress[]): LineStep {
  const ordered = orderedStages(stages);
  const index = ordered.findIndex((stage) => stage.percent < 100);
  return {
    step: index === -1 ? ordered.length : index + 1,
    total: ordered.length,
    stage: index === -1 ? null : ordered[index]!.stage,
    done: ordered.filter((stage) => stage.percent >= 100).length,
  };
}
