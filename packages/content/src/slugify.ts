const TRANSLITERATION: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  æ: "ae",
  ø: "o",
  å: "a",
};

/** An anchor id for a heading: lowercase ASCII letters, digits and hyphens, as the content's slugs. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüßæøå]/g, (ch) => TRANSLITERATION[ch] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
