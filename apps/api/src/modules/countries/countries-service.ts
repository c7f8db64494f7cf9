import countries from "i18n-iso-countries";
import { LOCALE_TAGS, type Locale } from "@ems/i18n/locales";
import type { Country } from "@ems/contracts/countries";
import { formatRegion } from "@ems/i18n/format";

/**
 * ISO 3166-1 countries with names in each of the 12 languages. The code list comes from
 * i18n-iso-countries; names come from ICU (Intl.DisplayNames), which every Node build ships,
 * so no locale data needs registering. Lists are built once per language, sorted for that language.
 */
const cache = new Map<Locale, Country[]>();

export function listCountries(locale: Locale): Country[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tag = LOCALE_TAGS[locale];
  const collator = new Intl.Collator(tag);
  const list = Object.entries(countries.getAlpha2Codes())
    .map(([code, alpha3]) => ({ code, alpha3, name: formatRegion(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, list);
  return list;
}
