import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useLingui } from "@lingui/react";
import { SESSION_COOKIE } from "@ems/config/constants";
import { totpCodeSchema, twoFactorEndpoints } from "@ems/contracts/profile";
import { Copy, Download } from "lucide-react";
import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input } from "~/components/ui/input";
import { ApiError, call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { readCookie } from "~/lib/cookies";
import { submitForm } from "~/lib/form-action.server";
import { formErrorText } from "~/lib/form-errors";
import { localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { signInUrl } from "~/lib/session-expiry";
import { currentPage } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

import type { Route } from "./+types/qrcode";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** Two-factor enrolment needs a signed-in user; the secret is made (once) by the API. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const login = signInUrl(url.pathname);
  if (!readCookie(request.headers.get("cookie"), SESSION_COOKIE)) throw redirect(login);
  try {
    const answer = await call(apiFromRequest(request, context), twoFactorEndpoints.qrcode);
    return { qr: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(login);
    // Already on: nothing to scan. Not a redirect: right after the action confirmed the code, this
    // loader runs again and the page must still show the recovery codes the action answered.
    if (error instanceof ApiError && error.status === 409) return { qr: null };
    throw error;
  }
}

/** Confirms enrolment with a current code; the recovery codes come back once, in this answer only. */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = await submitForm(request, context, totpCodeSchema, (api, body) =>
    call(api, twoFactorEndpoints.enable, { body }),
  );
  const answer = reply.data as { data: { recovery_codes: string[] } } | undefined;
  return { result: reply.result, recoveryCodes: reply.done && answer ? answer.data.recovery_codes : null };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function QrCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { qr } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [copied, setCopied] = useState(false);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totpCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const recoveryCodes = actionData?.recoveryCodes ?? null;
  const profile = localizePath("/my/profile", locale);

  if (recoveryCodes) {
    const text = recoveryCodes.join("\n");
    return (
      <article aria-labelledby="qr-title">
        <h1 id="qr-title" className="text-2xl font-bold tracking-tight">
          {i18n._("qrcode_page.done_title")}
        </h1>
        <p className="mt-3 text-neutral-700 dark:text-neutral-300">{i18n._("qrcode_page.done_intro")}</p>
        <ul
          aria-label={i18n._("qrcode_page.codes_label")}
          className="mt-6 grid grid-cols-2 gap-2 rounded-lg bg-neutral-100 p-4 font-mono text-lg dark:bg-neutral-950"
        >
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            variant="outline"
            onClick={() => {
              void navigator.clipboard.writeText(text).then(() => setCopied(true));
            }}
          >
            <Copy aria-hidden="true" className="size-4" />
            {i18n._(copied ? "qrcode_page.copied" : "qrcode_page.copy")}
          </Button>
          <a
            className={buttonVariants({ variant: "outline" })}
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="recovery-codes.txt"
          >
            <Download aria-hidden="true" className="size-4" />
            {i18n._("qrcode_page.download")}
          </a>
        </div>
        <Link to={profile} className={`${buttonVariants()} mt-8 w-full`}>
          {i18n._("qrcode_page.saved_continue")}
        </Link>
      </article>
    );
  }

  if (!qr)
    return (
      <article aria-labelledby="qr-title">
        <h1 id="qr-title" className="text-2xl font-bold tracking-tight">
          {i18n._("qrcode_page.title")}
        </h1>
        <Alert variant="success" className="mt-6">
          {i18n._("my_profile.two_factor_on")}
        </Alert>
        <Link to={profile} className={`${buttonVariants()} mt-6`}>
          {i18n._("qrcode_page.cancel")}
        </Link>
      </article>
    );

  return (
    <article aria-labelledby="qr-title">
      <h1 id="qr-title" className="text-2xl font-bold tracking-tight">
        {i18n._("qrcode_page.title")}
      </h1>
      <ol className="mt-4 list-decimal space-y-2 pl-5 text-neutral-700 dark:text-neutral-300">
        <li>{i18n._("qrcode_page.step_app")}</li>
        <li>{i18n._("qrcode_page.step_scan")}</li>
        <li>{i18n._("qrcode_page.step_code")}</li>
      </ol>
      <div className="mt-6 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.qr_svg)}`}
          alt={i18n._("qrcode_page.qr_alt")}
          width={200}
          height={200}
          className="rounded-lg bg-white p-2"
        />
        <div className="min-w-0 text-sm">
          <p className="font-semibold">{i18n._("qrcode_page.manual")}</p>
          <p className="mt-1 font-mono break-all" data-testid="totp-secret">
            {qr.secret}
          </p>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <FormProblem codes={form.errors} fallback="global.error" />
        <FormField
          label={i18n._("signin.code_label")}
          error={formErrorText(i18n, fields.code.errors, "otp_page.otp_verification_failed")}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.code, { type: "text" })}
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
        <Button type="submit" className="w-full" loading={busy}>
          {i18n._("qrcode_page.confirm")}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        <Link
          to={profile}
          className="font-semibold text-primary-800 underline underline-offset-4 dark:text-primary-300"
        >
          {i18n._("qrcode_page.cancel")}
        </Link>
      </p>
    </article>
  );
}
