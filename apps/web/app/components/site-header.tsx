import { useLingui } from "@lingui/react";
import { Link, useLocation } from "react-router";

import { cn } from "~/lib/cn";
import { localeFromPath, localizePath } from "~/lib/locale";

import { BrandLink } from "./brand-link";
import { ColorModeToggle } from "./color-mode-toggle";
import { LanguageSelector } from "./language-selector";

export function SkipLink() {
  const { i18n } = useLingui();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary-700 px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
    >
      {i18n._("nav.skip_to_content")}
    </a>
  );
}

/**
 * The site header. The menu groups of SPEC §2 arrive with the marketing pages; until then it holds
 * the logo, the colour-mode toggle, the visitor's sign-in and register links and the languages.
 */
export function SiteHeader({ accountLinks = true }: { accountLinks?: boolean }) {
  const { i18n } = useLingui();
  const locale = localeFromPath(useLocation().pathname);
  const linkBase =
    "inline-flex h-10 items-center rounded-md px-2.5 text-sm font-semibold whitespace-nowrap sm:px-3";

  return (
    <header className="border-b border-neutral-200 bg-white/95 dark:border-neutral-800 dark:bg-neutral-950/95">
      <SkipLink />
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-3 md:px-6 sm:px-4">
        <BrandLink />
        <nav aria-label={i18n._("nav.main_label")} className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          <ColorModeToggle />
          <LanguageSelector />
          {accountLinks ? (
            <>
              <Link
                to={localizePath("/login", locale)}
                className={cn(
                  linkBase,
                  "hidden text-neutral-800 hover:bg-neutral-100 sm:inline-flex dark:text-neutral-100 dark:hover:bg-neutral-800",
                )}
              >
                {i18n._("nav.login")}
              </Link>
              <Link
                to={localizePath("/register", locale)}
                className={cn(
                  linkBase,
                  "bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-600 dark:hover:bg-primary-700",
                )}
              >
                {i18n._("nav.register")}
              </Link>
            </>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
