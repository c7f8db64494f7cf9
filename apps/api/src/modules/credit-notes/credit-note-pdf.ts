import type { CreditNote } from "@ems/contracts/credit-notes";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import {
  documentBrand,
  documentFooter,
  documentTaxNote,
  documentTexts,
  documentVatIds,
} from "../documents/document-texts.ts";
import { addressLines, pricedColumns, taxRatePercent } from "../documents/document-pdf-lines.ts";
import { billedRows } from "../invoices/invoice-pdf.ts";

/**
 * The credit note PDF (docs/behaviour/billing.md#credit-notes) in the reader's language: the
 * invoice it corrects, why, the credited lines at the invoice's prices, the totals and the same tax
 * note, VAT IDs and legal footer as the invoice.
 */
export async function renderCreditNotePdf(
  creditNote: CreditNote,
  company: { name: string },
  language: string,
): Promise<Buffer> {
  const texts = documentTexts(language);
  const { t } = texts;
  const money = (minor: number) => texts.money(minor, creditNote.currency);

  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("credit_note.title"),
    number: creditNote.number,
    subject: t("credit_note.refers_to", {
      number: creditNote.invoice_number,
      date: texts.date(creditNote.invoice_issued_on),
    }),
    meta: [
      { label: t("label.date"), value: texts.date(creditNote.issued_on) },
      { label: t("label.invoice"), value: creditNote.invoice_number },
      { label: t("label.order"), value: creditNote.order_number },
      ...documentVatIds(texts, creditNote.customer_vat_id),
    ],
    parties: [
      { heading: t("party.bill_to"), lines: addressLines(creditNote.billing_address, company.name, texts) },
    ],
    columns: pricedColumns(texts),
    rows: billedRows(texts, creditNote.currency, creditNote.lines),
    totals: [
      { label: t("total.subtotal"), value: money(creditNote.subtotal_minor) },
      {
        label: t("total.tax", { rate: taxRatePercent(creditNote.tax_rate_bp) }),
        value: money(creditNote.tax_minor),
      },
      { label: t("credit_note.total"), value: money(creditNote.total_minor), emphasis: true },
    ],
    notes: [
      t("credit_note.reason", { reason: creditNote.reason }),
      t("credit_note.note", { total: money(creditNote.total_minor), number: creditNote.invoice_number }),
      ...documentTaxNote(texts, creditNote.tax_treatment),
    ],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    createdAt: new Date(`${creditNote.issued_on}T00:00:00Z`),
  });
}
