import type { AssemblySpecReference } from "@ems/contracts/assemblies";
import type { PcbSpecReference } from "@ems/contracts/pcbs";
import type { QuoteLine } from "@ems/contracts/quotes";
import { describe, expect, it } from "vitest";

import { draftsFromLines, emptyLine, linesBody, type LineDraft } from "./quote-lines";

const line = (over: Partial<LineDraft> = {}): LineDraft => ({
  ...emptyLine(),
  description: "Sensor board rev. B",
  leadTime: "10",
  engineering: "250",
  tiers: [
    { quantity: "100", price: "12,50" },
    { quantity: "500", price: "9.80" },
  ],
  ...over,
});

describe("linesBody", () => {
  it("sends integer minor units", () => {
    const { body, errors } = linesBody([line()], "EUR");
    expect(errors).toEqual({});
    expect(body).toEqual({
      lines: [
        {
          category: "assemblies",
          description: "Sensor board rev. B",
          lead_time_days: 10,
          engineering_cost_minor: 25_000,
          tiers: [
            { quantity: 100, unit_price_minor: 1250 },
            { quantity: 500, unit_price_minor: 980 },
          ],
        },
      ],
    });
  });

  it("names the fields at fault by the API's paths", () => {
    const { body, errors } = linesBody(
      [
        line(),
        line({
          description: "ab",
          leadTime: "",
          engineering: "x",
          tiers: [
            { quantity: "500", price: "1" },
            { quantity: "100", price: "" },
          ],
        }),
      ],
      "EUR",
    );
    expect(body).toBeNull();
    expect(errors["lines.1.description"]).toEqual({ key: "staff.error_min_length", values: { min: 3 } });
    expect(errors["lines.1.lead_time_days"]).toEqual({ key: "staff.error_required" });
    expect(errors["lines.1.engineering_cost_minor"]).toEqual({ key: "staff.error_amount" });
    expect(errors["lines.1.tiers.1.unit_price_minor"]).toEqual({ key: "staff.error_required" });
    expect(errors["lines.1.tiers"]).toEqual({ key: "staff.error_tiers_increase" });
    expect(Object.keys(errors).some((k) => k.startsWith("lines.0"))).toBe(false);
  });

  it("applies the schema's limits", () => {
    const { errors } = linesBody([line({ leadTime: "400" })], "EUR");
    expect(errors["lines.0.lead_time_days"]).toEqual({ key: "staff.error_max_value", values: { max: 365 } });
  });
});

const SPEC: PcbSpecReference = {
  spec_id: "00000000-0000-4000-8000-0000000000a1",
  version_id: "00000000-0000-4000-8000-0000000000b2",
  number: "PCB-2026-00007",
  version: 2,
  name: "Motor controller",
  revision: "D",
  layers: 4,
  width_mm: 100,
  height_mm: 80,
  has_gerber: true,
  analysis_status: "done",
  dfm_errors: 0,
  dfm_warnings: 1,
  preview_top_url: null,
};

const ASSEMBLY: AssemblySpecReference = {
  spec_id: "00000000-0000-4000-8000-0000000000a1",
  version_id: "00000000-0000-4000-8000-0000000000a2",
  number: "PCBA-2026-00007",
  version: 2,
  name: "Motor shield",
  revision: "3",
  bom_version: 4,
  bom_lines: 16,
  pcb_number: "PCB-2026-00003",
};

describe("draftsFromLines", () => {
  it("starts from a customer's unpriced request", () => {
    const request: QuoteLine = {
      id: "00000000-0000-4000-8000-000000000001",
      position: 1,
      category: "pcb",
      description: "Bare board",
      lead_time_days: null,
      engineering_cost_minor: null,
      delivery_date: null,
      tiers: [{ quantity: 50, unit_price_minor: null, total_minor: null }],
      ordered_quantity: null,
      pcb_spec: SPEC,
      assembly_spec: ASSEMBLY,
    };
    const [draft] = draftsFromLines([request], "EUR");
    expect(draft).toMatchObject({
      category: "pcb",
      description: "Bare board",
      leadTime: "",
      engineering: "0.00",
      tiers: [{ quantity: "50", price: "" }],
      pcbSpec: SPEC,
      assemblySpec: ASSEMBLY,
    });
  });

  it("keeps the request's PCB specification when staff price the line", () => {
    const { body } = linesBody([line({ pcbSpec: SPEC }), line()], "EUR");
    expect(body?.lines[0]?.pcb_spec_version_id).toBe(SPEC.version_id);
    expect(body?.lines[1]).not.toHaveProperty("pcb_spec_version_id");
  });

  it("keeps the request's assembly specification when staff price the line", () => {
    const { body } = linesBody([line({ assemblySpec: ASSEMBLY }), line()], "EUR");
    expect(body?.lines[0]?.assembly_spec_version_id).toBe(ASSEMBLY.version_id);
    expect(body?.lines[1]).not.toHaveProperty("assembly_spec_version_id");
  });

  it("gives one empty line for a quote without lines", () => {
    expect(draftsFromLines([], "EUR")).toHaveLength(1);
  });
});
