import { describe, expect, it } from "vitest";

import { assemblySheetHref, assemblySheetSearch, bomHref, newBomHref } from "./assembly-links";

const ID = "0b7c6f4e-3a2d-4c1b-9e8f-7a6b5c4d3e2f";

describe("assembly links", () => {
  it("opens one specification's sheet on the list, with a version when given", () => {
    expect(assemblySheetHref("en", ID)).toBe(`/my/pcbas?pcba=${ID}`);
    expect(assemblySheetHref("en", ID, 3)).toBe(`/my/pcbas?pcba=${ID}&version=3`);
    expect(assemblySheetHref("de", ID)).toMatch(new RegExp(`^/de/.+\\?pcba=${ID}$`));
  });

  it("keeps the list's state when the sheet opens and closes", () => {
    expect(assemblySheetSearch("?q=nw&page=2", ID, 2)).toBe(`?q=nw&page=2&pcba=${ID}&version=2`);
    expect(assemblySheetSearch(`?q=nw&pcba=${ID}&version=2`, null)).toBe("?q=nw");
    expect(assemblySheetSearch(`?pcba=${ID}`, null)).toBe("?");
  });

  it("leads to the bill of materials and to a new BOM upload", () => {
    expect(bomHref("en", ID)).toBe(`/my/pcbas/bom/${ID}`);
    expect(newBomHref("en", ID)).toBe(`/my/pcbas/bom/${ID}/newBom`);
  });
});
