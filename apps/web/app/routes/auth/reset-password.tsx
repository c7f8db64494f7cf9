import { useLingui } from "@lingui/react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { fieldError } from "~/features/registration/field-errors";
import { ApiError, call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/reset-password";
import { useLocale } from "~/lib/use-locale";
import { passwordResetEndpoints } from "@ems/contracts/register";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** reset_password (docs/behaviour/accounts.md#password-reset): the same answer whether or not the address has an account. */
export default function ResetPassword() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await call(browserApi(), passwordResetEndpoints.resetPassword, { body: { email: email.trim() } });
      setSent(true);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 429
          ? i18n._("login_page.RATE_LIMITED")
          : (fieldError(i18n, failure)?.message ?? i18n._("global.error")),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <article aria-labelledby="reset-title">
      <h1 id="reset-title" className="text-2xl font-bold tracking-tight">
        {i18n._("reset_page.title")}
      </h1>
      {sent ? (
        <Alert variant="success" className="mt-6" title={i18n._("reset_page.sent_title")}>
          {i18n._("reset_page.sent", { email: email.trim() })}
        </Alert>
      ) : (
        <>
          <p className="mt-3 text-neutral-700 dark:text-neutral-300">{i18n._("reset_page.intro")}</p>
          <form onSubmit={submit} className="mt-6 space-y-4">
            <div aria-live="polite">{error ? <Alert variant="error">{error}</Alert> : null}</div>
            <FormField label={i18n._("signin.email_label")}>
              {(f) => (
                <Input
                  {...f}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                  maxLength={254}
                  autoComplete="email"
                />
              )}
            </FormField>
            <Button type="submit" className="w-full" loading={busy}>
              {i18n._("reset_page.submit")}
            </Button>
          </form>
        </>
      )}
      <p className="mt-8 border-t border-neutral-200 pt-6 text-sm dark:border-neutral-800">
        <Link
          to={localizePath("/login", locale)}
          className="font-semibold text-primary-800 underline underline-offset-4 dark:text-primary-300"
        >
          {i18n._("reset_page.back_to_login")}
        </Link>
      </p>
    </article>
  );
}
