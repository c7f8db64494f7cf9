import { useLingui } from "@lingui/react";
import { useEffect, useState, type FormEvent } from "react";
import { redirect, useNavigate } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { fieldError } from "~/features/registration/field-errors";
import { ApiError, call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { localeFromPath, localizePath } from "~/lib/locale";
import { useSessionValue } from "~/lib/use-session-value";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { notifyGlobalError, showToast } from "~/lib/toast";

import type { Route } from "./+types/register-auth";
import { useLocale } from "~/lib/use-locale";
import { registerEndpoints } from "@ems/contracts/register";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const PENDING = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RESEND_COOLDOWN_S = 60;

/** The registration verification check (docs/behaviour/accounts.md#guards): without a pending registration, back to /register. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pending = url.searchParams.get("pending");
  if (!pending || !PENDING.test(pending))
    throw redirect(localizePath("/register", localeFromPath(url.pathname)));
  return { pending };
}

export default function RegisterAuth({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [pending, setPending] = useState(loaderData.pending);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  const email = useSessionValue("ems:register_email");
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await call(browserApi(), registerEndpoints.verify, {
        body: { pending_id: pending, code: code.trim() },
      });
      // The registration success check: the success page opens only right after a verification.
      sessionStorage.setItem("ems:register_verified", "1");
      await navigate(localizePath("/register/success", locale));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 410)
        setError(i18n._("register_page.code_expired"));
      else if (failure instanceof ApiError && typeof failure.otherData?.attempts_left === "number")
        setError(
          `${i18n._("otp_page.otp_verification_failed")} ${i18n._("signin.attempts_left", { count: failure.otherData.attempts_left })}`,
        );
      else setError(fieldError(i18n, failure)?.message ?? i18n._("global.error"));
      setBusy(false);
    }
  }

  async function resend() {
    setError(null);
    try {
      const answer = await call(browserApi(), registerEndpoints.resend, {
        body: {
          pending_id: pending,
        },
      });
      setPending(answer.data.pending_id);
      await navigate(`?pending=${answer.data.pending_id}`, { replace: true });
      setCooldown(RESEND_COOLDOWN_S);
      showToast({ title: i18n._("register_page.code_resent"), color: "success" });
    } catch {
      notifyGlobalError(i18n);
    }
  }

  return (
    <article aria-labelledby="register-auth-title">
      <h1 id="register-auth-title" className="text-2xl font-bold tracking-tight">
        {i18n._("register_page.auth_title")}
      </h1>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">
        {email ? i18n._("register_page.auth_intro_email", { email }) : i18n._("register_page.auth_intro")}
      </p>
      <form onSubmit={submit} className="mt-6 space-y-4">
        <div aria-live="polite">{error ? <Alert variant="error">{error}</Alert> : null}</div>
        <FormField label={i18n._("signin.code_label")}>
          {(f) => (
            <Input
              {...f}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              className="font-mono text-2xl tracking-[0.4em]"
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" loading={busy}>
          {i18n._("register_page.confirm")}
        </Button>
      </form>
      <p className="mt-6 text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._("register_page.link_hint")}
      </p>
      <Button variant="link" className="mt-2 px-0" disabled={cooldown > 0} onClick={() => void resend()}>
        {cooldown > 0 ? i18n._("register_page.resend_in", { seconds: cooldown }) : i18n._("signin.resend")}
      </Button>
    </article>
  );
}
