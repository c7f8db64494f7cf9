import type { OrderDetails } from "@ems/contracts/orders";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import { addressLines, pricedColumns, pricedRow, taxRatePercent } from "../documents/document-pdf-lines.ts";
import {
  documentBrand,
  documentFooter,
  documentTaxNote,
  documentTexts,
  documentVatIds,
} from "../documents/document-texts.ts";

/**
 * The sales order PDF (docs/behaviour/orders.md#order-details): the order confirmation in the
 * reader's language, with the lines, both addresses, the totals and the terms of sale the customer
 * accepted (version and date).
 */
export async function renderOrderPdf(
  order: OrderDetails,
  company: { name: string },
  language: string,
): Promise<Buffer> {
  const texts = documentTexts(language);
  const { t } = texts;
  const money = (minor: number) => texts.money(minor, order.currency);
  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("order.title"),
    number: order.number,
    meta: [
      { label: t("label.date"), value: texts.date(new Date(order.created_at)) },
      { label: t("label.po_number"), value: order.po_number },
      { label: t("label.quote"), value: order.quote_number },
      { label: t("label.delivery_date"), value: texts.date(order.delivery_date) },
      { label: t("label.parcel_service"), value: order.parcel_service.name },
      ...documentVatIds(texts, order.customer_vat_id),
    ],
    parties: [
      { heading: t("party.bill_to"), lines: addressLines(order.billing_address, company.name, texts) },
      { heading: t("party.ship_to"), lines: addressLines(order.shipping_address, company.name, texts) },
    ],
    columns: pricedColumns(texts),
    rows: order.lines.map((line) => pricedRow(texts, order.currency, line)),
    totals: [
      { label: t("total.shipping"), value: money(order.shipping_minor) },
      { label: t("total.subtotal"), value: money(order.subtotal_minor) },
      { label: t("total.tax", { rate: taxRatePercent(order.tax_rate_bp) }), value: money(order.tax_minor) },
      { label: t("total.total"), value: money(order.total_minor), emphasis: true },
    ],
    notes: [
      t("order.note", {
        version: order.terms_version,
        date: texts.date(new Date(order.terms_accepted_at)),
      }),
      ...documentTaxNote(texts, order.tax_treatment),
    ],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    createdAt: new Date(order.created_at),
  });
}
