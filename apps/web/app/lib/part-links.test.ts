import { describe, expect, it } from "vitest";

import { newPartHref, newPartPrefill, partSheetHref, withoutNewPart } from "./part-links";

describe("the new-part link", () => {
  it("opens the dialog on the parts page with the BOM line's fields", () => {
    expect(
      newPartHref(
        { description: "Buck converter", mpn: "TPS62130RGTR", manufacturer: "TI", type: "ic" },
        "en",
      ),
    ).toBe("/my/parts?new=1&description=Buck+converter&mpn=TPS62130RGTR&manufacturer=TI&type=ic");
  });

  it("keeps the page's language and leaves blank fields out", () => {
    expect(newPartHref({ mpn: "RC0603FR-0710KL", description: "  ", manufacturer: null }, "de")).toBe(
      "/de/my/parts?new=1&mpn=RC0603FR-0710KL",
    );
  });

  it("puts a cell's line breaks on one line and cuts what the form could not hold", () => {
    const href = newPartHref({ description: `Capacitor\n100 nF   X7R ${"x".repeat(400)}` }, "en");
    const description = new URL(href, "https://portal.example").searchParams.get("description")!;
    expect(description.startsWith("Capacitor 100 nF X7R x")).toBe(true);
    expect(description).toHaveLength(300);
  });

  it("reads back what it wrote, and nothing without new=1", () => {
    const href = newPartHref(
      { description: "Crystal 16 MHz", mpn: "ABM8-16.000MHZ-B2-T", type: "crystal" },
      "en",
    );
    expect(newPartPrefill(new URL(href, "https://portal.example").searchParams)).toEqual({
      description: "Crystal 16 MHz",
      mpn: "ABM8-16.000MHZ-B2-T",
      manufacturer: null,
      type: "crystal",
    });
    expect(newPartPrefill(new URLSearchParams("mpn=X1"))).toBeNull();
    expect(newPartPrefill(new URLSearchParams("new=1&type=banana"))?.type).toBeNull();
  });

  it("closes the dialog and opens a part without losing the list's state", () => {
    expect(withoutNewPart("?q=tps&new=1&mpn=X1&type=ic&description=D")).toBe("?q=tps");
    expect(withoutNewPart("?new=1")).toBe("?");
    expect(partSheetHref("?msl=3&page=2", "p1")).toBe("?msl=3&page=2&part=p1");
    expect(partSheetHref("?q=x&part=p1", null)).toBe("?q=x");
  });
});
