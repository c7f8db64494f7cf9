import type { I18n } from "@lingui/core";
import { pcbSpecFieldsShape, type PcbSpecFields } from "@ems/contracts/pcb-spec";
import type { DfmFinding } from "@ems/gerber/dfm";
import { formatNumber } from "@ems/i18n/format";

/**
 * How a specification's fields read on the sheet, in the comparison of two versions and beside the
 * DFM findings: one wording per field, the same everywhere.
 */

export type SpecField = keyof PcbSpecFields;

/** The fields in the order the form and the sheet show them. */
export const SPEC_FIELDS = Object.keys(pcbSpecFieldsShape) as SpecField[];

const CHOICE_PREFIX: Partial<Record<SpecField, string>> = {
  material: "pcbs.material.",
  surface_finish: "pcbs.finish.",
  mask_top: "pcbs.mask.",
  mask_bottom: "pcbs.mask.",
  silk_top: "pcbs.silk.",
  silk_bottom: "pcbs.silk.",
  via_treatment: "pcbs.via.",
  ipc_class: "pcbs.ipc.",
};

/** Millimetres, micrometres and copper weight (µm with its ounces) in the reader's language. */
export function unitTexts(i18n: I18n, locale: string) {
  const n = (value: number) => formatNumber(value, locale);
  return {
    mm: (value: number) => i18n._("pcbs.unit_mm", { value: n(value) }),
    um: (value: number) => i18n._("pcbs.unit_um", { value: n(value) }),
    // 35 µm is one ounce per square foot; fabs quote copper in half ounces.
    copper: (value: number) =>
      i18n._("pcbs.unit_copper", { value: n(value), oz: n(Math.round((value / 35) * 2) / 2) }),
  };
}

/** One field's value as the user reads it ("1.6 mm", "ENIG (…)", "Yes"); "Not given" when empty. */
export function fieldText(
  i18n: I18n,
  locale: string,
  field: SpecField,
  spec: Partial<PcbSpecFields>,
): string {
  const value = spec[field];
  if (value === undefined || value === null || value === "") return i18n._("pcbs.not_given");
  const { mm, um, copper } = unitTexts(i18n, locale);
  const prefix = CHOICE_PREFIX[field];
  if (prefix) return i18n._(`${prefix}${String(value)}`);
  if (typeof value === "boolean") return i18n._(value ? "pcbs.yes" : "pcbs.no");
  switch (field) {
    case "layers":
      return i18n._("pcbs.layers_value", { count: value as number });
    case "width_mm":
    case "height_mm":
    case "thickness_mm":
    case "min_drill_mm":
      return mm(value as number);
    case "min_track_um":
    case "min_gap_um":
      return um(value as number);
    case "outer_copper_um":
    case "inner_copper_um":
      return copper(value as number);
    case "tg":
      return i18n._("pcbs.tg_value", { value: value as number });
    case "panel": {
      const panel = value as PcbSpecFields["panel"];
      if (panel.kind === "single") return i18n._("pcbs.panel_kind.single");
      return i18n._("pcbs.panel_value", {
        x: panel.boards_x,
        y: panel.boards_y,
        separation: i18n._(`pcbs.separation.${panel.separation}`),
        rails: mm(panel.rails_mm),
      });
    }
    default:
      return String(value);
  }
}

/** The fields whose values differ between two versions, in the form's order. */
export function changedFields(before: Partial<PcbSpecFields>, after: Partial<PcbSpecFields>): SpecField[] {
  return SPEC_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** A DFM finding in one line: what, how much against the limit, where. */
export function findingText(i18n: I18n, locale: string, finding: DfmFinding): string {
  const parts = [i18n._(`pcbs.dfm.rule.${finding.rule}`)];
  if (finding.measured !== null && finding.limit !== null) {
    // Up to three decimals: micrometres, as a fab quotes track widths.
    parts.push(
      i18n._(finding.unit === "layers" ? "pcbs.dfm.measured_layers" : "pcbs.dfm.measured_mm", {
        measured: formatNumber(finding.measured, locale),
        limit: formatNumber(finding.limit, locale),
      }),
    );
  }
  if (finding.layer) parts.push(i18n._("pcbs.dfm.on_layer", { layer: finding.layer }));
  if (finding.count > 1) parts.push(i18n._("pcbs.dfm_more", { count: finding.count - 1 }));
  return parts.join(" · ");
}
