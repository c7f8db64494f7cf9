import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { formatDate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import {
  CLOSED_ORDER_STATUSES,
  HOLD_REASON_MAX,
  productionSaveSchema,
  WORK_ORDER_STAGES,
  type OrderProgress,
  type ProductionSave,
  type StaffOrderDetails,
} from "@ems/contracts/orders";
import { useEffect } from "react";
import { Link } from "react-router";
import { z } from "zod";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormProblem } from "~/components/ui/form-problem";
import { IntentField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { orderedStages } from "~/lib/production-stages";
import { useLocale } from "~/lib/use-locale";

import { queryHref } from "./engineering-queries";

import {
  linkClass,
  mutedClass,
  ProgressBar,
  Section,
  TableRegion,
  tbodyClass,
  tdClass,
  thClass,
  theadClass,
  trClass,
} from "./staff-ui";

const HOLD_REASON_MISSING = "HOLD_REASON_MISSING";

/**
 * The production form's fields: every stage of every line with its percent and planned date (an
 * empty date clears the plan), the "on hold" checkbox with its reason, and the progress version
 * the form was loaded with. Read into the API's body (PUT /api/staff/orders/:id/progress).
 */
export const productionForm = z
  .object({
    base_version: z.number().int().min(0),
    lines: z
      .array(
        z.object({
          line_id: z.uuid(),
          stages: z
            .array(
              z.object({
                stage: z.enum(WORK_ORDER_STAGES),
                percent: z.number().int().min(0).max(100),
                planned_date: z.iso.date().optional(),
              }),
            )
            .min(1),
        }),
      )
      .min(1),
    // A checkbox posts nothing when it is not ticked.
    on_hold: z.boolean().default(false),
    hold_reason: z.string().max(HOLD_REASON_MAX).optional(),
  })
  .refine((form) => !form.on_hold || (form.hold_reason ?? "").trim() !== "", {
    path: ["hold_reason"],
    message: HOLD_REASON_MISSING,
  })
  .transform(({ base_version, lines, on_hold, hold_reason }): ProductionSave => ({
    base_version,
    lines: lines.map(({ line_id, stages }) => ({
      line_id,
      stages: stages.map(({ stage, percent, planned_date }) => ({
        stage,
        percent,
        planned_date: planned_date ?? null,
      })),
    })),
    hold: on_hold ? { reason: (hold_reason ?? "").trim() } : null,
  }))
  .pipe(productionSaveSchema);

/**
 * Production of the whole order in one form with one Save: each line's stages (a bare board has
 * other stages than an assembly) with percent and planned date, and whether production is on hold.
 * The customer is mailed at once when production starts or is put on hold; other changes reach
 * them in one digest a day. A form loaded before someone else's save is refused (the version).
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
      {progress ? (
        <ProductionForm order={order} progress={progress} closed={closed} locale={locale} />
      ) : (
        <Alert variant="info">{i18n._("staff.progress_unknown")}</Alert>
      )}
    </Section>
  );
}

/**
 * The open engineering queries the order's lines wait for: those lines stay at their data check
 * until the customer answers (or the query is closed or withdrawn). Each opens in the queue.
 */
function WaitingForAnswer({ progress }: { progress: OrderProgress }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  if (progress.waiting_for_answer.length === 0) return null;
  const position = (lineId: string) => progress.lines.find((line) => line.line_id === lineId)?.position;
  return (
    <Alert variant="warning" title={i18n._("staff.progress_waiting_title")}>
      <p>{i18n._("staff.progress_waiting")}</p>
      <ul className="mt-1 space-y-0.5">
        {progress.waiting_for_answer.map((query) => (
          <li key={query.query_id}>
            <Link to={queryHref(locale, query.query_id)} className={linkClass}>
              {query.number} · {query.title}
            </Link>{" "}
            {i18n._("staff.progress_waiting_lines", {
              lines: query.line_ids
                .map(position)
                .filter((n) => n !== undefined)
                .join(", "),
            })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function ProductionForm({
  order,
  progress,
  closed,
  locale,
}: {
  order: StaffOrderDetails;
  progress: OrderProgress;
  closed: boolean;
  locale: string;
}) {
  const { i18n } = useLingui();
  const lines = [...progress.lines].sort((a, b) => a.position - b.position);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: productionForm,
    id: `production-${order.id}`,
    defaultValue: {
      base_version: progress.version,
      lines: lines.map((line) => ({
        line_id: line.line_id,
        stages: orderedStages(line.stages).map((stage) => ({
          stage: stage.stage,
          percent: stage.percent,
          planned_date: stage.planned_date ?? undefined,
        })),
      })),
      on_hold: progress.hold !== null,
      hold_reason: progress.hold?.reason,
    },
    success: i18n._("staff.progress_saved", { number: order.number }),
  });
  const { reset } = form;
  // Every save (this one, a delivery note completing the shipping stage) brings a new version.
  useEffect(() => {
    reset();
  }, [reset, progress.version]);
  const lineFields = fields.lines.getFieldList();
  const reasonError = formErrorText(i18n, fields.hold_reason.errors, "staff.error_invalid", {
    [HOLD_REASON_MISSING]: "staff.hold_reason_missing",
  });
  // A 409 naming engineering queries: a held line may not pass its data check (not a stale form).
  const heldBy = fetcher.state === "idle" ? fetcher.data?.otherData?.queries : undefined;
  const held = Array.isArray(heldBy) ? heldBy.map(String) : null;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-6">
      <IntentField intent="progress" />
      <input {...getInputProps(fields.base_version, { type: "hidden" })} />
      <WaitingForAnswer progress={progress} />
      {held && formErrors?.includes("CONFLICT") ? (
        <Alert variant="error">{i18n._("staff.progress_held", { queries: held.join(", ") })}</Alert>
      ) : (
        <FormProblem
          codes={formErrors}
          fallback="staff.action_failed"
          known={{ CONFLICT: "staff.progress_stale", FORBIDDEN: "staff.action_forbidden" }}
        />
      )}
      {lines.map((line, i) => {
        const lineSet = lineFields[i]!.getFieldset();
        const stageFields = lineSet.stages.getFieldList();
        const stages = orderedStages(line.stages);
        return (
          <div key={line.line_id} className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold break-words">
                {i18n._("staff.line_heading", { position: line.position })} · {line.description}{" "}
                <span className={`font-normal ${mutedClass}`}>
                  ({i18n._("staff.production_kind", { kind: line.kind })})
                </span>
              </h3>
              <ProgressBar
                percent={line.progress_percent}
                label={i18n._("staff.line_progress", { position: line.position })}
              />
            </div>
            <input {...getInputProps(lineSet.line_id, { type: "hidden" })} />
            <TableRegion
              label={i18n._("staff.stages_of_line", { position: line.position })}
              minWidth="min-w-[640px]"
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
                </tr>
              </thead>
              <tbody className={tbodyClass}>
                {stages.map((stage, j) => {
                  const item = stageFields[j]!.getFieldset();
                  const stageName = i18n._("staff.stage", { stage: stage.stage });
                  const percentError = formErrorText(i18n, item.percent.errors, "staff.error_percent_range");
                  const dateError = formErrorText(i18n, item.planned_date.errors, "staff.error_invalid");
                  return (
                    <tr key={stage.stage} className={trClass}>
                      <th scope="row" className={`${tdClass} font-medium`}>
                        <span className={`mr-2 tabular-nums ${mutedClass}`}>{j + 1}.</span>
                        {stageName}
                        <input {...getInputProps(item.stage, { type: "hidden" })} />
                      </th>
                      <td className={tdClass}>
                        <div className="flex items-center gap-2">
                          <Input
                            {...getInputProps(item.percent, { type: "number" })}
                            inputMode="numeric"
                            min={0}
                            max={100}
                            step={1}
                            required
                            disabled={closed}
                            aria-label={i18n._("staff.stage_percent", {
                              stage: stageName,
                              position: line.position,
                            })}
                            className="w-24"
                          />
                          <span aria-hidden="true">%</span>
                        </div>
                        {percentError ? (
                          <p
                            id={item.percent.errorId}
                            className="mt-1 text-sm font-medium text-red-700 dark:text-red-400"
                          >
                            {percentError}
                          </p>
                        ) : null}
                      </td>
                      <td className={tdClass}>
                        <Input
                          {...getInputProps(item.planned_date, { type: "date" })}
                          disabled={closed}
                          aria-label={i18n._("staff.stage_planned", {
                            stage: stageName,
                            position: line.position,
                          })}
                          className="w-44"
                        />
                        {dateError ? (
                          <p
                            id={item.planned_date.errorId}
                            className="mt-1 text-sm font-medium text-red-700 dark:text-red-400"
                          >
                            {dateError}
                          </p>
                        ) : null}
                      </td>
                      <td className={`${tdClass} ${mutedClass}`}>
                        {stage.started_at
                          ? i18n._("staff.started_on", { date: formatDate(stage.started_at, locale) })
                          : null}
                        {stage.completed_at ? (
                          <span className="block">
                            {i18n._("staff.completed_on", { date: formatDate(stage.completed_at, locale) })}
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </TableRegion>
          </div>
        );
      })}
      <fieldset className="space-y-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
        <legend className="px-1 text-sm font-semibold">{i18n._("staff.hold_legend")}</legend>
        <label className="flex items-start gap-3 text-sm font-semibold">
          <input
            {...getInputProps(fields.on_hold, { type: "checkbox" })}
            disabled={closed}
            className="mt-0.5 size-4 shrink-0 accent-primary-700 dark:accent-primary-400"
          />
          {i18n._("staff.hold_label")}
        </label>
        <div className="space-y-1.5">
          <label htmlFor={fields.hold_reason.id} className="text-sm font-semibold">
            {i18n._("staff.hold_reason")}
          </label>
          <Textarea
            {...getTextareaProps(fields.hold_reason)}
            disabled={closed}
            maxLength={HOLD_REASON_MAX}
            rows={2}
            aria-describedby={`${fields.hold_reason.descriptionId}${reasonError ? ` ${fields.hold_reason.errorId}` : ""}`}
            className="min-h-16"
          />
          <p id={fields.hold_reason.descriptionId} className={mutedClass}>
            {i18n._("staff.hold_hint")}
          </p>
          {reasonError ? (
            <p id={fields.hold_reason.errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
              {reasonError}
            </p>
          ) : null}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button type="submit" disabled={closed} loading={busy}>
          {i18n._("staff.progress_save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
