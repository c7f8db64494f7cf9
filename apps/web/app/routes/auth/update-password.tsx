import { useLingui } from "@lingui/react";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { PasswordInput } from "~/components/ui/password-input";
import { fieldError } from "~/features/registration/field-errors";
import { apiFromRequest } from "~/lib/api.server";
import { browserApi } from "~/lib/browser-api";
import { localeFromPath, localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/update-password";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** SPEC validate_reset_url_token: the link is checked before the form shows (checking uses nothing up). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return { token, valid: false, emailHint: null };
  try {
    const answer = await apiFromRequest(request, context).post<{ valid: boolean; email_hint: string | null }>(
      "/api/auth/reset-password/validate",
      { token },
    );
    return { token, valid: answer.data.valid, emailHint: answer.data.email_hint };
  } catch {
    return { token, valid: false, emailHint: null };
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export default function UpdatePassword({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = localeFromPath(useLocation().pathname);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const show = { showLabel: i18n._("signin.show_password"), hideLabel: i18n._("signin.hide_password") };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    if (password !== confirm) {
      setErrors({ confirm: i18n._("my_profile.error_mismatch") });
      return;
    }
    setBusy(true);
    try {
      await browserApi().post("/api/auth/update-password", {
        token: loaderData.token,
        new_password: password,
      });
      setDone(true);
    } catch (failure) {
      const problem = fieldError(i18n, failure);
      setErrors(problem ? { [problem.field]: problem.message } : { form: i18n._("global.error") });
    } finally {
      setBusy(false);
    }
  }

  const loginLink = (
    <Link to={localizePath("/login", locale)} className={`${buttonVariants({ size: "lg" })} mt-6 w-full`}>
      {i18n._("register.login_link")}
    </Link>
  );

  return (
    <article aria-labelledby="update-title">
      <h1 id="update-title" className="text-2xl font-bold tracking-tight">
        {i18n._("reset_page.update_title")}
      </h1>
      {done ? (
        <>
          <Alert variant="success" className="mt-6">
            {i18n._("reset_page.updated")}
          </Alert>
          {loginLink}
        </>
      ) : !loaderData.valid || errors.token ? (
        <>
          <Alert variant="error" className="mt-6" title={i18n._("reset_page.invalid_title")}>
            {i18n._("reset_page.invalid")}
          </Alert>
          <Link
            to={localizePath("/reset-password", locale)}
            className={`${buttonVariants({ variant: "outline" })} mt-6`}
          >
            {i18n._("reset_page.request_new")}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-3 text-neutral-700 dark:text-neutral-300">
            {i18n._("reset_page.update_intro", { email: loaderData.emailHint ?? "" })}
          </p>
          <form onSubmit={submit} className="mt-6 space-y-4">
            {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
            <FormField
              label={i18n._("my_profile.new_password")}
              description={i18n._("my_profile.password_rules")}
              error={errors.new_password}
            >
              {(f) => (
                <PasswordInput
                  {...f}
                  {...show}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                  minLength={8}
                  maxLength={128}
                  autoComplete="new-password"
                />
              )}
            </FormField>
            <FormField label={i18n._("my_profile.confirm_password")} error={errors.confirm}>
              {(f) => (
                <PasswordInput
                  {...f}
                  {...show}
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  required
                  autoComplete="new-password"
                />
              )}
            </FormField>
            <Button type="submit" className="w-full" loading={busy}>
              {i18n._("reset_page.update_submit")}
            </Button>
          </form>
        </>
      )}
    </article>
  );
}
