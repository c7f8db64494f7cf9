import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOCALES } from "../packages/i18n/src/locales.ts";

/**
 * Lists, per language and catalog, the keys whose text is still the English one, reviewed cognates
 * included, for a translator to read. The gate is `npm run content:check`, which accepts only the
 * cognates of content/locales/cognates.json (docs/content.md#checks).
 * Usage: node --import tsx scripts/i18n-untranslated.ts [catalog …]
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = (locale: string) => path.join(root, "content/locales", locale);
const names =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(dir("en"))
        .filter((file) => file.endsWith(".json"))
        .map((file) => file.slice(0, -5));

const read = (locale: string, name: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(dir(locale), `${name}.json`), "utf8")) as Record<string, string>;

let total = 0;
for (const name of names) {
  const english = read("en", name);
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    const current = read(locale, name);
    const same = Object.keys(english).filter(
      (key) => current[key] === english[key] && /[a-z]{3}/i.test(english[key]!),
    );
    if (same.length)
      console.log(
        `${locale}/${name}.json: ${same.length} as in English: ${same.slice(0, 8).join(", ")}${same.length > 8 ? ", …" : ""}`,
      );
    total += same.length;
  }
}
console.log(`${total} strings as in English.`);
