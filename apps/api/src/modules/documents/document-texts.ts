import { formatDate, formatMoney } from "@ems/i18n/format";
import { siteConfig } from "@ems/config/site";
import type { TaxTreatment } from "@ems/contracts/tax";

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

/**
 * The small print of every page: the operator's address and VAT ID, and what German company law
 * (§ 35a GmbHG) and § 14 UStG ask business letters and invoices to name: the managing directors,
 * the commercial register and the bank account.
 */
export function documentFooter(texts: DocumentTexts): string {
  const { legal } = siteConfig;
  return [
    texts.t("footer", {
      legal_name: siteConfig.brand.legalName,
      address: legal.address.join(", "),
      vat_id: legal.vatId,
      email: siteConfig.contact.email,
    }),
    texts.t("footer_legal", {
      directors: legal.managingDirectors.join(", "),
      register: legal.register,
      holder: legal.bank.holder,
      iban: legal.bank.iban,
      bic: legal.bank.bic,
    }),
  ].join(" · ");
}

/** Both parties' VAT IDs as a document's meta lines: the customer's (when known) and the operator's. */
export function documentVatIds(
  texts: DocumentTexts,
  customerVatId: string | null,
): { label: string; value: string }[] {
  return [
    ...(customerVatId ? [{ label: texts.t("label.customer_vat_id"), value: customerVatId }] : []),
    { label: texts.t("label.our_vat_id"), value: siteConfig.legal.vatId },
  ];
}

/**
 * The sentence that states why a document charges no VAT (or the home rate), in its language, as
 * art. 226 of the VAT directive asks: reverse charge (art. 196), export (art. 146), or home VAT for
 * an EU customer without a VAT ID. A domestic document needs none.
 */
export function documentTaxNote(texts: DocumentTexts, treatment: TaxTreatment): string[] {
  return treatment === "domestic" ? [] : [texts.t(`tax.${treatment}`)];
}
