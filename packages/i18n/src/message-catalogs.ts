import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { contentRoot } from "./content-root.ts";
import { localeTag } from "./format.ts";
import type { Locale } from "./locales.ts";

/**
 * The server's texts outside the web bundle: the e-mails and the PDFs, read as ICU messages from
 * content/locales/<locale>/<name>.json (under CONTENT_DIR when it is set), beside the web catalogs,
 * so translators find every text in one place. One loader, so mails and documents read the same
 * files the same way and format with the same regional tag as the pages (pt → pt-PT).
 */

export type CatalogName = "emails" | "documents";
export type MessageValues = Record<string, string | number>;

const catalogs = new Map<string, Readonly<Record<string, string>>>();
const formats = new Map<string, IntlMessageFormat>();

export function messageCatalog(name: CatalogName, locale: Locale): Readonly<Record<string, string>> {
  const id = `${name}:${locale}`;
  let catalog = catalogs.get(id);
  if (!catalog) {
    const file = path.join(contentRoot(), "locales", locale, `${name}.json`);
    catalog = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    catalogs.set(id, catalog);
  }
  return catalog;
}

export function hasMessage(name: CatalogName, locale: Locale, key: string): boolean {
  return messageCatalog(name, locale)[key] !== undefined;
}

/** One message with its values; a key the catalog lacks is a bug and throws. */
export function formatMessage(
  name: CatalogName,
  locale: Locale,
  key: string,
  values: MessageValues = {},
): string {
  const id = `${name}:${locale}:${key}`;
  let format = formats.get(id);
  if (!format) {
    const message = messageCatalog(name, locale)[key];
    if (message === undefined) throw new Error(`Missing ${name} text "${key}" for "${locale}"`);
    format = new IntlMessageFormat(message, localeTag(locale));
    formats.set(id, format);
  }
  return String(format.format(values));
}
