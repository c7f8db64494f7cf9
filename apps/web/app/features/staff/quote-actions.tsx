import { useLingui } from "@lingui/react";
import {
  staffQuoteEndpoints,
  staffQuoteLostSchema,
  staffQuoteSendSchema,
  type StaffQuoteDetail,
} from "@ems/contracts/quotes";
import { Send, XCircle } from "lucide-react";
import { useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";

import { dayFromToday } from "./format";
import { issueMessage, type FieldErrors } from "./quote-lines";
import { mutedClass } from "./staff-ui";
import { useFieldError, useStaffAction } from "./use-staff-action";
import { call } from "~/lib/api-client";

/**
 * Send (→ Open, the customer is e-mailed) and Mark as lost, as far as the quote's status allows;
 * sending waits until the edited lines are saved.
 */
export function QuoteActions({ quote, dirty }: { quote: StaffQuoteDetail; dirty: boolean }) {
  const { i18n } = useLingui();
  const [dialog, setDialog] = useState<"send" | "lost" | null>(null);
  if (!quote.can_send && !quote.can_mark_lost) return null;
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
      {dialog === "send" ? <SendDialog quote={quote} onClose={() => setDialog(null)} /> : null}
      {dialog === "lost" ? <LostDialog quote={quote} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function SendDialog({ quote, onClose }: { quote: StaffQuoteDetail; onClose: () => void }) {
  const { i18n } = useLingui();
  const tomorrow = dayFromToday(1);
  const [validUntil, setValidUntil] = useState(
    quote.valid_until && quote.valid_until >= tomorrow ? quote.valid_until : dayFromToday(30),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const { run, pending, fieldErrors } = useStaffAction();
  const error = useFieldError({ ...fieldErrors, ...errors });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = staffQuoteSendSchema.safeParse({ valid_until: validUntil });
    if (!parsed.success) {
      setErrors({ valid_until: { key: "staff.error_future_date" } });
      return;
    }
    setErrors({});
    const sent = await run(
      () => call(browserApi(), staffQuoteEndpoints.send, { params: { id: quote.id }, body: parsed.data }),
      i18n._("staff.quote_sent", { company: quote.company_name }),
    );
    if (sent) onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.send_title", { number: quote.number })}
      description={i18n._("staff.send_text", { company: quote.company_name })}
      closeLabel={i18n._("staff.close")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label={i18n._("staff.valid_until")} error={error("valid_until")}>
          {(f) => (
            <Input
              {...f}
              type="date"
              min={tomorrow}
              value={validUntil}
              onChange={(e) => setValidUntil(e.target.value)}
              required
            />
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("staff.send_quote")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function LostDialog({ quote, onClose }: { quote: StaffQuoteDetail; onClose: () => void }) {
  const { i18n } = useLingui();
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { run, pending, fieldErrors } = useStaffAction();
  const error = useFieldError({ ...fieldErrors, ...errors });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = reason.trim() ? { reason } : {};
    const parsed = staffQuoteLostSchema.safeParse(body);
    if (!parsed.success) {
      setErrors({ reason: issueMessage(parsed.error.issues[0]!) });
      return;
    }
    setErrors({});
    const done = await run(
      () => call(browserApi(), staffQuoteEndpoints.lost, { params: { id: quote.id }, body: parsed.data }),
      i18n._("staff.quote_lost"),
    );
    if (done) onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.lost_title", { number: quote.number })}
      description={i18n._("staff.lost_text")}
      closeLabel={i18n._("staff.close")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label={i18n._("staff.lost_reason")} error={error("reason")}>
          {(f) => (
            <textarea
              {...f}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
              rows={3}
              className={`${inputClassName} h-auto py-2`}
            />
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" variant="destructive" loading={pending}>
            {i18n._("staff.mark_lost")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
