import { describe, expect, it } from "vitest";
import { copiedStrings, type CognateAllowlist } from "./copied-strings.ts";

const english = {
  "home.cta_quote": "Request a quote",
  "list.status": "Status",
  "doc.pdf": "PDF",
  "money.amount": "{amount}",
  "footer.copyright": "© {year} {brand}",
  "files.count": "{count, plural, one {# file} other {# files}}",
};

const allowlist: CognateAllowlist = {
  all: { PDF: { why: "file format name", keys: ["fake.json:doc.pdf"] } },
  de: { Status: { why: "the same word in German", keys: ["fake.json:list.status"] } },
};

describe("copiedStrings", () => {
  it("reports a text copied from English", () => {
    const german = { ...english, "list.status": "Status", "doc.pdf": "PDF" };
    expect(copiedStrings("de", "fake.json", english, german, allowlist)).toEqual([
      "home.cta_quote",
      "files.count",
    ]);
  });

  it("accepts translations, reviewed cognates and texts without words", () => {
    const german = {
      ...english,
      "home.cta_quote": "Angebot anfordern",
      "files.count": "{count, plural, one {# Datei} other {# Dateien}}",
    };
    expect(copiedStrings("de", "fake.json", english, german, allowlist)).toEqual([]);
  });

  it("holds a cognate to its language, its key and its English text", () => {
    const french = { ...english, "home.cta_quote": "Demander un devis", "files.count": "x" };
    // "Status" is reviewed for German only.
    expect(copiedStrings("fr", "fake.json", english, french, allowlist)).toEqual(["list.status"]);
    // The same text under another key or in another catalog is not covered.
    expect(
      copiedStrings(
        "de",
        "other.json",
        english,
        { ...english, "home.cta_quote": "-", "files.count": "-" },
        allowlist,
      ),
    ).toEqual(["list.status", "doc.pdf"]);
    // When the English text changes, the old entry no longer applies.
    const changed = { ...english, "list.status": "State" };
    expect(
      copiedStrings(
        "de",
        "fake.json",
        changed,
        { ...changed, "home.cta_quote": "-", "files.count": "-" },
        allowlist,
      ),
    ).toEqual(["list.status"]);
  });
});
