import { NEW_PASSWORD_LENGTHS } from "@ems/contracts/password-rules";
import { useLingui } from "@lingui/react";
import type { BodyIn } from "@ems/contracts/endpoints";
import type { Invitation } from "@ems/contracts/companies";
import { isLocale } from "@ems/i18n/locales";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { LanguageField, NameFields } from "~/components/ui/person-fields";
import { FormField } from "~/components/ui/form-field";
import { PasswordInput } from "~/components/ui/password-input";
import { Spinner } from "~/components/ui/spinner";
import { ApiError, call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { localeFromPath, localizePath } from "~/lib/locale";
import { notifyGlobalError, showToast } from "~/lib/toast";
import { invitationEndpoints } from "@ems/contracts/companies";

type State = { kind: "loading" } | { kind: "invalid" } | { kind: "ready"; invitation: Invitation };

/**
 * Accepting a company invitation (/register?invitation=<token>): shows the company and the role,
 * asks for names, language and a password, then sends the new user to sign in with the address
 * prefilled.
 */
export function AcceptInvitation({ token }: { token: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wellFormed = /^[A-Za-z0-9_-]{43}$/.test(token);
  const [state, setState] = useState<State>(wellFormed ? { kind: "loading" } : { kind: "invalid" });
  const [form, setForm] = useState({
    first_name: "",
    last_name: "",
    language: localeFromPath(pathname) as string,
    password: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    let live = true;
    if (!wellFormed) return;
    call(browserApi(), invitationEndpoints.detail, { params: { token } })
      .then(({ data }) => {
        if (!live) return;
        setState({ kind: "ready", invitation: data });
        setForm((f) => ({
          ...f,
          first_name: data.first_name,
          last_name: data.last_name,
          language: isLocale(data.language) ? data.language : f.language,
        }));
      })
      .catch(() => live && setState({ kind: "invalid" }));
    return () => {
      live = false;
    };
  }, [token, wellFormed]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      const { data } = await call(browserApi(), invitationEndpoints.accept, {
        // The selects offer only the schema's values; the API checks them again.
        body: { token, ...form } as BodyIn<typeof invitationEndpoints.accept>,
      });
      showToast({ title: i18n._("invitation.accepted"), color: "success" });
      const login = localizePath(
        "/login",
        isLocale(form.language) ? form.language : localeFromPath(pathname),
      );
      await navigate(`${login}?${new URLSearchParams({ email: data.email }).toString()}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setState({ kind: "invalid" });
      else if (error instanceof ApiError && error.field)
        setErrors({
          [error.field]: i18n._(
            error.field === "password" ? "invitation.error_password" : "invitation.error_invalid",
          ),
        });
      else notifyGlobalError(i18n);
    } finally {
      setPending(false);
    }
  }

  if (state.kind === "loading")
    return (
      <p role="status" className="flex items-center gap-2">
        <Spinner className="size-5" />
        {i18n._("invitation.loading")}
      </p>
    );
  if (state.kind === "invalid")
    return (
      <Alert variant="error" title={i18n._("invitation.invalid_title")}>
        {i18n._("invitation.invalid_text")}
      </Alert>
    );

  const { invitation } = state;
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
      <form onSubmit={submit} className="mt-6 grid gap-4 sm:grid-cols-2" noValidate={false}>
        <NameFields
          labels={{ first: i18n._("invitation.first_name"), last: i18n._("invitation.last_name") }}
          values={{ first: form.first_name, last: form.last_name }}
          onChange={(part, value) => set(part === "first" ? "first_name" : "last_name")(value)}
          errors={{ first: errors.first_name, last: errors.last_name }}
        />
        <LanguageField
          label={i18n._("invitation.language")}
          value={form.language}
          onChange={set("language")}
          error={errors.language}
          className="sm:col-span-2"
        />
        <FormField
          label={i18n._("invitation.password")}
          description={i18n._("invitation.password_rules")}
          error={errors.password}
          className="sm:col-span-2"
        >
          {(f) => (
            <PasswordInput
              {...f}
              value={form.password}
              onChange={(e) => set("password")(e.target.value)}
              required
              {...NEW_PASSWORD_LENGTHS}
              autoComplete="new-password"
              showLabel={i18n._("signin.show_password")}
              hideLabel={i18n._("signin.hide_password")}
            />
          )}
        </FormField>
        {/* The address the account signs in with, for password managers. */}
        <input
          type="email"
          name="username"
          value={invitation.email}
          autoComplete="username"
          readOnly
          hidden
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={pending}>
            {i18n._("invitation.submit")}
          </Button>
        </div>
      </form>
    </article>
  );
}
