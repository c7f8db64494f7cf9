import {
  ORDER_SORTS,
  ORDER_STATUSES,
  WORK_ORDER_STAGES,
  type OrderSort,
  type OrderStatus,
  type StageProgress,
  type WorkOrderStage,
} from "@ems/contracts/orders";

/** Pure helpers of the customer's order pages: the list's URL state, dates and production stages. */

export const ORDER_LIST_PARAMS = ["status", "q", "sort", "dir", "page"] as const;
export type OrderListParam = (typeof ORDER_LIST_PARAMS)[number];
export type OrderListParams = Partial<Record<OrderListParam, string>>;

/** The list's state as the URL holds it; empty values are dropped, everything else is the API's to check. */
export function orderListParams(search: URLSearchParams): OrderListParams {
  const params: OrderListParams = {};
  for (const name of ORDER_LIST_PARAMS) {
    const value = search.get(name)?.trim();
    if (value) params[name] = value;
  }
  return params;
}

export const isOrderStatus = (value: string | undefined): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? "");
export const isOrderSort = (value: string | undefined): value is OrderSort =>
  (ORDER_SORTS as readonly string[]).includes(value ?? "");

/** The sort the API uses when the URL names none (orderListQuerySchema defaults). */
export function currentSort(params: OrderListParams): { sort: OrderSort; dir: "asc" | "desc" } {
  return {
    sort: isOrderSort(params.sort) ? params.sort : "created_at",
    dir: params.dir === "asc" ? "asc" : "desc",
  };
}

/** Clicking a column header: the active column flips its direction; numbers start A→Z, dates and totals high→low. */
export function nextSort(
  params: OrderListParams,
  column: OrderSort,
): { sort: OrderSort; dir: "asc" | "desc" } {
  const { sort, dir } = currentSort(params);
  if (sort === column) return { sort, dir: dir === "asc" ? "desc" : "asc" };
  return { sort: column, dir: column === "number" || column === "delivery_date" ? "asc" : "desc" };
}

/** A link to the list with some parameters changed (null removes one). */
export function listHref(
  pathname: string,
  params: OrderListParams,
  changes: Partial<Record<OrderListParam, string | null>>,
): string {
  const next = new URLSearchParams();
  for (const name of ORDER_LIST_PARAMS) {
    const value = name in changes ? changes[name] : params[name];
    if (value) next.set(name, value);
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

function dayNumber(isoDate: string): number {
  return Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
}

/** A YYYY-MM-DD date (or the day of a timestamp) in the page's language, as the UTC day it names. */
export function formatDay(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(dayNumber(isoDate.slice(0, 10))),
  );
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A tax rate in basis points as a percentage for the language (1900 → "19 %"). */
export function formatRate(rateBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );
}

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
