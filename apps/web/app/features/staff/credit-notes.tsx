import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { formatDate, formatMoney, formatNumber } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { billingIdParamSchema, SHIPPING_LINE_POSITION, type StaffInvoice } from "@ems/contracts/billing";
import {
  creditNoteCreateSchema,
  REASON_MAX,
  REASON_MIN,
  type StaffCreditNote,
} from "@ems/contracts/credit-notes";
import type { Locale } from "@ems/i18n/locales";
import { useState } from "react";
import { z } from "zod";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormProblem } from "~/components/ui/form-problem";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { mutedClass } from "./staff-ui";

/** An invoice line with what credit notes took back of it and what is left to credit. */
export interface CreditableLine {
  position: number;
  description: string;
  invoiced: number;
  credited: number;
  remaining: number;
}

/** The invoice's lines by position (shipping last) with what is left to credit of each. */
export function creditableLines(invoice: Pick<StaffInvoice, "lines" | "credited_lines">): CreditableLine[] {
  return invoice.lines
    .map((line) => {
      const credited = invoice.credited_lines.find((c) => c.position === line.position)?.quantity ?? 0;
      return {
        position: line.position,
        description: line.description,
        invoiced: line.quantity,
        credited,
        remaining: Math.max(0, line.quantity - credited),
      };
    })
    .sort(
      (a, b) =>
        Number(a.position === SHIPPING_LINE_POSITION) - Number(b.position === SHIPPING_LINE_POSITION) ||
        a.position - b.position,
    );
}

/** Whether anything of the invoice is left to credit. */
export const canCredit = (invoice: Pick<StaffInvoice, "lines" | "credited_lines">) =>
  creditableLines(invoice).some((line) => line.remaining > 0);

/** A quantity above what is left to credit of its line. */
const TOO_MANY = "TOO_MANY";
/** Every quantity is 0: nothing would be credited. */
const NOTHING = "NOTHING";

/**
 * The credit note dialog's fields: the API's body (POST /api/staff/invoices/:id/credit-notes) with
 * the invoice's id and a quantity for each line left to credit, where 0 leaves the line out, and
 * what is left of it (the API refuses more; the form says so beside the line).
 */
export const creditNoteForm = creditNoteCreateSchema
  .extend({
    ...billingIdParamSchema.shape,
    lines: z
      .array(
        z
          .object({
            position: z.number().int(),
            remaining: z.number().int(),
            quantity: z.number().int().min(0).optional(),
          })
          .refine((line) => (line.quantity ?? 0) <= line.remaining, {
            path: ["quantity"],
            message: TOO_MANY,
          }),
      )
      .refine((lines) => lines.some((line) => (line.quantity ?? 0) > 0), { message: NOTHING }),
  })
  .transform(({ lines, ...note }) => ({
    ...note,
    lines: lines.flatMap(({ position, quantity }) => (quantity ? [{ position, quantity }] : [])),
  }))
  // The dialog always names its lines: what is left is filled in to start with.
  .pipe(
    creditNoteCreateSchema.extend({
      ...billingIdParamSchema.shape,
      lines: creditNoteCreateSchema.shape.lines.unwrap(),
    }),
  );

/** Why the API refused the credit note as a whole. */
const CREDIT_NOTE_PROBLEMS = {
  CONFLICT: "staff.credit_note_conflict",
  NOT_FOUND: "staff.credit_note_conflict",
  FORBIDDEN: "staff.action_forbidden",
};

/** Issues a credit note for an invoice: the quantities to credit (all that is left, to start with) and why. */
export function CreditNoteDialog({
  invoice,
  locale,
  onClose,
}: {
  invoice: StaffInvoice;
  locale: Locale;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  // The lines as the dialog opened: crediting them changes what is left.
  const [lines] = useState(() => creditableLines(invoice).filter((line) => line.remaining > 0));
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: creditNoteForm,
    id: `credit-note-${invoice.id}`,
    defaultValue: {
      id: invoice.id,
      reason: "",
      lines: lines.map((line) => ({
        position: line.position,
        remaining: line.remaining,
        quantity: line.remaining,
      })),
    },
    onDone: (note: StaffCreditNote | undefined) => {
      if (note) {
        showToast({
          title: i18n._("staff.credit_note_created", {
            number: note.number,
            invoice: invoice.number,
            total: formatMoney(note.total_minor, note.currency, locale),
          }),
          color: "success",
        });
      }
      onClose();
    },
  });
  const lineFields = fields.lines.getFieldList();
  const linesError = formErrorText(i18n, fields.lines.errors, "staff.credit_note_nothing");
  const reasonError = fields.reason.errors
    ? i18n._("staff.credit_note_reason_error", { min: REASON_MIN, max: REASON_MAX })
    : undefined;

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={i18n._("staff.credit_note_title", { number: invoice.number })}
      description={i18n._("staff.credit_note_intro", {
        company: invoice.company_name,
        total: formatMoney(invoice.total_minor, invoice.currency, locale),
        date: formatDate(invoice.issued_on, locale),
      })}
      closeLabel={i18n._("staff.close")}
      size="lg"
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="creditNote" />
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <FormProblem
          codes={formErrors ?? fields.id.errors}
          fallback="staff.action_failed"
          known={CREDIT_NOTE_PROBLEMS}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{i18n._("staff.credit_note_quantities")}</legend>
          <p className={mutedClass}>{i18n._("staff.credit_note_quantities_hint")}</p>
          {linesError ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
              {linesError}
            </p>
          ) : null}
          {lines.map((line, i) => {
            const item = lineFields[i]!.getFieldset();
            const quantityError = item.quantity.errors?.includes(TOO_MANY)
              ? i18n._("staff.error_max_value", { max: line.remaining })
              : item.quantity.errors
                ? i18n._("staff.error_whole_number")
                : undefined;
            const label =
              line.position === SHIPPING_LINE_POSITION
                ? i18n._("staff.credit_note_shipping", { description: line.description })
                : i18n._("staff.ship_line", { position: line.position, description: line.description });
            return (
              <FormField
                key={line.position}
                label={label}
                description={i18n._("staff.credit_note_line_hint", {
                  invoiced: formatNumber(line.invoiced, locale),
                  credited: formatNumber(line.credited, locale),
                })}
                error={quantityError}
              >
                {(f) => (
                  <>
                    <input {...getInputProps(item.position, { type: "hidden" })} />
                    <input {...getInputProps(item.remaining, { type: "hidden" })} />
                    <Input
                      {...getInputProps(item.quantity, { type: "number" })}
                      {...f}
                      inputMode="numeric"
                      min={0}
                      max={line.remaining}
                      className="max-w-40"
                    />
                  </>
                )}
              </FormField>
            );
          })}
        </fieldset>
        <FormField
          label={i18n._("staff.credit_note_reason")}
          description={i18n._("staff.credit_note_reason_hint")}
          error={reasonError}
        >
          {(f) => (
            <Textarea
              {...getTextareaProps(fields.reason)}
              {...f}
              required
              minLength={REASON_MIN}
              maxLength={REASON_MAX}
              rows={3}
            />
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.credit_note_issue")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
