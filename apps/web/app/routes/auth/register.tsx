import { Trans, useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import { Check } from "lucide-react";
import { Link, useLocation } from "react-router";

import { ContactEmailLink } from "~/features/marketing/contact-link";
import { localeFromPath, localizePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/register";

const BENEFITS = ["quotes", "team", "tracking", "archive"] as const;

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(
    location.pathname,
    { title: "register.meta_title", description: "register.meta_description" },
    {},
    { page: currentPage(matches) },
  );

/** What a company account gives; the registration form arrives with customer accounts. */
export default function Register() {
  const { i18n } = useLingui();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <article aria-labelledby="register-title">
      <h1 id="register-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {i18n._("register.title")}
      </h1>
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">{i18n._("register.intro")}</p>
      <h2 className="mt-8 font-semibold">{i18n._("register.benefits_heading")}</h2>
      <ul className="mt-3 space-y-2">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-3">
            <Check
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400"
            />
            <span>{i18n._(`register.benefit_${benefit}`)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-8 rounded-lg bg-primary-50 p-4 text-sm text-primary-950 dark:bg-primary-950 dark:text-primary-50">
        <Trans
          id="register.availability"
          values={{ email: siteConfig.contact.email }}
          components={{ 0: <ContactEmailLink /> }}
        />
      </p>
      <p className="mt-8 border-t border-neutral-200 pt-6 text-sm dark:border-neutral-800">
        {i18n._("register.have_account")}{" "}
        <Link
          to={localizePath("/login", locale)}
          className="font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-300"
        >
          {i18n._("register.login_link")}
        </Link>
      </p>
    </article>
  );
}
