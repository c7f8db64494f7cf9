import { describe, expect, it } from "vitest";

import { MY_SECTIONS, isValidMySlug } from "./my-slug";

describe("isValidMySlug", () => {
  it.each(MY_SECTIONS)("accepts the section %s, alone and with deeper segments", (section) => {
    expect(isValidMySlug(section)).toBe(true);
    expect(isValidMySlug(`${section}/42/details`)).toBe(true);
  });

  it("accepts exactly the nine sections of the spec", () => {
    expect([...MY_SECTIONS].sort()).toEqual(
      [
        "deliveries",
        "desk",
        "gerber-viewer",
        "invoices",
        "orders",
        "parts",
        "pcbas",
        "pcbs",
        "quotes",
      ].sort(),
    );
  });

  it.each(["", undefined, "unknown", "profile", "Orders", "ordersx", "x/orders", "../desk"])(
    "rejects %j",
    (splat) => {
      expect(isValidMySlug(splat)).toBe(false);
    },
  );
});
