import { useLingui } from "@lingui/react";
import { quoteDeclineSchema, type QuoteDetail } from "@ems/contracts/quotes";
import { RotateCcw, XCircle } from "lucide-react";
import { useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { inputClassName } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";

import { useQuoteAction } from "./use-quote-action";

/** Declines an Open quote with a reason (POST /api/quotes/:id/decline). */
export function DeclineDialog({ quote }: { quote: QuoteDetail }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const { run, pending, error, setError } = useQuoteAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = quoteDeclineSchema.safeParse({ reason });
    if (!parsed.success) {
      setFormError(i18n._("my_quotes.decline_error_reason"));
      return;
    }
    setFormError(null);
    const done = await run(
      () => browserApi().post<QuoteDetail>(`/api/quotes/${quote.id}/decline`, parsed.data),
      i18n._("my_quotes.declined", { number: quote.number }),
    );
    if (done) {
      setOpen(false);
      setReason("");
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <XCircle aria-hidden="true" className="size-4" />
        {i18n._("my_quotes.decline_button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setFormError(null);
            setError(null);
          }
        }}
        title={i18n._("my_quotes.decline_title", { number: quote.number })}
        description={i18n._("my_quotes.decline_intro")}
        closeLabel={i18n._("my_quotes.close")}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={i18n._("my_quotes.decline_reason_label")} error={formError ?? error?.message}>
            {(f) => (
              <textarea
                {...f}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
                minLength={3}
                maxLength={1000}
                rows={4}
                className={`${inputClassName} h-auto py-2`}
              />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {i18n._("my_quotes.cancel")}
            </Button>
            <Button type="submit" variant="destructive" loading={pending}>
              {i18n._("my_quotes.decline_submit")}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Asks again for an Expired or Declined quote; it goes back In Progress (POST /api/quotes/:id/renew). */
export function RenewButton({ quote }: { quote: QuoteDetail }) {
  const { i18n } = useLingui();
  const { run, pending } = useQuoteAction();
  return (
    <Button
      variant="secondary"
      loading={pending}
      onClick={() =>
        run(
          () => browserApi().post<QuoteDetail>(`/api/quotes/${quote.id}/renew`, {}),
          i18n._("my_quotes.renewed", { number: quote.number }),
        )
      }
    >
      <RotateCcw aria-hidden="true" className="size-4" />
      {i18n._("my_quotes.renew_button")}
    </Button>
  );
}
