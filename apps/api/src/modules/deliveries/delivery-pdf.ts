import type { DeliveryNote } from "@ems/contracts/billing";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import { documentBrand, documentFooter, documentTexts } from "../documents/document-texts.ts";
import { addressLines } from "../documents/document-pdf-lines.ts";
import { formatNumber } from "@ems/i18n/format";

/** An order line's quantity still to ship: ordered minus what the delivery notes shipped. */
export interface LineToFollow {
  position: number;
  description: string;
  quantity: number;
}

/**
 * The delivery note PDF (docs/behaviour/orders.md#delivery-notes): what left the operator's site, in
 * the reader's language: the shipped lines and quantities (no prices), the shipping address, carrier
 * and tracking number; after a partial delivery, what is still to follow.
 */
export async function renderDeliveryPdf(
  note: DeliveryNote,
  toFollow: readonly LineToFollow[],
  company: { name: string },
  language: string,
): Promise<Buffer> {
  const texts = documentTexts(language);
  const { t } = texts;
  const meta = [
    { label: t("label.shipped_at"), value: texts.date(new Date(note.shipped_at)) },
    { label: t("label.order"), value: note.order_number },
    { label: t("label.po_number"), value: note.po_number },
    { label: t("label.carrier"), value: note.carrier },
  ];
  if (note.tracking_number) meta.push({ label: t("label.tracking"), value: note.tracking_number });

  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("delivery.title"),
    number: note.number,
    meta,
    parties: [
      { heading: t("party.ship_to"), lines: addressLines(note.shipping_address, company.name, texts) },
    ],
    columns: [
      { header: t("col.position"), width: 0.6, align: "right" },
      { header: t("col.description"), width: 6 },
      { header: t("col.quantity"), width: 1.2, align: "right" },
    ],
    rows: note.lines.map((line) => [
      String(line.position),
      line.description,
      formatNumber(line.quantity, texts.locale),
    ]),
    totals: [],
    notes: [
      ...(toFollow.length > 0
        ? [
            [
              t("delivery.to_follow"),
              ...toFollow.map((line) =>
                t("delivery.to_follow_line", {
                  position: line.position,
                  description: line.description,
                  quantity: formatNumber(line.quantity, texts.locale),
                }),
              ),
            ].join("\n"),
          ]
        : []),
      t("delivery.note"),
    ],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    createdAt: new Date(note.shipped_at),
  });
}
