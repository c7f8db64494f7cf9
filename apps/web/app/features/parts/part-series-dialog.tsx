import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { PART_LIMITS, type PartSeries } from "@ems/contracts/parts";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input } from "~/components/ui/input";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { useFieldError } from "./part-fields";
import { partSeriesForm, seriesNumber } from "./part-form";

/** The company's numbering of new parts (administrators): prefix, digits and the next serial. */
export function PartSeriesDialog({
  open,
  onOpenChange,
  series,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  series: PartSeries;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._("parts.series_title")}
      description={i18n._("parts.series_intro")}
      closeLabel={i18n._("parts.close")}
    >
      {/* Inside the dialog, so that reopening it starts from the saved series. */}
      <SeriesForm series={series} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function SeriesForm({ series, onClose }: { series: PartSeries; onClose: () => void }) {
  const { i18n } = useLingui();
  const error = useFieldError();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: partSeriesForm,
    id: "part-series",
    defaultValue: {
      prefix: series.prefix,
      digits: String(series.digits),
      next_number: String(series.next_number),
    } as never,
    success: i18n._("parts.series_saved"),
    onDone: onClose,
  });
  const digits = Number(fields.digits.value);
  const next = Number(fields.next_number.value);
  // What the next part would be called, as the user types; nothing while a number is incomplete.
  const preview =
    Number.isInteger(digits) && digits >= 3 && digits <= 8 && Number.isInteger(next) && next >= 1
      ? seriesNumber(fields.prefix.value ?? "", digits, next)
      : null;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent="set_series" />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={i18n._("parts.field.prefix")} error={error(fields.prefix.errors)}>
          {(f) => (
            <Input
              {...getInputProps(fields.prefix, { type: "text" })}
              {...f}
              maxLength={PART_LIMITS.seriesPrefix}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label={i18n._("parts.field.digits")} error={error(fields.digits.errors)}>
          {(f) => (
            <Input
              {...getInputProps(fields.digits, { type: "number" })}
              {...f}
              min={3}
              max={8}
              step={1}
              inputMode="numeric"
              required
            />
          )}
        </FormField>
        <FormField
          label={i18n._("parts.field.next_number")}
          error={error(fields.next_number.errors, "parts.error.next_number_used")}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.next_number, { type: "number" })}
              {...f}
              min={1}
              step={1}
              inputMode="numeric"
              required
            />
          )}
        </FormField>
      </div>
      <p className="text-sm" aria-live="polite">
        {preview ? i18n._("parts.series_preview", { number: preview }) : i18n._("parts.series_preview_none")}
      </p>
      <FormProblem codes={formErrors} fallback="parts.save_failed" />
      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("parts.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {i18n._("parts.series_submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
