import { useLingui } from "@lingui/react";
import { contactEndpoints, CONTACT_MESSAGE_MAX, contactRequestSchema } from "@ems/contracts/contact";
import type { Locale } from "@ems/i18n/locales";
import { siteConfig } from "@ems/config/site";
import { CheckCircle2, Mail } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { solveCaptcha } from "~/lib/captcha";
import { href } from "~/lib/route-map";

export type ContactField = "name" | "company" | "email" | "phone" | "message";
type Field = ContactField;
export const CONTACT_FIELDS: readonly Field[] = ["name", "company", "email", "phone", "message"];
const FIELDS = CONTACT_FIELDS;

/**
 * The page action's answer to a form posted without JavaScript (which cannot solve the captcha):
 * what was typed, the catalog keys of refused fields, and whether it is ready to go by e-mail.
 */
export interface ContactWithoutScript {
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  ready: boolean;
}

/** The fields as the API reads them, without the captcha (solved only once they are right). */
export function contactFields(values: Record<Field, string>, locale: Locale) {
  return contactRequestSchema.omit({ captcha: true }).safeParse({
    name: values.name,
    email: values.email.trim(),
    message: values.message,
    language: locale,
    ...(values.company.trim() ? { company: values.company } : {}),
    ...(values.phone.trim() ? { phone: values.phone } : {}),
  });
}

/** The catalog key of the message for a field that the schema or the server refused. */
export function errorKey(field: string, code: string | undefined): string {
  if (field === "captcha") return "contact.error_captcha";
  if (code === "too_small" && field === "message") return "contact.error_message_short";
  if (code === "too_big") return "contact.error_too_long";
  if (field === "email") return "contact.error_email";
  if (field === "phone") return "contact.error_phone";
  return "contact.error_required";
}

/**
 * The contact form (issue 7): checked in the browser against the same schema the API uses, field by
 * field; the API stores the message, mails it to the team and confirms it to the sender. A solved
 * proof-of-work captcha goes with it, as with registration.
 */
