import { siteConfig } from "@ems/config/site";
import type { PcbSpecFields } from "@ems/contracts/pcb-spec";
import type { PcbSpecVersion } from "@ems/contracts/pcbs";
import { formatNumber } from "@ems/i18n/format";
import { hasMessage } from "@ems/i18n/message-catalogs";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import {
  documentBrand,
  documentFooter,
  documentTexts,
  type DocumentTexts,
} from "../documents/document-texts.ts";

export interface PcbPdfInput {
  number: string;
  companyName: string;
  version: PcbSpecVersion;
  /** The board images the analysis rendered (PNG), when the version has them. */
  previews?: { top: Buffer | null; bottom: Buffer | null };
  /** The reader's language; the texts fall back to English. */
  language: string;
}

/** The fields in the order of the form (docs/behaviour/engineering.md#specification-fields). */
const FIELD_ORDER: readonly (keyof PcbSpecFields)[] = [
  "name",
  "customer_part_number",
  "revision",
  "layers",
  "width_mm",
  "height_mm",
  "thickness_mm",
  "material",
  "tg",
  "outer_copper_um",
  "inner_copper_um",
  "min_track_um",
  "min_gap_um",
  "min_drill_mm",
  "surface_finish",
  "mask_top",
  "mask_bottom",
  "silk_top",
  "silk_bottom",
  "via_treatment",
  "impedance_control",
  "stackup_notes",
  "edge_plating",
  "castellated_holes",
  "edge_connector_bevel",
  "ipc_class",
  "ul_marking",
  "date_code",
  "electrical_test",
  "panel",
  "notes",
];

/** Fields whose value is one of a list, and the catalog group that words it. */
const CHOICES: Partial<Record<keyof PcbSpecFields, string>> = {
  material: "material",
  surface_finish: "finish",
  mask_top: "mask",
  mask_bottom: "mask",
  silk_top: "silk",
  silk_bottom: "silk",
  via_treatment: "via",
  ipc_class: "ipc",
};

/** A choice's word, or the stored value when the catalog has none (a choice the operator added since). */
const choice = (texts: DocumentTexts, key: string, value: string) =>
  hasMessage("documents", "en", key) ? texts.t(key) : value;

function fieldRows(texts: DocumentTexts, fields: PcbSpecFields): string[][] {
  const { t } = texts;
  const number = (value: number) => formatNumber(value, texts.locale);
  const rows: string[][] = [];
  for (const key of FIELD_ORDER) {
    const value = fields[key];
    if (value === undefined || value === "") continue;
    const label = t(`pcb.field.${key}`);
    const group = CHOICES[key];
    if (group) rows.push([label, choice(texts, `pcb.${group}.${String(value)}`, String(value))]);
    else if (typeof value === "boolean") rows.push([label, t(value ? "pcb.yes" : "pcb.no")]);
    else if (key === "layers") rows.push([label, t("pcb.layers_value", { count: fields.layers })]);
    else if (key === "tg") rows.push([label, t("pcb.tg_value", { value: fields.tg })]);
    else if (key === "thickness_mm")
      rows.push([label, t("pcb.unit_mm", { value: number(fields.thickness_mm) })]);
    else if (key === "outer_copper_um" || key === "inner_copper_um")
      rows.push([label, t("pcb.unit_um", { value: number(value as number) })]);
    else if (key === "panel") {
      const panel = fields.panel;
      rows.push([label, t(`pcb.panel_kind.${panel.kind}`)]);
      if (panel.kind === "panel")
        rows.push(
          [t("pcb.field.panel_boards_x"), number(panel.boards_x)],
          [t("pcb.field.panel_boards_y"), number(panel.boards_y)],
          [t("pcb.field.panel_separation"), t(`pcb.separation.${panel.separation}`)],
          [t("pcb.field.panel_rails_mm"), number(panel.rails_mm)],
          [t("pcb.field.panel_fiducials"), t(panel.fiducials ? "pcb.yes" : "pcb.no")],
        );
    } else rows.push([label, typeof value === "number" ? number(value) : String(value)]);
  }
  return rows;
}

