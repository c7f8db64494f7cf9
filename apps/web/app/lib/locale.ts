import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from "@ems/i18n/locales";

/** The languages that carry a path prefix: every one but the default (SPEC §2 language variants). */
export const PREFIXED_LOCALES: readonly Locale[] = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** The path prefix of a language: "" for English, "/de" for German. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/**
 * The page's language comes from the URL alone, so the server, the client and every error page
 * agree without a loader: a first segment naming a prefixed language wins, everything else is
 * English (the unprefixed default).
 */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1] ?? "";
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The path without its language prefix, always starting with "/". */
export function stripLocalePrefix(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || "/";
  const rest = pathname.slice(localePrefix(locale).length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** A path of the site in a given language: localizePath("/login", "de") is "/de/login". */
export function localizePath(path: string, locale: Locale): string {
  const normalized = path.startsWith("/") ? path : `/${path}`;
  const prefix = localePrefix(locale);
  if (!prefix) return normalized;
  return normalized === "/" ? prefix : `${prefix}${normalized}`;
}

/**
 * Where the language selector points (SPEC §2): on home it is the target language's root; other
 * pages keep their path under the new prefix. Paths are not translated yet; when the typed route
 * map in packages/i18n arrives, this is where the translated path is looked up.
 */
export function switchLocalePath(pathname: string, target: Locale): string {
  return localizePath(stripLocalePrefix(pathname), target);
}
