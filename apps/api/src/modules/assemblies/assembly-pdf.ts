import { siteConfig } from "@ems/config/site";
import type { AssemblyVersion, BomDto, ProductionBom } from "@ems/contracts/assemblies";
import type { AssemblySpecFields } from "@ems/contracts/assembly-spec";
import { formatNumber } from "@ems/i18n/format";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import {
  documentBrand,
  documentFooter,
  documentTexts,
  type DocumentTexts,
} from "../documents/document-texts.ts";

export interface AssemblyPdfInput {
  number: string;
  companyName: string;
  version: AssemblyVersion;
  /** The BOM version the specification version names, when it has one. */
  bom: Pick<BomDto, "version" | "counts"> | null;
  language: string;
}

/** The fields in the order of the form; the choices each have a catalog group. */
const FIELD_ORDER: readonly (keyof AssemblySpecFields)[] = [
  "name",
  "customer_part_number",
  "revision",
  "top_smt",
  "top_tht",
  "bottom_smt",
  "bottom_tht",
  "parts_sourcing",
  "stencil",
  "conformal_coating",
  "aoi",
  "xray",
  "electrical_test",
  "functional_test",
  "programming",
  "programming_notes",
  "packaging",
  "quantity_tiers",
  "notes",
];

const CHOICES: Partial<Record<keyof AssemblySpecFields, string>> = {
  parts_sourcing: "sourcing",
  stencil: "stencil",
  conformal_coating: "coating",
  electrical_test: "etest",
  packaging: "packaging",
};

function fieldRows(texts: DocumentTexts, fields: AssemblySpecFields): string[][] {
  const { t } = texts;
  const rows: string[][] = [];
  for (const key of FIELD_ORDER) {
    const value = fields[key];
    if (value === undefined || value === "") continue;
    const label = t(`pcba.field.${key}`);
    const group = CHOICES[key];
    if (group) rows.push([label, t(`pcba.${group}.${String(value)}`)]);
    else if (typeof value === "boolean") rows.push([label, t(value ? "pcb.yes" : "pcb.no")]);
    else if (Array.isArray(value))
      rows.push([label, value.map((n) => formatNumber(n, texts.locale)).join(", ")]);
    else rows.push([label, String(value)]);
  }
  return rows;
}

/**
 * A version of an assembly specification as a PDF in the reader's language: its fields, the PCB
 * specification version it builds on, and what its BOM and pick-and-place data hold.
 */
export async function renderAssemblyPdf(input: AssemblyPdfInput): Promise<Buffer> {
  const texts = documentTexts(input.language);
  const { t } = texts;
  const { version } = input;
  const count = (value: number) => formatNumber(value, texts.locale);
  const data: string[][] = [];
  if (version.pcb)
    data.push([
      t("pcba.pcb"),
      t("pcba.pcb_value", {
        number: version.pcb.number,
        version: version.pcb.version,
        name: version.pcb.name,
      }),
    ]);
  if (input.bom)
    data.push([
      t("pcba.bom"),
      t("pcba.bom_value", {
        version: input.bom.version,
        lines: input.bom.counts.lines,
        parts: input.bom.counts.placed_parts,
      }),
    ]);
  if (version.placements)
    data.push([
      t("pcba.placements"),
      t("pcba.placements_value", {
        top: count(version.placements.top),
        bottom: count(version.placements.bottom),
      }),
    ]);
  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("pcba.title"),
    number: input.number,
    meta: [
      { label: t("label.date"), value: texts.date(version.created_at) },
      { label: t("pcb.version_item", { version: version.version }), value: version.fields.name },
    ],
    parties: [{ heading: t("party.customer"), lines: [input.companyName] }],
    columns: [
      { header: t("pcb.col.field"), width: 2 },
      { header: t("pcb.col.value"), width: 3 },
    ],
    rows: [...fieldRows(texts, version.fields), ...data],
    totals: [],
    notes: [],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    metadata: { author: siteConfig.brand.legalName, subject: `${input.number} ${version.fields.name}` },
    createdAt: new Date(version.created_at),
  });
}

export interface ProductionBomPdfInput {
  production: ProductionBom;
  companyName: string;
  language: string;
}

/**
 * The production BOM as the factory builds it: one row per fitted line with the part to place, a
 * substitute marked with the MPN it replaces and why, and who supplies it; DNP designators listed.
 */
export async function renderProductionBomPdf(input: ProductionBomPdfInput): Promise<Buffer> {
  const texts = documentTexts(input.language);
  const { t } = texts;
  const { production } = input;
  const count = (value: number) => formatNumber(value, texts.locale);
  const rows = production.lines.map((line) => {
    const part = [line.manufacturer, line.mpn].filter(Boolean).join(" ");
    const swap = line.substituted_for
      ? `\n${t("pbom.substitute", { mpn: line.substituted_for, reason: line.substitution_reason ?? "" })}`
      : "";
    return [
      String(line.position),
      line.designators.join(", "),
      count(line.quantity),
      [line.value, line.footprint].filter(Boolean).join(" · "),
      `${part || "–"}${line.part_number ? `\n${line.part_number}` : ""}${swap}`,
      t(line.consigned ? "pbom.supplied_customer" : "pbom.supplied_us"),
    ];
  });
  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("pbom.title"),
    number: production.number,
    meta: [
      { label: t("label.date"), value: texts.date(production.released_at) },
      { label: t("pbom.bom_version"), value: String(production.bom_version) },
    ],
    parties: [{ heading: t("party.customer"), lines: [input.companyName, production.name] }],
    columns: [
      { header: t("pbom.col.position"), width: 0.5, align: "right" },
      { header: t("pbom.col.designators"), width: 2 },
      { header: t("pbom.col.quantity"), width: 0.6, align: "right" },
      { header: t("pbom.col.value"), width: 1.6 },
      { header: t("pbom.col.part"), width: 2.4 },
      { header: t("pbom.col.supplied"), width: 1 },
    ],
    rows,
    totals: [],
    notes: production.dnp.length > 0 ? [t("pbom.dnp", { designators: production.dnp.join(", ") })] : [],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    metadata: { author: siteConfig.brand.legalName, subject: `${production.number} ${production.name}` },
    createdAt: new Date(production.released_at),
  });
}
