import { contentCoverage, percent } from "../packages/content/src/coverage.ts";

/**
 * `npm run content:check`: coverage of pages, knowledge-base articles and interface strings per
 * language, and every content problem (broken links, placeholders, lengths). Exits 1 below 100 % or
 * on any problem; CI runs it.
 */
const report = contentCoverage();
const rows = report.languages.map((l) => ({
  language: l.locale,
  pages: `${percent(l.pages.done, l.pages.total)} % (${l.pages.done}/${l.pages.total})`,
  articles: `${percent(l.articles.done, l.articles.total)} % (${l.articles.done}/${l.articles.total})`,
  strings: `${percent(l.strings.done, l.strings.total)} % (${l.strings.done}/${l.strings.total})`,
  "article words": l.words.max ? `${l.words.min}–${l.words.max}` : "–",
}));
console.table(rows);
let failed = false;
for (const l of report.languages) {
  for (const [kind, part] of [
    ["page", l.pages],
    ["article", l.articles],
    ["string", l.strings],
  ] as const) {
    if (part.missing.length > 0) {
      failed = true;
      const shown = part.missing.slice(0, 8).join(", ");
      console.error(
        `${l.locale}: ${part.missing.length} ${kind}(s) missing: ${shown}${part.missing.length > 8 ? ", …" : ""}`,
      );
    }
  }
}
for (const problem of report.problems) console.error(`problem: ${problem}`);
if (report.problems.length > 0) failed = true;
console.log(failed ? "Content check failed." : "Content complete in every language.");
process.exit(failed ? 1 : 0);
