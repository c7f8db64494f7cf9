import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { pcbSpecFormSchema, specFieldsOf } from "./pcb-form";

function formOf(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const twoLayer = {
  name: "Motor driver",
  layers: "2",
  width_mm: "80",
  height_mm: "50.5",
  thickness_mm: "1.6",
  material: "fr4",
  tg: "150",
  outer_copper_um: "35",
  min_track_um: "150",
  min_gap_um: "150",
  min_drill_mm: "0.3",
  surface_finish: "enig",
  mask_top: "green",
  mask_bottom: "green",
  silk_top: "white",
  silk_bottom: "white",
  via_treatment: "tented",
  ipc_class: "2",
  electrical_test: "on",
  "panel.kind": "single",
};

describe("the specification form", () => {
  it("reads numbers from selects and boxes from ticks, as the API's fields", () => {
    const result = parseWithZod(formOf(twoLayer), { schema: pcbSpecFormSchema });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const fields = specFieldsOf(result.value);
    expect(fields).toMatchObject({ layers: 2, width_mm: 80, height_mm: 50.5, thickness_mm: 1.6, tg: 150 });
    expect(fields.electrical_test).toBe(true);
    expect(fields.ul_marking).toBe(false);
    expect(fields.panel).toEqual({ kind: "single" });
    expect("gerber_file_id" in fields).toBe(false);
  });

  it("refuses what the operator does not offer, and the rules between fields, on the field to change", () => {
    const result = parseWithZod(
      formOf({ ...twoLayer, layers: "3", thickness_mm: "0.4", surface_finish: "hasl_lead_free" }),
      { schema: pcbSpecFormSchema },
    );
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error?.layers).toEqual(["NOT_OFFERED"]);

    const rules = parseWithZod(
      formOf({ ...twoLayer, layers: "4", thickness_mm: "0.4", surface_finish: "hasl_lead_free" }),
      { schema: pcbSpecFormSchema },
    );
    if (rules.status !== "error") throw new Error("the rules let the board through");
    expect(rules.error?.inner_copper_um).toEqual(["INNER_COPPER_NEEDED"]);
    expect(rules.error?.surface_finish).toEqual(["HASL_TOO_THIN"]);
  });

  it("reads a panel with its boards, separation and rails", () => {
    const result = parseWithZod(
      formOf({
        ...twoLayer,
        "panel.kind": "panel",
        "panel.boards_x": "3",
        "panel.boards_y": "2",
        "panel.separation": "v_score",
        "panel.rails_mm": "5",
        "panel.fiducials": "on",
      }),
      { schema: pcbSpecFormSchema },
    );
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(result.value.panel).toEqual({
        kind: "panel",
        boards_x: 3,
        boards_y: 2,
        separation: "v_score",
        rails_mm: 5,
        fiducials: true,
      });
  });
});
