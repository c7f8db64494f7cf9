import { createRequire } from "node:module";

import type { Locale } from "@ems/i18n/locales";

// snowball-stemmers is CommonJS without types: loaded with require and given the one type used here.
const snowball = createRequire(import.meta.url)("snowball-stemmers") as {
  newStemmer(algorithm: string): Stemmer;
};

const ALGORITHMS: Record<Locale, string> = {
  en: "english",
  de: "german",
  es: "spanish",
  fr: "french",
  it: "italian",
  nl: "dutch",
  pt: "portuguese",
  ro: "romanian",
  sv: "swedish",
  da: "danish",
  no: "norwegian",
  fi: "finnish",
};

export interface Stemmer {
  stem(word: string): string;
}

const stemmers = new Map<Locale, Stemmer>();

function stemmerFor(locale: Locale): Stemmer {
  let stemmer = stemmers.get(locale);
  if (!stemmer) {
    stemmer = snowball.newStemmer(ALGORITHMS[locale]);
    stemmers.set(locale, stemmer);
  }
  return stemmer;
}

/** Words of a text, lower-cased, each reduced to its stem by the language's Snowball stemmer. */
export function stems(text: string, locale: Locale): string[] {
  const stemmer = stemmerFor(locale);
  const words =
    text
      .toLowerCase()
      .normalize("NFC")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((word) => stemmer.stem(word));
}

export interface SearchDocument {
  id: string;
  /** Weighted fields: a word in the title counts more than one in the body. */
  fields: { text: string; weight: number }[];
}

/**
 * An inverted index of one language's articles: stem → (document → weighted frequency). A query
 * matches documents that contain every query word (the last may be a prefix, for search as you
 * type), ranked by a TF-IDF score.
 */
export class SearchIndex {
  private readonly postings = new Map<string, Map<string, number>>();
  private readonly stemList: string[] = [];
  private readonly documentCount: number;

  constructor(
    private readonly locale: Locale,
    documents: readonly SearchDocument[],
  ) {
    this.documentCount = documents.length;
    for (const document of documents) {
      for (const field of document.fields) {
        for (const stem of stems(field.text, locale)) {
          let posting = this.postings.get(stem);
          if (!posting) {
            posting = new Map();
            this.postings.set(stem, posting);
            this.stemList.push(stem);
          }
          posting.set(document.id, (posting.get(document.id) ?? 0) + field.weight);
        }
      }
    }
    this.stemList.sort();
  }

  /** Document ids, best first. */
  search(query: string): string[] {
    const terms = [...new Set(stems(query, this.locale))].slice(0, 12);
    if (terms.length === 0) return [];
    const scores = new Map<string, number>();
    let first = true;
    terms.forEach((term, index) => {
      const isLast = index === terms.length - 1;
      const matched = new Map<string, number>();
      for (const stem of isLast ? this.withPrefix(term) : [term]) {
        const posting = this.postings.get(stem);
        if (!posting) continue;
        const idf = Math.log(1 + this.documentCount / posting.size);
        for (const [id, weight] of posting) matched.set(id, (matched.get(id) ?? 0) + weight * idf);
      }
      if (first) {
        for (const [id, score] of matched) scores.set(id, score);
        first = false;
        return;
      }
      for (const id of [...scores.keys()]) {
        const add = matched.get(id);
        if (add === undefined) scores.delete(id);
        else scores.set(id, scores.get(id)! + add);
      }
    });
    return [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id]) => id);
  }

  /** The stems that start with a term (binary search in the sorted list), the term itself first. */
  private withPrefix(term: string): string[] {
    const result = this.postings.has(term) ? [term] : [];
    if (term.length < 3) return result;
    let low = 0;
    let high = this.stemList.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.stemList[mid]! < term) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.stemList.length && this.stemList[i]!.startsWith(term); i++) {
      if (this.stemList[i] !== term) result.push(this.stemList[i]!);
    }
    return result;
  }
}
