import { capabilities } from "@ems/config/capabilities";
import { siteConfig } from "@ems/config/site";
import { checklistSections, type KnowledgeBase } from "@ems/content/knowledge-base";
import { claimValues } from "@ems/content/values";
import type { Locale } from "@ems/i18n/locales";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import { documentBrand, documentFooter, documentTexts } from "../documents/document-texts.ts";
import { formatNumber } from "@ems/i18n/format";
import type { ResourceDocument } from "@ems/contracts/public-paths";

/** The downloads of the resources page (issue 7): documents the product generates, in 12 languages. */

/** The checklist articles the design-rule checklist is made of, in this order. */
const CHECKLIST_ARTICLES = ["pcb-design-checklist", "pcba-assembly-design-checklist"] as const;

/** The edition a document shows: the month it was generated in, so a printout can be dated. */
function edition(at: Date): string {
  return at.toISOString().slice(0, 7);
}

function designRuleChecklist(kb: KnowledgeBase, locale: Locale, at: Date) {
  const texts = documentTexts(locale);
  const rows = CHECKLIST_ARTICLES.flatMap((id) =>
    checklistSections(kb, locale, id).flatMap((section) =>
      section.items.map((item) => ["[   ]", item, section.title]),
    ),
  );
  const [first, second] = CHECKLIST_ARTICLES.map((id) => kb.article(locale, id)?.title ?? id);
  return renderDocumentPdf({
    language: locale,
    brand: documentBrand(),
    title: texts.t("resources.checklist.title"),
    number: edition(at),
    meta: [{ label: texts.t("resources.label.edition"), value: texts.date(at) }],
    parties: [],
    columns: [
      { header: texts.t("resources.checklist.col_done"), width: 1 },
      { header: texts.t("resources.checklist.col_check"), width: 9 },
      { header: texts.t("resources.checklist.col_section"), width: 3 },
    ],
    rows,
    totals: [],
    notes: [
      texts.t("resources.checklist.subtitle"),
      texts.t("resources.checklist.note_source", { first: first!, second: second!, date: texts.date(at) }),
      texts.t("resources.checklist.note_help", { email: siteConfig.contact.email }),
    ],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => texts.t("page", { page, pages }),
    metadata: { author: siteConfig.brand.legalName, subject: texts.t("resources.checklist.title") },
    createdAt: at,
  });
}

function capabilitySheet(locale: Locale, at: Date) {
  const texts = documentTexts(locale);
  const claims = claimValues(locale);
  const number = (value: number) => formatNumber(value, locale);
  const { smt, boards, bareBoards, quantities, leadTimes } = capabilities;
  const row = (key: string, values: Record<string, string | number> = {}) => [
    texts.t(`resources.capabilities.${key}`),
    texts.t(`resources.capabilities.${key}_value`, values),
  ];
  return renderDocumentPdf({
    language: locale,
    brand: documentBrand(),
    title: texts.t("resources.capabilities.title"),
    number: edition(at),
    meta: [{ label: texts.t("resources.label.edition"), value: texts.date(at) }],
    parties: [],
    columns: [
      { header: texts.t("resources.capabilities.col_area"), width: 3 },
      { header: texts.t("resources.capabilities.col_capability"), width: 9 },
    ],
    rows: [
      row("smt", {
        passive: smt.smallestPassive,
        pitch: number(smt.finePitchMm),
        bga: number(smt.bgaPitchMm),
        accuracy: smt.placementAccuracyUm,
        cph: number(smt.componentsPerHourPerLine),
        lines: smt.lines,
      }),
      row("boards", {
        minX: boards.minMm[0],
        minY: boards.minMm[1],
        maxX: boards.maxMm[0],
        maxY: boards.maxMm[1],
        minT: number(boards.thicknessMm[0]),
        maxT: number(boards.thicknessMm[1]),
        height: boards.componentHeightMm,
      }),
      row("soldering"),
      row("inspection"),
      row("bare", {
        minL: bareBoards.layers[0],
        maxL: bareBoards.layers[1],
        track: bareBoards.trackSpaceUm,
        drill: number(bareBoards.mechanicalDrillMm),
        laser: number(bareBoards.laserViaMm),
        minT: number(bareBoards.thicknessMm[0]),
        maxT: number(bareBoards.thicknessMm[1]),
        minCu: bareBoards.copperUm[0],
        maxCu: bareBoards.copperUm[1],
        impedance: bareBoards.impedanceTolerancePct,
      }),
      row("finishes"),
      row("other"),
      row("quantities", { min: quantities.min, max: number(quantities.maxPerOrder) }),
      row("lead_times", {
        days: claims.days,
        minDays: leadTimes.standardDays[0],
        maxDays: leadTimes.standardDays[1],
        bareDays: leadTimes.bareBoardsFromDays,
      }),
      row("quality", { certifications: claims.certifications }),
      row("sites", { sites: claims.sites, employees: claims.employees, founded: claims.foundedYear }),
    ],
    totals: [],
    notes: [texts.t("resources.capabilities.subtitle")],
    footer: documentFooter(texts),
    pageLabel: (page, pages) => texts.t("page", { page, pages }),
    metadata: { author: siteConfig.brand.legalName, subject: texts.t("resources.capabilities.title") },
    createdAt: at,
  });
}

/** Renders a download in a language; the same day gives the same bytes (the date is the day's start). */
export function renderResource(kb: KnowledgeBase, name: ResourceDocument, locale: Locale, now = new Date()) {
  const day = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return name === "design-rule-checklist"
    ? designRuleChecklist(kb, locale, day)
    : capabilitySheet(locale, day);
}

/** The file name a download is saved under, in the document's language. */
export function resourceFileName(name: ResourceDocument, locale: Locale): string {
  return `${siteConfig.brand.productSlug}-${name}-${locale}`;
}