interface StoredBoard {
  layers?: number;
  size?: { widthMm?: number; heightMm?: number };
  minTrackMm?: number | null;
  minDrillMm?: number | null;
  drills?: { holes?: number; slots?: number };
}
interface StoredDfm {
  findings?: { rule?: string; severity?: string }[];
}

/** What the analysis read from the files, and the DFM summary with one line per rule that found something. */
function analysisRows(texts: DocumentTexts, analysis: NonNullable<PcbSpecVersion["analysis"]>): string[][] {
  const { t } = texts;
  const board = analysis.board as StoredBoard;
  const dfm = analysis.dfm as StoredDfm;
  const mm = (value: number | null | undefined) =>
    value === null || value === undefined
      ? "–"
      : t("pcb.unit_mm", { value: formatNumber(value, texts.locale) });
  const rows: string[][] = [[t("pcb.detected"), ""]];
  if (board.layers !== undefined)
    rows.push([t("pcb.detected_layers"), t("pcb.layers_value", { count: board.layers })]);
  if (board.size?.widthMm !== undefined && board.size.heightMm !== undefined)
    rows.push([t("pcb.detected_size"), `${mm(board.size.widthMm)} × ${mm(board.size.heightMm)}`]);
  rows.push(
    [t("pcb.detected_min_track"), mm(board.minTrackMm)],
    [t("pcb.detected_min_drill"), mm(board.minDrillMm)],
  );
  if (board.drills)
    rows.push([
      t("pcb.detected_drills"),
      t("pcb.detected_drills_value", { holes: board.drills.holes ?? 0, slots: board.drills.slots ?? 0 }),
    ]);
  const findings = dfm.findings ?? [];
  const errors = findings.filter((finding) => finding.severity === "error").length;
  const warnings = findings.filter((finding) => finding.severity === "warning").length;
  rows.push([
    t("pcb.dfm"),
    findings.length === 0 ? t("pcb.dfm_clean") : t("pcb.dfm_summary", { errors, warnings }),
  ]);
  const rules = [
    ...new Set(findings.map((finding) => finding.rule).filter((rule): rule is string => !!rule)),
  ];
  for (const rule of rules) {
    const count = findings.filter((finding) => finding.rule === rule).length;
    rows.push([choice(texts, `pcb.dfm.rule.${rule}`, rule), formatNumber(count, texts.locale)]);
  }
  return rows;
}

/**
 * A version of a PCB specification as a PDF in the reader's language: every field with its label and
 * value, what the analysis of its Gerber files read and found once it is done, and the board's images.
 */
export async function renderPcbPdf(input: PcbPdfInput): Promise<Buffer> {
  const texts = documentTexts(input.language);
  const { t } = texts;
  const { version } = input;
  const analysis = version.analysis_status === "done" ? version.analysis : null;
  return renderDocumentPdf({
    language: texts.locale,
    brand: documentBrand(),
    title: t("pcb.title"),
    number: input.number,
    meta: [
      { label: t("label.date"), value: texts.date(version.created_at) },
      { label: t("pcb.version_item", { version: version.version }), value: version.name },
    ],
    parties: [{ heading: t("party.customer"), lines: [input.companyName] }],
    columns: [
      { header: t("pcb.col.field"), width: 2 },
      { header: t("pcb.col.value"), width: 3 },
    ],
    rows: [...fieldRows(texts, version.fields), ...(analysis ? analysisRows(texts, analysis) : [])],
    totals: [],
    images: [
      ...(input.previews?.top ? [{ caption: t("pcb.preview_top"), png: input.previews.top }] : []),
      ...(input.previews?.bottom ? [{ caption: t("pcb.preview_bottom"), png: input.previews.bottom }] : []),
    ],
    notes: [],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => t("page", { page, pages }),
    metadata: { author: siteConfig.brand.legalName, subject: `${input.number} ${version.name}` },
    createdAt: new Date(version.created_at),
  });
}
