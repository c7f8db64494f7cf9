import { describe, expect, it } from "vitest";

import { NEW_REQUEST_LINE, requestStartLines, wantedVersionNumber } from "./assembly-options";

describe("wantedVersionNumber", () => {
  it("reads a whole version number from 1, and anything else as the latest", () => {
    expect(wantedVersionNumber("2")).toBe(2);
    expect(wantedVersionNumber(null)).toBeNull();
    for (const odd of ["", "0", "-1", "1.5", "2a", " 3", "99999999999999999999"])
      expect(wantedVersionNumber(odd)).toBeNull();
  });
});

describe("requestStartLines", () => {
  const pcb = { version_id: "00000000-0000-4000-8000-0000000000b1", name: "Sensor board" };
  const assembly = { version_id: "00000000-0000-4000-8000-0000000000c1", name: "Motor shield" };

  it("opens with one empty assembly line when the address asks for nothing", () => {
    expect(requestStartLines(null, null)).toEqual([NEW_REQUEST_LINE]);
  });

  it("opens an assembly line on the version asked for, named after it", () => {
    expect(requestStartLines(null, assembly)).toEqual([
      {
        category: "assemblies",
        description: "Motor shield",
        assembly_spec_version_id: assembly.version_id,
        quantities: [""],
      },
    ]);
  });

  it("keeps the PCB line of a specification's sheet, and both when both are asked for", () => {
    expect(requestStartLines(pcb, null)).toEqual([
      { category: "pcb", description: "Sensor board", pcb_spec_version_id: pcb.version_id, quantities: [""] },
    ]);
    expect(requestStartLines(pcb, assembly).map((line) => line.category)).toEqual(["pcb", "assemblies"]);
  });
});
