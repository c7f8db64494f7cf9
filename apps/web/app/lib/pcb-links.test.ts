import type * as Pages from "@ems/i18n/pages";
import { describe, expect, it, vi } from "vitest";

import {
  assemblyQuoteRequestLink,
  pcbSheetLink,
  quoteRequestLink,
  staffAssemblySheetLink,
} from "./pcb-links";

// Hides the back office's assembly page from the route map on demand, as before that page existed.
const routeMap = vi.hoisted(() => ({ hideStaffAssemblies: false }));
vi.mock("@ems/i18n/pages", async (original) => {
  const real = await original<typeof Pages>();
  const hidden = (key: string | symbol) => routeMap.hideStaffAssemblies && key === "staff-pcbas";
  return {
    ...real,
    PAGES: new Proxy(real.PAGES, {
      has: (target, key) => !hidden(key) && Reflect.has(target, key),
      getOwnPropertyDescriptor: (target, key) =>
        hidden(key) ? undefined : Reflect.getOwnPropertyDescriptor(target, key),
    }),
  };
});

const SPEC = "00000000-0000-4000-8000-0000000000a1";

describe("PCB links", () => {
  it("opens a PCB specification's sheet and the quote request for one of its versions", () => {
    expect(pcbSheetLink("customer", "en", { spec_id: SPEC, version: 2 })).toBe(
      `/my/pcbs?pcb=${SPEC}&version=2`,
    );
    expect(quoteRequestLink("en", SPEC, 2)).toBe(`/my/quotes?request=${SPEC}&version=2`);
  });

  it("opens the quote request on one version of an assembly specification", () => {
    expect(assemblyQuoteRequestLink("en", SPEC, 3)).toBe(`/my/quotes?request_pcba=${SPEC}&version=3`);
    expect(assemblyQuoteRequestLink("de", SPEC, 1)).toMatch(
      new RegExp(`^/de/.+\\?request_pcba=${SPEC}&version=1$`),
    );
  });

  it("links staff to the back office's assembly page, or nowhere while it does not exist", () => {
    expect(staffAssemblySheetLink("en", { spec_id: SPEC, version: 4 })).toBe(
      `/staff/pcbas?pcba=${SPEC}&version=4`,
    );
    routeMap.hideStaffAssemblies = true;
    try {
      expect(staffAssemblySheetLink("en", { spec_id: SPEC, version: 4 })).toBeNull();
    } finally {
      routeMap.hideStaffAssemblies = false;
    }
  });
});
