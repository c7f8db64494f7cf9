/**
 * The 12 languages of the product (SPEC §1, §5, §9). English is the default and has no path prefix.
 * The order is the order of the language selector.
 */
export const LOCALES = ["en", "de", "es", "fr", "it", "nl", "pt", "ro", "sv", "da", "no", "fi"] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** BCP 47 tags of SPEC §9; en uses en-US, the fallback locale. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: "en-US",
  de: "de-DE",
  es: "es-ES",
  fr: "fr-FR",
  it: "it-IT",
  nl: "nl-NL",
  pt: "pt-PT",
  ro: "ro-RO",
  sv: "sv-SE",
  da: "da-DK",
  no: "no-NO",
  fi: "fi-FI",
};

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

export const LANGUAGES: readonly LanguageInfo[] = [
  { code: "en", tag: "en-US", nativeName: "English", englishName: "English", flag: "🇬🇧", country: "GB" },
  { code: "de", tag: "de-DE", nativeName: "Deutsch", englishName: "German", flag: "🇩🇪", country: "DE" },
  { code: "es", tag: "es-ES", nativeName: "Español", englishName: "Spanish", flag: "🇪🇸", country: "ES" },
  { code: "fr", tag: "fr-FR", nativeName: "Français", englishName: "French", flag: "🇫🇷", country: "FR" },
  { code: "it", tag: "it-IT", nativeName: "Italiano", englishName: "Italian", flag: "🇮🇹", country: "IT" },
  { code: "nl", tag: "nl-NL", nativeName: "Nederlands", englishName: "Dutch", flag: "🇳🇱", country: "NL" },
  { code: "pt", tag: "pt-PT", nativeName: "Português", englishName: "Portuguese", flag: "🇵🇹", country: "PT" },
  { code: "ro", tag: "ro-RO", nativeName: "Română", englishName: "Romanian", flag: "🇷🇴", country: "RO" },
  { code: "sv", tag: "sv-SE", nativeName: "Svenska", englishName: "Swedish", flag: "🇸🇪", country: "SE" },
  { code: "da", tag: "da-DK", nativeName: "Dansk", englishName: "Danish", flag: "🇩🇰", country: "DK" },
  { code: "no", tag: "no-NO", nativeName: "Norsk", englishName: "Norwegian", flag: "🇳🇴", country: "NO" },
  { code: "fi", tag: "fi-FI", nativeName: "Suomi", englishName: "Finnish", flag: "🇫🇮", country: "FI" },
];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * SPEC §5: one of the 12 codes; en-US and en-GB become en; anything unknown falls back to en.
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
