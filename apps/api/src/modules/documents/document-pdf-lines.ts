import type { DocumentAddress } from "@ems/contracts/orders";
import type { PdfColumn } from "../../lib/pdf/document-pdf.ts";
import type { DocumentTexts } from "./document-texts.ts";
import { formatNumber, formatRegion } from "@ems/i18n/format";

/*
 * Pieces the order, delivery note and invoice PDFs print alike. They live in this shared module so
 * deliveries and invoices need not reach into the orders module for them (ADR 0011).
 */

/**
 * An address as the documents print it, in the reader's language: the company, the recipient, the
 * street lines, postal code and city, the region and the country's name.
 */
export function addressLines(address: DocumentAddress, companyName: string, texts: DocumentTexts): string[] {
  const country = formatRegion(address.country, texts.locale);
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
/** The line's description, and under it the PCB specification version it is built to, if any. */
export function describedLine(
  texts: DocumentTexts,
  description: string,
  pcbSpec: { number: string; version: number } | null | undefined,
): string {
  return pcbSpec
    ? `${description}\n${texts.t("pcb.reference", { number: pcbSpec.number, version: pcbSpec.version })}`
    : description;
}

export function pricedRow(
  texts: DocumentTexts,
  currency: string,
  line: {
    position: number;
    description: string;
    quantity: number;
    unit_price_minor: number;
    amount_minor: number;
    pcb_spec?: { number: string; version: number } | null;
  },
): string[] {
  const oneOff = line.amount_minor - line.quantity * line.unit_price_minor;
  return [
    String(line.position),
    describedLine(texts, line.description, line.pcb_spec),
    formatNumber(line.quantity, texts.locale),
    texts.money(line.unit_price_minor, currency),
    oneOff > 0 ? texts.money(oneOff, currency) : "",
    texts.money(line.amount_minor, currency),
  ];
}
