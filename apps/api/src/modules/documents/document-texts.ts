import { formatDate, formatMoney } from "@ems/i18n/format";
import { siteConfig } from "@ems/config/site";

import { isLocale, type Locale } from "@ems/i18n/locales";
import type { PdfBrand } from "../../lib/pdf/document-pdf.ts";
import { formatMessage, hasMessage } from "@ems/i18n/message-catalogs";

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

/** Texts for a user's language; anything that is not one of the 12 falls back to English. */
export function documentTexts(language: string): DocumentTexts {
  const locale: Locale = isLocale(language) ? language : "en";
  return {
    locale,
    t(key, values = {}) {
      return formatMessage("documents", hasMessage("documents", locale, key) ? locale : "en", key, values);
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
