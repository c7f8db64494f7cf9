import type { MaterialRequest } from "@ems/contracts/material-requests";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import { documentBrand, documentFooter, documentTexts } from "../documents/document-texts.ts";
import { formatNumber } from "@ems/i18n/format";

/**
 * The material request PDF (docs/behaviour/billing.md#material-requests): the delivery notice the
 * customer prints and puts on the packages, in the reader's language: the parts table, the expected
 * date, the carrier and the marking note.
 */
export async function renderMaterialRequestPdf(
  request: MaterialRequest,
  company: { name: string },
  language: string,
): Promise<Buffer> {
  const texts = documentTexts(language);
  const { t } = texts;
  const meta = [
    { label: t("label.date"), value: texts.date(new Date(request.created_at)) },
    { label: t("label.expected_on"), value: texts.date(request.expected_on) },
  ];
  if (request.order_number) meta.push({ label: t("label.order"), value: request.order_number });
  if (request.carrier) meta.push({ label: t("label.carrier"), value: request.carrier });
  if (request.tracking_number) meta.push({ label: t("label.tracking"), value: request.tracking_number });

  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("material.title"),
    number: request.number,
    meta,
    parties: [{ heading: t("party.customer"), lines: [company.name] }],
    columns: [
      { header: t("col.position"), width: 0.6, align: "right" },
      { header: t("col.mpn"), width: 2 },
      { header: t("col.manufacturer"), width: 1.7 },
      { header: t("col.description"), width: 2.8 },
      { header: t("col.quantity"), width: 1.1, align: "right" },
      { header: t("col.packaging"), width: 1.1 },
    ],
    rows: request.lines.map((line, index) => [
      String(index + 1),
      line.mpn,
      line.manufacturer ?? "",
      line.description ?? "",
      formatNumber(line.quantity, texts.locale),
      t("packaging", { packaging: line.packaging }),
    ]),
    totals: [],
    notes: [t("material.note", { number: request.number }), ...(request.notes ? [request.notes] : [])],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    createdAt: new Date(request.created_at),
  });
}
