import { NEW_PASSWORD_LENGTHS } from "@ems/contracts/password-rules";
import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import { sessionIdParamsSchema, type SessionInfo } from "@ems/contracts/auth";
import {
  changePasswordSchema,
  changeUsernameSchema,
  disableTwoFactorSchema,
  profileEndpoints,
  profileUpdateSchema,
  type ProfileUser,
} from "@ems/contracts/profile";
import { Laptop, ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { z } from "zod";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { LanguageField, NameFields } from "~/components/ui/person-fields";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { formErrorText } from "~/lib/form-errors";
import { localeFromPath, localizePath } from "~/lib/locale";
import { refreshSession } from "~/lib/session-client";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { describeDevice } from "~/lib/user-agent";
import { useDateTime } from "~/lib/use-date-time";

/** Names and language: the page always sends all three, so a cleared name is refused, not skipped. */
export const detailsForm = profileUpdateSchema.required();
export const usernameForm = changeUsernameSchema;

const newPasswordForm = changePasswordSchema.pick({ new_password: true }).extend({ confirm: z.string() });
const passwordsMatch = (form: { new_password: string; confirm: string }) =>
  form.new_password === form.confirm;
const MISMATCH = { path: ["confirm"], message: "MISMATCH" };

/** A new password, confirmed with the current one; the repeat must match before anything is sent. */
export const passwordForm = newPasswordForm
  .extend({ pwd: changePasswordSchema.shape.pwd.unwrap() })
  .refine(passwordsMatch, MISMATCH);
/** The password an account must change before it goes on (is_forced_update): no current one asked. */
export const forcedPasswordForm = newPasswordForm.refine(passwordsMatch, MISMATCH);
export const twoFactorOffForm = disableTwoFactorSchema;
export const sessionForm = sessionIdParamsSchema;
/** A button that posts nothing but its intent. */
export const noFields = z.strictObject({});

/** Codes the profile words itself; the rest read as "please check this entry" (fields) or the global error. */
const PROFILE_ERRORS = {
  MISMATCH: "my_profile.error_mismatch",
  CURRENT_PASSWORD_WRONG: "my_profile.error_CURRENT_PASSWORD_WRONG",
  USERNAME_TAKEN: "my_profile.error_USERNAME_TAKEN",
  PASSWORD_TOO_SHORT: "my_profile.error_PASSWORD_TOO_SHORT",
  PASSWORD_TOO_LONG: "my_profile.error_PASSWORD_TOO_LONG",
  PASSWORD_COMMON: "my_profile.error_PASSWORD_COMMON",
  PASSWORD_CONTAINS_PERSONAL: "my_profile.error_PASSWORD_CONTAINS_PERSONAL",
  OTP_VERIFICATION_FAILED: "my_profile.error_OTP_VERIFICATION_FAILED",
};

function useErrorText() {
  const { i18n } = useLingui();
  return {
    field: (codes: string[] | undefined) =>
      formErrorText(i18n, codes, "my_profile.error_invalid", PROFILE_ERRORS),
  };
}

/** An error of the whole form (the API refused it without naming a field). */
function ProfileProblem({ codes, className }: { codes: string[] | undefined; className?: string }) {
  return <FormProblem codes={codes} fallback="global.error" known={PROFILE_ERRORS} className={className} />;
}

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
  field,
  kind,
  description,
  className,
  lengths,
}: {
  label: string;
  field: { name: string; errors: string[] | undefined };
  kind: "current" | "new";
  description?: string;
  className?: string;
  /** The password rules, on the field where the new password is chosen. */
  lengths?: { minLength: number; maxLength: number };
}) {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  return (
    <FormField
      label={label}
      description={description}
      error={errorText.field(field.errors)}
      className={className}
    >
      {(f) => (
        <PasswordInput
          {...f}
          showLabel={i18n._("signin.show_password")}
          hideLabel={i18n._("signin.hide_password")}
          name={field.name}
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
  const errorText = useErrorText();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<
    typeof detailsForm,
    { data: { user: ProfileUser } }
  >({
    schema: detailsForm,
    defaultValue: { first_name: user.first_name, last_name: user.last_name, language: user.language },
    success: i18n._("my_profile.saved"),
    onDone: (answer) => {
      const language = answer?.data.user.language;
      // The language drives the interface: continue on the same page in the chosen language.
      if (language && language !== localeFromPath(pathname))
        window.location.assign(localizePath("/my/profile", language as Locale));
      else void refreshSession();
    },
  });

  return (
    <Section
      id="details"
      title={i18n._("my_profile.details_title")}
      description={i18n._("my_profile.details_intro")}
    >
      {user.email_verified ? null : <VerifyAccount email={user.email} />}
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <IntentField intent="details" />
        <ProfileProblem codes={formErrors} className="sm:col-span-2" />
        <NameFields
          labels={{ first: i18n._("my_profile.first_name"), last: i18n._("my_profile.last_name") }}
          first={{ field: fields.first_name }}
          last={{ field: fields.last_name }}
          errors={{
            first: errorText.field(fields.first_name.errors),
            last: errorText.field(fields.last_name.errors),
          }}
        />
        <LanguageField
          label={i18n._("my_profile.language")}
          description={i18n._("my_profile.language_hint")}
          field={fields.language}
          error={errorText.field(fields.language.errors)}
        />
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" loading={busy}>
            {i18n._("my_profile.save")}
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}

/** A button of the profile that posts only its intent (the cookie notice, the confirmation e-mail). */
function IntentButton({
  intent,
  success,
  children,
}: {
  intent: string;
  success?: string;
  children: ReactNode;
}) {
  const { fetcher, form, busy, formErrors } = useFetcherForm({ schema: noFields, id: intent, success });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <IntentField intent={intent} />
      <ProfileProblem codes={formErrors} />
      <Button type="submit" variant="outline" size="sm" loading={busy}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Profile "mark cookie notice seen": the portal sets only the cookies it needs, and says so
 * once; the answer is kept with the account, so it is not asked again on another device.
 */
export function CookieNotice() {
  const { i18n } = useLingui();
  return (
    <Alert variant="info" title={i18n._("my_profile.cookies_title")}>
      <p>{i18n._("my_profile.cookies_text")}</p>
      <IntentButton intent="cookieNotice">{i18n._("my_profile.cookies_ok")}</IntentButton>
    </Alert>
  );
}

/** Profile "verify account": a confirmation e-mail for an address that is not confirmed yet. */
function VerifyAccount({ email }: { email: string }) {
  const { i18n } = useLingui();
  return (
    <Alert variant="warning" className="mb-5" title={i18n._("my_profile.verify_title")}>
      <p>{i18n._("my_profile.verify_text", { email })}</p>
      <IntentButton intent="verifyAccount" success={i18n._("my_profile.verify_sent")}>
        {i18n._("my_profile.verify_send")}
      </IntentButton>
    </Alert>
  );
}

export function UsernameSection({ user }: { user: ProfileUser }) {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: usernameForm,
    success: i18n._("my_profile.username_changed"),
    // The header shows the signed-in user's address.
    onDone: () => void refreshSession(),
  });
  const email = fields.new_username.value ?? "";
  // The answer is kept with the address it is for, so an answer for an earlier spelling is ignored.
  const [checked, setChecked] = useState<{ email: string; available: boolean } | null>(null);
  const available = checked?.email === email ? checked.available : null;

  // The server says whether the address is free while the user types (debounced); asking changes nothing.
  useEffect(() => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return;
    const timer = setTimeout(() => {
      call(browserApi(), profileEndpoints.validateUsername, { body: { username: email } })
        .then((answer) => setChecked({ email, available: answer.data.available }))
        .catch(() => setChecked(null));
    }, 400);
    return () => clearTimeout(timer);
  }, [email]);

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
      <fetcher.Form
        method="post"
        {...getFormProps(form)}
        // An address known to be taken is not sent: the field already says so.
        onSubmit={(event) => (available === false ? event.preventDefault() : form.onSubmit(event))}
        className="grid gap-4 sm:grid-cols-2"
      >
        <IntentField intent="username" />
        <ProfileProblem codes={formErrors} className="sm:col-span-2" />
        <FormField
          label={i18n._("my_profile.new_username")}
          description={available === true ? status : undefined}
          error={errorText.field(fields.new_username.errors) ?? (available === false ? status : undefined)}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.new_username, { type: "email" })}
              {...f}
              required
              maxLength={254}
              autoComplete="email"
            />
          )}
        </FormField>
        <PasswordField kind="current" label={i18n._("my_profile.current_password")} field={fields.pwd} />
        <div className="sm:col-span-2">
          <Button type="submit" loading={busy}>
            {i18n._("my_profile.change_username")}
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}

