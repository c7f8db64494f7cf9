import { formatDate, formatNumber } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import type { QueryHold } from "@ems/contracts/engineering-queries";
import type { LineProgress, StageProgress, WorkOrderStage } from "@ems/contracts/orders";
import { Check } from "lucide-react";

import { lineStep, orderedStages, stageState, type LineStep, type StageState } from "~/lib/production-stages";

const MARKER: Record<StageState, string> = {
  complete: "bg-primary-700 text-white dark:bg-primary-400 dark:text-neutral-950",
  current: "bg-white text-primary-900 dark:bg-neutral-900 dark:text-primary-100",
  upcoming:
    "border-2 border-neutral-400 bg-white text-neutral-700 dark:border-neutral-500 dark:bg-neutral-900 dark:text-neutral-300",
};

/** The marker of a stage: a tick when done, its step number in a ring filled to its percent while worked on, its number ahead. */
function StageMarker({ stage, state, index }: { stage: StageProgress; state: StageState; index: number }) {
  const radius = 15;
  const circumference = 2 * Math.PI * radius;
  return (
    <span
      aria-hidden="true"
      className={`relative z-10 flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-bold ${MARKER[state]}`}
    >
      {state === "complete" ? (
        <Check className="size-5" strokeWidth={3} />
      ) : state === "current" ? (
        <>
          <svg viewBox="0 0 36 36" className="absolute inset-0 size-9 -rotate-90">
            <circle
              cx="18"
              cy="18"
              r={radius}
              fill="none"
              strokeWidth="4"
              className="stroke-primary-100 dark:stroke-primary-950"
            />
            <circle
              cx="18"
              cy="18"
              r={radius}
              fill="none"
              strokeWidth="4"
              strokeLinecap="round"
              strokeDasharray={circumference}
              strokeDashoffset={circumference * (1 - stage.percent / 100)}
              className="stroke-primary-700 dark:stroke-primary-400"
            />
          </svg>
          <span className="relative tabular-nums">{index + 1}</span>
        </>
      ) : (
        index + 1
      )}
    </span>
  );
}

