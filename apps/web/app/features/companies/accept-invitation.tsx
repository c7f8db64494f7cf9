import { NEW_PASSWORD_LENGTHS } from "@ems/contracts/password-rules";
import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { acceptInvitationSchema, type Invitation } from "@ems/contracts/companies";
import { isLocale, type Locale } from "@ems/i18n/locales";
import { useNavigate } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { PasswordInput } from "~/components/ui/password-input";
import { LanguageField, NameFields } from "~/components/ui/person-fields";
import { formErrorText } from "~/lib/form-errors";
import { localizePath } from "~/lib/locale";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

/** The route action's answer once accepted: the address to sign in with, in the language chosen. */
export type InvitationAccepted = { email: string; language: Locale };

/**
 * Accepting a company invitation (/register?invitation=<token>): shows the company and the role,
 * asks for names, language and a password (the route's action sends them), then sends the new
 * user to sign in with the address prefilled. `invitation` is null when the link does not work.
 */
export function AcceptInvitation({ token, invitation }: { token: string; invitation: Invitation | null }) {
  const { i18n } = useLingui();
  const pageLocale = useLocale();
  const navigate = useNavigate();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<
    typeof acceptInvitationSchema,
    InvitationAccepted
  >({
    schema: acceptInvitationSchema,
    defaultValue: {
      token,
      first_name: invitation?.first_name ?? "",
      last_name: invitation?.last_name ?? "",
      language: invitation && isLocale(invitation.language) ? invitation.language : pageLocale,
    },
    success: i18n._("invitation.accepted"),
    onDone: (accepted) => {
      if (!accepted) return;
      const query = new URLSearchParams({ email: accepted.email }).toString();
      void navigate(`${localizePath("/login", accepted.language)}?${query}`);
    },
  });

  // A link used, withdrawn or expired meanwhile ends the form like one that never worked.
  if (!invitation || formErrors?.includes("NOT_FOUND"))
    return (
      <Alert variant="error" title={i18n._("invitation.invalid_title")}>
        {i18n._("invitation.invalid_text")}
      </Alert>
    );

  const fieldError = (codes: string[] | undefined) => formErrorText(i18n, codes, "invitation.error_invalid");
  return (
    <article aria-labelledby="invitation-title">
      <h1 id="invitation-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {i18n._("invitation.title", { company: invitation.company_name })}
      </h1>
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">
        {i18n._("invitation.intro", {
          company: invitation.company_name,
          role: i18n._(`roles.${invitation.role}`),
        })}
      </p>
      <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._("invitation.email")} <strong className="break-all">{invitation.email}</strong>
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 sm:grid-cols-2">
        <FormProblem codes={formErrors} fallback="global.error" className="sm:col-span-2" />
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <NameFields
          labels={{ first: i18n._("invitation.first_name"), last: i18n._("invitation.last_name") }}
          first={{ field: fields.first_name }}
          last={{ field: fields.last_name }}
          errors={{ first: fieldError(fields.first_name.errors), last: fieldError(fields.last_name.errors) }}
        />
        <LanguageField
          label={i18n._("invitation.language")}
          field={fields.language}
          error={fieldError(fields.language.errors)}
          className="sm:col-span-2"
        />
        <FormField
          label={i18n._("invitation.password")}
          description={i18n._("invitation.password_rules")}
          error={fields.password.errors ? i18n._("invitation.error_password") : undefined}
          className="sm:col-span-2"
        >
          {(f) => (
            <PasswordInput
              {...f}
              name={fields.password.name}
              key={fields.password.key}
              required
              {...NEW_PASSWORD_LENGTHS}
              autoComplete="new-password"
              showLabel={i18n._("signin.show_password")}
              hideLabel={i18n._("signin.hide_password")}
            />
          )}
        </FormField>
        {/* The address the account signs in with, for password managers. */}
        <input type="email" value={invitation.email} autoComplete="username" readOnly hidden />
        <div className="sm:col-span-2">
          <Button type="submit" loading={busy}>
            {i18n._("invitation.submit")}
          </Button>
        </div>
      </fetcher.Form>
    </article>
  );
}
