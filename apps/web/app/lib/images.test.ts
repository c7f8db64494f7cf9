import { describe, expect, it } from "vitest";

import { availableWidths, densitySrcSet, imageVariantUrl, variantFor, widthSrcSet } from "./images";

describe("responsive images", () => {
  it("names variants base-width.webp", () => {
    expect(imageVariantUrl("/images/factory", 640)).toBe("/images/factory-640.webp");
  });

  it("lists every width up to the source width", () => {
    expect(availableWidths()).toEqual([320, 640, 768, 1024, 1280, 1536]);
    expect(availableWidths(1000)).toEqual([320, 640, 768]);
    expect(availableWidths(100)).toEqual([320]);
    expect(widthSrcSet("/i/a", 700)).toBe("/i/a-320.webp 320w, /i/a-640.webp 640w");
  });

  it("picks 1x and 2x variants for a fixed display width", () => {
    expect(variantFor(300)).toBe(320);
    expect(densitySrcSet("/i/a", 300)).toBe("/i/a-320.webp 1x, /i/a-640.webp 2x");
    expect(densitySrcSet("/i/a", 1000)).toBe("/i/a-1024.webp 1x, /i/a-1536.webp 2x");
  });
});
