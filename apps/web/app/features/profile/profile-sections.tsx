import { NEW_PASSWORD_LENGTHS } from "@ems/contracts/password-rules";
import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import type { SessionInfo } from "@ems/contracts/auth";
import type { ProfileUser } from "@ems/contracts/profile";
import { Laptop, ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { LanguageField, NameFields } from "~/components/ui/person-fields";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { browserApi } from "~/lib/browser-api";
import { describeDevice } from "~/lib/user-agent";
import { localeFromPath, localizePath } from "~/lib/locale";

import { useApiAction } from "./use-api-action";
import { useDateTime } from "~/lib/use-date-time";
import { call } from "~/lib/api-client";
import { authEndpoints } from "@ems/contracts/auth";
import { profileEndpoints, twoFactorEndpoints } from "@ems/contracts/profile";

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? (
        <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{description}</p>
      ) : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A password field of the profile: the current one (to confirm a change) or a new one. */
function PasswordField({
  label,
  value,
  onChange,
  error,
  kind,
  description,
  className,
  lengths,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  kind: "current" | "new";
  description?: string;
  className?: string;
  /** The password rules, on the field where the new password is chosen. */
  lengths?: { minLength: number; maxLength: number };
}) {
  const { i18n } = useLingui();
  return (
    <FormField label={label} description={description} error={error} className={className}>
      {(f) => (
        <PasswordInput
          {...f}
          showLabel={i18n._("signin.show_password")}
          hideLabel={i18n._("signin.hide_password")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
          {...lengths}
          autoComplete={kind === "current" ? "current-password" : "new-password"}
        />
      )}
    </FormField>
  );
}

export function PersonalDetails({ user }: { user: ProfileUser }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [language, setLanguage] = useState(user.language);
  const { run, pending, fieldErrors } = useApiAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = await run(
      () =>
        call(browserApi(), profileEndpoints.update, {
          body: { first_name: firstName, last_name: lastName, language: language as Locale },
        }),
      i18n._("my_profile.saved"),
    );
    // The language drives the interface: continue on the same page in the chosen language.
    if (saved && language !== localeFromPath(pathname))
      window.location.assign(localizePath("/my/profile", language as never));
  }

  return (
    <Section
      id="details"
      title={i18n._("my_profile.details_title")}
      description={i18n._("my_profile.details_intro")}
    >
      {user.email_verified ? null : <VerifyAccount email={user.email} />}
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <NameFields
          labels={{ first: i18n._("my_profile.first_name"), last: i18n._("my_profile.last_name") }}
          values={{ first: firstName, last: lastName }}
          onChange={(part, value) => (part === "first" ? setFirstName : setLastName)(value)}
          errors={{ first: fieldErrors.first_name, last: fieldErrors.last_name }}
        />
        <LanguageField
          label={i18n._("my_profile.language")}
          description={i18n._("my_profile.language_hint")}
          value={language}
          onChange={setLanguage}
          error={fieldErrors.language}
        />
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" loading={pending}>
            {i18n._("my_profile.save")}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/**
 * Profile "mark cookie notice seen": the portal sets only the cookies it needs, and says so
 * once; the answer is kept with the account, so it is not asked again on another device.
 */
export function CookieNotice() {
  const { i18n } = useLingui();
  const { run, pending } = useApiAction();
  return (
    <Alert variant="info" title={i18n._("my_profile.cookies_title")}>
      <p>{i18n._("my_profile.cookies_text")}</p>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        loading={pending}
        onClick={() => void run(() => call(browserApi(), profileEndpoints.cookieNotice))}
      >
        {i18n._("my_profile.cookies_ok")}
      </Button>
    </Alert>
  );
}

/** Profile "verify account": a confirmation e-mail for an address that is not confirmed yet. */
function VerifyAccount({ email }: { email: string }) {
  const { i18n } = useLingui();
  const { run, pending } = useApiAction();
  return (
    <Alert variant="warning" className="mb-5" title={i18n._("my_profile.verify_title")}>
      <p>{i18n._("my_profile.verify_text", { email })}</p>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        loading={pending}
        onClick={() =>
          void run(() => call(browserApi(), profileEndpoints.verifyAccount), i18n._("my_profile.verify_sent"))
        }
      >
        {i18n._("my_profile.verify_send")}
      </Button>
    </Alert>
  );
}

export function UsernameSection({ user }: { user: ProfileUser }) {
  const { i18n } = useLingui();
  const [email, setEmail] = useState("");
  const [pwd, setPwd] = useState("");
  // The answer is kept with the address it is for, so an answer for an earlier spelling is ignored.
  const [checked, setChecked] = useState<{ email: string; available: boolean } | null>(null);
  const available = checked?.email === email ? checked.available : null;
  const { run, pending, fieldErrors, setFieldErrors } = useApiAction();

  // The server says whether the address is free while the user types (debounced).
  useEffect(() => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return;
    const timer = setTimeout(() => {
      call(browserApi(), profileEndpoints.validateUsername, { body: { username: email } })
        .then((answer) => setChecked({ email, available: answer.data.available }))
        .catch(() => setChecked(null));
    }, 400);
    return () => clearTimeout(timer);
  }, [email]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (available === false) {
      setFieldErrors({ new_username: i18n._("my_profile.error_USERNAME_TAKEN") });
      return;
    }
    const done = await run(
      () => call(browserApi(), profileEndpoints.changeUsername, { body: { new_username: email, pwd } }),
      i18n._("my_profile.username_changed"),
    );
    if (done) {
      setEmail("");
      setPwd("");
    }
  }

  const status =
    available === true
      ? i18n._("my_profile.username_available")
      : available === false
        ? i18n._("my_profile.error_USERNAME_TAKEN")
        : undefined;

  return (
    <Section
      id="username"
      title={i18n._("my_profile.username_title")}
      description={i18n._("my_profile.username_intro", { email: user.email })}
    >
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={i18n._("my_profile.new_username")}
          description={available === true ? status : undefined}
          error={fieldErrors.new_username ?? (available === false ? status : undefined)}
        >
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
        <PasswordField
          kind="current"
          label={i18n._("my_profile.current_password")}
          value={pwd}
          onChange={setPwd}
          error={fieldErrors.pwd}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={pending}>
            {i18n._("my_profile.change_username")}
          </Button>
        </div>
      </form>
    </Section>
  );
}

export function PasswordSection({ forced }: { forced: boolean }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const [pwd, setPwd] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const { run, pending, fieldErrors, setFieldErrors } = useApiAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next !== confirm) {
      setFieldErrors({ confirm: i18n._("my_profile.error_mismatch") });
      return;
    }
    const body = forced ? { new_password: next, is_forced_update: true } : { new_password: next, pwd };
    const done = await run(
      () => call(browserApi(), profileEndpoints.changePassword, { body }),
      i18n._("my_profile.password_changed"),
    );
    if (done) {
      setPwd("");
      setNext("");
      setConfirm("");
      if (forced) window.location.assign(localizePath("/my/desk", localeFromPath(pathname)));
    }
  }

  return (
    <Section
      id="password"
      title={i18n._(forced ? "my_profile.forced_title" : "my_profile.password_title")}
      description={i18n._(forced ? "my_profile.forced_intro" : "my_profile.password_intro")}
    >
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {forced ? null : (
          <PasswordField
            kind="current"
            label={i18n._("my_profile.current_password")}
            value={pwd}
            onChange={setPwd}
            error={fieldErrors.pwd}
            className="sm:col-span-2"
          />
        )}
        <PasswordField
          kind="new"
          label={i18n._("my_profile.new_password")}
          description={i18n._("my_profile.password_rules")}
          lengths={NEW_PASSWORD_LENGTHS}
          value={next}
          onChange={setNext}
          error={fieldErrors.new_password}
        />
        <PasswordField
          kind="new"
          label={i18n._("my_profile.confirm_password")}
          value={confirm}
          onChange={setConfirm}
          error={fieldErrors.confirm}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={pending}>
            {i18n._("my_profile.change_password")}
          </Button>
        </div>
      </form>
    </Section>
  );
}

