import { describe, expect, it } from "vitest";

import { PCB_SPEC_DEFAULTS, PCB_SPEC_ERRORS, pcbSpecFieldsSchema, type PcbSpecFields } from "./pcb-spec.ts";

const board = (overrides: Partial<PcbSpecFields> = {}) => ({
  ...PCB_SPEC_DEFAULTS,
  name: "Sensor node main board",
  width_mm: 80,
  height_mm: 60,
  ...overrides,
});

/** The refusals as "field: code", in the order the schema found them. */
function refusals(input: unknown): string[] {
  const result = pcbSpecFieldsSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("pcbSpecFieldsSchema", () => {
  it("accepts the most common board as the form starts it", () => {
    expect(refusals(board())).toEqual([]);
  });

  it("accepts a demanding but buildable board", () => {
    expect(
      refusals(
        board({
          layers: 8,
          inner_copper_um: 18,
          thickness_mm: 1.6,
          material: "fr4_high_tg",
          tg: 170,
          min_track_um: 75,
          min_gap_um: 75,
          min_drill_mm: 0.15,
          surface_finish: "hard_gold",
          via_treatment: "filled_capped",
          impedance_control: true,
          stackup_notes: "50 Ω single-ended on L1/L3, 90 Ω USB pairs",
          edge_connector_bevel: true,
          ipc_class: "3",
          panel: {
            kind: "panel",
            boards_x: 3,
            boards_y: 2,
            separation: "v_score",
            rails_mm: 5,
            fiducials: true,
          },
        }),
      ),
    ).toEqual([]);
  });

  it("refuses a value the operator does not offer, on its field", () => {
    expect(refusals(board({ layers: 3 as never }))).toEqual([`layers: ${PCB_SPEC_ERRORS.notOffered}`]);
    expect(refusals(board({ surface_finish: "gold_plated_unicorn" as never }))).toEqual([
      `surface_finish: ${PCB_SPEC_ERRORS.notOffered}`,
    ]);
    expect(refusals(board({ thickness_mm: 1.57 as never }))).toEqual([
      `thickness_mm: ${PCB_SPEC_ERRORS.notOffered}`,
    ]);
  });

  it("refuses tracks, gaps and drills finer than the fab makes", () => {
    expect(refusals(board({ min_track_um: 50, min_gap_um: 60, min_drill_mm: 0.1 }))).toEqual([
      `min_track_um: ${PCB_SPEC_ERRORS.belowMinimum}`,
      `min_gap_um: ${PCB_SPEC_ERRORS.belowMinimum}`,
      `min_drill_mm: ${PCB_SPEC_ERRORS.belowMinimum}`,
    ]);
  });

  it("refuses impossible combinations on the field to change", () => {
    expect(refusals(board({ layers: 4 }))).toEqual([`inner_copper_um: ${PCB_SPEC_ERRORS.innerCopperNeeded}`]);
    expect(refusals(board({ inner_copper_um: 35 }))).toEqual([
      `inner_copper_um: ${PCB_SPEC_ERRORS.innerCopperWithoutInnerLayers}`,
    ]);
    expect(refusals(board({ tg: 170 }))).toEqual([`tg: ${PCB_SPEC_ERRORS.tgWithoutHighTgMaterial}`]);
    expect(refusals(board({ surface_finish: "hasl_lead_free", thickness_mm: 0.4 }))).toEqual([
      `surface_finish: ${PCB_SPEC_ERRORS.haslTooThin}`,
    ]);
    expect(refusals(board({ via_treatment: "filled_capped" }))).toEqual([
      `via_treatment: ${PCB_SPEC_ERRORS.filledViasNeedLayers}`,
    ]);
    expect(refusals(board({ edge_connector_bevel: true }))).toEqual([
      `edge_connector_bevel: ${PCB_SPEC_ERRORS.bevelNeedsHardGold}`,
    ]);
    expect(refusals(board({ impedance_control: true }))).toEqual([
      `stackup_notes: ${PCB_SPEC_ERRORS.impedanceNeedsStackup}`,
    ]);
    expect(refusals(board({ layers: 1, impedance_control: true, stackup_notes: "50 Ω" }))).toEqual([
      `impedance_control: ${PCB_SPEC_ERRORS.impedanceNeedsLayers}`,
    ]);
  });

  it("refuses a board or panel larger than the line takes, and a tiny board on its own", () => {
    expect(refusals(board({ width_mm: 570, height_mm: 500 }))).toEqual([
      `width_mm: ${PCB_SPEC_ERRORS.aboveMaximum}`,
    ]);
    // Turned a quarter it fits.
    expect(refusals(board({ width_mm: 470, height_mm: 570 }))).toEqual([]);
    const panel = {
      kind: "panel",
      boards_x: 8,
      boards_y: 2,
      separation: "tab_routing",
      rails_mm: 10,
      fiducials: true,
    };
    expect(refusals(board({ panel } as never))).toEqual([`panel.boards_x: ${PCB_SPEC_ERRORS.panelTooLarge}`]);
    expect(refusals(board({ width_mm: 8, height_mm: 6 }))).toEqual([
      `panel: ${PCB_SPEC_ERRORS.boardTooSmallAlone}`,
    ]);
    expect(
      refusals(
        board({
          width_mm: 8,
          height_mm: 6,
          panel: {
            kind: "panel",
            boards_x: 10,
            boards_y: 10,
            separation: "v_score",
            rails_mm: 5,
            fiducials: true,
          },
        }),
      ),
    ).toEqual([]);
  });

  it("refuses unknown fields and hostile text", () => {
    expect(refusals({ ...board(), company_id: "someone-else" })).toHaveLength(1);
    expect(refusals(board({ name: "Main\u0000board" }))).toHaveLength(1);
    expect(refusals(board({ name: "" }))).toHaveLength(1);
  });
});
