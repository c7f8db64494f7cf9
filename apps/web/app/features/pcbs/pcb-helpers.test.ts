import { describe, expect, it } from "vitest";

import { sheetHref, versionParam } from "./pcb-helpers";

describe("the specification sheet's address", () => {
  it("opens a specification over the list, keeping the list's filters, sort and page", () => {
    expect(sheetHref("?layers=4&sort=name&page=2", "a1")).toBe("?layers=4&sort=name&page=2&pcb=a1");
    expect(sheetHref("?q=motor&pcb=old&version=3", "a1", 2)).toBe("?q=motor&pcb=a1&version=2");
    expect(sheetHref("?pcb=a1&version=2&compare=1", "a1", 2, 1)).toBe("?pcb=a1&version=2&compare=1");
  });

  it("closes the sheet by dropping its parameters only", () => {
    expect(sheetHref("?layers=4&pcb=a1&version=2&compare=1", null)).toBe("?layers=4");
    expect(sheetHref("?pcb=a1", null)).toBe("?");
  });

  it("reads only positive whole version numbers from the address", () => {
    expect(versionParam("3")).toBe(3);
    for (const bad of [null, "0", "-1", "1.5", "abc", "1e3", "9999999"]) expect(versionParam(bad)).toBeNull();
  });
});
