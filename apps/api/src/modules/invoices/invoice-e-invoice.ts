import { siteConfig } from "@ems/config/site";
import { SHIPPING_LINE_POSITION, type InvoiceDetails, type InvoiceLine } from "@ems/contracts/billing";
import { documentTaxNote, documentTexts, type DocumentTexts } from "../documents/document-texts.ts";
import { operatorAsSeller, type EInvoiceInput } from "../e-invoices/e-invoice-service.ts";

/** A document's lines as e-invoice lines; the shipping charge (position 0) says that it is one. */
export function eInvoiceLines(texts: DocumentTexts, lines: readonly InvoiceLine[]): EInvoiceInput["lines"] {
  return lines.map((line) =>
    line.position === SHIPPING_LINE_POSITION
      ? { ...line, description: `${texts.t("total.shipping")}: ${line.description}` }
      : line,
  );
}

/**
 * A sales invoice as the e-invoices module's input (docs/behaviour/billing.md#e-invoices): the same
 * facts the printed invoice shows, with its texts (payment terms, tax wording) in `language`.
 * `buyerEmail` is the buyer's electronic address (BT-49): a member of the company who pays invoices.
 */
export function invoiceEInvoiceInput(
  invoice: InvoiceDetails,
  company: { name: string },
  buyerEmail: string,
  language: string,
): EInvoiceInput {
  const texts = documentTexts(language);
  const { t } = texts;
  const address = invoice.billing_address;
  const { holder, iban, bic } = siteConfig.legal.bank;
  return {
    kind: "invoice",
    number: invoice.number,
    issued_on: invoice.issued_on,
    due_on: invoice.due_on,
    delivered_on: invoice.delivered_on,
    currency: invoice.currency,
    seller: operatorAsSeller(texts),
    buyer: {
      name: company.name,
      address,
      contact: address.recipient,
      vat_id: invoice.customer_vat_id,
      email: buyerEmail,
    },
    buyer_reference: invoice.po_number ?? invoice.order_number,
    purchase_order: invoice.po_number,
    sales_order: invoice.order_number,
    lines: eInvoiceLines(texts, invoice.lines),
    net_minor: invoice.subtotal_minor,
    tax_minor: invoice.tax_minor,
    gross_minor: invoice.total_minor,
    tax_treatment: invoice.tax_treatment,
    tax_rate_bp: invoice.tax_rate_bp,
    preceding_invoice: null,
    payment: { iban, bic, holder },
    payment_terms: t("invoice.note", {
      total: texts.money(invoice.total_minor, invoice.currency),
      due_date: texts.date(invoice.due_on),
      number: invoice.number,
      holder,
      iban,
      bic,
    }),
    notes: documentTaxNote(texts, invoice.tax_treatment),
  };
}
