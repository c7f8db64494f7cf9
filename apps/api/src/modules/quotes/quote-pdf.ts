import { quoteLineAmountMinor } from "@ems/contracts/quotes";
import { siteConfig } from "@ems/config/site";
import type { companyAddresses } from "@ems/db/schema";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import { describedLine } from "../documents/document-pdf-lines.ts";
import {
  documentBrand,
  documentFooter,
  documentTaxNote,
  documentTexts,
  documentVatIds,
} from "../documents/document-texts.ts";
import type { QuoteLineRow, QuoteRow } from "./quotes-repository.ts";
import { formatNumber, formatRegion } from "@ems/i18n/format";

export interface QuotePdfInput {
  quote: QuoteRow;
  lines: QuoteLineRow[];
  /** The PCB specification versions the lines refer to, by version id. */
  pcbSpecs: ReadonlyMap<string, { number: string; version: number }>;
  companyName: string;
  billingAddress: typeof companyAddresses.$inferSelect | null;
  /** The reader's language; the texts fall back to English. */
  language: string;
}

/**
 * The quotation PDF (docs/behaviour/quotes.md#reading-a-quote): one row per price tier, so the
 * customer compares quantities at a glance. A tier's amount includes the line's one-off costs, as
 * ordering that tier would cost.
 */
export async function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const { quote, lines } = input;
  const texts = documentTexts(input.language);
  const { t } = texts;
  const issued = quote.sentAt ?? quote.createdAt;
  const address = input.billingAddress;

  const rows = lines.flatMap((line) =>
    line.tiers.map((tier, i) => [
      i === 0 ? String(line.position) : "",
      i === 0
        ? `${describedLine(texts, line.description, line.pcbSpecVersionId ? input.pcbSpecs.get(line.pcbSpecVersionId) : null)}\n${t("category", { category: line.category })} · ${t("lead_time", { days: line.leadTimeDays })}`
        : "",
      formatNumber(tier.quantity, texts.locale),
      texts.money(tier.unit_price_minor, quote.currency),
      texts.money(line.engineeringCostMinor, quote.currency),
      texts.money(
        quoteLineAmountMinor(tier.quantity, tier.unit_price_minor, line.engineeringCostMinor),
        quote.currency,
      ),
    ]),
  );

  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("quote.title"),
    number: quote.number,
    subject: quote.title,
    meta: [
      { label: t("label.date"), value: texts.date(issued) },
      ...(quote.validUntil ? [{ label: t("label.valid_until"), value: texts.date(quote.validUntil) }] : []),
      ...(quote.customerReference
        ? [{ label: t("label.customer_reference"), value: quote.customerReference }]
        : []),
      ...documentVatIds(texts, quote.customerVatId),
    ],
    parties: [
      {
        heading: t("party.customer"),
        lines: [
          input.companyName,
          ...(address
            ? [
                address.recipient,
                address.street,
                address.street2,
                `${address.postalCode} ${address.city}`,
                address.region,
                formatRegion(address.country, texts.locale),
              ].filter((part): part is string => Boolean(part))
            : []),
        ],
      },
    ],
    columns: [
      { header: t("col.position"), width: 0.6 },
      { header: t("col.description"), width: 4 },
      { header: t("col.quantity"), width: 1.2, align: "right" },
      { header: t("col.unit_price"), width: 1.5, align: "right" },
      { header: t("col.engineering"), width: 1.5, align: "right" },
      { header: t("col.amount"), width: 1.7, align: "right" },
    ],
    rows,
    totals: [],
    notes: [t("quote.note", { currency: quote.currency }), ...documentTaxNote(texts, quote.taxTreatment)],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    metadata: { author: siteConfig.brand.legalName, subject: quote.title },
    createdAt: issued,
  });
}
