import type { CreditNote } from "@ems/contracts/credit-notes";
import { documentTaxNote, documentTexts } from "../documents/document-texts.ts";
import { operatorAsSeller, type EInvoiceInput } from "../e-invoices/e-invoice-service.ts";
import { eInvoiceLines } from "../invoices/invoice-e-invoice.ts";

/**
 * A credit note as the e-invoices module's input (docs/behaviour/billing.md#e-invoices): type 381
 * with the invoice it corrects (BG-3), the credited quantities and amounts as positive figures, as a
 * UBL CreditNote and a CII 381 state them. Nothing is paid to the operator's account, so there are no
 * payment instructions; the payment terms say how the credit is settled. Texts in `language`.
 */
export function creditNoteEInvoiceInput(
  creditNote: CreditNote,
  order: { company_name: string; po_number: string; delivered_on: string | null },
  buyerEmail: string,
  language: string,
): EInvoiceInput {
  const texts = documentTexts(language);
  const { t } = texts;
  const address = creditNote.billing_address;
  return {
    kind: "credit_note",
    number: creditNote.number,
    issued_on: creditNote.issued_on,
    due_on: null,
    delivered_on: order.delivered_on,
    currency: creditNote.currency,
    seller: operatorAsSeller(texts),
    buyer: {
      name: order.company_name,
      address,
      contact: address.recipient,
      vat_id: creditNote.customer_vat_id,
      email: buyerEmail,
    },
    buyer_reference: order.po_number,
    purchase_order: order.po_number,
    sales_order: creditNote.order_number,
    lines: eInvoiceLines(texts, creditNote.lines),
    net_minor: creditNote.subtotal_minor,
    tax_minor: creditNote.tax_minor,
    gross_minor: creditNote.total_minor,
    tax_treatment: creditNote.tax_treatment,
    tax_rate_bp: creditNote.tax_rate_bp,
    preceding_invoice: { number: creditNote.invoice_number, issued_on: creditNote.invoice_issued_on },
    payment: null,
    payment_terms: t("credit_note.note", {
      total: texts.money(creditNote.total_minor, creditNote.currency),
      number: creditNote.invoice_number,
    }),
    notes: [
      t("credit_note.reason", { reason: creditNote.reason }),
      ...documentTaxNote(texts, creditNote.tax_treatment),
    ],
  };
}
