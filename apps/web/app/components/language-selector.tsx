import { useLingui } from "@lingui/react";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from "@ems/config/constants";
import { LANGUAGES, type Locale } from "@ems/i18n/locales";
import { Check, ChevronDown } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link, useLocation, useMatches } from "react-router";

import { localeFromPath } from "~/lib/locale";
import { currentPage, pageTranslations, switchLocaleHref } from "~/lib/route-map";

import { Flag } from "./flag";

function rememberLanguage(locale: Locale) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/**
 * A <details> disclosure: it opens and its links work before JavaScript loads; after hydration it
 * also closes on Escape, on a click outside and after a choice. The label text shows from 1120 px
 *; below that only the flag, with the full name as the accessible name.
 */
export function LanguageSelector({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const matches = useMatches();
  const page = currentPage(matches);
  const translations = pageTranslations(matches);
  const current = page?.locale ?? localeFromPath(pathname);
  const currentLanguage = LANGUAGES.find((language) => language.code === current) ?? LANGUAGES[0];
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const listId = useId();

  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const close = (focusSummary: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    document.addEventListener("pointerdown", onPointer);
    details.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      details.removeEventListener("keydown", onKey);
    };
  }, []);

  // A navigation (to another language or page) closes the list.
  useEffect(() => {
    if (detailsRef.current) detailsRef.current.open = false;
  }, [pathname]);

  return (
    <details ref={detailsRef} className={`group relative ${className ?? ""}`}>
      <summary
        aria-label={i18n._("language.choose", { language: currentLanguage?.nativeName ?? "" })}
        aria-controls={listId}
        className="flex h-10 cursor-pointer list-none items-center gap-1 rounded-md px-1.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 sm:gap-2 sm:px-2 dark:text-neutral-200 dark:hover:bg-neutral-800 [&::-webkit-details-marker]:hidden"
      >
        {currentLanguage ? <Flag country={currentLanguage.country} /> : null}
        <span className="hidden xl:inline">{currentLanguage?.nativeName}</span>
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul
        id={listId}
        aria-label={i18n._("language.label")}
        className="absolute right-0 z-50 mt-2 max-h-[70vh] w-52 overflow-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
      >
        {LANGUAGES.map((language) => {
          const active = language.code === current;
          return (
            <li key={language.code}>
              <Link
                to={switchLocaleHref(page, pathname, language.code, translations)}
                hrefLang={language.code}
                lang={language.code}
                aria-current={active ? "true" : undefined}
                onClick={() => rememberLanguage(language.code)}
                className="flex items-center gap-3 px-3 py-2 text-sm text-neutral-800 hover:bg-primary-50 focus-visible:-outline-offset-2 dark:text-neutral-100 dark:hover:bg-neutral-800"
              >
                <Flag country={language.country} />
                <span className="flex-1">{language.nativeName}</span>
                {active ? (
                  <Check aria-hidden="true" className="size-4 text-primary-700 dark:text-primary-400" />
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
