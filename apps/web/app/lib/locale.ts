import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from "@ems/i18n/locales";
import { localePrefix, withLocalePrefix } from "@ems/i18n/route-map";

/** A path of the site in a language: localizePath("/login", "de") is "/de/login". */
export const localizePath = withLocalePrefix;
export { localePrefix };

/** The languages that carry a path prefix: every one but the default (docs/behaviour/public-site.md#language-variants). */
export const PREFIXED_LOCALES: readonly Locale[] = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/**
 * The page's language comes from the URL alone, so the server, the client and every error page
 * agree without a loader: a first segment naming a prefixed language wins, everything else is
 * English (the unprefixed default).
 */
export function localeFromPath(pathname: string): Locale {
  const [, first = "", second = ""] = pathname.split("/");
  if (first === DEFAULT_LOCALE || !isLocale(first)) return DEFAULT_LOCALE;
  // The doubled-prefix German pages (/it/de/…) are German.
  return second === "de" ? "de" : first;
}

/** The path without its language prefix, always starting with "/". */
export function stripLocalePrefix(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || "/";
  const rest = pathname.slice(localePrefix(locale).length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}
