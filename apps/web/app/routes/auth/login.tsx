import { Trans, useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import { Check } from "lucide-react";
import { Link, useLocation } from "react-router";

import { ContactEmailLink } from "~/features/marketing/contact-link";
import { localeFromPath, localizePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/login";

const PORTAL_TASKS = ["quotes", "orders", "documents", "data"] as const;

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(
    location.pathname,
    { title: "login.meta_title", description: "login.meta_description" },
    {},
    { page: currentPage(matches) },
  );

/**
 * Sign-in arrives with customer accounts. Until then the page says what the portal is for and how
 * to reach the team; it has no form, so nothing on it pretends to work.
 */
export default function Login() {
  const { i18n } = useLingui();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <article aria-labelledby="login-title">
      <h1 id="login-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {i18n._("login.title")}
      </h1>
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">
        {i18n._("login.intro", { brand: siteConfig.brand.name })}
      </p>
      <h2 className="mt-8 font-semibold">{i18n._("login.portal_heading")}</h2>
      <ul className="mt-3 space-y-2">
        {PORTAL_TASKS.map((task) => (
          <li key={task} className="flex gap-3">
            <Check
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400"
            />
            <span>{i18n._(`login.portal_${task}`)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-8 rounded-lg bg-primary-50 p-4 text-sm text-primary-950 dark:bg-primary-950 dark:text-primary-50">
        <Trans
          id="login.availability"
          values={{ email: siteConfig.contact.email }}
          components={{ 0: <ContactEmailLink /> }}
        />
      </p>
      <p className="mt-8 border-t border-neutral-200 pt-6 text-sm dark:border-neutral-800">
        {i18n._("login.no_account")}{" "}
        <Link
          to={localizePath("/register", locale)}
          className="font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-300"
        >
          {i18n._("login.register_link")}
        </Link>
      </p>
    </article>
  );
}
