import { setupI18n } from "@lingui/core";
import { PCB_SPEC_DEFAULTS, type PcbSpecFields } from "@ems/contracts/pcb-spec";
import { describe, expect, it } from "vitest";

import { messages } from "~/locales/en/messages";
import { messages as german } from "~/locales/de/messages";

import { changedFields, fieldText, findingText } from "./pcb-text";

const i18n = setupI18n({ locale: "en", messages: { en: messages } });
const spec: PcbSpecFields = {
  ...PCB_SPEC_DEFAULTS,
  name: "Motor driver",
  width_mm: 80,
  height_mm: 50.5,
  panel: { kind: "panel", boards_x: 3, boards_y: 2, separation: "v_score", rails_mm: 5, fiducials: true },
};

describe("specification texts", () => {
  it("words each kind of field with its unit or option text", () => {
    expect(fieldText(i18n, "en", "layers", spec)).toBe("2 layers");
    expect(fieldText(i18n, "en", "thickness_mm", spec)).toBe("1.6 mm");
    expect(fieldText(i18n, "en", "outer_copper_um", spec)).toBe("35 µm (1 oz)");
    expect(fieldText(i18n, "en", "surface_finish", spec)).toBe("ENIG (electroless nickel, immersion gold)");
    expect(fieldText(i18n, "en", "electrical_test", spec)).toBe("Yes");
    expect(fieldText(i18n, "en", "customer_part_number", spec)).toBe("Not given");
    expect(fieldText(i18n, "en", "panel", spec)).toBe("Panel of 3 × 2, V-score, rails 5 mm");
  });

  it("formats numbers in the reader's language", () => {
    const de = setupI18n({ locale: "de", messages: { de: german } });
    expect(fieldText(de, "de", "height_mm", spec)).toBe("50,5 mm");
  });

  it("lists the fields two versions differ in, in the form's order", () => {
    expect(changedFields(spec, { ...spec, layers: 4, inner_copper_um: 35, name: "Motor driver B" })).toEqual([
      "name",
      "layers",
      "inner_copper_um",
    ]);
    expect(changedFields(spec, { ...spec, panel: { ...spec.panel } })).toEqual([]);
  });

  it("says what a DFM finding found, against which limit, where and how often", () => {
    expect(
      findingText(i18n, "en", {
        rule: "track-width",
        severity: "error",
        measured: 0.0635,
        limit: 0.075,
        unit: "mm",
        layer: "board-F_Cu.gbr",
        x: 10,
        y: 20,
        count: 3,
      }),
    ).toBe(
      "Track narrower than we can etch · 0.064 mm, the limit is 0.075 mm · on board-F_Cu.gbr · 2 more places like this one",
    );
  });
});
