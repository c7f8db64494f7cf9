import { DEFAULT_LOCALE, isLocale, normalizeLocale } from "./locales.ts";

/**
 * Issue 3 (docs/behaviour/data.md#language-codes): a returning visitor who opens bare "/" is sent to the language they chose
 * (remembered in the i18n_redirected cookie). Crawlers are never redirected by language, and only
 * the root is: every other URL already names its language.
 */
export function languageRedirect(
  pathname: string,
  cookieValue: string | undefined,
  isCrawler: boolean,
): string | null {
  if (pathname !== "/" || isCrawler || !cookieValue) return null;
  const locale = normalizeLocale(cookieValue);
  if (locale === DEFAULT_LOCALE || !isLocale(locale)) return null;
  return `/${locale}`;
}