/** The new password and its repeat, in either password form. */
function NewPasswordFields({
  fields,
}: {
  fields: Record<"new_password" | "confirm", { name: string; errors: string[] | undefined }>;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <PasswordField
        kind="new"
        label={i18n._("my_profile.new_password")}
        description={i18n._("my_profile.password_rules")}
        lengths={NEW_PASSWORD_LENGTHS}
        field={fields.new_password}
      />
      <PasswordField kind="new" label={i18n._("my_profile.confirm_password")} field={fields.confirm} />
    </>
  );
}

export function PasswordSection({ forced }: { forced: boolean }) {
  const { i18n } = useLingui();
  return (
    <Section
      id="password"
      title={i18n._(forced ? "my_profile.forced_title" : "my_profile.password_title")}
      description={i18n._(forced ? "my_profile.forced_intro" : "my_profile.password_intro")}
    >
      {forced ? <ForcedPasswordForm /> : <PasswordForm />}
    </Section>
  );
}

function PasswordForm() {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: passwordForm,
    success: i18n._("my_profile.password_changed"),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <IntentField intent="password" />
      <ProfileProblem codes={formErrors} className="sm:col-span-2" />
      <PasswordField
        kind="current"
        label={i18n._("my_profile.current_password")}
        field={fields.pwd}
        className="sm:col-span-2"
      />
      <NewPasswordFields fields={fields} />
      <div className="sm:col-span-2">
        <Button type="submit" loading={busy}>
          {i18n._("my_profile.change_password")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Once the password is changed, the action sends the account on to its desk. */
function ForcedPasswordForm() {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({ schema: forcedPasswordForm });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <IntentField intent="forcedPassword" />
      <ProfileProblem codes={formErrors} className="sm:col-span-2" />
      <NewPasswordFields fields={fields} />
      <div className="sm:col-span-2">
        <Button type="submit" loading={busy}>
          {i18n._("my_profile.change_password")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function TwoFactorSection({ user }: { user: ProfileUser }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();

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
          <TwoFactorOffForm />
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

function TwoFactorOffForm() {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: twoFactorOffForm,
    success: i18n._("my_profile.two_factor_disabled"),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <IntentField intent="twoFactorOff" />
      <ProfileProblem codes={formErrors} className="sm:col-span-2" />
      <PasswordField kind="current" label={i18n._("my_profile.current_password")} field={fields.pwd} />
      <FormField label={i18n._("my_profile.code_or_recovery")} error={errorText.field(fields.code.errors)}>
        {(f) => (
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            {...f}
            required
            autoComplete="one-time-code"
            maxLength={11}
          />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" variant="outline" loading={busy}>
          <ShieldOff aria-hidden="true" className="size-4" />
          {i18n._("my_profile.two_factor_disable")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function SessionsSection({ sessions }: { sessions: SessionInfo[] }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const others = sessions.filter((s) => !s.current).length;
  const { fetcher, form, busy, formErrors } = useFetcherForm({
    schema: noFields,
    id: "end-other-sessions",
    success: i18n._("my_profile.sessions_revoked"),
  });

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
            {session.current ? null : <EndSessionForm session={session} />}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <IntentField intent="endOtherSessions" />
          <ProfileProblem codes={formErrors} />
          <Button type="submit" variant="outline" loading={busy}>
            {i18n._("my_profile.revoke_others")}
          </Button>
        </fetcher.Form>
      ) : null}
    </Section>
  );
}

/** Signs out one of the user's other devices. */
function EndSessionForm({ session }: { session: SessionInfo }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: sessionForm,
    id: `end-session-${session.id}`,
    defaultValue: { id: session.id },
    success: i18n._("my_profile.session_revoked"),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-3">
      <IntentField intent="endSession" />
      <input {...getInputProps(fields.id, { type: "hidden" })} />
      <ProfileProblem codes={formErrors} />
      <Button type="submit" variant="outline" size="sm" loading={busy}>
        {i18n._("my_profile.revoke")}
      </Button>
    </fetcher.Form>
  );
}
