/**
 * The 12 languages of the product. English is the default and has no path prefix.
 * The order is the order of the language selector.
 */
export const LOCALES = ["en", "de", "es", "fr", "it", "nl", "pt", "ro", "sv", "da", "no", "fi"] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

export interface LanguageInfo {
  code: Locale;
  tag: string;
  /** The language's name in itself, as the language selector shows it. */
  nativeName: string;
  englishName: string;
  /** Flag emoji of the country most associated with the language on this site. */
  flag: string;
  /** ISO 3166-1 alpha-2 code of that country, for flag images. */
  country: string;
}

/** A Record, so that a language missing here is a compile error. */
const LANGUAGE_TABLE: Record<Locale, Omit<LanguageInfo, "code">> = {
  en: { tag: "en-US", nativeName: "English", englishName: "English", flag: "🇬🇧", country: "GB" },
  de: { tag: "de-DE", nativeName: "Deutsch", englishName: "German", flag: "🇩🇪", country: "DE" },
  es: { tag: "es-ES", nativeName: "Español", englishName: "Spanish", flag: "🇪🇸", country: "ES" },
  fr: { tag: "fr-FR", nativeName: "Français", englishName: "French", flag: "🇫🇷", country: "FR" },
  it: { tag: "it-IT", nativeName: "Italiano", englishName: "Italian", flag: "🇮🇹", country: "IT" },
  nl: { tag: "nl-NL", nativeName: "Nederlands", englishName: "Dutch", flag: "🇳🇱", country: "NL" },
  pt: { tag: "pt-PT", nativeName: "Português", englishName: "Portuguese", flag: "🇵🇹", country: "PT" },
  ro: { tag: "ro-RO", nativeName: "Română", englishName: "Romanian", flag: "🇷🇴", country: "RO" },
  sv: { tag: "sv-SE", nativeName: "Svenska", englishName: "Swedish", flag: "🇸🇪", country: "SE" },
  da: { tag: "da-DK", nativeName: "Dansk", englishName: "Danish", flag: "🇩🇰", country: "DK" },
  no: { tag: "no-NO", nativeName: "Norsk", englishName: "Norwegian", flag: "🇳🇴", country: "NO" },
  fi: { tag: "fi-FI", nativeName: "Suomi", englishName: "Finnish", flag: "🇫🇮", country: "FI" },
};

/** The languages in selector order. */
export const LANGUAGES: readonly LanguageInfo[] = LOCALES.map((code) => ({ code, ...LANGUAGE_TABLE[code] }));

/** BCP 47 tags (docs/behaviour/data.md#languages); en uses en-US, the fallback locale. */
export const LOCALE_TAGS = Object.fromEntries(
  LOCALES.map((code) => [code, LANGUAGE_TABLE[code].tag]),
) as Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * docs/behaviour/data.md#language-codes: one of the 12 codes; en-US and en-GB become en; anything unknown falls back to en.
 * Regional tags of the other languages (de-AT, pt-BR, nb-NO) map to their language, because a
 * visitor whose browser says de-AT reads the German site, not the English one.
 */
export function normalizeLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  const lower = value.trim().toLowerCase().replace("_", "-");
  if (isLocale(lower)) return lower;
  const base = lower.split("-")[0] ?? "";
  if (base === "nb" || base === "nn") return "no";
  return isLocale(base) ? base : DEFAULT_LOCALE;
}
