import { useLingui } from "@lingui/react";
import { SESSION_COOKIE } from "@ems/config/constants";
import { Copy, Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, redirect } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ApiError, call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { browserApi } from "~/lib/browser-api";
import { readCookie } from "~/lib/cookies";
import { localeFromPath, localizePath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { signInUrl } from "~/lib/session-expiry";
import { currentPage } from "~/lib/route-map";
import { notifyGlobalError } from "~/lib/toast";

import type { Route } from "./+types/qrcode";
import { useLocale } from "~/lib/use-locale";
import { twoFactorEndpoints } from "@ems/contracts/profile";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** Two-factor enrolment needs a signed-in user; the secret is made (once) by the API. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const login = signInUrl(url.pathname);
  if (!readCookie(request.headers.get("cookie"), SESSION_COOKIE)) throw redirect(login);
  try {
    const answer = await call(apiFromRequest(request, context), twoFactorEndpoints.qrcode);
    return { qr: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(login);
    if (error instanceof ApiError && error.status === 409)
      throw redirect(localizePath("/my/profile", locale));
    throw error;
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function QrCodePage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { qr } = loaderData;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const answer = await call(browserApi(), twoFactorEndpoints.enable, {
        body: {
          code: code.trim(),
        },
      });
      setRecoveryCodes(answer.data.recovery_codes);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400)
        setError(i18n._("otp_page.otp_verification_failed"));
      else notifyGlobalError(i18n);
    } finally {
      setPending(false);
    }
  }

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
        <Link to={localizePath("/my/profile", locale)} className={`${buttonVariants()} mt-8 w-full`}>
          {i18n._("qrcode_page.saved_continue")}
        </Link>
      </article>
    );
  }

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
      <form onSubmit={confirm} className="mt-6 space-y-4">
        {error ? <Alert variant="error">{error}</Alert> : null}
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
        <Button type="submit" className="w-full" loading={pending}>
          {i18n._("qrcode_page.confirm")}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        <Link
          to={localizePath("/my/profile", locale)}
          className="font-semibold text-primary-800 underline underline-offset-4 dark:text-primary-300"
        >
          {i18n._("qrcode_page.cancel")}
        </Link>
      </p>
    </article>
  );
}
