import { siteConfig } from "@ems/config/site";
import { SHIPPING_LINE_POSITION, type InvoiceDetails, type InvoiceLine } from "@ems/contracts/billing";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import {
  documentBrand,
  documentFooter,
  documentTaxNote,
  documentTexts,
  documentVatIds,
  type DocumentTexts,
} from "../documents/document-texts.ts";
import { addressLines, pricedColumns, pricedRow, taxRatePercent } from "../documents/document-pdf-lines.ts";

/** Billed lines as the invoice and credit note PDFs print them: by position, the shipping charge last. */
export function billedRows(
  texts: DocumentTexts,
  currency: string,
  lines: readonly InvoiceLine[],
): string[][] {
  const sorted = [...lines].sort(
    (a, b) =>
      Number(a.position === SHIPPING_LINE_POSITION) - Number(b.position === SHIPPING_LINE_POSITION) ||
      a.position - b.position,
  );
  return sorted.map((line) => {
    const row = pricedRow(texts, currency, line);
    if (line.position !== SHIPPING_LINE_POSITION) return row;
    return ["", `${texts.t("total.shipping")}: ${line.description}`, ...row.slice(2)];
  });
}

/**
 * The sales invoice PDF (docs/behaviour/billing.md#invoices) in the reader's language: the billed
 * lines (the shipping charge last), the totals, and either the bank details to pay to or the date it
 * was paid.
 */
export async function renderInvoicePdf(
  invoice: InvoiceDetails,
  company: { name: string },
  language: string,
): Promise<Buffer> {
  const texts = documentTexts(language);
  const { t } = texts;
  const money = (minor: number) => texts.money(minor, invoice.currency);
  const rows = billedRows(texts, invoice.currency, invoice.lines);
  const paid = invoice.status === "paid";
  const { holder, iban, bic } = siteConfig.legal.bank;

  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("invoice.title"),
    number: invoice.number,
    meta: [
      { label: t("label.date"), value: texts.date(invoice.issued_on) },
      { label: t("label.due_date"), value: texts.date(invoice.due_on) },
      { label: t("label.order"), value: invoice.order_number },
      { label: t("label.po_number"), value: invoice.po_number },
      {
        label: t("label.service_date"),
        value: invoice.delivered_on ? texts.date(invoice.delivered_on) : t("invoice.service_date_pending"),
      },
      ...documentVatIds(texts, invoice.customer_vat_id),
    ],
    parties: [
      { heading: t("party.bill_to"), lines: addressLines(invoice.billing_address, company.name, texts) },
    ],
    columns: pricedColumns(texts),
    rows,
    totals: [
      { label: t("total.subtotal"), value: money(invoice.subtotal_minor) },
      {
        label: t("total.tax", { rate: taxRatePercent(invoice.tax_rate_bp) }),
        value: money(invoice.tax_minor),
      },
      { label: t("total.total"), value: money(invoice.total_minor), emphasis: !paid },
      ...(paid
        ? [
            { label: t("total.paid"), value: money(invoice.total_minor) },
            { label: t("total.due"), value: money(0), emphasis: true },
          ]
        : []),
    ],
    notes: [
      paid && invoice.paid_at
        ? t("invoice.paid_note", { date: texts.date(new Date(invoice.paid_at)) })
        : t("invoice.note", {
            total: money(invoice.total_minor),
            due_date: texts.date(invoice.due_on),
            number: invoice.number,
            holder,
            iban,
            bic,
          }),
      ...documentTaxNote(texts, invoice.tax_treatment),
    ],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    createdAt: new Date(`${invoice.issued_on}T00:00:00Z`),
  });
}
