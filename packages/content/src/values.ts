import { siteConfig } from "@ems/config/site";
import { remembered } from "@ems/i18n/format-ledger";
import { LOCALE_TAGS, type Locale } from "@ems/i18n/locales";

const { claims, legal, contact, brand } = siteConfig;

function listFormat(locale: Locale, items: readonly string[]): string {
  return new Intl.ListFormat(LOCALE_TAGS[locale], { style: "long", type: "conjunction" }).format(items);
}

/**
 * The values that fill messages and content about the operator, formatted for the page's language:
 * country names come from Intl (so a new site in another country needs no translation) and lists get
 * the language's own "and". Message catalogs and Markdown bodies use the same names ({brand}, {days}…).
 * They go through the format ledger (@ems/i18n/format-ledger) as one JSON text: the browser
 * hydrating a page takes the server's instead of loading Intl's region and list data.
 */
export function claimValues(locale: Locale): ClaimValues {
  const json = remembered(`claims:${locale}`, () => claimValuesJson(locale));
  let values = claimValuesByJson.get(json);
  if (!values) {
    values = JSON.parse(json) as ClaimValues;
    claimValuesByJson.set(json, values);
  }
  return values;
}

export type ClaimValues = Readonly<ReturnType<typeof formatClaimValues>>;

// Building Intl.DisplayNames and Intl.ListFormat loads locale data: done once per language instead of
// in every component that shows a claim (the home page asked for them dozens of times while hydrating).
const claimValuesJsonByLocale = new Map<Locale, string>();
const claimValuesByJson = new Map<string, ClaimValues>();

function claimValuesJson(locale: Locale): string {
  let json = claimValuesJsonByLocale.get(locale);
  if (json === undefined) {
    json = JSON.stringify(formatClaimValues(locale));
    claimValuesJsonByLocale.set(locale, json);
  }
  return json;
}

function formatClaimValues(locale: Locale) {
  const regions = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" });
  const countryName = (code: string) => regions.of(code) ?? code;
  const countryCodes = [...new Set(claims.sites.map((site) => site.country))];
  return {
    brand: brand.name,
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

/** Everything a Markdown body may name as a placeholder (docs/content.md). */
export function contentValues(locale: Locale): Record<string, string> {
  const values: Record<string, string | number> = {
    ...claimValues(locale),
    legalName: brand.legalName,
    email: contact.email,
    phone: contact.phone,
    // The street lines as printed, then the registered office's country in the page's language.
    address: [
      ...legal.address.slice(0, -1),
      new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" }).of(claims.sites[0].country) ??
        legal.address.at(-1),
    ].join(", "),
    vatId: legal.vatId,
    managingDirectors: listFormat(locale, legal.managingDirectors),
    register: legal.register,
    partSearch: brand.partSearchName,
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}
