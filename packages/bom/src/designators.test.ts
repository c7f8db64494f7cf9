import { describe, expect, it } from "vitest";
import { designatorCompare, expandDesignators } from "./designators.ts";

describe("expandDesignators", () => {
  it("splits on commas, semicolons and white space", () => {
    expect(expandDesignators("R1, R2;R3  R4\tR5").designators).toEqual(["R1", "R2", "R3", "R4", "R5"]);
    expect(expandDesignators(" C4 ").designators).toEqual(["C4"]);
    expect(expandDesignators("").designators).toEqual([]);
  });

  it("expands ranges written with a hyphen, two dots, an en dash or a short end", () => {
    expect(expandDesignators("R1-R4").designators).toEqual(["R1", "R2", "R3", "R4"]);
    expect(expandDesignators("R1-4").designators).toEqual(["R1", "R2", "R3", "R4"]);
    expect(expandDesignators("R1..R3").designators).toEqual(["R1", "R2", "R3"]);
    expect(expandDesignators("C10–C12").designators).toEqual(["C10", "C11", "C12"]);
    expect(expandDesignators("C1 - C3, R7").designators).toEqual(["C1", "C2", "C3", "R7"]);
    expect(expandDesignators("R01-R03").designators).toEqual(["R01", "R02", "R03"]);
  });

  it("keeps names that only look like ranges whole", () => {
    expect(expandDesignators("5V_IN, 24V_IN, U$1, SEN0-S, PULL_A, J1-1").designators).toEqual([
      "5V_IN",
      "24V_IN",
      "U$1",
      "SEN0-S",
      "PULL_A",
      "J1-1",
    ]);
    expect(expandDesignators("PULL_A1-PULL_A3").designators).toEqual(["PULL_A1-PULL_A3"]);
  });

  it("reports reversed, mixed and oversized ranges", () => {
    expect(expandDesignators("R1, R9-R1").badRange).toBe("R9-R1");
    expect(expandDesignators("R1-C4").badRange).toBe("R1-C4");
    expect(expandDesignators("R1-R1001").badRange).toBe("R1-R1001");
    expect(expandDesignators("R1-R1000").designators).toHaveLength(1000);
    expect(expandDesignators("R1-R4").badRange).toBeNull();
  });
});

describe("designatorCompare", () => {
  it("sorts numbers by value, not by text", () => {
    expect(["R10", "C2", "R2", "R1", "c1"].sort(designatorCompare)).toEqual(["c1", "C2", "R1", "R2", "R10"]);
    expect(designatorCompare("R2", "R10")).toBeLessThan(0);
    expect(designatorCompare("R1", "R1")).toBe(0);
  });
});
