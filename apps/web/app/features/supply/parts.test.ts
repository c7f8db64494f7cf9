import { describe, expect, it } from "vitest";

import { canAddPart, canRemovePart, emptyPart, lineIssues, parseQuantity, partsToLines } from "./parts";

describe("parts table", () => {
  it("gives every new row its own key", () => {
    expect(emptyPart().key).not.toBe(emptyPart().key);
  });

  it("keeps at least one row and at most the API's maximum", () => {
    const one = [emptyPart()];
    expect(canRemovePart(one)).toBe(false);
    expect(canRemovePart([...one, emptyPart()])).toBe(true);
    expect(canAddPart(one)).toBe(true);
    expect(canAddPart(Array.from({ length: 200 }, emptyPart))).toBe(false);
  });

  it("parses whole positive quantities only", () => {
    expect(parseQuantity(" 2500 ")).toBe(2500);
    expect(parseQuantity("0")).toBeNaN();
    expect(parseQuantity("1.5")).toBeNaN();
    expect(parseQuantity("")).toBeNaN();
    expect(parseQuantity("10000001")).toBeNaN();
  });

  it("turns rows into lines without empty optional texts", () => {
    const row = { ...emptyPart(), mpn: " STM32F103C8T6 ", quantity: "250", packaging: "tray" as const };
    expect(partsToLines([row])).toEqual([{ mpn: "STM32F103C8T6", quantity: 250, packaging: "tray" }]);
    expect(partsToLines([{ ...row, manufacturer: " ST ", description: "MCU" }])[0]).toMatchObject({
      manufacturer: "ST",
      description: "MCU",
    });
  });

  it("maps issue paths to the rows and fields", () => {
    const rows = [emptyPart(), emptyPart()];
    expect(
      lineIssues(rows, [["lines", 1, "quantity"], ["lines", 0, "mpn"], ["expected_on"], ["lines", 5, "mpn"]]),
    ).toEqual({ [rows[0]!.key]: { mpn: true }, [rows[1]!.key]: { quantity: true } });
  });
});
