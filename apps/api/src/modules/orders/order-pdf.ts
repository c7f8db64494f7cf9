import type { DocumentAddress, OrderDetails } from "@ems/contracts/orders";
import { renderDocumentPdf, type PdfColumn } from "../../lib/pdf/document-pdf.ts";
import {
  documentBrand,
  documentFooter,
  documentTexts,
  type DocumentTexts,
} from "../documents/document-texts.ts";

/**
 * An address as the documents print it, in the reader's language: the company, the recipient, the
 * street lines, postal code and city, the region and the country's name.
 */
export function addressLines(address: DocumentAddress, companyName: string, texts: DocumentTexts): string[] {
  const countries = new Intl.DisplayNames([texts.locale], { type: "region" });
  let country = address.country;
  try {
    country = countries.of(address.country) ?? address.country;
  } catch {
    // A code Intl does not know is printed as stored.
  }
  return [
    companyName,
    address.recipient,
    address.street,
    address.street2,
    `${address.postal_code} ${address.city}`,
    address.region,
    country,
  ].filter((line): line is string => Boolean(line));
}

/** The tax rate as the totals label shows it (basis points → percent). */
export const taxRatePercent = (rateBp: number) => rateBp / 100;

/** Columns of a priced line table: position, description, quantity, unit price, one-off costs, amount. */
export function pricedColumns(texts: DocumentTexts): PdfColumn[] {
  const { t } = texts;
  return [
    { header: t("col.position"), width: 0.6, align: "right" },
    { header: t("col.description"), width: 3.6 },
    { header: t("col.quantity"), width: 1, align: "right" },
    { header: t("col.unit_price"), width: 1.3, align: "right" },
    { header: t("col.engineering"), width: 1.4, align: "right" },
    { header: t("col.amount"), width: 1.4, align: "right" },
  ];
}

/** One priced row; the one-off costs are what the amount holds beyond quantity × unit price. */
export function pricedRow(
  texts: DocumentTexts,
  currency: string,
  line: {
    position: number;
    description: string;
    quantity: number;
    unit_price_minor: number;
    amount_minor: number;
  },
): string[] {
  const quantity = new Intl.NumberFormat(texts.locale);
  const oneOff = line.amount_minor - line.quantity * line.unit_price_minor;
  return [
    String(line.position),
    line.description,
    quantity.format(line.quantity),
    texts.money(line.unit_price_minor, currency),
    oneOff > 0 ? texts.money(oneOff, currency) : "",
    texts.money(line.amount_minor, currency),
  ];
}

/**
 * SPEC §7 Sales order PDF: the order confirmation in the reader's language, with the lines, both
 * addresses, the totals and the terms of sale the customer accepted (version and date).
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
    ],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    createdAt: new Date(order.created_at),
  });
}
