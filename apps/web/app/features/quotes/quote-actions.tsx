import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useLingui } from "@lingui/react";
import { quoteDeclineSchema, type QuoteDetail } from "@ems/contracts/quotes";
import { RotateCcw, XCircle } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm, withoutIntent } from "~/lib/use-fetcher-form";

/** The query parameter that opens the decline form: a link, so it works without JavaScript. */
export const DECLINE_PARAM = "decline";

/** Opens the decline form below the quote's header. */
export function DeclineLink() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <Link
      to={`${pathname}?${DECLINE_PARAM}`}
      preventScrollReset
      className={buttonVariants({ variant: "outline" })}
    >
      <XCircle aria-hidden="true" className="size-4" />
      {i18n._("my_quotes.decline_button")}
    </Link>
  );
}

/**
 * Declines an Open quote with a reason. A plain form posted to the quote page's route action (the
 * same zod schema checks it here, in the action and in the API), so it works with JavaScript
 * disabled; Cancel is a link back to the quote.
 */
export function DeclineForm({
  quote,
  lastResult,
}: {
  quote: QuoteDetail;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: quoteDeclineSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const reasonError = formErrorText(i18n, fields.reason.errors, "my_quotes.decline_error_reason");
  return (
    <section
      aria-labelledby="decline-title"
      className="rounded-xl border border-neutral-200 bg-white p-5 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id="decline-title" className="text-lg font-semibold">
        {i18n._("my_quotes.decline_title", { number: quote.number })}
      </h2>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._("my_quotes.decline_intro")}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <IntentField intent="decline" />
        {form.errors?.length ? <Alert variant="error">{i18n._("my_quotes.action_failed")}</Alert> : null}
        <FormField label={i18n._("my_quotes.decline_reason_label")} error={reasonError}>
          {(f) => (
            <Textarea
              // The field's own id and descriptions (FormField's) win over Conform's, so the label names it.
              {...getTextareaProps(fields.reason)}
              {...f}
              // Opening the form is the user's request to type the reason.
              autoFocus
              required
              minLength={3}
              maxLength={1000}
              rows={4}
            />
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={pathname} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {i18n._("my_quotes.cancel")}
          </Link>
          <Button type="submit" variant="destructive" loading={busy}>
            {i18n._("my_quotes.decline_submit")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** Asking again posts nothing but its intent (POST /api/quotes/:id/renew has no body). */
export const renewForm = z.strictObject({});

/**
 * Asks again for an Expired or Declined quote; it goes back In Progress. It stays mounted when the
 * quote can no longer be renewed, so the answer's toast still shows after the page reloads the quote.
 */
export function RenewButton({ quote }: { quote: QuoteDetail }) {
  const { i18n } = useLingui();
  const { fetcher, form, busy, formErrors } = useFetcherForm({
    schema: renewForm,
    success: i18n._("my_quotes.renewed", { number: quote.number }),
  });
  if (!quote.can_request) return null;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2">
      <IntentField intent="renew" />
      <Button type="submit" variant="secondary" loading={busy}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {i18n._("my_quotes.renew_button")}
      </Button>
      {formErrors?.length ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {i18n._("my_quotes.action_failed")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
