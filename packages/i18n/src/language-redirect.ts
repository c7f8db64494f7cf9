import { DEFAULT_LOCALE, isLocale, normalizeLocale, type Locale } from "./locales.ts";

/**
 * The supported language an `Accept-Language` header prefers most, or null when it names none of
 * them (or only English). Languages are ranked by their q-value, ties keep the header's order;
 * `q=0` means "not this one", and `*` says nothing about which language to show.
 */
export function preferredLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.range !== "" && entry.range !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { range } of ranked) {
    const locale = normalizeLocale(range);
    // normalizeLocale answers en for anything unknown: only take en when the header asked for it.
    if (locale !== DEFAULT_LOCALE || range.toLowerCase().split("-")[0] === "en") return locale;
  }
  return null;
}

/**
 * Issue 3 and issue 20 (docs/behaviour/data.md#language-codes): bare "/" is sent to the language
 * the visitor chose (remembered in the i18n_redirected cookie); on a first visit, without the
 * cookie, to the language their browser prefers (`Accept-Language`). The cookie always wins, so a
 * visitor who picked English stays on English whatever their browser says. Crawlers are never
 * redirected by language (they index every language's own URL), and only the root is: every other
 * URL already names its language.
 */
export function languageRedirect(
  pathname: string,
  cookieValue: string | undefined,
  isCrawler: boolean,
  acceptLanguage?: string,
): string | null {
  if (pathname !== "/" || isCrawler) return null;
  const locale = cookieValue ? normalizeLocale(cookieValue) : preferredLocale(acceptLanguage);
  if (!locale || locale === DEFAULT_LOCALE || !isLocale(locale)) return null;
  return `/${locale}`;
}