function StageStep({
  stage,
  state,
  index,
  last,
  locale,
  waitingFor = [],
}: {
  stage: StageProgress;
  state: StageState;
  index: number;
  last: boolean;
  locale: Locale;
  /** The engineering queries this stage waits for (the data check of a held line). */
  waitingFor?: readonly QueryHold[];
}) {
  const { i18n } = useLingui();
  const facts: [string, string][] = [];
  if (stage.planned_date) facts.push(["my_orders.stage_planned", formatDate(stage.planned_date, locale)]);
  if (stage.started_at) facts.push(["my_orders.stage_started", formatDate(stage.started_at, locale)]);
  if (stage.completed_at) facts.push(["my_orders.stage_completed", formatDate(stage.completed_at, locale)]);
  return (
    <li
      aria-current={state === "current" ? "step" : undefined}
      className="relative flex gap-3 pb-6 last:pb-0 xl:flex-col xl:items-center xl:gap-2 xl:pb-0 xl:text-center"
    >
      {!last ? (
        <span
          aria-hidden="true"
          className={`absolute top-9 left-[17px] h-[calc(100%-2.25rem)] w-0.5 xl:top-[17px] xl:left-[calc(50%+1.125rem)] xl:h-0.5 xl:w-[calc(100%-1.75rem)] ${state === "complete" ? "bg-primary-700 dark:bg-primary-400" : "bg-neutral-300 dark:bg-neutral-600"}`}
        />
      ) : null}
      <StageMarker stage={stage} state={state} index={index} />
      <div
        className={`min-w-0 flex-1 rounded-lg xl:w-full xl:px-1 ${state === "current" ? "-mt-1 bg-primary-50 p-2 ring-2 ring-primary-700 xl:mt-0 dark:bg-primary-950 dark:ring-primary-400" : ""}`}
      >
        <p className="font-semibold break-words hyphens-auto xl:text-sm">
          {i18n._("my_orders.stage", { stage: stage.stage })}
        </p>
        <p
          className={`text-xs font-semibold ${state === "complete" ? "text-primary-800 dark:text-primary-300" : state === "current" ? "text-primary-900 dark:text-primary-100" : "text-neutral-700 dark:text-neutral-300"}`}
        >
          {i18n._("my_orders.stage_state", { state, percent: stage.percent })}
        </p>
        {waitingFor.length > 0 ? (
          <p
            className="mt-1 text-xs font-semibold text-amber-900 dark:text-amber-200"
            data-waiting-for-answer
          >
            {i18n._("eq.stage_waiting", { numbers: waitingFor.map((hold) => hold.number).join(", ") })}
          </p>
        ) : null}
        {facts.length ? (
          <dl className="mt-1 space-y-0.5 text-xs text-neutral-700 dark:text-neutral-300">
            {facts.map(([key, value]) => (
              <div key={key}>
                <dt className="inline">{i18n._(key)}</dt> <dd className="inline font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Where the line stands in words and as a bar: "Step 3 of 9: SMT assembly". The bar's value is the
 * line's production percent; screen readers hear the step with it.
 */
function StepProgress({ line, at }: { line: LineProgress; at: LineStep }) {
  const { i18n } = useLingui();
  const text = at.stage
    ? i18n._("my_orders.step_of", {
        step: at.step,
        total: at.total,
        stage: i18n._("my_orders.stage", { stage: at.stage }),
      })
    : i18n._("my_orders.steps_done", { total: at.total });
  const labelId = `step-line-${line.line_id}`;
  return (
    <div className="mt-3 max-w-xl">
      <p id={labelId} className="font-semibold break-words">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={i18n._("my_orders.line_progress", { position: line.position })}
        aria-describedby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={line.progress_percent}
        aria-valuetext={i18n._("my_orders.step_value", { text, percent: line.progress_percent })}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
      >
        <div
          className="h-full rounded-full bg-primary-700 transition-[width] dark:bg-primary-400"
          style={{ width: `${line.progress_percent}%` }}
        />
      </div>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._("my_orders.steps_complete", { done: at.done, total: at.total })}
      </p>
    </div>
  );
}

/**
 * Production progress (docs/behaviour/orders.md#production-progress): each line of the order on its
 * way through the stages of its kind (a bare board has fewer than an assembly), drawn as a stepper —
 * vertical on small screens, horizontal from 1280 px — under "Step 3 of 9" and a bar, with the stage
 * being worked on highlighted, its number in a ring filled to its percent, and the planned, started
 * and completed dates.
 */
export function ProductionTimeline({
  line,
  locale,
  waitingFor = [],
}: {
  line: LineProgress;
  locale: Locale;
  /** Open engineering queries on the version the line is built to: its data check waits for them. */
  waitingFor?: readonly QueryHold[];
}) {
  const { i18n } = useLingui();
  const stages = orderedStages(line.stages);
  const at = lineStep(stages);
  const current: WorkOrderStage | null = at.stage;
  const headingId = `progress-line-${line.line_id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-neutral-200 p-4 sm:p-5 dark:border-neutral-700"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={headingId} className="font-semibold break-words">
          {i18n._("my_orders.timeline_line", {
            position: line.position,
            description: line.description,
          })}
        </h3>
        <span className="text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("my_orders.line_kind", { kind: line.kind })} ·{" "}
          {i18n._("my_orders.pieces", {
            count: line.quantity,
            formatted: formatNumber(line.quantity, locale),
          })}
        </span>
      </div>
      <StepProgress line={line} at={at} />
      {/* Columns only apply from xl, where the list is a grid: one per stage of the line's set. */}
      <ol
        aria-label={i18n._("my_orders.stages_of_line", { position: line.position })}
        className="mt-5 xl:grid xl:gap-2"
        style={{ gridTemplateColumns: `repeat(${Math.max(stages.length, 1)}, minmax(0, 1fr))` }}
      >
        {stages.map((stage, index) => (
          <StageStep
            key={stage.stage}
            stage={stage}
            state={stageState(stage, current)}
            index={index}
            last={index === stages.length - 1}
            locale={locale}
            waitingFor={
              stage.stage === "data_check" && stageState(stage, current) !== "complete" ? waitingFor : []
            }
          />
        ))}
      </ol>
    </article>
  );
}