export function ContactForm({
  locale,
  withoutScript,
}: {
  locale: Locale;
  withoutScript?: ContactWithoutScript;
}) {
  const { i18n } = useLingui();
  const [values, setValues] = useState<Record<Field, string>>(
    () => withoutScript?.values ?? { name: "", company: "", email: "", phone: "", message: "" },
  );
  const [errors, setErrors] = useState<Partial<Record<Field | "form", string>>>(() =>
    Object.fromEntries(
      Object.entries(withoutScript?.errors ?? {}).map(([field, key]) => [field, i18n._(key)]),
    ),
  );
  const [stage, setStage] = useState<"idle" | "sending" | "sent">("idle");
  const [reference, setReference] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function focusFirstError(found: Partial<Record<Field, string>>) {
    const first = FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = contactFields(values, locale);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= i18n._(errorKey(field, issue.code));
      }
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setStage("sending");
    try {
      const captcha = await solveCaptcha(browserApi());
      const answer = await call(browserApi(), contactEndpoints.send, { body: { ...checked.data, captcha } });
      setReference(answer.data.reference);
      setStage("sent");
      requestAnimationFrame(() => successRef.current?.focus());
    } catch (error) {
      setStage("idle");
      if (error instanceof ApiError && error.status === 429) {
        setErrors({ form: i18n._("contact.error_rate_limited") });
      } else if (error instanceof ApiError && error.field && error.status < 500) {
        const field = error.field as Field;
        const found = { [field]: i18n._(errorKey(field, undefined)) };
        setErrors(FIELDS.includes(field) ? found : { form: i18n._(errorKey(error.field, undefined)) });
        focusFirstError(found);
      } else {
        setErrors({ form: i18n._("contact.error_generic") });
      }
    }
  }

  if (stage === "sent" && reference) {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-primary-300 bg-primary-50 p-6 focus:outline-none dark:border-primary-800 dark:bg-primary-950"
      >
        <h2 className="flex items-center gap-2 text-xl font-bold text-neutral-900 dark:text-white">
          <CheckCircle2 aria-hidden="true" className="size-6 text-primary-700 dark:text-primary-300" />
          {i18n._("contact.sent_title")}
        </h2>
        <p className="mt-2 text-neutral-800 dark:text-neutral-200">
          {i18n._("contact.sent_text", { reference, email: values.email.trim() })}
        </p>
      </div>
    );
  }

  const privacy = href("legal-privacy", locale);
  if (withoutScript?.ready && stage === "idle") return <SendByMail values={values} />;
  return (
    <section aria-labelledby="contact-form-title" className="min-w-0">
      <h2
        id="contact-form-title"
        className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white"
      >
        {i18n._("contact.form_title")}
      </h2>
      {/* Posted to the page's action only without JavaScript (the browser sends it otherwise). */}
      <form
        ref={formRef}
        method="post"
        onSubmit={submit}
        noValidate
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <FormField label={i18n._("contact.name")} error={errors.name}>
          {(f) => (
            <Input
              {...f}
              name="name"
              value={values.name}
              onChange={(e) => set("name")(e.target.value)}
              required
              maxLength={120}
              autoComplete="name"
            />
          )}
        </FormField>
        <FormField
          label={i18n._("contact.company")}
          description={i18n._("contact.optional")}
          error={errors.company}
        >
          {(f) => (
            <Input
              {...f}
              name="company"
              value={values.company}
              onChange={(e) => set("company")(e.target.value)}
              maxLength={200}
              autoComplete="organization"
            />
          )}
        </FormField>
        <FormField label={i18n._("contact.email")} error={errors.email}>
          {(f) => (
            <Input
              {...f}
              name="email"
              type="email"
              value={values.email}
              onChange={(e) => set("email")(e.target.value)}
              required
              maxLength={254}
              autoComplete="email"
            />
          )}
        </FormField>
        <FormField
          label={i18n._("contact.phone")}
          description={i18n._("contact.optional")}
          error={errors.phone}
        >
          {(f) => (
            <Input
              {...f}
              name="phone"
              type="tel"
              value={values.phone}
              onChange={(e) => set("phone")(e.target.value)}
              maxLength={40}
              autoComplete="tel"
            />
          )}
        </FormField>
        <FormField
          label={i18n._("contact.message")}
          description={i18n._("contact.message_hint")}
          error={errors.message}
          className="sm:col-span-2"
        >
          {(f) => (
            <Textarea
              {...f}
              name="message"
              value={values.message}
              onChange={(e) => set("message")(e.target.value)}
              required
              rows={7}
              maxLength={CONTACT_MESSAGE_MAX}
            />
          )}
        </FormField>
        <p className="text-sm text-neutral-600 sm:col-span-2 dark:text-neutral-400">
          {i18n._("contact.privacy_note")}{" "}
          <Link to={privacy} className="font-medium text-primary-800 underline dark:text-primary-300">
            {i18n._("contact.privacy_link")}
          </Link>
        </p>
        {errors.form ? (
          <div className="sm:col-span-2">
            <Alert variant="error">{errors.form}</Alert>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" loading={stage === "sending"}>
            {stage === "sending" ? i18n._("contact.sending") : i18n._("contact.submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * Without JavaScript the captcha cannot be solved, so the message cannot go through the form
 * (docs/decisions/0013-contact-without-javascript.md): it goes by e-mail instead, written for the
 * visitor in their own mail program, so nothing typed is lost.
 */
function SendByMail({ values }: { values: Record<Field, string> }) {
  const { i18n } = useLingui();
  const { email, phone } = siteConfig.contact;
  const body = [
    values.message.trim(),
    "",
    values.name.trim(),
    values.company.trim(),
    values.phone.trim(),
    values.email.trim(),
  ]
    .filter((line, index) => index < 2 || line)
    .join("\n");
  const mailto = `mailto:${email}?${new URLSearchParams({
    subject: i18n._("contact.nojs_subject", { name: values.name.trim() }),
    body,
  })
    .toString()
    .replaceAll("+", "%20")}`;
  return (
    <section aria-labelledby="contact-mail-title" className="min-w-0">
      <Alert variant="warning" title={<span id="contact-mail-title">{i18n._("contact.nojs_title")}</span>}>
        {/* No-break spaces: a phone number reads as one piece, never split over two lines. */}
        {i18n._("contact.nojs_text", { phone: phone.replaceAll(" ", "\u00a0") })}
      </Alert>
      <a href={mailto} className={`${buttonVariants({ size: "lg" })} mt-6`}>
        <Mail aria-hidden="true" className="size-5" />
        {i18n._("contact.nojs_send")}
      </a>
    </section>
  );
}
