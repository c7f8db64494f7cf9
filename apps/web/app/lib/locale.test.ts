import { describe, expect, it } from "vitest";

import { localeFromPath, localizePath, stripLocalePrefix } from "./locale";

describe("localeFromPath", () => {
  it("is English for unprefixed paths", () => {
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/login")).toBe("en");
    expect(localeFromPath("/my/desk")).toBe("en");
  });

  it("reads a language prefix", () => {
    expect(localeFromPath("/de")).toBe("de");
    expect(localeFromPath("/fr/login")).toBe("fr");
    expect(localeFromPath("/no/my/desk")).toBe("no");
  });

  it("does not accept /en, unknown codes or look-alikes as prefixes", () => {
    expect(localeFromPath("/en")).toBe("en");
    expect(localeFromPath("/xx/login")).toBe("en");
    expect(localeFromPath("/deutsch")).toBe("en");
    expect(localeFromPath("/DE")).toBe("en");
  });

  it("reads the doubled-prefix German pages as German", () => {
    expect(localeFromPath("/it/de/elektronikfertigung/tht-montage")).toBe("de");
    expect(localeFromPath("/de/de")).toBe("de");
  });
});

describe("localized paths", () => {
  it("strips the prefix", () => {
    expect(stripLocalePrefix("/de")).toBe("/");
    expect(stripLocalePrefix("/de/login")).toBe("/login");
    expect(stripLocalePrefix("/login")).toBe("/login");
  });

  it("adds the prefix except for English", () => {
    expect(localizePath("/", "en")).toBe("/");
    expect(localizePath("/", "sv")).toBe("/sv");
    expect(localizePath("/login", "da")).toBe("/da/login");
    expect(localizePath("login", "en")).toBe("/login");
  });
});
