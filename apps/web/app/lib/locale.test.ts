import { describe, expect, it } from "vitest";

import { localeFromPath, localizePath, stripLocalePrefix, switchLocalePath } from "./locale";

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

  it("switches home to the target language's root and keeps other pages", () => {
    expect(switchLocalePath("/", "de")).toBe("/de");
    expect(switchLocalePath("/de", "en")).toBe("/");
    expect(switchLocalePath("/fr", "it")).toBe("/it");
    expect(switchLocalePath("/fr/register", "en")).toBe("/register");
    expect(switchLocalePath("/login", "fi")).toBe("/fi/login");
  });
});