export function TwoFactorSection({ user }: { user: ProfileUser }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const [pwd, setPwd] = useState("");
  const [code, setCode] = useState("");
  const { run, pending, fieldErrors } = useApiAction();

  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      () => call(browserApi(), twoFactorEndpoints.disable, { body: { pwd, code } }),
      i18n._("my_profile.two_factor_disabled"),
    );
  }

  return (
    <Section
      id="two-factor"
      title={i18n._("my_profile.two_factor_title")}
      description={i18n._("my_profile.two_factor_intro")}
    >
      {user.two_factor_enabled ? (
        <div className="space-y-5">
          <Alert variant="success" title={i18n._("my_profile.two_factor_on")}>
            {i18n._("my_profile.recovery_left", { count: user.recovery_codes_left })}
          </Alert>
          <form onSubmit={disable} className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              kind="current"
              label={i18n._("my_profile.current_password")}
              value={pwd}
              onChange={setPwd}
              error={fieldErrors.pwd}
            />
            <FormField label={i18n._("my_profile.code_or_recovery")} error={fieldErrors.code}>
              {(f) => (
                <Input
                  {...f}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  required
                  autoComplete="one-time-code"
                  maxLength={11}
                />
              )}
            </FormField>
            <div className="sm:col-span-2">
              <Button type="submit" variant="outline" loading={pending}>
                <ShieldOff aria-hidden="true" className="size-4" />
                {i18n._("my_profile.two_factor_disable")}
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <div className="space-y-4">
          <Alert variant="warning" title={i18n._("my_profile.two_factor_off")}>
            {i18n._("my_profile.two_factor_off_hint")}
          </Alert>
          <Link to={localizePath("/qrcode", localeFromPath(pathname))} className={buttonVariants()}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {i18n._("my_profile.two_factor_setup")}
          </Link>
        </div>
      )}
    </Section>
  );
}

