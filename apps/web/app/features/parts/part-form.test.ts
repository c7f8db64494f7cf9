import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { majorToMinor, minorToMajor } from "./part-amount";
import {
  changedFields,
  editDefaultsOf,
  editValuesOf,
  filledMpnRows,
  partCreateForm,
  partEditForm,
  partMpnAddForm,
  partSeriesForm,
  seriesNumber,
} from "./part-form";

const ID = "0b6f3f5e-6a43-4c1e-9a3e-2f6f2d1f0a11";

function formData(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const PART = {
  id: ID,
  company_id: ID,
  company_name: "Falcan Robotics AB",
  part_number: "P-00001",
  description: "Resistor 10k 0603",
  type: "resistor" as const,
  msl: null,
  polarized: false,
  lifecycle: null,
  valuation_rate: { amount_minor: 12, currency: "EUR" as const },
  comment: null,
  mpns: [],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

describe("the new part's form", () => {
  it("reads the form into the API's body: rate in minor units, MPN rows, blanks left out", () => {
    const submission = parseWithZod(
      formData({
        part_number: "",
        description: "Buck converter 3 A",
        type: "ic",
        msl: "3",
        lifecycle: "nrnd",
        polarized: "on",
        "valuation_rate.amount_minor": "1,25",
        "valuation_rate.currency": "EUR",
        comment: "",
        "mpns[0].manufacturer": "TI",
        "mpns[0].mpn": "TPS62130RGTR",
        "mpns[1].manufacturer": "",
        "mpns[1].mpn": "TPS62130RGTT",
        "mpns[2].manufacturer": "",
        "mpns[2].mpn": "",
      }),
      { schema: partCreateForm },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      description: "Buck converter 3 A",
      type: "ic",
      msl: "3",
      lifecycle: "nrnd",
      polarized: true,
      valuation_rate: { amount_minor: 125, currency: "EUR" },
      mpns: [{ manufacturer: "TI", mpn: "TPS62130RGTR" }, { mpn: "TPS62130RGTT" }],
    });
  });

  it("leaves the rate, the MSL, the lifecycle and the MPNs out when they are blank", () => {
    const submission = parseWithZod(
      formData({
        description: "Header 2x5",
        type: "connector",
        msl: "",
        lifecycle: "",
        "valuation_rate.amount_minor": "",
        "valuation_rate.currency": "EUR",
        "mpns[0].manufacturer": "",
        "mpns[0].mpn": "",
      }),
      { schema: partCreateForm },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      description: "Header 2x5",
      type: "connector",
      valuation_rate: null,
      mpns: [],
    });
  });

  it("refuses at the field: a blank row between filled ones, a rate finer than a cent", () => {
    const submission = parseWithZod(
      formData({
        description: "LED red 0603",
        type: "led",
        "valuation_rate.amount_minor": "0.004",
        "valuation_rate.currency": "EUR",
        "mpns[0].mpn": "LTST-C191KRKT",
        "mpns[1].mpn": "",
        "mpns[2].mpn": "LTST-C191KRKT-2",
      }),
      { schema: partCreateForm },
    );
    expect(submission.status).toBe("error");
    expect(Object.keys(submission.reply().error ?? {}).sort()).toEqual([
      "mpns[1].mpn",
      "valuation_rate.amount_minor",
    ]);
  });

  it("refuses a lifecycle that is none of the four at its field", () => {
    const submission = parseWithZod(formData({ description: "MCU", type: "ic", lifecycle: "eol" }), {
      schema: partCreateForm,
    });
    expect(Object.keys(submission.reply().error ?? {})).toEqual(["lifecycle"]);
  });

  it("refuses the same MPN twice at the second row, however it is spaced", () => {
    const submission = parseWithZod(
      formData({
        description: "LED red 0603",
        type: "led",
        "mpns[0].mpn": "LTST-C191KRKT",
        "mpns[1].mpn": "ltst c191krkt",
      }),
      { schema: partCreateForm },
    );
    expect(submission.reply().error).toEqual({ "mpns[1].mpn": ["DUPLICATE_MPN"] });
  });

  it("drops only the blank rows at the end, so the API's row indices stay the form's", () => {
    expect(
      filledMpnRows([{ mpn: "A" }, { mpn: "" }, { mpn: "B" }, { mpn: " ", manufacturer: "" }, undefined]),
    ).toEqual([{ mpn: "A" }, { mpn: "" }, { mpn: "B" }]);
    expect(filledMpnRows([{ mpn: "", manufacturer: "TI" }])).toEqual([{ mpn: "", manufacturer: "TI" }]);
  });
});

