import { getCollectionProps, getFormProps, getInputProps } from "@conform-to/react";
import { formatDate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { PRODUCTION_KINDS, WORK_ORDER_STAGES, type StageSet } from "@ems/contracts/orders";
import { useEffect } from "react";
import { z } from "zod";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { IntentField } from "~/components/ui/form-field";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { mutedClass, Section, StaffProblem } from "./staff-ui";

/** Every line ends with packing and shipping: the delivery note that ships it completes the stage. */
const FIXED_STAGE = "shipped";
const CHOOSABLE = WORK_ORDER_STAGES.filter((stage) => stage !== FIXED_STAGE);

/**
 * A kind's stage set as the settings page posts it: the ticked stages plus the fixed last one, for
 * PUT /api/staff/production/stage-sets/:kind (the API keeps production order).
 */
export const stageSetForm = z
  .object({
    kind: z.enum(PRODUCTION_KINDS),
    // Nothing ticked posts no field at all.
    stages: z.array(z.enum(WORK_ORDER_STAGES)).default([]),
  })
  .refine((set) => set.stages.some((stage) => stage !== FIXED_STAGE), { path: ["stages"] })
  .transform(({ kind, stages }) => ({
    kind,
    stages: [...new Set([...stages, FIXED_STAGE] as const)],
  }));

/**
 * The production stages new order lines get, per kind (docs/behaviour/orders.md#production-progress):
 * a bare board and an assembly each have their set. Lines already ordered keep their stages.
 */
export function StageSetsSection({ sets, locale }: { sets: StageSet[] | null; locale: string }) {
  const { i18n } = useLingui();
  return (
    <Section
      id="production-stages"
      title={i18n._("staff.stage_sets_title")}
      description={i18n._("staff.stage_sets_intro")}
    >
      {sets === null ? (
        <p className={mutedClass}>{i18n._("staff.stage_sets_unavailable")}</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {sets.map((set) => (
            <StageSetForm key={set.kind} set={set} locale={locale} />
          ))}
        </div>
      )}
    </Section>
  );
}

function StageSetForm({ set, locale }: { set: StageSet; locale: string }) {
  const { i18n } = useLingui();
  const kindName = i18n._("staff.production_kind", { kind: set.kind });
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: stageSetForm,
    id: `stage-set-${set.kind}`,
    defaultValue: { kind: set.kind, stages: set.stages.filter((stage) => stage !== FIXED_STAGE) },
    success: i18n._("staff.stage_set_saved", { kind: kindName }),
  });
  const { reset } = form;
  // The saved set comes back in production order; the boxes follow it.
  const saved = set.stages.join(",");
  useEffect(() => {
    reset();
  }, [reset, saved]);
  const boxes = getCollectionProps(fields.stages, { type: "checkbox", options: [...CHOOSABLE] });
  const error = formErrorText(i18n, fields.stages.errors, "staff.stage_set_invalid");
  const legendId = `stage-set-${set.kind}-legend`;

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <IntentField intent="save-stage-set" />
      <input {...getInputProps(fields.kind, { type: "hidden" })} />
      <fieldset aria-describedby={`${legendId}-state`}>
        <legend id={legendId} className="font-semibold">
          {kindName}
        </legend>
        <p id={`${legendId}-state`} className={`mt-1 ${mutedClass}`}>
          {set.customised && set.updated_at ? (
            i18n._("staff.stage_set_changed", { date: formatDate(set.updated_at, locale) })
          ) : (
            <Badge tone="neutral">{i18n._("staff.stage_set_default")}</Badge>
          )}
        </p>
        <ol className="mt-3 space-y-2">
          {CHOOSABLE.map((stage, i) => {
            const { key, ...checkbox } = boxes[i]!;
            return (
              <li key={key}>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    {...checkbox}
                    className="mt-0.5 size-4 shrink-0 accent-primary-700 dark:accent-primary-400"
                  />
                  {i18n._("staff.stage", { stage })}
                </label>
              </li>
            );
          })}
          <li>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                checked
                disabled
                aria-describedby={`${legendId}-fixed`}
                className="mt-0.5 size-4 shrink-0 accent-primary-700 dark:accent-primary-400"
              />
              {i18n._("staff.stage", { stage: FIXED_STAGE })}
            </label>
            <p id={`${legendId}-fixed`} className={`ml-7 ${mutedClass}`}>
              {i18n._("staff.stage_set_fixed")}
            </p>
          </li>
        </ol>
      </fieldset>
      {error ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{error}</p> : null}
      <StaffProblem codes={formErrors} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={busy}>
          {i18n._("staff.stage_set_save", { kind: kindName })}
        </Button>
      </div>
    </fetcher.Form>
  );
}
