import { getFormProps, getInputProps } from "@conform-to/react";
import { formatDate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import {
  CLOSED_ORDER_STATUSES,
  progressUpdateSchema,
  WORK_ORDER_STAGES,
  type OrderProgress,
  type ProgressUpdate,
  type StaffOrderDetails,
  type WorkOrderStage,
} from "@ems/contracts/orders";
import { useEffect } from "react";
import { z } from "zod";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IntentField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { formErrorText } from "~/lib/form-errors";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import {
  mutedClass,
  ProgressBar,
  Section,
  StaffProblem,
  TableRegion,
  tbodyClass,
  tdClass,
  thClass,
  theadClass,
  trClass,
} from "./staff-ui";

/**
 * A stage row's fields: the API's body (PUT /api/staff/orders/:id/progress), and `known` when the
 * row shows the stored values. An empty date then clears the plan; without them (the API could not
 * tell) it leaves the plan as it is.
 */
export const stageForm = progressUpdateSchema
  .extend({ known: z.boolean().default(false) })
  .transform(({ known, planned_date, ...update }): ProgressUpdate => ({
    ...update,
    ...(planned_date ? { planned_date } : known ? { planned_date: null } : {}),
  }));

interface StageValues {
  percent: number | null;
  planned_date: string | null;
  started_at: string | null;
  completed_at: string | null;
}

/**
 * The seven work-order stages of every line, each with its percent (0–100) and planned date, each
 * row a form posted to the order page's action. `progress` is null when the API could not tell the
 * current values; the page loads them again after every change.
 */
export function ProgressSection({
  order,
  progress,
  locale,
}: {
  order: StaffOrderDetails;
  progress: OrderProgress | null;
  locale: string;
}) {
  const { i18n } = useLingui();
  const closed = (CLOSED_ORDER_STATUSES as readonly string[]).includes(order.status);
  const lines = [...order.lines].sort((a, b) => a.position - b.position);

  const stagesOf = (lineId: string): Record<WorkOrderStage, StageValues> => {
    const line = progress?.lines.find((l) => l.line_id === lineId);
    return Object.fromEntries(
      WORK_ORDER_STAGES.map((stage) => {
        const found = line?.stages.find((s) => s.stage === stage);
        return [
          stage,
          found
            ? {
                percent: found.percent,
                planned_date: found.planned_date,
                started_at: found.started_at,
                completed_at: found.completed_at,
              }
            : { percent: null, planned_date: null, started_at: null, completed_at: null },
        ];
      }),
    ) as Record<WorkOrderStage, StageValues>;
  };

  return (
    <Section
      id="progress"
      title={i18n._("staff.progress_title")}
      description={i18n._(closed ? "staff.progress_closed" : "staff.progress_intro")}
      action={
        progress ? (
          <ProgressBar
            percent={progress.progress_percent}
            label={i18n._("staff.progress_of", { number: order.number })}
          />
        ) : undefined
      }
    >
      {!progress ? (
        <Alert variant="info" className="mb-4">
          {i18n._("staff.progress_unknown")}
        </Alert>
      ) : null}
      <div className="space-y-6">
        {lines.map((line) => {
          const stages = stagesOf(line.id);
          const lineProgress = progress?.lines.find((l) => l.line_id === line.id);
          return (
            <div key={line.id} className="space-y-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold break-words">
                  {i18n._("staff.line_heading", { position: line.position })} · {line.description}
                </h3>
                {lineProgress ? (
                  <ProgressBar
                    percent={lineProgress.progress_percent}
                    label={i18n._("staff.line_progress", { position: line.position })}
                  />
                ) : null}
              </div>
              <TableRegion
                label={i18n._("staff.stages_of_line", { position: line.position })}
                minWidth="min-w-[760px]"
              >
                <thead className={theadClass}>
                  <tr>
                    <th scope="col" className={thClass}>
                      {i18n._("staff.col_stage")}
                    </th>
                    <th scope="col" className={thClass}>
                      {i18n._("staff.col_percent")}
                    </th>
                    <th scope="col" className={thClass}>
                      {i18n._("staff.col_planned")}
                    </th>
                    <th scope="col" className={thClass}>
                      {i18n._("staff.col_started_completed")}
                    </th>
                    <th scope="col" className={thClass}>
                      <span className="sr-only">{i18n._("staff.col_actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className={tbodyClass}>
                  {WORK_ORDER_STAGES.map((stage) => (
                    <StageRow
                      key={stage}
                      lineId={line.id}
                      position={line.position}
                      stage={stage}
                      values={stages[stage]}
                      known={progress !== null}
                      disabled={closed}
                      locale={locale}
                    />
                  ))}
                </tbody>
              </TableRegion>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

/** One stage of one line, a form of its own. */
function StageRow({
  lineId,
  position,
  stage,
  values,
  known,
  disabled,
  locale,
}: {
  lineId: string;
  position: number;
  stage: WorkOrderStage;
  values: StageValues;
  known: boolean;
  disabled: boolean;
  locale: string;
}) {
  const { i18n } = useLingui();
  const stageName = i18n._("staff.stage", { stage });
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: stageForm,
    id: `stage-${lineId}-${stage}`,
    defaultValue: {
      line_id: lineId,
      stage,
      known,
      percent: values.percent,
      planned_date: values.planned_date,
    },
    onDone: (saved: ProgressUpdate | undefined) =>
      showToast({
        title: i18n._("staff.stage_saved", { stage: stageName, position, percent: saved?.percent ?? "" }),
        color: "success",
      }),
  });
  const { reset } = form;
  // Stored values that change (this save, a delivery note shipping the line) show in the row.
  useEffect(() => {
    reset();
  }, [reset, known, values.percent, values.planned_date]);
  const percentError = formErrorText(i18n, fields.percent.errors, "staff.error_percent_range");
  const changed =
    (fields.percent.value ?? "") !== (values.percent === null ? "" : String(values.percent)) ||
    (fields.planned_date.value ?? "") !== (values.planned_date ?? "");

  return (
    <tr className={trClass}>
      <th scope="row" className={`${tdClass} font-medium`}>
        {stageName}
      </th>
      <td className={tdClass}>
        <div className="flex items-center gap-2">
          <Input
            {...getInputProps(fields.percent, { type: "number" })}
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            disabled={disabled}
            placeholder={known ? undefined : "–"}
            aria-label={i18n._("staff.stage_percent", { stage: stageName, position })}
            className="w-24"
          />
          <span aria-hidden="true">%</span>
        </div>
        {percentError ? (
          <p id={fields.percent.errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {percentError}
          </p>
        ) : null}
      </td>
      <td className={tdClass}>
        <Input
          {...getInputProps(fields.planned_date, { type: "date" })}
          disabled={disabled}
          aria-label={i18n._("staff.stage_planned", { stage: stageName, position })}
          className="w-44"
        />
      </td>
      <td className={`${tdClass} ${mutedClass}`}>
        {values.started_at
          ? i18n._("staff.started_on", { date: formatDate(values.started_at, locale) })
          : null}
        {values.completed_at ? (
          <span className="block">
            {i18n._("staff.completed_on", { date: formatDate(values.completed_at, locale) })}
          </span>
        ) : null}
      </td>
      <td className={tdClass}>
        {/* The row's fields sit in other cells; they name this form (their form attribute). */}
        <fetcher.Form method="post" {...getFormProps(form)}>
          <IntentField intent="progress" />
          <input {...getInputProps(fields.line_id, { type: "hidden" })} />
          <input {...getInputProps(fields.stage, { type: "hidden" })} />
          <input {...getInputProps(fields.known, { type: "hidden" })} />
          <Button
            type="submit"
            size="sm"
            variant={changed ? "primary" : "secondary"}
            disabled={disabled || !changed}
            loading={busy}
            aria-label={i18n._("staff.save_stage", { stage: stageName, position })}
          >
            {i18n._("staff.save")}
          </Button>
          <StaffProblem codes={formErrors} className="mt-2" />
        </fetcher.Form>
      </td>
    </tr>
  );
}
