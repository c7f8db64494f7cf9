import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { TAX_TREATMENTS, taxOverrideSchema, type TaxTreatment } from "@ems/contracts/tax";
import { Landmark } from "lucide-react";
import { useId, useState } from "react";

import { TaxTreatmentNote } from "~/components/tax-treatment";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { useIssueText } from "./quote-actions";
import { mutedClass, StaffProblem } from "./staff-ui";

interface TaxedDocument {
  number: string;
  tax_treatment: TaxTreatment;
  customer_vat_id: string | null;
}

/**
 * A quote's or order's VAT treatment with its legal note, and "Change VAT treatment" while the API
 * allows it (`can_change_tax`); otherwise the button stays visible, disabled, with `locked` saying why.
 * `mailNote` tells staff what the customer will be sent. The dialog posts intent `tax` to the page's
 * action, which sends it to PUT …/:id/tax.
 */
export function TaxTreatmentChange({
  document,
  canChange,
  locked,
  mailNote,
}: {
  document: TaxedDocument;
  canChange: boolean;
  locked: string;
  mailNote: string;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const lockedId = useId();
  return (
    <div className="mt-4 space-y-3">
      <TaxTreatmentNote treatment={document.tax_treatment} customerVatId={document.customer_vat_id} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          disabled={!canChange}
          aria-describedby={canChange ? undefined : lockedId}
          onClick={() => setOpen(true)}
        >
          <Landmark aria-hidden="true" className="size-4" />
          {i18n._("staff.change_tax")}
        </Button>
        {canChange ? null : (
          <p id={lockedId} className={mutedClass}>
            {locked}
          </p>
        )}
      </div>
      {/* It stays until its answer is in, though the changed document may allow no further change. */}
      {open ? <TaxDialog document={document} mailNote={mailNote} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function TaxDialog({
  document,
  mailNote,
  onClose,
}: {
  document: TaxedDocument;
  mailNote: string;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const issueText = useIssueText();
  // The current treatment is no change: the API refuses it.
  const choices = TAX_TREATMENTS.filter((treatment) => treatment !== document.tax_treatment);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: taxOverrideSchema,
    defaultValue: { tax_treatment: choices[0] },
    success: i18n._("staff.tax_changed", { number: document.number }),
    onDone: onClose,
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={i18n._("staff.change_tax_title", { number: document.number })}
      description={i18n._("staff.change_tax_text", {
        treatment: i18n._(`tax.treatment.${document.tax_treatment}`),
      })}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="tax" />
        <StaffProblem codes={formErrors} />
        <FormField
          label={i18n._("staff.new_tax_treatment")}
          error={formErrorText(i18n, fields.tax_treatment.errors, "staff.error_required")}
        >
          {(f) => (
            <select {...getSelectProps(fields.tax_treatment)} {...f} className={inputClassName} required>
              {choices.map((treatment) => (
                <option key={treatment} value={treatment}>
                  {i18n._(`tax.treatment.${treatment}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={i18n._("staff.tax_change_reason")}
          description={i18n._("staff.tax_change_reason_hint")}
          error={issueText(fields.reason, taxOverrideSchema.shape.reason)}
        >
          {(f) => <Textarea {...getTextareaProps(fields.reason)} {...f} maxLength={500} rows={3} required />}
        </FormField>
        <p className={mutedClass}>{mailNote}</p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.save")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
