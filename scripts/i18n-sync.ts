import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOCALES } from "../packages/i18n/src/locales.ts";

/**
 * Keeps the 11 other languages' copies of a catalog in step with English while a feature is being
 * written: keys missing in a language get the English text (to be translated before the work
 * lands; `npm run i18n:untranslated` lists them), keys English no longer has are removed.
 * Usage: node --import tsx scripts/i18n-sync.ts signin register emails …
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("Usage: i18n-sync.ts <catalog name> …  (e.g. signin emails)");
  process.exit(2);
}

const read = (locale: string, name: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, "content/locales", locale, `${name}.json`), "utf8")) as Record<
    string,
    string
  >;

for (const name of names) {
  const english = read("en", name);
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    const current = read(locale, name);
    const next: Record<string, string> = {};
    let added = 0;
    for (const [key, text] of Object.entries(english)) {
      if (key in current) next[key] = current[key]!;
      else {
        next[key] = text;
        added += 1;
      }
    }
    const removed = Object.keys(current).filter((key) => !(key in english)).length;
    writeFileSync(
      path.join(root, "content/locales", locale, `${name}.json`),
      `${JSON.stringify(next, null, 2)}\n`,
    );
    if (added || removed)
      console.log(`${locale}/${name}.json: ${added} added in English, ${removed} removed`);
  }
}
