import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import { SESSION_COOKIE } from "@ems/config/constants";
import { sameOriginPath } from "@ems/contracts/safe-paths";
import { Check } from "lucide-react";
import { Link, redirect, useSearchParams } from "react-router";

import { Alert } from "~/components/ui/alert";
import { returnPathOf, signInReason, withReturnPath } from "~/features/registration/return-path";
import { SignInForm } from "~/features/sign-in/sign-in-form";
import { apiFromRequest } from "~/lib/api.server";
import { readCookie } from "~/lib/cookies";
import { homePath } from "~/lib/home-path";
import { localeFromPath, localizePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/login";
import { useLocale } from "~/lib/use-locale";
import { call } from "~/lib/api-client";
import { authEndpoints } from "@ems/contracts/auth";

const PORTAL_TASKS = ["quotes", "orders", "documents", "data"] as const;

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(
    location.pathname,
    { title: "login.meta_title", description: "login.meta_description" },
    {},
    { page: currentPage(matches) },
  );

/** The login guard (docs/behaviour/accounts.md#guards): a visitor who is already signed in goes on to the desk (or ?redirect=). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!readCookie(request.headers.get("cookie"), SESSION_COOKIE)) return null;
  const url = new URL(request.url);
  try {
    const session = await call(apiFromRequest(request, context), authEndpoints.session);
    if (session.status === 200) {
      const home = homePath(session.data.user.role, localeFromPath(url.pathname));
      return redirect(sameOriginPath(url.searchParams.get("redirect"), url.origin) ?? home);
    }
  } catch {
    // Not signed in (or the API is unreachable): show the form.
  }
  return null;
}

/** Sign-in pages are personal: never stored by shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Login() {
  const { i18n } = useLingui();
  const locale = useLocale();
  // Sent here by a page that needs an account: say so, and keep the way back through registration.
  const [params] = useSearchParams();
  const back = returnPathOf(params);
  const reason = signInReason(back);
  const registerHref = withReturnPath(localizePath("/register", locale), back);
  return (
    <article aria-labelledby="login-title">
      <h1 id="login-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {i18n._("login.title")}
      </h1>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">
        {i18n._("signin.intro", { brand: siteConfig.brand.name })}
      </p>
      {reason ? (
        <Alert
          variant="info"
          className="mt-6"
          title={i18n._(reason === "quote" ? "login.reason_quote_title" : "login.reason_page_title")}
        >
          <p>{i18n._(reason === "quote" ? "login.reason_quote" : "login.reason_page")}</p>
          <p className="mt-2">
            <Link
              to={registerHref}
              className="font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-300"
            >
              {i18n._("login.register_link")}
            </Link>
          </p>
        </Alert>
      ) : null}
      <SignInForm />
      <p className="mt-8 border-t border-neutral-200 pt-6 text-sm dark:border-neutral-800">
        {i18n._("login.no_account")}{" "}
        <Link
          to={registerHref}
          className="font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-300"
        >
          {i18n._("login.register_link")}
        </Link>
      </p>
      <section
        aria-labelledby="portal-heading"
        className="mt-8 rounded-lg bg-neutral-50 p-4 dark:bg-neutral-950"
      >
        <h2 id="portal-heading" className="text-sm font-semibold">
          {i18n._("login.portal_heading")}
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          {PORTAL_TASKS.map((task) => (
            <li key={task} className="flex gap-3">
              <Check
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-primary-700 dark:text-primary-400"
              />
              <span>{i18n._(`login.portal_${task}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
