import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import type { Locale } from "@ems/i18n/locales";
import { z } from "zod";

import { contentRoot } from "@ems/i18n/content-root";
import { ContentError } from "./markdown.ts";
import { slugify } from "./slugify.ts";

const glossarySchema = z.array(
  z.strictObject({
    term: z.string().min(1).max(80),
    /** The spelled-out form of an abbreviation, or a synonym. */
    also: z.string().min(1).max(120).optional(),
    definition: z.string().min(20).max(700),
  }),
);

export interface GlossaryEntry {
  id: string;
  term: string;
  also?: string;
  definition: string;
}

export interface GlossaryLetter {
  letter: string;
  entries: GlossaryEntry[];
}

/** The PCB glossary of a language (content/glossary/<lang>.json; en and de only, docs/behaviour/public-site.md#glossary-languages), by letter. */
export function glossary(locale: Locale, root = contentRoot()): GlossaryLetter[] | null {
  const file = path.join(root, "glossary", `${locale}.json`);
  if (!existsSync(file)) return null;
  const parsed = glossarySchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new ContentError(`${file}: ${parsed.error.message}`);
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const entries = [...parsed.data].sort((a, b) => collator.compare(a.term, b.term));
  const letters = new Map<string, GlossaryEntry[]>();
  const ids = new Set<string>();
  for (const entry of entries) {
    const first = entry.term.normalize("NFD").charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : "#";
    let id = slugify(entry.term) || "term";
    while (ids.has(id)) id = `${id}-x`;
    ids.add(id);
    const list = letters.get(letter) ?? [];
    list.push({ id, ...entry });
    letters.set(letter, list);
  }
  return [...letters.entries()].map(([letter, list]) => ({ letter, entries: list }));
}