describe("the edit form", () => {
  const defaults = editDefaultsOf(PART);
  const post = (changes: Record<string, string>) => {
    const entries: Record<string, string> = {
      id: defaults.id,
      original: defaults.original,
      description: defaults.description,
      type: defaults.type,
      msl: defaults.msl,
      lifecycle: defaults.lifecycle,
      "valuation_rate.amount_minor": defaults.valuation_rate.amount_minor,
      "valuation_rate.currency": defaults.valuation_rate.currency,
      comment: defaults.comment,
      ...changes,
    };
    if (defaults.polarized) entries.polarized = "on";
    return parseWithZod(formData(entries), { schema: partEditForm });
  };

  it("starts from the part, the rate in major units", () => {
    expect(defaults.valuation_rate).toEqual({ amount_minor: "0.12", currency: "EUR" });
    expect(defaults.msl).toBe("");
    expect(defaults.lifecycle).toBe("");
    expect(editDefaultsOf({ ...PART, lifecycle: "last_time_buy" }).lifecycle).toBe("last_time_buy");
  });

  it("sends only what changed (PATCH), nothing when nothing did", () => {
    const msl = post({ msl: "3" });
    expect(msl.status === "success" && msl.value).toEqual({ id: ID, changes: { msl: "3" } });
    const none = post({});
    expect(none.status === "success" && none.value).toEqual({ id: ID, changes: {} });
    const lifecycle = post({ lifecycle: "obsolete" });
    expect(lifecycle.status === "success" && lifecycle.value).toEqual({
      id: ID,
      changes: { lifecycle: "obsolete" },
    });
  });

  it("clears the rate, the comment, the MSL and the lifecycle as null, and reads a ticked box", () => {
    const cleared = parseWithZod(
      formData({
        id: ID,
        original: JSON.stringify({
          ...editValuesOf(PART),
          msl: "2a",
          lifecycle: "active",
          comment: "Bake first",
        }),
        description: PART.description,
        type: PART.type,
        msl: "",
        lifecycle: "",
        polarized: "on",
        "valuation_rate.amount_minor": "",
        "valuation_rate.currency": "EUR",
        comment: "",
      }),
      { schema: partEditForm },
    );
    expect(cleared.status === "success" && cleared.value.changes).toEqual({
      msl: null,
      lifecycle: null,
      polarized: true,
      valuation_rate: null,
      comment: null,
    });
  });

  it("compares field by field", () => {
    const before = editValuesOf(PART);
    expect(
      changedFields(before, { ...before, valuation_rate: { amount_minor: 12, currency: "EUR" } }),
    ).toEqual({});
    expect(
      changedFields(before, { ...before, valuation_rate: { amount_minor: 12, currency: "SEK" } }),
    ).toEqual({
      valuation_rate: { amount_minor: 12, currency: "SEK" },
    });
  });
});

describe("the MPN and series forms", () => {
  it("reads an added MPN with the part it belongs to", () => {
    const added = parseWithZod(formData({ id: ID, manufacturer: "", mpn: "RC0603FR-0710KL" }), {
      schema: partMpnAddForm,
    });
    expect(added.status === "success" && added.value).toEqual({ id: ID, mpn: "RC0603FR-0710KL" });
  });

  it("takes a blank prefix as none and shows the next number as the API formats it", () => {
    const series = parseWithZod(formData({ prefix: "", digits: "4", next_number: "17" }), {
      schema: partSeriesForm,
    });
    expect(series.status === "success" && series.value).toEqual({ prefix: "", digits: 4, next_number: 17 });
    expect(seriesNumber("P-", 5, 1)).toBe("P-00001");
    expect(seriesNumber("", 3, 1234)).toBe("1234");
  });
});

describe("amounts", () => {
  it("turns major units into minor units of the currency, refusing what a cent cannot hold", () => {
    expect(majorToMinor("0.12", "EUR")).toBe(12);
    expect(majorToMinor("1,5", "SEK")).toBe(150);
    expect(majorToMinor("3.10", "USD")).toBe(310);
    expect(majorToMinor("7", "EUR")).toBe(700);
    for (const bad of ["", "-1", "0.125", "1e3", "abc", "1.2.3"]) expect(majorToMinor(bad, "EUR")).toBeNull();
  });

  it("shows minor units as major units with the currency's decimals", () => {
    expect(minorToMajor(12, "EUR")).toBe("0.12");
    expect(minorToMajor(150_000, "CHF")).toBe("1500.00");
  });
});
