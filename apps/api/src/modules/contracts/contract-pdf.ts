import type { Contract } from "@ems/contracts/contracts";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import { documentBrand, documentFooter, documentTexts } from "../documents/document-texts.ts";

/**
 * A contract as a PDF in the reader's language: its kind, dates and annual volume in the heading,
 * the customer, then the title and the terms paragraph by paragraph (blank lines separate them).
 */
export async function renderContractPdf(
  contract: Contract,
  company: { name: string; vatId: string | null },
  language: string,
): Promise<Buffer> {
  const texts = documentTexts(language);
  const { t } = texts;
  const meta = [
    { label: t("label.date"), value: texts.date(new Date(contract.created_at)) },
    { label: t("label.kind"), value: t("contract_kind", { kind: contract.kind }) },
    { label: t("label.starts_on"), value: texts.date(contract.starts_on) },
    {
      label: t("label.ends_on"),
      value: contract.ends_on ? texts.date(contract.ends_on) : t("label.open_ended"),
    },
  ];
  if (contract.annual_volume_minor !== null)
    meta.push({
      label: t("label.annual_volume"),
      value: texts.money(contract.annual_volume_minor, contract.currency),
    });
  const paragraphs = contract.terms
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("contract.title"),
    number: contract.number,
    meta,
    parties: [
      {
        heading: t("party.customer"),
        lines: [company.name, ...(company.vatId ? [company.vatId] : [])],
      },
    ],
    columns: [],
    rows: [],
    totals: [],
    notes: [contract.title, ...paragraphs],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    metadata: { subject: contract.title },
    createdAt: new Date(contract.created_at),
  });
}
