import { NEW_PASSWORD_LENGTHS } from "@ems/contracts/password-rules";
import { useLingui } from "@lingui/react";
import type { Country } from "@ems/contracts/countries";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { NameFields } from "~/components/ui/person-fields";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { browserApi } from "~/lib/browser-api";
import { localeFromPath, localizePath } from "~/lib/locale";
import { href } from "~/lib/route-map";
import { notifyGlobalError } from "~/lib/toast";

import { solveCaptcha } from "~/lib/captcha";
import { fieldError } from "./field-errors";
import { returnPathOf, withReturnPath } from "./return-path";
import { call } from "~/lib/api-client";
import { registerEndpoints } from "@ems/contracts/register";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Registration (docs/behaviour/accounts.md#registration): company and contact details, password, terms, captcha. */
export function RegisterForm({ countries }: { countries: Country[] }) {
  const { i18n } = useLingui();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const locale = localeFromPath(pathname);
  const back = returnPathOf(search);
  const [values, setValues] = useState({
    company: "",
    country: locale === "en" ? "" : locale === "da" ? "DK" : locale === "sv" ? "SE" : locale.toUpperCase(),
    vat: "",
    phone: "",
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    terms: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stage, setStage] = useState<"idle" | "captcha" | "sending">("idle");
  const [checked, setChecked] = useState<{ email: string; available: boolean } | null>(null);
  const available = checked?.email === values.email ? checked.available : null;

  // The address is checked while the user types (debounced), so a colleague's existing account shows early.
  useEffect(() => {
    if (!EMAIL.test(values.email)) return;
    const email = values.email;
    const timer = setTimeout(() => {
      call(browserApi(), registerEndpoints.emailAvailability, { body: { email } })
        .then((answer) => setChecked({ email, available: answer.data.available }))
        .catch(() => setChecked(null));
    }, 500);
    return () => clearTimeout(timer);
  }, [values.email]);

  const set = (name: keyof typeof values) => (value: string | boolean) =>
    setValues((v) => ({ ...v, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    if (!values.terms) {
      setErrors({ accept_terms: i18n._("register_page.error_terms") });
      return;
    }
    try {
      setStage("captcha");
      const captcha = await solveCaptcha(browserApi());
      setStage("sending");
      const answer = await call(browserApi(), registerEndpoints.register, {
        body: {
          company: {
            name: values.company,
            country: values.country,
            ...(values.vat ? { vat_id: values.vat } : {}),
            ...(values.phone ? { phone: values.phone } : {}),
          },
          contact: { first_name: values.firstName, last_name: values.lastName, email: values.email.trim() },
          password: values.password,
          language: locale,
          captcha,
          accept_terms: true,
        },
      });
      sessionStorage.setItem("ems:register_email", values.email.trim());
      await navigate(
        withReturnPath(`${localizePath("/register/auth", locale)}?pending=${answer.data.pending_id}`, back),
      );
    } catch (error) {
      const problem = fieldError(i18n, error);
      if (problem) setErrors({ [problem.field]: problem.message });
      else notifyGlobalError(i18n);
      setStage("idle");
    }
  }

  const show = { showLabel: i18n._("signin.show_password"), hideLabel: i18n._("signin.hide_password") };
  const pending = stage !== "idle";
  return (
    <form onSubmit={submit} className="mt-8 space-y-8" aria-describedby="register-required">
      <p id="register-required" className="text-sm text-neutral-600 dark:text-neutral-400">
        {i18n._("register_page.required_hint")}
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">{i18n._("register_page.company_heading")}</legend>
        <FormField
          label={i18n._("register_page.company_name")}
          error={errors["company.name"]}
          className="sm:col-span-2"
        >
          {(f) => (
            <Input
              {...f}
              value={values.company}
              onChange={(e) => set("company")(e.target.value)}
              required
              maxLength={200}
              autoComplete="organization"
            />
          )}
        </FormField>
        <FormField label={i18n._("register_page.country")} error={errors["company.country"]}>
          {(f) => (
            <select
              {...f}
              value={values.country}
              onChange={(e) => set("country")(e.target.value)}
              required
              className={inputClassName}
            >
              <option value="">{i18n._("register_page.country_choose")}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={i18n._("register_page.vat_id")}
          description={i18n._("register_page.optional")}
          error={errors["company.vat_id"]}
        >
          {(f) => (
            <Input {...f} value={values.vat} onChange={(e) => set("vat")(e.target.value)} maxLength={40} />
          )}
        </FormField>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">{i18n._("register_page.contact_heading")}</legend>
        <NameFields
          labels={{ first: i18n._("my_profile.first_name"), last: i18n._("my_profile.last_name") }}
          first={{ value: values.firstName, onChange: set("firstName") }}
          last={{ value: values.lastName, onChange: set("lastName") }}
          errors={{ first: errors["contact.first_name"], last: errors["contact.last_name"] }}
        />
        <FormField
          label={i18n._("signin.email_label")}
          className="sm:col-span-2"
          description={available === true ? i18n._("register_page.email_available") : undefined}
          error={
            errors["contact.email"] ??
            (available === false ? (
              <>
                {i18n._("register_page.email_taken")}{" "}
                <Link to={localizePath("/login", locale)} className="underline">
                  {i18n._("register.login_link")}
                </Link>
              </>
            ) : undefined)
          }
        >
          {(f) => (
            <Input
              {...f}
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
          label={i18n._("signin.password_label")}
          description={i18n._("my_profile.password_rules")}
          error={errors.password}
          className="sm:col-span-2"
        >
          {(f) => (
            <PasswordInput
              {...f}
              {...show}
              value={values.password}
              onChange={(e) => set("password")(e.target.value)}
              required
              {...NEW_PASSWORD_LENGTHS}
              autoComplete="new-password"
            />
          )}
        </FormField>
      </fieldset>
      <div className="space-y-1.5">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={values.terms}
            onChange={(e) => set("terms")(e.target.checked)}
            aria-invalid={errors.accept_terms ? true : undefined}
            aria-describedby={errors.accept_terms ? "terms-error" : undefined}
            className="mt-0.5 size-5 accent-primary-700"
          />
          <span>
            {i18n._("register_page.terms_before")}{" "}
            <Link to={href("legal-terms", locale)} className="font-semibold underline" target="_blank">
              {i18n._("register_page.terms_link")}
            </Link>{" "}
            {i18n._("register_page.terms_and")}{" "}
            <Link to={href("legal-privacy", locale)} className="font-semibold underline" target="_blank">
              {i18n._("register_page.privacy_link")}
            </Link>
          </span>
        </label>
        {errors.accept_terms ? (
          <p id="terms-error" className="text-sm font-medium text-red-700 dark:text-red-400">
            {errors.accept_terms}
          </p>
        ) : null}
      </div>
      {errors.captcha ? <Alert variant="error">{errors.captcha}</Alert> : null}
      <div aria-live="polite">
        <Button type="submit" size="lg" className="w-full sm:w-auto" loading={pending}>
          {i18n._(stage === "captcha" ? "register_page.checking" : "register_page.submit")}
        </Button>
        <p className="mt-2 text-xs text-neutral-600 dark:text-neutral-400">
          {i18n._("register_page.captcha_note")}
        </p>
      </div>
    </form>
  );
}
