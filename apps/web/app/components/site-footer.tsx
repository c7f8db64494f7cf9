import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import type { Locale } from "@ems/i18n/locales";
import { useMemo } from "react";
import { Link } from "react-router";

import { menuGroups } from "~/lib/nav";
import { href } from "~/lib/route-map";

import { ContactEntryLink } from "./contact-entry-link";
import { CounterBand } from "./counter-band";
import { MenuLink } from "./menu-link";
import { useLocale } from "~/lib/use-locale";

const linkClass =
  "inline-flex min-h-6 items-center gap-1 rounded-sm text-sm text-neutral-700 underline-offset-4 hover:text-primary-800 hover:underline dark:text-neutral-300 dark:hover:text-primary-300";

/** Privacy, imprint, terms and the sitemap (the XML index at the site root), as list items. */
export function LegalLinks({ locale }: { locale: Locale }) {
  const { i18n } = useLingui();
  const pages = ["legal-privacy", "legal-imprint", "legal-terms"] as const;
  return (
    <>
      {pages.map((key) => (
        <li key={key}>
          <Link to={href(key, locale)} className={linkClass}>
            {i18n._(`page.${key}.nav`)}
          </Link>
        </li>
      ))}
      <li>
        {/* An XML file, not a page of the app: a plain link, so the browser loads the document. */}
        <a href="/sitemap.xml" className={linkClass}>
          {i18n._("footer.sitemap")}
        </a>
      </li>
    </>
  );
}

/**
 * The footer (docs/behaviour/public-site.md#footer): the counter band, the sections of the menu, the sitemap (the XML index at the site
 * root), privacy, imprint and terms, and the current year with the operator's legal name. All plain
 * links, so the whole site is reachable without JavaScript.
 */
export function SiteFooter({ counter = true, sections = true }: { counter?: boolean; sections?: boolean }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const groups = useMemo(() => menuGroups(locale), [locale]);

  return (
    <footer>
      {counter ? <CounterBand /> : null}
      {/* Below the fold on every page: the browser skips the sitemap's style, layout and paint until
          it scrolls near, which took a third off the main-thread work before a long page's first
          paint (ADR 0008). The counter band above keeps ticking while off screen. */}
      <div className="border-t border-neutral-200 bg-neutral-50 [contain-intrinsic-size:auto_90rem] [content-visibility:auto] lg:[contain-intrinsic-size:auto_24rem] dark:border-neutral-800 dark:bg-neutral-900">
        {sections ? (
          <nav
            aria-label={i18n._("footer.nav_label")}
            className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-10 sm:grid-cols-2 md:px-6 lg:grid-cols-5"
          >
            {groups.map((group) => (
              <section key={group.id} aria-labelledby={`footer-${group.id}`}>
                <h2
                  id={`footer-${group.id}`}
                  className="text-sm font-semibold text-neutral-900 dark:text-white"
                >
                  {i18n._(group.titleKey)}
                </h2>
                <ul className="mt-3 space-y-2">
                  {group.links.map((link) => (
                    <li key={link.key}>
                      <MenuLink link={link} className={linkClass} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <section aria-labelledby="footer-legal">
              <h2 id="footer-legal" className="text-sm font-semibold text-neutral-900 dark:text-white">
                {i18n._("footer.legal_label")}
              </h2>
              <ul className="mt-3 space-y-2">
                <li>
                  <ContactEntryLink className={linkClass} />
                </li>
                <LegalLinks locale={locale} />
              </ul>
            </section>
          </nav>
        ) : null}
        <div className="border-t border-neutral-200 dark:border-neutral-800">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-6 text-sm text-neutral-700 md:px-6 dark:text-neutral-300">
            <CopyrightLine />
            {sections ? null : (
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                <LegalLinks locale={locale} />
              </ul>
            )}
          </div>
        </div>
      </div>
    </footer>
  );
}

/** "© <year> <legal name>", the last line of the site footer and of the app shell. */
export function CopyrightLine() {
  const { i18n } = useLingui();
  return (
    <p>
      {i18n._("footer.copyright", {
        year: new Date().getFullYear(),
        legalName: siteConfig.brand.legalName,
      })}
    </p>
  );
}
