import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { COGNATES_FILE, copiedStrings, type CognateAllowlist } from "./copied-strings.ts";
import { LOCALES } from "./locales.ts";

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../content/locales");

/** The web catalogs, one per feature (e-mail texts are checked by the API's mail-catalogs test). */
const FEATURE_CATALOGS = [
  "signin",
  "register",
  "profile",
  "companies",
  "activity",
  "quotes",
  "billing",
  "staff",
  "viewer",
  "engineering",
  "parts",
  "assembly",
  "bom",
];
const CATALOGS = readdirSync(path.join(DIR, "en"))
  .filter((file) => file.endsWith(".json") && file !== "emails.json")
  .map((file) => file.slice(0, -".json".length));

function read(locale: string, name: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(DIR, locale, `${name}.json`), "utf8")) as Record<string, string>;
}

/** The ICU placeholders a message uses; throws when it is not valid ICU. */
function placeholders(message: string, locale: string): string[] {
  const ast = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst();
  const names = new Set<string>();
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as {
      type: number;
      value?: string;
      options?: Record<string, { value: unknown[] }>;
    }[]) {
      if (node.type !== 0 && typeof node.value === "string") names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
    }
  };
  walk(ast);
  return [...names];
}

describe("web catalogs", () => {
  it("include every feature catalog", () => {
    for (const name of FEATURE_CATALOGS) expect(CATALOGS, name).toContain(name);
  });

  describe.each(CATALOGS)("%s.json", (name) => {
    const english = read("en", name);

    it.each(LOCALES)("%s has exactly the English keys", (locale) => {
      expect(Object.keys(read(locale, name)).sort()).toEqual(Object.keys(english).sort());
    });

    it.each(LOCALES)("%s: every message is valid ICU and uses only English's placeholders", (locale) => {
      const catalog = read(locale, name);
      for (const [key, text] of Object.entries(english)) {
        const translated = catalog[key];
        if (translated === undefined) continue; // reported by the key test
        let used: string[] = [];
        expect(() => {
          used = placeholders(translated, locale);
        }, `${locale} ${key} parses`).not.toThrow();
        // Page texts all receive the site's claim values; the other catalogs keep to English's.
        if (name === "pages") continue;
        const known = placeholders(text, "en");
        for (const placeholder of used)
          expect(known, `${locale} ${key}: {${placeholder}}`).toContain(placeholder);
      }
    });
  });
});

describe("every catalog is translated", () => {
  const allowlist = JSON.parse(readFileSync(path.join(DIR, COGNATES_FILE), "utf8")) as CognateAllowlist;
  const files = readdirSync(path.join(DIR, "en")).filter((file) => file.endsWith(".json"));

  // Issue 20: a text left in English is only right when it is a reviewed cognate (content/locales/cognates.json).
  it.each(LOCALES.filter((locale) => locale !== "en"))("%s has no text copied from English", (locale) => {
    const copied = files.flatMap((file) =>
      copiedStrings(
        locale,
        file,
        read("en", file.slice(0, -5)),
        read(locale, file.slice(0, -5)),
        allowlist,
      ).map((key) => `${file}:${key}`),
    );
    expect(copied).toEqual([]);
  });

  it("names only keys that exist, under their English text", () => {
    const stale: string[] = [];
    for (const [section, entries] of Object.entries(allowlist)) {
      expect(["all", ...LOCALES.filter((l) => l !== "en")], section).toContain(section);
      for (const [text, entry] of Object.entries(entries)) {
        expect(entry.why.length, `${section} ${text}: why`).toBeGreaterThan(5);
        for (const where of entry.keys) {
          const [file = "", key = ""] = where.split(":");
          const english = files.includes(file) ? read("en", file.slice(0, -5)) : {};
          if (english[key] !== text) stale.push(`${section} ${where}`);
        }
      }
    }
    expect(stale).toEqual([]);
  });
});
