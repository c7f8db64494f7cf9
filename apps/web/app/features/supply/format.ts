import { LOCALE_TAGS, type Locale } from "@ems/i18n/locales";

/** A calendar day (YYYY-MM-DD) or an instant as the UTC day in the page's language. */
export function formatDay(value: string, locale: Locale): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "UTC" }).format(date);
}
