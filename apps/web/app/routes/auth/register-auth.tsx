import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { registerEndpoints, resendSchema, verifyCodeSchema } from "@ems/contracts/register";
import { useEffect, useState } from "react";
import { redirect, useNavigate } from "react-router";

import { Button } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input } from "~/components/ui/input";
import { call } from "~/lib/api-client";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { formErrorText } from "~/lib/form-errors";
import { localeFromPath, localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";
import { useSessionValue } from "~/lib/use-session-value";

import type { Route } from "./+types/register-auth";

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

export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    verify: formIntent(verifyCodeSchema, (api, body) => call(api, registerEndpoints.verify, { body })),
    resend: formIntent(resendSchema, (api, body) => call(api, registerEndpoints.resend, { body })),
  });
}

export default function RegisterAuth({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pending } = loaderData;
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  const email = useSessionValue("ems:register_email");
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const verify = useFetcherForm({
    schema: verifyCodeSchema,
    id: "verify",
    onDone: () => {
      // The registration success check: the success page opens only right after a verification.
      sessionStorage.setItem("ems:register_verified", "1");
      void navigate(localizePath("/register/success", locale));
    },
  });
  const resend = useFetcherForm<typeof resendSchema, { data: { pending_id: string } }>({
    schema: resendSchema,
    id: "resend",
    success: i18n._("register_page.code_resent"),
    onDone: (answer) => {
      // The new code belongs to a new pending registration: the address follows it.
      if (answer) void navigate(`?pending=${answer.data.pending_id}`, { replace: true });
      setCooldown(RESEND_COOLDOWN_S);
    },
  });
  const attemptsLeft = verify.fetcher.data?.otherData?.attempts_left;
  const codeError = formErrorText(i18n, verify.fields.code.errors, "register_page.error_invalid", {
    CODE_INVALID: "otp_page.otp_verification_failed",
    CODE_EXPIRED: "register_page.code_expired",
  });

  return (
    <article aria-labelledby="register-auth-title">
      <h1 id="register-auth-title" className="text-2xl font-bold tracking-tight">
        {i18n._("register_page.auth_title")}
      </h1>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">
        {email ? i18n._("register_page.auth_intro_email", { email }) : i18n._("register_page.auth_intro")}
      </p>
      <verify.fetcher.Form method="post" {...getFormProps(verify.form)} className="mt-6 space-y-4">
        <IntentField intent="verify" />
        <input type="hidden" name="pending_id" value={pending} />
        <div aria-live="polite">
          <FormProblem
            codes={verify.formErrors}
            fallback="global.error"
            known={{ RATE_LIMITED: "login_page.RATE_LIMITED" }}
          />
        </div>
        <FormField
          label={i18n._("signin.code_label")}
          error={
            codeError && typeof attemptsLeft === "number"
              ? `${codeError} ${i18n._("signin.attempts_left", { count: attemptsLeft })}`
              : codeError
          }
        >
          {(f) => (
            <Input
              {...getInputProps(verify.fields.code, { type: "text" })}
              {...f}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              className="font-mono text-2xl tracking-[0.4em]"
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" loading={verify.busy}>
          {i18n._("register_page.confirm")}
        </Button>
      </verify.fetcher.Form>
      <p className="mt-6 text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._("register_page.link_hint")}
      </p>
      <resend.fetcher.Form method="post" {...getFormProps(resend.form)}>
        <IntentField intent="resend" />
        <input type="hidden" name="pending_id" value={pending} />
        <FormProblem codes={resend.formErrors} fallback="global.error" className="mt-2" />
        <Button
          type="submit"
          variant="link"
          className="mt-2 px-0"
          disabled={cooldown > 0}
          loading={resend.busy}
        >
          {cooldown > 0 ? i18n._("register_page.resend_in", { seconds: cooldown }) : i18n._("signin.resend")}
        </Button>
      </resend.fetcher.Form>
    </article>
  );
}
