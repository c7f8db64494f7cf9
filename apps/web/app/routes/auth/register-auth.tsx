import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { registerEndpoints, resendSchema, verifyCodeSchema } from "@ems/contracts/register";
import { useEffect, useState, type FormEvent } from "react";
import { redirect, useLocation, useNavigate } from "react-router";

import { Button } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input } from "~/components/ui/input";
import { returnPathOf, withReturnPath } from "~/features/registration/return-path";
import { ApiError, call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { formErrorText } from "~/lib/form-errors";
import { localeFromPath, localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";
import { USER_LANGUAGE_KEY } from "~/lib/session-client";
import { notifyGlobalError } from "~/lib/toast";
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

/** A new code; confirming goes from the browser, where the API's session cookie has to land. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
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

  const back = returnPathOf(useLocation().search);
  const [code, setCode] = useState("");
  const [verifying, setVerifying] = useState(false);
  const [failure, setFailure] = useState<{
    code: string;
    field: string | null;
    attemptsLeft?: number;
  } | null>(null);

  /**
   * The code confirms the address and signs this browser in: the API answers with the session
   * cookie, so the call goes from the browser, not through the page's server action.
   */
  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = verifyCodeSchema.safeParse({ pending_id: pending, code });
    if (!body.success) {
      setFailure({ code: "INVALID", field: "code" });
      return;
    }
    setFailure(null);
    setVerifying(true);
    try {
      const answer = await call(browserApi(), registerEndpoints.verify, { body: body.data });
      // The registration success check: the success page opens only right after a verification.
      sessionStorage.setItem("ems:register_verified", answer.data.signed_in ? "signed_in" : "1");
      if (answer.data.signed_in) window.localStorage.setItem(USER_LANGUAGE_KEY, locale);
      await navigate(withReturnPath(localizePath("/register/success", locale), back));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) notifyGlobalError(i18n);
      else {
        const attempts = error.otherData?.attempts_left;
        setFailure({
          code: error.code,
          field: error.field,
          ...(typeof attempts === "number" ? { attemptsLeft: attempts } : {}),
        });
      }
      setVerifying(false);
    }
  }
  const resend = useFetcherForm<typeof resendSchema, { data: { pending_id: string } }>({
    schema: resendSchema,
    id: "resend",
    success: i18n._("register_page.code_resent"),
    onDone: (answer) => {
      // The new code belongs to a new pending registration: the address follows it.
      if (answer)
        void navigate(withReturnPath(`?pending=${answer.data.pending_id}`, back), { replace: true });
      setCooldown(RESEND_COOLDOWN_S);
    },
  });
  const attemptsLeft = failure?.attemptsLeft;
  const codeError = formErrorText(
    i18n,
    failure?.field === "code" ? [failure.code] : undefined,
    "register_page.error_invalid",
    { CODE_INVALID: "otp_page.otp_verification_failed", CODE_EXPIRED: "register_page.code_expired" },
  );

  return (
    <article aria-labelledby="register-auth-title">
      <h1 id="register-auth-title" className="text-2xl font-bold tracking-tight">
        {i18n._("register_page.auth_title")}
      </h1>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">
        {email ? i18n._("register_page.auth_intro_email", { email }) : i18n._("register_page.auth_intro")}
      </p>
      <form noValidate onSubmit={(event) => void verify(event)} className="mt-6 space-y-4">
        <div aria-live="polite">
          <FormProblem
            codes={failure && failure.field !== "code" ? [failure.code] : undefined}
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
              {...f}
              name="code"
              type="text"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              className="font-mono text-2xl tracking-[0.4em]"
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" loading={verifying}>
          {i18n._("register_page.confirm")}
        </Button>
      </form>
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
