import { formatDate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import {
  staffOrderEndpoints,
  CLOSED_ORDER_STATUSES,
  progressUpdateSchema,
  WORK_ORDER_STAGES,
  type OrderProgress,
  type StaffOrderDetails,
  type WorkOrderStage,
} from "@ems/contracts/orders";
import { useState, type FormEvent } from "react";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";

import { parseWhole } from "./format";
import {
  mutedClass,
  ProgressBar,
  Section,
  TableRegion,
  tbodyClass,
  tdClass,
  theadClass,
  thClass,
  trClass,
} from "./staff-ui";
import { useStaffAction } from "./use-staff-action";
import { call } from "~/lib/api-client";

interface StageValues {
  percent: number | null;
  planned_date: string | null;
  started_at: string | null;
  completed_at: string | null;
}

/**
 * The seven work-order stages of every line, each with its percent (0–100) and planned date
 * (PUT /api/staff/orders/:id/progress). `initial` is null when the API could not tell the current
 * values; the answer of the first change fills them in.
 */
export function ProgressSection({
  order,
  initial,
  locale,
}: {
  order: StaffOrderDetails;
  initial: OrderProgress | null;
  locale: string;
}) {
  const { i18n } = useLingui();
  // The loader's values when the API has them (fresh after every change); else the last answer.
  const [saved, setProgress] = useState<OrderProgress | null>(null);
  const progress = initial ?? saved;
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
                      // A new answer from the API resets the row to the stored values.
                      key={`${stage}:${stages[stage].percent}:${stages[stage].planned_date}`}
                      orderId={order.id}
                      lineId={line.id}
                      position={line.position}
                      stage={stage}
                      values={stages[stage]}
                      known={progress !== null}
                      disabled={closed}
                      locale={locale}
                      onSaved={setProgress}
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

function StageRow({
  orderId,
  lineId,
  position,
  stage,
  values,
  known,
  disabled,
  locale,
  onSaved,
}: {
  orderId: string;
  lineId: string;
  position: number;
  stage: WorkOrderStage;
  values: StageValues;
  known: boolean;
  disabled: boolean;
  locale: string;
  onSaved: (progress: OrderProgress) => void;
}) {
  const { i18n } = useLingui();
  const [percent, setPercent] = useState(values.percent === null ? "" : String(values.percent));
  const [planned, setPlanned] = useState(values.planned_date ?? "");
  const [invalid, setInvalid] = useState(false);
  const { run, pending } = useStaffAction();
  const stageName = i18n._("staff.stage", { stage });
  const changed =
    percent !== (values.percent === null ? "" : String(values.percent)) ||
    planned !== (values.planned_date ?? "");

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = parseWhole(percent);
    const body = {
      line_id: lineId,
      stage,
      percent: value ?? -1,
      // Without the stored values, an empty date leaves the plan as it is; with them, it clears it.
      ...(planned ? { planned_date: planned } : known ? { planned_date: null } : {}),
    };
    const parsed = progressUpdateSchema.safeParse(body);
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    const answer = await run(
      () =>
        call(browserApi(), staffOrderEndpoints.updateProgress, {
          params: { id: orderId },
          body: parsed.data,
        }),
      i18n._("staff.stage_saved", { stage: stageName, position, percent: parsed.data.percent }),
    );
    if (answer) onSaved(answer.data);
  }

  const formId = `stage-${lineId}-${stage}`;
  return (
    <tr className={trClass}>
      <th scope="row" className={`${tdClass} font-medium`}>
        {stageName}
      </th>
      <td className={tdClass}>
        <div className="flex items-center gap-2">
          <Input
            form={formId}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={percent}
            disabled={disabled}
            placeholder={known ? undefined : "–"}
            onChange={(e) => setPercent(e.target.value)}
            aria-label={i18n._("staff.stage_percent", { stage: stageName, position })}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${formId}-error` : undefined}
            className="w-24"
          />
          <span aria-hidden="true">%</span>
        </div>
        {invalid ? (
          <p id={`${formId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {i18n._("staff.error_percent_range")}
          </p>
        ) : null}
      </td>
      <td className={tdClass}>
        <Input
          form={formId}
          type="date"
          value={planned}
          disabled={disabled}
          onChange={(e) => setPlanned(e.target.value)}
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
        <form id={formId} onSubmit={save}>
          <Button
            type="submit"
            size="sm"
            variant={changed ? "primary" : "secondary"}
            disabled={disabled || !changed}
            loading={pending}
            aria-label={i18n._("staff.save_stage", { stage: stageName, position })}
          >
            {i18n._("staff.save")}
          </Button>
        </form>
      </td>
    </tr>
  );
}
