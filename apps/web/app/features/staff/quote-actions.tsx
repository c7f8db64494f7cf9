import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { staffQuoteLostSchema, staffQuoteSendSchema, type StaffQuoteDetail } from "@ems/contracts/quotes";
import { Send, XCircle } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { dayFromToday } from "./format";
import { issueMessage } from "./quote-lines";
import { mutedClass, StaffProblem } from "./staff-ui";

/**
 * The text of a text field's error. Conform holds zod's own words or the API's code; the staff
 * catalog says why the contract's `schema` (the field's) refuses the value ("Use at least 3
 * characters."), and a value it accepts was refused by the API (`fallback` unless the code is known).
 */
export function useIssueText() {
  const { i18n } = useLingui();
  return (
    field: { errors: string[] | undefined; value: unknown },
    schema: z.ZodType,
    fallback = "staff.error_invalid",
  ): string | undefined => {
    if (!field.errors) return undefined;
    // An empty field is a missing value to the form, as Conform reads it.
    const parsed = schema.safeParse(field.value === "" ? undefined : field.value);
    if (parsed.success) return formErrorText(i18n, field.errors, fallback);
    const message = issueMessage(parsed.error.issues[0]!);
    return i18n._(message.key, message.values);
  };
}

/**
 * Send (→ Open, the customer is e-mailed) and Mark as lost, as far as the quote's status allows;
 * sending waits until the edited lines are saved. Each posts to the quote page's action.
 */
export function QuoteActions({ quote, dirty }: { quote: StaffQuoteDetail; dirty: boolean }) {
  const { i18n } = useLingui();
  const [dialog, setDialog] = useState<"send" | "lost" | null>(null);
  const close = () => setDialog(null);
  // An open dialog stays until its answer is in, though the quote it changed may allow neither now.
  if (!quote.can_send && !quote.can_mark_lost && dialog === null) return null;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        {quote.can_send ? (
          <Button onClick={() => setDialog("send")} disabled={dirty}>
            <Send aria-hidden="true" className="size-4" />
            {i18n._("staff.send_quote")}
          </Button>
        ) : null}
        {quote.can_mark_lost ? (
          <Button variant="outline" onClick={() => setDialog("lost")}>
            <XCircle aria-hidden="true" className="size-4" />
            {i18n._("staff.mark_lost")}
          </Button>
        ) : null}
      </div>
      {dirty && quote.can_send ? <p className={mutedClass}>{i18n._("staff.save_before_send")}</p> : null}
      {dialog === "send" ? <SendDialog quote={quote} onClose={close} /> : null}
      {dialog === "lost" ? <LostDialog quote={quote} onClose={close} /> : null}
    </div>
  );
}

function SendDialog({ quote, onClose }: { quote: StaffQuoteDetail; onClose: () => void }) {
  const { i18n } = useLingui();
  const tomorrow = dayFromToday(1);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: staffQuoteSendSchema,
    defaultValue: {
      valid_until: quote.valid_until && quote.valid_until >= tomorrow ? quote.valid_until : dayFromToday(30),
    },
    success: i18n._("staff.quote_sent", { company: quote.company_name }),
    onDone: onClose,
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.send_title", { number: quote.number })}
      description={i18n._("staff.send_text", { company: quote.company_name })}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="send" />
        <StaffProblem codes={formErrors} />
        <FormField
          label={i18n._("staff.valid_until")}
          error={formErrorText(i18n, fields.valid_until.errors, "staff.error_future_date")}
        >
          {(f) => (
            <Input {...getInputProps(fields.valid_until, { type: "date" })} {...f} min={tomorrow} required />
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.send_quote")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function LostDialog({ quote, onClose }: { quote: StaffQuoteDetail; onClose: () => void }) {
  const { i18n } = useLingui();
  const issueText = useIssueText();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: staffQuoteLostSchema,
    success: i18n._("staff.quote_lost"),
    onDone: onClose,
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.lost_title", { number: quote.number })}
      description={i18n._("staff.lost_text")}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="lost" />
        <StaffProblem codes={formErrors} />
        <FormField
          label={i18n._("staff.lost_reason")}
          error={issueText(fields.reason, staffQuoteLostSchema.shape.reason)}
        >
          {(f) => <Textarea {...getTextareaProps(fields.reason)} {...f} maxLength={1000} rows={3} />}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" variant="destructive" loading={busy}>
            {i18n._("staff.mark_lost")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
