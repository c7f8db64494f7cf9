import { siteConfig } from "@ems/config/site";
import { LOCALE_TAGS, type Locale } from "@ems/i18n/locales";

const { claims } = siteConfig;

function listFormat(locale: Locale, items: readonly string[]): string {
  return new Intl.ListFormat(LOCALE_TAGS[locale], { style: "long", type: "conjunction" }).format(items);
}

/**
 * The values that fill messages about the operator, formatted for the page's language: country
 * names come from Intl (so a new site in another country needs no translation) and lists get the
 * language's own "and".
 */
export function claimValues(locale: Locale) {
  const regions = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" });
  const countryName = (code: string) => regions.of(code) ?? code;
  const countryCodes = [...new Set(claims.sites.map((site) => site.country))];
  return {
    brand: siteConfig.brand.name,
    days: claims.expressDeliveryDays,
    countries: listFormat(locale, countryCodes.map(countryName)),
    sites: listFormat(
      locale,
      claims.sites.map((site) => `${site.city} (${countryName(site.country)})`),
    ),
    certifications: listFormat(locale, claims.certifications),
    employees: claims.employees,
    year: claims.foundedYear,
    foundedYear: claims.foundedYear,
    years: claims.yearsOfExperience,
  };
}
