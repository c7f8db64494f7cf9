import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { ApiError } from "~/lib/api-client";

import { assemblySpecFormSchema, fileRefusalError, specRuleError } from "./assembly-form";

function formOf(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const oneSided = {
  "fields.name": "Sensor board",
  "fields.top_smt": "on",
  "fields.parts_sourcing": "turnkey",
  "fields.stencil": "framed",
  "fields.conformal_coating": "none",
  "fields.aoi": "on",
  "fields.electrical_test": "none",
  "fields.packaging": "esd_bags",
  "fields.quantity_tiers[0]": "10",
  "fields.quantity_tiers[1]": "100",
};

describe("the assembly specification form", () => {
  it("reads ticks and tiers as the API's fields", () => {
    const result = parseWithZod(formOf(oneSided), { schema: assemblySpecFormSchema });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.fields).toMatchObject({
      name: "Sensor board",
      top_smt: true,
      bottom_smt: false,
      aoi: true,
      xray: false,
      quantity_tiers: [10, 100],
    });
    expect(result.value.pcb_spec_version_id).toBeUndefined();
  });

  it("drops programming notes when nothing is programmed", () => {
    const result = parseWithZod(formOf({ ...oneSided, "fields.programming_notes": "Flash via SWD" }), {
      schema: assemblySpecFormSchema,
    });
    expect(result.status).toBe("success");
    expect(result.status === "success" ? result.value.fields.programming_notes : "?").toBeUndefined();
    const programmed = parseWithZod(
      formOf({ ...oneSided, "fields.programming": "on", "fields.programming_notes": "Flash via SWD" }),
      { schema: assemblySpecFormSchema },
    );
    expect(programmed.status === "success" && programmed.value.fields.programming_notes).toBe(
      "Flash via SWD",
    );
  });

  it("puts the rules between fields on the field they concern", () => {
    const result = parseWithZod(
      formOf({
        ...oneSided,
        "fields.top_smt": "",
        "fields.quantity_tiers[1]": "5",
      }),
      { schema: assemblySpecFormSchema },
    );
    const errors = result.reply().error ?? {};
    expect(errors["fields.quantity_tiers[1]"]).toEqual(["TIERS_NOT_ASCENDING"]);
    expect(errors["fields.top_smt"]).toEqual(["NOTHING_TO_PLACE"]);
    expect(errors["fields.stencil"]).toEqual(["STENCIL_WITHOUT_SMT"]);
  });
});

describe("the API's refusals", () => {
  it("reads a rule's code from a validation error's message", () => {
    const error = specRuleError(
      new ApiError({
        status: 400,
        code: "VALIDATION_ERROR",
        message: "'fields.quantity_tiers.1': TIERS_NOT_ASCENDING",
        field: "fields.quantity_tiers.1",
      }),
    );
    expect(error).toMatchObject({ code: "TIERS_NOT_ASCENDING", field: "fields.quantity_tiers.1" });
    const other = new ApiError({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "'x': too big",
      field: "x",
    });
    expect(specRuleError(other)).toBe(other);
  });

  it("names why a pick-and-place file could not be read", () => {
    const error = fileRefusalError(
      new ApiError({ status: 422, code: "FILE_CONTENT_REFUSED", message: "binary_file", field: "file_id" }),
    );
    expect(error).toMatchObject({ code: "refused.binary_file", field: "file_id" });
  });
});
