import { describe, expect, it } from "vitest";
import { LANGUAGES, LOCALES, normalizeLocale } from "./locales.ts";

describe("normalizeLocale", () => {
  it("keeps each of the 12 codes", () => {
    for (const code of LOCALES) expect(normalizeLocale(code)).toBe(code);
  });

  it("turns en-US and en-GB into en", () => {
    expect(normalizeLocale("en-US")).toBe("en");
    expect(normalizeLocale("en-GB")).toBe("en");
  });

  it("maps regional tags to their language", () => {
    expect(normalizeLocale("de-AT")).toBe("de");
    expect(normalizeLocale("pt_BR")).toBe("pt");
    expect(normalizeLocale("nb-NO")).toBe("no");
  });

  it("falls back to en for anything unknown or empty", () => {
    expect(normalizeLocale("pl")).toBe("en");
    expect(normalizeLocale("xx-YY")).toBe("en");
    expect(normalizeLocale("")).toBe("en");
    expect(normalizeLocale(undefined)).toBe("en");
    expect(normalizeLocale("../../etc/passwd")).toBe("en");
  });
});

describe("LANGUAGES", () => {
  it("lists every locale once, in selector order", () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LOCALES]);
  });
});
