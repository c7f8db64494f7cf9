import {
  ORDER_SORTS,
  ORDER_STATUSES,
  WORK_ORDER_STAGES,
  type StageProgress,
  type WorkOrderStage,
} from "@ems/contracts/orders";

import type { ListSpec } from "~/lib/list-query";

/** Pure helpers of the customer's order pages: the list's URL state, dates and production stages. */

/** The order list's URL state (GET /api/orders and orderListQuerySchema); newest first by default. */
export const ORDER_LIST: ListSpec = {
  sorts: ORDER_SORTS,
  // Numbers start A→Z and delivery dates with the soonest; order dates and totals high→low.
  ascFirst: ["number", "delivery_date"],
  filters: { status: ORDER_STATUSES },
  searchMax: 100,
};

export type StageState = "complete" | "current" | "upcoming";

/** The stages of one line in production order, whatever order the API listed them in. */
export function orderedStages(stages: readonly StageProgress[]): StageProgress[] {
  return [...stages].sort((a, b) => WORK_ORDER_STAGES.indexOf(a.stage) - WORK_ORDER_STAGES.indexOf(b.stage));
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

/** The sum of the lines: the subtotal without shipping. */
export function linesTotal(order: { subtotal_minor: number; shipping_minor: number }): number {
  return order.subtotal_minor - order.shipping_minor;
}
