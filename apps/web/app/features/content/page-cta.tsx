import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import { Link } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { localizePath } from "~/lib/locale";
import { href } from "~/lib/route-map";

/**
 * The call to action under every content page: register the company, request a quote (in the
 * portal, behind sign-in) or talk to the team.
 */
export function PageCallToAction({ locale }: { locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="cta-title"
      className="border-t border-neutral-200 bg-primary-50 dark:border-neutral-800 dark:bg-primary-950"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 md:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
            {i18n._("content.cta_title")}
          </h2>
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">{i18n._("content.cta_text")}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={localizePath("/register", locale)} className={buttonVariants({ size: "lg" })}>
            {i18n._("content.cta_register")}
          </Link>
          <Link
            to={localizePath("/my/quotes", locale)}
            className={buttonVariants({ size: "lg", variant: "outline" })}
          >
            {i18n._("content.cta_quote")}
          </Link>
          <Link to={href("contact", locale)} className={buttonVariants({ size: "lg", variant: "ghost" })}>
            {i18n._("content.cta_contact")}
          </Link>
        </div>
      </div>
    </section>
  );
}