export function SessionsSection({ sessions }: { sessions: SessionInfo[] }) {
  const { i18n } = useLingui();
  const { run, pending } = useApiAction();
  const dateTime = useDateTime();
  const others = sessions.filter((s) => !s.current).length;

  return (
    <Section
      id="sessions"
      title={i18n._("my_profile.sessions_title")}
      description={i18n._("my_profile.sessions_intro")}
    >
      <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="flex min-w-0 items-start gap-3">
              <Laptop
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-neutral-600 dark:text-neutral-400"
              />
              <div className="min-w-0">
                <p className="font-medium">
                  {describeDevice(session.user_agent) || i18n._("my_profile.unknown_device")}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900 dark:text-primary-100">
                      {i18n._("my_profile.this_device")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-neutral-600 dark:text-neutral-400">
                  {i18n._("my_profile.last_seen", { time: dateTime(session.last_seen_at) })}
                  {session.ip_address ? ` · ${session.ip_address}` : ""}
                </p>
              </div>
            </div>
            {session.current ? null : (
              <Button
                variant="outline"
                size="sm"
                disabled={pending}
                onClick={() =>
                  void run(
                    () => call(browserApi(), authEndpoints.endSession, { params: { id: session.id } }),
                    i18n._("my_profile.session_revoked"),
                  )
                }
              >
                {i18n._("my_profile.revoke")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Button
          className="mt-4"
          variant="outline"
          loading={pending}
          onClick={() =>
            void run(
              () => call(browserApi(), authEndpoints.revokeOtherSessions),
              i18n._("my_profile.sessions_revoked"),
            )
          }
        >
          {i18n._("my_profile.revoke_others")}
        </Button>
      ) : null}
    </Section>
  );
}
