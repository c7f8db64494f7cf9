import { useLingui } from "@lingui/react";
import type { LoginResponse } from "@ems/contracts/auth";
import { sameOriginPath } from "@ems/contracts/safe-paths";
import { LOCALES, type Locale } from "@ems/i18n/locales";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useSearchParams } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { ApiError, call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { homePath } from "~/lib/home-path";
import { solveCaptcha } from "~/lib/captcha";
import { localeFromPath, localizePath } from "~/lib/locale";
import { USER_LANGUAGE_KEY } from "~/lib/session-client";

import { sendWithCaptchaOnDemand } from "./captcha-on-demand";
import { OtpInput } from "./otp-input";
import { signInErrorKey } from "./sign-in-errors";
import { authEndpoints } from "@ems/contracts/auth";

type Step =
  { kind: "password" } | { kind: "code"; challenge: LoginResponse; email: string; password: string };

const linkClass =
  "font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-300";

/**
 * The two-step sign-in (docs/behaviour/accounts.md#sign-in): e-mail and password, then the one-time code (e-mailed, or from
 * the authenticator app, or a recovery code). A flag (`step.kind === "code"`) marks the code step.
 */
export function SignInForm() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const locale = localeFromPath(pathname);
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [email, setEmail] = useState(params.get("email") ?? "");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const has = (key: string) => Boolean(i18n.messages[key]);

  useEffect(() => {
    if (step.kind === "code") codeRef.current?.focus();
  }, [step.kind, useRecovery]);

  async function startSignIn(tmpId?: string) {
    const body = {
      usr: email.trim(),
      pwd: step.kind === "code" ? step.password : password,
      ...(tmpId ? { tmp_id: tmpId } : {}),
    };
    const answer = await sendWithCaptchaOnDemand(
      (captcha) => call(browserApi(), authEndpoints.login, { body: captcha ? { ...body, captcha } : body }),
      () => solveCaptcha(browserApi()),
      (solving) => setNotice(solving ? i18n._("signin.security_check") : null),
    );
    return answer.data;
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setPending(true);
    try {
      const challenge = await startSignIn();
      setStep({ kind: "code", challenge, email: email.trim(), password });
      setCode("");
      setUseRecovery(false);
    } catch (failure) {
      setError(i18n._(signInErrorKey(failure, "login", has)));
    } finally {
      setPending(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind !== "code") return;
    setError(null);
    setNotice(null);
    setPending(true);
    try {
      const answer = await call(browserApi(), authEndpoints.verify, {
        body: {
          otp: code.trim(),
          tmpId: step.challenge.tmp_id,
        },
      });
      // A sign-in answer without contact information is a failure.
      if (!answer.data?.contacts?.length) throw new Error("The sign-in answer has no contacts");
      window.localStorage.setItem(USER_LANGUAGE_KEY, answer.data.language);
      // The user's stored language drives the interface (issue 4): the desk opens in it.
      const language = LOCALES.includes(answer.data.language as Locale)
        ? (answer.data.language as Locale)
        : locale;
      // Staff start on the back-office home, customers on their desk; a return path wins.
      const home = homePath(answer.data.role, language);
      const target = answer.data.must_change_password
        ? `${localizePath("/my/profile", language)}?force_password=1`
        : (sameOriginPath(params.get("redirect"), window.location.origin) ?? home);
      // A full load, so every part of the page starts with the new session.
      window.location.assign(target);
    } catch (failure) {
      const key = signInErrorKey(failure, "verify", has);
      setError(i18n._(key));
      if (key === "otp_page.login_session_expired") {
        setStep({ kind: "password" });
        setPassword("");
      } else if (failure instanceof ApiError && typeof failure.otherData?.attempts_left === "number") {
        setNotice(i18n._("signin.attempts_left", { count: failure.otherData.attempts_left }));
      }
      setPending(false);
    }
  }

  async function resend() {
    if (step.kind !== "code") return;
    setError(null);
    setPending(true);
    try {
      const challenge = await startSignIn(step.challenge.tmp_id);
      setStep({ ...step, challenge });
      setCode("");
      setNotice(i18n._("signin.code_resent", { email: step.email }));
    } catch (failure) {
      setError(i18n._(signInErrorKey(failure, "login", has)));
      if (failure instanceof ApiError && failure.code === "LOGIN_SESSION_EXPIRED")
        setStep({ kind: "password" });
    } finally {
      setPending(false);
    }
  }

  const messages = (
    <div aria-live="polite" className="space-y-3 empty:hidden">
      {error ? <Alert variant="error">{error}</Alert> : null}
      {notice ? <Alert variant="info">{notice}</Alert> : null}
    </div>
  );

  if (step.kind === "code") {
    const totp = step.challenge.method === "totp";
    return (
      <form onSubmit={submitCode} noValidate className="mt-6 space-y-5" aria-labelledby="signin-code-title">
        <div>
          <h2 id="signin-code-title" className="text-lg font-semibold">
            {i18n._(totp ? "signin.code_title_totp" : "signin.code_title_email")}
          </h2>
          <p className="mt-1 text-neutral-700 dark:text-neutral-300">
            {totp
              ? i18n._(useRecovery ? "signin.code_intro_recovery" : "signin.code_intro_totp")
              : i18n._("signin.code_intro_email", { email: step.email, minutes: 10 })}
          </p>
        </div>
        {messages}
        <FormField label={i18n._(useRecovery ? "signin.recovery_label" : "signin.code_label")}>
          {(field) => (
            <OtpInput
              {...field}
              ref={codeRef}
              name="otp"
              kind={useRecovery ? "recovery" : "digits"}
              value={code}
              onValueChange={setCode}
              required
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" loading={pending}>
          {i18n._("signin.verify_submit")}
        </Button>
        <div className="flex flex-wrap justify-between gap-3 text-sm">
          {totp ? (
            <button
              type="button"
              className={`${linkClass} cursor-pointer`}
              onClick={() => {
                setUseRecovery((v) => !v);
                setCode("");
              }}
            >
              {i18n._(useRecovery ? "signin.use_authenticator" : "signin.use_recovery")}
            </button>
          ) : (
            <button
              type="button"
              className={`${linkClass} cursor-pointer`}
              onClick={() => void resend()}
              disabled={pending}
            >
              {i18n._("signin.resend")}
            </button>
          )}
          <button
            type="button"
            className={`${linkClass} cursor-pointer`}
            onClick={() => {
              setStep({ kind: "password" });
              setError(null);
              setNotice(null);
              setPassword("");
            }}
          >
            {i18n._("signin.back")}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={submitPassword} className="mt-6 space-y-5" aria-label={i18n._("login.title")}>
      {messages}
      <FormField label={i18n._("signin.email_label")}>
        {(field) => (
          <Input
            {...field}
            type="email"
            name="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoComplete="username"
            maxLength={254}
          />
        )}
      </FormField>
      <FormField
        label={i18n._("signin.password_label")}
        aside={
          <Link to={localizePath("/reset-password", locale)} className={`${linkClass} text-sm`}>
            {i18n._("signin.forgot_password")}
          </Link>
        }
      >
        {(field) => (
          <PasswordInput
            {...field}
            name="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            autoComplete="current-password"
            maxLength={1024}
            showLabel={i18n._("signin.show_password")}
            hideLabel={i18n._("signin.hide_password")}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" loading={pending}>
        {i18n._("signin.submit")}
      </Button>
    </form>
  );
}
