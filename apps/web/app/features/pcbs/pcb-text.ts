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

/** One field's value as the user reads it ("1.6 mm", "ENIG (…)", "Yes"); "Not given" when empty. */
export function fieldText(
  i18n: I18n,
  locale: string,
  field: SpecField,
  spec: Partial<PcbSpecFields>,
): string {
  const value = spec[field];
  if (value === undefined || value === null || value === "") return i18n._("pcbs.not_given");
  const n = (v: number) => formatNumber(v, locale);
  const mm = (v: number) => i18n._("pcbs.unit_mm", { value: n(v) });
  const um = (v: number) => i18n._("pcbs.unit_um", { value: n(v) });
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
    case "inner_copper_um": {
      const copper = value as number;
      return i18n._("pcbs.unit_copper", { value: n(copper), oz: n(Math.round((copper / 35) * 2) / 2) });
    }
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
