import { LOCALES } from "@ems/i18n/locales";
import { PAGES, PAGE_KEYS } from "@ems/i18n/pages";
import { aliases } from "@ems/i18n/route-map";
import { describe, expect, it } from "vitest";

import { needsPortalCatalog } from "./catalog-parts";
import { ROUTE_OPTIONS, pageHref } from "./route-map";

describe("needsPortalCatalog", () => {
  it("loads the portal part for every page of the route map but the marketing pages, in every language", () => {
    const params = {
      pcb: "7",
      assembly: "3",
      quote: "12",
      order: "9",
      customer: "4",
      "*": "pcb-design/vias",
    };
    let checked = 0;
    for (const key of PAGE_KEYS) {
      for (const locale of LOCALES) {
        const path = pageHref(key, locale, params);
        if (path === null) continue;
        expect(needsPortalCatalog(path), path).toBe(PAGES[key].kind !== "marketing");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(PAGE_KEYS.length * 11);
  });

  it("keeps the German content aliases (also doubled-prefix ones) public", () => {
    for (const alias of aliases(ROUTE_OPTIONS))
      expect(needsPortalCatalog(alias.path), alias.path).toBe(false);
  });

  it("covers everything under /my and /staff, and account pages with a trailing slash", () => {
    for (const path of [
      "/my",
      "/my/",
      "/my/unknown/deep",
      "/de/my/nothing",
      "/staff/nowhere",
      "/fi/staff",
      "/login/",
      "/de/register/auth/",
    ])
      expect(needsPortalCatalog(path), path).toBe(true);
  });

  it("keeps the public site, error pages and look-alike paths public", () => {
    for (const path of [
      "/",
      "/de",
      "/fi/",
      "/myself",
      "/staffing",
      "/de/loginhilfe",
      "/no-such-page",
      "/xx/login",
    ])
      expect(needsPortalCatalog(path), path).toBe(false);
  });
});
