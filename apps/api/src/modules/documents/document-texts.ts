import { formatDate, formatMoney } from "@ems/i18n/format";
import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { siteConfig } from "@ems/config/site";

import { isLocale, type Locale } from "@ems/i18n/locales";
import type { PdfBrand } from "../../lib/pdf/document-pdf.ts";
import { CONTENT_LOCALES_DIR } from "../mail/mail-templates.ts";

/** The version of the terms of sale (content/locales/<lang>/documents.json terms.*) orders accept. */
export const TERMS_VERSION = "2026-1";

export type DocumentValues = Record<string, string | number>;

/** A formatter of one language's document texts: titles, labels, column headers of the PDFs. */
export interface DocumentTexts {
  locale: Locale;
  t(key: string, values?: DocumentValues): string;
  date(value: string | Date): string;
  money(amountMinor: number, currency: string): string;
}

const catalogs = new Map<Locale, Record<string, string>>();

function catalog(locale: Locale): Record<string, string> {
  let found = catalogs.get(locale);
  if (!found) {
    found = JSON.parse(
      readFileSync(path.join(CONTENT_LOCALES_DIR, locale, "documents.json"), "utf8"),
    ) as Record<string, string>;
    catalogs.set(locale, found);
  }
  return found;
}

/** Texts for a user's language; anything that is not one of the 12 falls back to English. */
export function documentTexts(language: string): DocumentTexts {
  const locale: Locale = isLocale(language) ? language : "en";
  return {
    locale,
    t(key, values = {}) {
      const message = catalog(locale)[key] ?? catalog("en")[key];
      if (message === undefined) throw new Error(`Missing document text "${key}"`);
      return String(new IntlMessageFormat(message, locale).format(values));
    },
    // The same date as every page and mail shows in this language.
    date: (value) => formatDate(typeof value === "string" ? value.slice(0, 10) : value, locale),
    money: (amountMinor, currency) => formatMoney(amountMinor, currency, locale),
  };
}

/** The operator as every document shows it (packages/config site configuration). */
export function documentBrand(): PdfBrand {
  return {
    name: siteConfig.brand.name,
    legalName: siteConfig.brand.legalName,
    lines: [...siteConfig.legal.address, siteConfig.contact.email, siteConfig.contact.phone],
    accent: siteConfig.legal.accent,
  };
}

/** The small print of every page. */
export function documentFooter(texts: DocumentTexts): string {
  return texts.t("footer", {
    legal_name: siteConfig.brand.legalName,
    address: siteConfig.legal.address.join(", "),
    vat_id: siteConfig.legal.vatId,
    email: siteConfig.contact.email,
  });
}
